import { createRequire } from "node:module";
import path from "node:path";
import { createCanvas, GlobalFonts, type SKRSContext2D } from "@napi-rs/canvas";
import { PDFDocument } from "pdf-lib";
import type { OcrWord } from "../../src/core/extraction/ocr.ts";
import { type GreyImage, greyFromRgba } from "../../src/core/extraction/raster/grey-image.ts";

// What the OCR tests draw their "scans" with: pdfjs-dist's Liberation Sans (registered with the
// canvas once per test process, so no test depends on a machine's fonts), a ruled grid, and the
// drawing wrapped as the one image of a letter-size page, as a scanner makes a PDF.

const FAMILY = "QuireTestSans";
let registered = false;

/** The family name to draw with (`${size}px ${testSans()}`), registered on first use. */
export function testSans(): string {
  if (!registered) {
    const require = createRequire(import.meta.url);
    GlobalFonts.registerFromPath(
      path.join(
        path.dirname(require.resolve("pdfjs-dist/package.json")),
        "standard_fonts/LiberationSans-Regular.ttf",
      ),
      FAMILY,
    );
    registered = true;
  }
  return FAMILY;
}

/**
 * Strokes a table's rules: a horizontal rule above each of `rows` rows and below the last, from
 * the first column edge to the last, and a vertical one at each of `cols`. Points, drawn at `k`
 * pixels a point.
 */
export function strokeGrid(
  ctx: SKRSContext2D,
  grid: { cols: number[]; top: number; rowHeight: number; rows: number },
  k: number,
): void {
  const { cols, top, rowHeight, rows } = grid;
  const [left, right] = [cols[0] as number, cols[cols.length - 1] as number];
  ctx.strokeStyle = "#000000";
  ctx.lineWidth = k;
  ctx.beginPath();
  for (let r = 0; r <= rows; r++) {
    ctx.moveTo(left * k, (top + r * rowHeight) * k);
    ctx.lineTo(right * k, (top + r * rowHeight) * k);
  }
  for (const x of cols) {
    ctx.moveTo(x * k, top * k);
    ctx.lineTo(x * k, (top + rows * rowHeight) * k);
  }
  ctx.stroke();
}

/** A one-page letter-size PDF whose page is the JPEG `jpg` and nothing else. */
export async function scannedPagePdf(jpg: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const img = await doc.embedJpg(jpg);
  doc.addPage([612, 792]).drawImage(img, { x: 0, y: 0, width: 612, height: 792 });
  return doc.save();
}

/**
 * Texts drawn in black on white (`size` points high, at `scale` pixels a point, on a page of
 * `width` by `height` points; `y` is the baseline), as a grey image, and each text's box as a
 * word read as `read` (the text itself by default). `draw` paints on the drawing before the
 * image is taken.
 */
export function drawnWords(
  texts: { text: string; x: number; y: number; read?: string }[],
  opts: { scale: number; size: number; width: number; height: number; draw?: (ctx: SKRSContext2D) => void },
): { img: GreyImage; words: OcrWord[] } {
  const { scale, size } = opts;
  const canvas = createCanvas(Math.round(opts.width * scale), Math.round(opts.height * scale));
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "#000000";
  ctx.font = `${size * scale}px ${testSans()}`;
  const words = texts.map((t): OcrWord => {
    ctx.fillText(t.text, t.x * scale, t.y * scale);
    const width = ctx.measureText(t.text).width / scale;
    return { str: t.read ?? t.text, x: t.x, y: t.y, width, size, confidence: 90 };
  });
  opts.draw?.(ctx);
  const img = greyFromRgba(
    ctx.getImageData(0, 0, canvas.width, canvas.height).data,
    canvas.width,
    canvas.height,
  );
  return { img, words };
}
