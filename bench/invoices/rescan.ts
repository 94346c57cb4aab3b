// `npx tsx bench/invoices/rescan.ts [--out DIR]`: harsher scans of half the born-digital invoices
// of bench/invoices/corpus, for tuning the scan path on more than the corpus's own scans: drawn at
// 150-200 dpi, turned 0.8 to 2.5 degrees, dark specks, a grey paper, blur and JPEG quality 45.
// Each gets the truth of its original beside it (meta.scan true). Needs pdftoppm (poppler-utils).
// Fixed seed: the same scans every run.

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { rng } from "./rng.ts";

const { values } = parseArgs({ options: { out: { type: "string", default: "/tmp/quire-invoice-rescans" } } });
const source = path.join(import.meta.dirname, "corpus");
const out = values.out as string;
mkdirSync(out, { recursive: true });
const r = rng(99);

const names = readdirSync(source)
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.slice(0, -".json".length))
  .filter((n) => JSON.parse(readFileSync(path.join(source, `${n}.json`), "utf8")).meta.scan === false)
  .filter((_, i) => i % 2 === 0);

for (const name of names) {
  const work = mkdtempSync(path.join(os.tmpdir(), "quire-rescan-"));
  const file = path.join(source, `${name}.pdf`);
  execFileSync("pdftoppm", [
    "-r",
    String(r.pick([150, 170, 200])),
    "-gray",
    "-png",
    file,
    path.join(work, "pg"),
  ]);
  const original = await PDFDocument.load(readFileSync(file));
  const scanned = await PDFDocument.create();
  const pages = readdirSync(work)
    .filter((f) => f.endsWith(".png"))
    .sort();
  for (const [i, f] of pages.entries()) {
    const png = readFileSync(path.join(work, f));
    const { width = 0, height = 0 } = await sharp(png).metadata();
    const specks = Buffer.alloc(width * height);
    for (let k = 0; k < specks.length; k++) specks[k] = r.next() < 0.006 ? 40 : 255;
    const angle = (r.chance(0.5) ? -1 : 1) * (0.8 + r.next() * 1.7);
    const speckled = await sharp(png)
      .composite([{ input: specks, raw: { width, height, channels: 1 }, blend: "multiply" }])
      .toBuffer();
    const jpg = await sharp(speckled)
      .rotate(angle, { background: "#f4f4f4" })
      .resize(width, height, { fit: "cover" })
      .blur(0.7)
      .linear(0.9, 12)
      .jpeg({ quality: 45 })
      .toBuffer();
    const { width: w, height: h } = original.getPage(i).getSize();
    scanned.addPage([w, h]).drawImage(await scanned.embedJpg(jpg), { x: 0, y: 0, width: w, height: h });
  }
  rmSync(work, { recursive: true, force: true });
  writeFileSync(path.join(out, `${name}-rescan.pdf`), await scanned.save());
  const truth = JSON.parse(readFileSync(path.join(source, `${name}.json`), "utf8"));
  truth.meta.scan = true;
  writeFileSync(path.join(out, `${name}-rescan.json`), `${JSON.stringify(truth, null, 2)}\n`);
}
console.log(`${names.length} rescans in ${out}`);
