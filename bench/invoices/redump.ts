// Re-reads the documents a `bench/invoices.ts --dump <dir>` run wrote, without the service: a
// quick way to see what a reader change does to a corpus already extracted. Usage:
//   npx tsx bench/invoices/redump.ts <dump dir> <corpus dir> [--verbose]
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { readInvoice } from "../../src/core/invoices/read-invoice.ts";
import { scoreInvoice } from "./score.ts";

const [dump = "", corpus = ""] = process.argv.slice(2);
const verbose = process.argv.includes("--verbose");
let right = 0;
let all = 0;
const perField = new Map<string, [number, number]>();
for (const f of readdirSync(dump).filter((x) => x.endsWith(".json"))) {
  const doc = JSON.parse(readFileSync(path.join(dump, f), "utf8"));
  const { truth } = JSON.parse(readFileSync(path.join(corpus, f), "utf8"));
  const scores = scoreInvoice(truth, readInvoice(doc).data);
  for (const s of scores) {
    const k = s.field.startsWith("items.") ? "items" : s.field;
    const p = perField.get(k) ?? [0, 0];
    p[1]++;
    if (s.right) p[0]++;
    perField.set(k, p);
    all++;
    if (s.right) right++;
    else if (verbose)
      console.log(`${f} ${s.field}: expected ${JSON.stringify(s.expected)} got ${JSON.stringify(s.got)}`);
  }
}
for (const [k, [r, n]] of perField) console.log(`${k.padEnd(18)} ${r}/${n}`);
console.log(`fields ${right}/${all} = ${((100 * right) / all).toFixed(1)}%`);
