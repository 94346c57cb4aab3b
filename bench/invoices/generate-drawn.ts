// `npm run invoices:generate:drawn [-- --seed N --count N --out DIR]`: the second invoice tuning
// set, unlike the first (bench/invoices/generate.ts): pdf-lib draws each page directly in the PDF
// standard fonts (no HTML, no browser), in layouts of its own (bench/invoices/drawn/layouts.ts) and
// wordings, parties, addresses, tax ids and payment terms of its own (drawn/facts.ts), in en-US,
// en-GB, de-DE and fr-FR. One in five is then "scanned" (bench/invoices/scan.ts). Each PDF
// gets its truth beside it in the same {meta, truth} format, so bench:invoices and bench:sdk read
// it with --corpus bench/invoices/corpus-drawn. Needs pdftoppm for the scans.

import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { PDFDocument } from "pdf-lib";
import { DRAWN_LOCALES, makeDrawnSpec } from "./drawn/facts.ts";
import { DRAWN_LAYOUTS } from "./drawn/layouts.ts";
import type { CorpusMeta } from "./generate-types.ts";
import { rng } from "./rng.ts";
import { scan } from "./scan.ts";

const { values } = parseArgs({
  options: {
    seed: { type: "string", default: "7151" },
    count: { type: "string", default: "48" },
    out: { type: "string", default: path.join(import.meta.dirname, "corpus-drawn") },
  },
});
const seed = Number(values.seed);
const count = Number(values.count);
const out = values.out as string;

async function main() {
  mkdirSync(out, { recursive: true });
  for (const f of readdirSync(out)) if (/\.(pdf|json)$/.test(f)) rmSync(path.join(out, f));
  const work = mkdtempSync(path.join(os.tmpdir(), "inv-drawn-"));
  try {
    for (let i = 0; i < count; i++) {
      const r = rng(seed * 1000 + i);
      const layout = DRAWN_LAYOUTS[i % DRAWN_LAYOUTS.length] as (typeof DRAWN_LAYOUTS)[number];
      const locale = DRAWN_LOCALES[
        Math.floor(i / DRAWN_LAYOUTS.length) % DRAWN_LOCALES.length
      ] as (typeof DRAWN_LOCALES)[number];
      const spec = makeDrawnSpec(r, locale, r.int(layout.items[0], layout.items[1]));
      const doc = await PDFDocument.create();
      doc.setProducer("pdf-lib");
      await layout.draw(doc, spec, r);
      let pdf = await doc.save();
      const isScan = i % 5 === 2;
      if (isScan) pdf = await scan(pdf, r, mkdtempSync(path.join(work, "scan-")));
      const name = `drawn-${String(i + 1).padStart(3, "0")}-${layout.name}-${locale}${isScan ? "-scan" : ""}`;
      const meta: CorpusMeta = {
        layout: layout.name,
        lang: spec.lang,
        locale,
        producer: "pdf-lib",
        scan: isScan,
      };
      writeFileSync(path.join(out, `${name}.pdf`), pdf);
      writeFileSync(
        path.join(out, `${name}.json`),
        `${JSON.stringify({ meta, truth: spec.truth }, null, 2)}\n`,
      );
      console.log(name, `${Math.round(pdf.length / 1024)} KB`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
