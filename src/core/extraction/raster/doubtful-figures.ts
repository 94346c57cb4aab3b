import type { OcrEngine, OcrWord } from "../ocr.ts";
import type { OcrLanguage } from "../ocr-languages.ts";
import type { GreyImage } from "./grey-image.ts";
import { wordBox } from "./ink-marks.ts";
import { cellImage } from "./unread-cells.ts";

// Tesseract's page segmentation can misjudge the lines of a table and read its figures without
// their decimal points or with a figure wrong ("88" for "8.8", "413" for "41.3", "2203" for
// "2293"), and says it is unsure of them. The same pixels cut out and read as one line come back
// right, and surer. A figure read unsurely is read again on its own; the surer reading is kept.

/** A word with a figure read less surely than this (Tesseract's 0-100) is read again. */
export const DOUBTFUL_BELOW = 90;
/** Figures read again on one page at most, the least sure first: a bound on the page's time. */
export const MAX_FIGURES_READ_AGAIN = 60;

/** Lone punctuation in a reading of one word's box: a speck beside it, not the word. */
const punctuation = /^[.,'`:;|]$/;

/** The page's words, each figure read unsurely replaced by its reading on its own when surer. */
export async function readDoubtfulFigures(
  engine: OcrEngine,
  img: GreyImage,
  scale: number,
  words: OcrWord[],
  /** The page's language, as its words were read. */
  language: OcrLanguage = "eng",
): Promise<OcrWord[]> {
  const doubtful = words
    .filter((w) => /\d/.test(w.str) && w.confidence < DOUBTFUL_BELOW)
    .sort((a, b) => a.confidence - b.confidence)
    .slice(0, MAX_FIGURES_READ_AGAIN);
  if (doubtful.length === 0) return words;
  const surer = new Map<OcrWord, OcrWord>();
  for (const w of doubtful) {
    // The word with some paper around it: under half a character each side, its line's height,
    // and no nearer another word of its line than half way (a piece of the same amount, perhaps).
    const box = wordBox(w, 0.45);
    for (const o of words) {
      if (o === w || Math.abs(o.y - w.y) >= 0.5 * w.size) continue;
      if (o.x + o.width <= w.x) box.x0 = Math.max(box.x0, (o.x + o.width + w.x) / 2);
      else if (o.x >= w.x + w.width) box.x1 = Math.min(box.x1, (w.x + w.width + o.x) / 2);
    }
    const cut = cellImage(img, scale, box, 0);
    const again = (await engine.recognize(cut.png, scale, "line", language)).filter(
      (a) => !punctuation.test(a.str),
    );
    const only = again.length === 1 ? (again[0] as OcrWord) : undefined;
    if (only && /\d/.test(only.str) && only.confidence > w.confidence)
      surer.set(w, { ...w, str: only.str, confidence: only.confidence });
  }
  return surer.size === 0 ? words : words.map((w) => surer.get(w) ?? w);
}
