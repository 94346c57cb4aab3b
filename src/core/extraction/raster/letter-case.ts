import { median } from "../layout/geometry.ts";
import type { OcrWord } from "../ocr.ts";
import type { GreyImage } from "./grey-image.ts";
import { INK, joinMarks, type Mark, wordMarks } from "./ink-marks.ts";

// Some letters are the same shape as capitals and as small letters, and differ only in height
// (c o s u v w x z): the recogniser reads "Office", "West" and "Utilities" as "office", "west"
// and "utilities" now and then. The pixels tell them apart: a capital stands as high as an
// ascender, clearly above the small letters after it. A word read starting with such a small
// letter whose first mark stands a fifth higher than the x-height letters after it (the median
// of two or more) is given its capital back.

/** A word read in small letters whose first letter has a capital of the same shape. */
const sameShape = /^[cosuvwxz][a-z]+$/;
/**
 * Small letters that rise to the x-height and no higher (not r, whose thin arm often reads lower
 * than the x-height in a blurred scan).
 */
const xHeight = /[acemnosuvwxz]/;

/** The word's first letter as a capital, when its ink stands as high as one. */
function capitalInInk(img: GreyImage, scale: number, word: OcrWord): boolean {
  // A dot over its stem (i, j) is one letter with it.
  const marks: Mark[] = [];
  for (const k of wordMarks(img, scale, word, INK, 0.05)) {
    const last = marks[marks.length - 1];
    const overlap = last ? Math.min(last.x1, k.x1) - Math.max(last.x0, k.x0) + 1 : 0;
    if (last && overlap >= 0.5 * Math.min(last.x1 - last.x0 + 1, k.x1 - k.x0 + 1))
      marks[marks.length - 1] = joinMarks(last, k);
    else marks.push(k);
  }
  // One mark a letter (letters touching, or one broken in two, leave the word as read), so the
  // small letters of the word can be told by what was read; two at least, for a steady height.
  if (marks.length !== word.str.length) return false;
  const small = marks.filter((_, i) => i > 0 && xHeight.test(word.str[i] as string));
  if (small.length < 2) return false;
  const first = marks[0] as Mark;
  const height = (m: Mark) => m.y1 - m.y0 + 1;
  return height(first) >= 1.2 * median(small.map(height));
}

/** The page's words, each read in small letters whose first letter's ink is a capital's given it. */
export function restoreCapitals(img: GreyImage, scale: number, words: OcrWord[]): OcrWord[] {
  return words.map((w) =>
    sameShape.test(w.str) && capitalInInk(img, scale, w)
      ? { ...w, str: (w.str[0] as string).toUpperCase() + w.str.slice(1) }
      : w,
  );
}
