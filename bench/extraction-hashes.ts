// The extractor's output, page by page, as one hash a line: to check that a change meant to make
// extraction faster leaves what it returns unchanged. Run it before and after (or against another
// copy of the code with --src) and compare the two files.
//
//   npx tsx bench/extraction-hashes.ts [--src <repo>/src] [--out <file>] [--compare <file>]
//
// The set: the table corpus ($TABLES_CORPUS, default /work/shared/corpus/tables), every
// bench/layout/corpus* folder, docling's test PDFs (read from the mirror, when it is there) and
// bench:extract's two generated reports (300 pages, a table every 3rd; 2,000 pages, every 10th).
// Each page is extracted as bench:extract does (strategy "text", capabilities ["tables"]) and
// hashed over its markdown, text, tables, elements, size and method; a page that fails is hashed
// over its error. A line: `<set>/<file> p<n> <hash>`. With --compare, the lines that differ from
// that file's are printed, and the exit code is 1 when there are any.

import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { Extractor } from "../src/core/extraction/extractor.ts";
import { DOCLING_MIRROR, doclingSet } from "./layout/docling-set.ts";
import { reportDoc } from "./support/report-pdf.ts";

const root = path.resolve(import.meta.dirname, "..");
const { values: args } = parseArgs({
  options: {
    src: { type: "string", default: path.join(root, "src") },
    out: { type: "string" },
    compare: { type: "string" },
  },
});
const { layoutExtractor } = (await import(
  path.resolve(args.src as string, "core/extraction/layout-extractor.ts")
)) as { layoutExtractor: Extractor };

type Source = { name: string; bytes: () => Uint8Array | Promise<Uint8Array> };
const sources: Source[] = [];
const pdfsIn = (set: string, dir: string) => {
  if (!existsSync(dir)) return;
  for (const f of readdirSync(dir).sort())
    if (f.toLowerCase().endsWith(".pdf"))
      sources.push({ name: `${set}/${f}`, bytes: () => new Uint8Array(readFileSync(path.join(dir, f))) });
};
pdfsIn("tables", process.env.TABLES_CORPUS ?? "/work/shared/corpus/tables");
const layoutDir = path.join(root, "bench/layout");
for (const d of readdirSync(layoutDir).sort())
  if (d.startsWith("corpus") && !d.endsWith(".ts")) pdfsIn(`layout-${d}`, path.join(layoutDir, d));
if (existsSync(DOCLING_MIRROR))
  for (const doc of doclingSet(DOCLING_MIRROR))
    sources.push({ name: `docling/${doc.name}.pdf`, bytes: () => new Uint8Array(readFileSync(doc.pdf)) });
for (const [pages, every] of [
  [300, 3],
  [2000, 10],
] as const)
  sources.push({ name: `generated/report-${pages}p.pdf`, bytes: () => reportDoc(pages, every) });

const hash = (value: unknown) =>
  createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 16);

const lines: string[] = [];
const started = Date.now();
for (const s of sources) {
  let session: Awaited<ReturnType<Extractor["open"]>>;
  try {
    session = await layoutExtractor.open(await s.bytes(), { strategy: "text", capabilities: ["tables"] });
  } catch (err) {
    lines.push(`${s.name} open ${hash(String(err))}`);
    continue;
  }
  try {
    for (let p = 1; p <= session.pageCount; p++) {
      try {
        const page = await session.extractPage(p);
        lines.push(`${s.name} p${p} ${hash(page)}`);
      } catch (err) {
        lines.push(`${s.name} p${p} error ${hash(String(err))}`);
      }
    }
  } finally {
    await session.close();
  }
}
await layoutExtractor.close();
const text = `${lines.join("\n")}\n`;
if (args.out) writeFileSync(args.out, text);
console.error(
  `${sources.length} files, ${lines.length} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

if (args.compare) {
  const before = new Map(
    readFileSync(args.compare, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => {
        const at = l.lastIndexOf(" ");
        return [l.slice(0, at), l.slice(at + 1)] as const;
      }),
  );
  let differ = 0;
  for (const l of lines) {
    const at = l.lastIndexOf(" ");
    const key = l.slice(0, at);
    if (before.get(key) !== l.slice(at + 1)) {
      differ++;
      console.log(`differs: ${key}`);
    }
    before.delete(key);
  }
  for (const key of before.keys()) {
    differ++;
    console.log(`missing: ${key}`);
  }
  console.log(differ === 0 ? "identical" : `${differ} pages differ`);
  process.exitCode = differ === 0 ? 0 : 1;
}
