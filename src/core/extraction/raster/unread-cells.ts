import type { Box } from "../layout/geometry.ts";
import type { Rule } from "../layout/lattice.ts";
import type { OcrEngine, OcrWord } from "../ocr.ts";
import type { OcrLanguage } from "../ocr-languages.ts";
import { encodePngGrey } from "../png.ts";
import type { GreyImage } from "./grey-image.ts";
import { INK } from "./ink-marks.ts";

// Tesseract's page segmentation drops a short figure standing alone in a wide cell ("12", "2")
// as noise, where the same pixels read as one line are read right. On a scanned page with ruled
// tables the cells are known from the rules: a cell that holds ink but no recognised word is cut
// out and read again as one line of text.

/** Rules closer than this (points) are one grid line, as in the vector lattice. */
const TOL = 2;
/** Cells read again on one page at most: a bound on the page's time. */
export const MAX_CELLS_READ_AGAIN = 80;
/** Inset (points) from a cell's rules before looking for ink: what is left of an erased rule. */
const INSET = 1.5;
/** White margin (pixels) around a cut-out cell: the recogniser reads a line better with some. */
const PAD = 10;

const cluster = (values: number[]): number[] => {
  const out: number[][] = [];
  for (const v of [...values].sort((a, b) => a - b)) {
    const last = out[out.length - 1];
    if (last && v - (last[last.length - 1] as number) <= TOL) last.push(v);
    else out.push([v]);
  }
  return out.map((g) => g.reduce((s, v) => s + v, 0) / g.length);
};

/** The grid's cells: rectangles between neighbouring rule positions, each with a rule on all four sides. */
export function ruledCells(rules: { horizontals: Rule[]; verticals: Rule[] }): Box[] {
  const ys = cluster(rules.horizontals.map((h) => h.y0));
  const xs = cluster(rules.verticals.map((v) => v.x0));
  const across = (y: number, x0: number, x1: number) =>
    rules.horizontals.some((h) => Math.abs(h.y0 - y) <= TOL && h.x0 <= x0 + TOL && h.x1 >= x1 - TOL);
  const down = (x: number, y0: number, y1: number) =>
    rules.verticals.some((v) => Math.abs(v.x0 - x) <= TOL && v.y0 <= y0 + TOL && v.y1 >= y1 - TOL);
  const cells: Box[] = [];
  for (let i = 0; i + 1 < ys.length; i++) {
    const [y0, y1] = [ys[i] as number, ys[i + 1] as number];
    for (let j = 0; j + 1 < xs.length; j++) {
      const [x0, x1] = [xs[j] as number, xs[j + 1] as number];
      if (x1 - x0 < 4 || y1 - y0 < 4) continue;
      if (across(y0, x0, x1) && across(y1, x0, x1) && down(x0, y0, y1) && down(x1, y0, y1))
        cells.push({ x0, y0, x1, y1 });
    }
  }
  return cells;
}

/** Cells that hold ink but none of the recognised words (by a word's centre). */
export function unreadCells(img: GreyImage, scale: number, cells: Box[], words: OcrWord[]): Box[] {
  const minInk = Math.max(6, Math.round((0.8 * scale) ** 2));
  return cells.filter((c) => {
    const read = words.some((w) => {
      const cx = w.x + w.width / 2;
      const cy = w.y - 0.3 * w.size;
      return cx >= c.x0 && cx <= c.x1 && cy >= c.y0 && cy <= c.y1;
    });
    if (read) return false;
    let ink = 0;
    const [px0, px1] = [Math.ceil((c.x0 + INSET) * scale), Math.floor((c.x1 - INSET) * scale)];
    const [py0, py1] = [Math.ceil((c.y0 + INSET) * scale), Math.floor((c.y1 - INSET) * scale)];
    for (let y = Math.max(0, py0); y <= Math.min(img.height - 1, py1); y++)
      for (let x = Math.max(0, px0); x <= Math.min(img.width - 1, px1); x++)
        if ((img.data[y * img.width + x] as number) < INK) ink++;
    return ink >= minInk;
  });
}

/**
 * A box cut out of the page (a cell: inside its rules, `inset` points in), on a white margin, and
 * where its pixels start in points.
 */
export function cellImage(
  img: GreyImage,
  scale: number,
  cell: Box,
  inset = INSET,
): { png: Buffer; x: number; y: number } {
  const x0 = Math.max(0, Math.ceil((cell.x0 + inset) * scale));
  const x1 = Math.min(img.width - 1, Math.floor((cell.x1 - inset) * scale));
  const y0 = Math.max(0, Math.ceil((cell.y0 + inset) * scale));
  const y1 = Math.min(img.height - 1, Math.floor((cell.y1 - inset) * scale));
  const w = Math.max(1, x1 - x0 + 1) + 2 * PAD;
  const h = Math.max(1, y1 - y0 + 1) + 2 * PAD;
  const out = new Uint8Array(w * h).fill(255);
  for (let y = y0; y <= y1; y++)
    out.set(img.data.subarray(y * img.width + x0, y * img.width + x1 + 1), (y - y0 + PAD) * w + PAD);
  return { png: encodePngGrey(out, w, h), x: (x0 - PAD) / scale, y: (y0 - PAD) / scale };
}

/** Reads the page's unread ruled cells again, one line each; their words in page points. */
export async function readUnreadCells(
  engine: OcrEngine,
  img: GreyImage,
  scale: number,
  rules: { horizontals: Rule[]; verticals: Rule[] },
  words: OcrWord[],
  /** The page's language, as its words were read. */
  language: OcrLanguage = "eng",
): Promise<OcrWord[]> {
  if (rules.horizontals.length < 2 || rules.verticals.length < 2) return [];
  const cells = unreadCells(img, scale, ruledCells(rules), words).slice(0, MAX_CELLS_READ_AGAIN);
  const found: OcrWord[] = [];
  for (const cell of cells) {
    const cut = cellImage(img, scale, cell);
    // A lone dot or tick is a speck left in the cell, not its text.
    for (const w of await engine.recognize(cut.png, scale, "line", language))
      if (!/^[.,'`:;]$/.test(w.str)) found.push({ ...w, x: w.x + cut.x, y: w.y + cut.y });
  }
  return found;
}
