import type { Box } from "../layout/geometry.ts";
import { median } from "../layout/geometry.ts";
import type { OcrEngine, OcrWord } from "../ocr.ts";
import type { OcrLanguage } from "../ocr-languages.ts";
import type { GreyImage } from "./grey-image.ts";
import { INK, joinMarks, type Mark, marksIn, pixelBox, wordBox } from "./ink-marks.ts";
import { cellImage } from "./unread-cells.ts";

// Tesseract's page segmentation now and then leaves out whole columns of a dense table, or a
// table's figures under labels it did read: the ink is on the page, clean, and no word covers it.
// Such ink, in pieces the size of letters lined up like a line of text, is cut out and read
// again as one line. Born-digital pages never come here, nor does ink that a word already covers.

/** Lines of unread ink read again on one page at most, the most ink first: a bound on its time. */
export const MAX_INK_LINES_READ = 400;
/** A word read from unread ink is kept when the recogniser is at least this sure of it (0-100). */
export const INK_WORD_CONFIDENCE = 60;

/** The page's type size in points, from its words; a page with no words read has ten-point type. */
const typeSize = (words: OcrWord[]) => (words.length > 0 ? median(words.map((w) => w.size)) : 10);

/**
 * Lines of ink that none of `words` covers, in points: letter-sized blobs a line high, joined
 * when they stand on one line closer than a word space or so.
 */
export function unreadInk(img: GreyImage, scale: number, words: OcrWord[]): Box[] {
  const { width, height } = img;
  const em = typeSize(words) * scale;
  const covered = new Uint8Array(width * height);
  for (const w of words) {
    const { x0, x1, y0, y1 } = pixelBox(img, scale, wordBox(w, 0.15));
    for (let y = y0; y <= y1; y++) covered.fill(1, y * width + x0, y * width + x1 + 1);
  }
  const blobs = marksIn(img, INK, 0, 0, width - 1, height - 1, covered).filter(
    (b) => b.masked < 0.5 * b.pixels && b.y1 - b.y0 + 1 <= 1.6 * em,
  );
  // Marks on one line (each overlapping the other's height by half the shorter's) and closer
  // than 0.8 em are one line of text.
  blobs.sort((a, b) => a.x0 - b.x0);
  const parent = blobs.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i] as number] as number;
    return i;
  };
  for (let i = 0; i < blobs.length; i++) {
    const a = blobs[i] as Mark;
    for (let j = i + 1; j < blobs.length; j++) {
      const b = blobs[j] as Mark;
      if (b.x0 - a.x1 > 0.8 * em) break;
      const overlap = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) + 1;
      if (overlap >= 0.5 * Math.min(a.y1 - a.y0 + 1, b.y1 - b.y0 + 1)) parent[root(j)] = root(i);
    }
  }
  const lines = new Map<number, Mark & { tallest: number }>();
  blobs.forEach((b, i) => {
    const r = root(i);
    const l = lines.get(r);
    const h = b.y1 - b.y0 + 1;
    lines.set(r, l ? { ...joinMarks(l, b), tallest: Math.max(l.tallest, h) } : { ...b, tallest: h });
  });
  const minInk = Math.max(6, Math.round((0.8 * scale) ** 2));
  return (
    [...lines.values()]
      // A line of text: letters half an em high at least (dots, dashes and a rule's remains are
      // not), no taller than a line.
      .filter((l) => l.tallest >= 0.45 * em && l.y1 - l.y0 + 1 <= 1.6 * em && l.pixels >= minInk)
      .sort((a, b) => b.pixels - a.pixels)
      .map((l) => ({ x0: l.x0 / scale, x1: (l.x1 + 1) / scale, y0: l.y0 / scale, y1: (l.y1 + 1) / scale }))
  );
}

/** Reads the page's unread lines of ink again, one line each; the words found, in page points. */
export async function readUnreadInk(
  engine: OcrEngine,
  img: GreyImage,
  scale: number,
  words: OcrWord[],
  /** The page's language, as its words were read. */
  language: OcrLanguage = "eng",
): Promise<OcrWord[]> {
  const em = typeSize(words);
  const found: OcrWord[] = [];
  for (const line of unreadInk(img, scale, words).slice(0, MAX_INK_LINES_READ)) {
    const box = {
      x0: line.x0 - 0.3 * em,
      x1: line.x1 + 0.3 * em,
      y0: line.y0 - 0.15 * em,
      y1: line.y1 + 0.15 * em,
    };
    const cut = cellImage(img, scale, box, 0);
    // Letters, figures or a currency sign (a "$" set apart at the left of an amount's cell); lone
    // punctuation read from leftover ink is not text.
    for (const w of await engine.recognize(cut.png, scale, "line", language))
      if (w.confidence >= INK_WORD_CONFIDENCE && /[\p{L}\p{N}\p{Sc}]/u.test(w.str))
        found.push({ ...w, x: w.x + cut.x, y: w.y + cut.y });
  }
  return found;
}
