import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";

/** A seeded generator (mulberry32), so the same scans come out every run. */
export function seeded(seed: number) {
  let s = seed | 0;
  const next = () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T };
}

export type ScanSettings = { dpi: number; angle: number; quality: number };

/**
 * What a desk scanner makes of printed pages: each page of `pages` rasterised in grey by pdftoppm
 * at `dpi`, speckled, turned by `angle` degrees, blurred a little, saved as JPEG and wrapped back
 * into a PDF of the same page size with no text layer (as bench/invoices/generate.ts scans).
 * Pages not listed become blank pages, so page numbers stay those of the source.
 */
export async function scanPdf(
  pdf: Uint8Array,
  pages: ReadonlySet<number>,
  settings: (page: number) => ScanSettings,
  rand: () => number,
): Promise<Uint8Array> {
  const work = mkdtempSync(path.join(os.tmpdir(), "quire-scan-"));
  try {
    const src = path.join(work, "src.pdf");
    writeFileSync(src, pdf);
    const original = await PDFDocument.load(pdf, { ignoreEncryption: true });
    const out = await PDFDocument.create();
    for (let i = 0; i < original.getPageCount(); i++) {
      const n = i + 1;
      // The displayed size: a /Rotate of 90 or 270 swaps the sides pdftoppm draws.
      const page = original.getPage(i);
      const turned = page.getRotation().angle % 180 !== 0;
      const { width: pw, height: ph } = page.getSize();
      const [w, h] = turned ? [ph, pw] : [pw, ph];
      const blank = out.addPage([w, h]);
      if (!pages.has(n)) continue;
      const s = settings(n);
      const prefix = path.join(work, `pg${n}`);
      execFileSync("pdftoppm", [
        "-r",
        String(s.dpi),
        "-gray",
        "-png",
        "-f",
        String(n),
        "-l",
        String(n),
        "-singlefile",
        src,
        prefix,
      ]);
      const file = `${prefix}.png`;
      const img = readFileSync(file);
      const { width = 0, height = 0 } = await sharp(img).metadata();
      const noise = Buffer.alloc(width * height);
      for (let k = 0; k < noise.length; k++) noise[k] = rand() < 0.003 ? 0 : 255;
      const speckled = await sharp(img)
        .composite([{ input: noise, raw: { width, height, channels: 1 }, blend: "multiply" }])
        .toBuffer();
      const jpg = await sharp(speckled)
        .rotate(s.angle, { background: "#ffffff" })
        .resize(width, height, { fit: "cover" })
        .blur(0.5)
        .jpeg({ quality: s.quality })
        .toBuffer();
      const embedded = await out.embedJpg(jpg);
      blank.drawImage(embedded, { x: 0, y: 0, width: w, height: h });
    }
    return await out.save();
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
