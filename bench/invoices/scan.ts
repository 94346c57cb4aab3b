// A "scan" of a generated PDF: each page rasterised with pdftoppm (150-240 dpi, grey), speckled,
// turned by half a degree to two, blurred, saved as JPEG and wrapped back into a PDF of the same page
// size with no text layer, so the service has to OCR it. Shared by both invoice generators.

import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import type { Rng } from "./rng.ts";

export async function scan(pdf: Uint8Array, r: Rng, work: string): Promise<Uint8Array> {
  const src = path.join(work, "src.pdf");
  writeFileSync(src, pdf);
  const dpi = r.pick([150, 200, 240]);
  execFileSync("pdftoppm", ["-r", String(dpi), "-gray", "-png", src, path.join(work, "pg")]);
  const pages = readdirSync(work)
    .filter((f) => f.startsWith("pg") && f.endsWith(".png"))
    .sort();
  const original = await PDFDocument.load(pdf);
  const outDoc = await PDFDocument.create();
  for (const [i, f] of pages.entries()) {
    const img = sharp(readFileSync(path.join(work, f)));
    const { width = 0, height = 0 } = await img.metadata();
    const angle = (r.chance(0.5) ? -1 : 1) * (0.4 + r.next() * 1.4);
    const noise = Buffer.alloc(width * height);
    for (let k = 0; k < noise.length; k++) noise[k] = r.next() < 0.004 ? 0 : 255;
    const speckled = await sharp(readFileSync(path.join(work, f)))
      .composite([{ input: noise, raw: { width, height, channels: 1 }, blend: "multiply" }])
      .toBuffer();
    const jpg = await sharp(speckled)
      .rotate(angle, { background: "#ffffff" })
      .resize(width, height, { fit: "cover" })
      .blur(0.5)
      .jpeg({ quality: r.pick([55, 65, 75]) })
      .toBuffer();
    const page = original.getPage(i);
    const { width: w, height: h } = page.getSize();
    const embedded = await outDoc.embedJpg(jpg);
    outDoc.addPage([w, h]).drawImage(embedded, { x: 0, y: 0, width: w, height: h });
  }
  return outDoc.save();
}
