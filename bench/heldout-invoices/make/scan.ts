// `npx tsx bench/heldout-invoices/make/scan.ts`: the scanned copies of the held-out invoices that
// generate.py listed in scan-list.json. Each born-digital <name>.pdf is printed and scanned again
// by bench/scans/scan-pdf.ts (grey, speckled, turned a little, JPEG, no text layer) into
// <name>-scan.pdf, with its truth copied beside it and meta.scan set. Seeded per file, so a rerun
// writes the same pages.

import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { scanPdf, seeded } from "../../scans/scan-pdf.ts";

const dir = path.join(import.meta.dirname, "..");
const names = JSON.parse(readFileSync(path.join(import.meta.dirname, "scan-list.json"), "utf8")) as string[];

for (const [i, name] of names.entries()) {
  const r = seeded(3900 + i);
  const pdf = readFileSync(path.join(dir, `${name}.pdf`));
  const doc = JSON.parse(readFileSync(path.join(dir, `${name}.json`), "utf8")) as {
    meta: Record<string, unknown>;
    truth: unknown;
  };
  const pages = (await PDFDocument.load(pdf)).getPageCount();
  const settings = {
    dpi: r.pick([150, 170, 200]),
    quality: r.pick([45, 55, 65]),
    angle: (r.next() < 0.5 ? -1 : 1) * (0.2 + r.next() * 1.2),
  };
  const all = new Set(Array.from({ length: pages }, (_, k) => k + 1));
  const raw = await scanPdf(new Uint8Array(pdf), all, () => settings, r.next);
  // pdf-lib stamps the time of saving; a fixed date keeps a rerun's bytes the same.
  const fixed = await PDFDocument.load(raw);
  const when = new Date("2026-11-01T00:00:00Z");
  fixed.setCreationDate(when);
  fixed.setModificationDate(when);
  const scanned = await fixed.save();
  writeFileSync(path.join(dir, `${name}-scan.pdf`), scanned);
  writeFileSync(
    path.join(dir, `${name}-scan.json`),
    `${JSON.stringify({ meta: { ...doc.meta, scan: true }, truth: doc.truth }, null, 2)}\n`,
  );
  console.log(`${name}-scan`, settings, `${Math.round(scanned.length / 1024)} KB`);
}
