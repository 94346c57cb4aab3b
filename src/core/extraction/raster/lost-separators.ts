import type { OcrWord } from "../ocr.ts";
import type { GreyImage } from "./grey-image.ts";
import { INK, joinMarks, type Mark, wordMarks } from "./ink-marks.ts";

// The recogniser drops a figure's decimal point or comma now and then ("1.3934" for "1.393,4",
// "2338" for "233.8", "23" for "2,3"), and reading the same pixels again gives the same answer.
// The pixels say otherwise: between two digits sits a mark a fraction of their height, on their
// baseline. Where a figure's ink splits into as many digit-high marks as the reading has digits
// (and brackets, currency or percent signs), and a small mark on the baseline stands in the gap
// between two of them where the reading has no separator, the separator is put back: a comma when
// the mark hangs below the baseline, a point when it sits on it.

/**
 * Darker than this is ink (the image's paper has been made white before): the usual cut first;
 * where it breaks a blurred digit in two, lighter ones, which keep its strokes together.
 */
const INK_LEVELS = [INK, 170, 210];

/**
 * A figure as the separator check reads it: digits with separators, perhaps signed, in brackets
 * or after a currency sign.
 */
const figure = /^([-\u2212]?\(?[$€£]?)(\d[\d.,]*\d|\d)(\)?%?)$/;
/**
 * How many marks standing about as high as a digit the signs around a figure make, at least and
 * at most: one a bracket or currency sign (a minus is lower), one to three a percent sign (its
 * rings touch its stroke or stand apart, depending on the face).
 */
const signMarks = (s: string): [number, number] => {
  const others = s.replace(/[-\u2212%]/g, "").length;
  return s.includes("%") ? [others + 1, others + 3] : [others, others];
};

/**
 * The separators the ink of a figure shows: for each, the number of digits before it and whether
 * it is a comma. Null when the ink does not split cleanly into the reading's digits (touching
 * digits, a mark of another kind), so nothing is claimed.
 */
function separatorsInInk(img: GreyImage, scale: number, word: OcrWord, fig: Figure): Separator[] | null {
  for (const level of INK_LEVELS) {
    const found = separatorsAt(img, scale, word, fig, level);
    if (found) return found;
  }
  return null;
}

type Separator = { after: number; comma: boolean };

/** A figure's reading in parts: the signs before and after it, and its digits without separators. */
type Figure = { before: string; number: string; after: string; digits: string };

const parseFigure = (str: string): Figure | null => {
  const m = figure.exec(str);
  if (!m) return null;
  const [, before, number, after] = m as unknown as [string, string, string, string];
  return { before, number, after, digits: number.replace(/[.,]/g, "") };
};

function separatorsAt(
  img: GreyImage,
  scale: number,
  word: OcrWord,
  fig: Figure,
  level: number,
): Separator[] | null {
  const digits = fig.digits.length;
  const [lead] = signMarks(fig.before);
  const [fewest, most] = signMarks(fig.after);
  const em = word.size * scale;
  const marks = wordMarks(img, scale, word, level, 0.1);
  // Digits stand about as high as one another, brackets and currency signs a little higher. They
  // are told by height against the tallest mark, not against the word's size: that is its line's
  // estimate, which can be half as large again as the figures.
  const tallest = Math.max(0, ...marks.map((k) => k.y1 - k.y0 + 1));
  if (tallest < 0.3 * em) return null;
  const tall = marks.filter((k) => k.y1 - k.y0 + 1 >= 0.55 * tallest);
  const trail = tall.length - lead - digits;
  if (trail < fewest || trail > most) return null;
  const figures = tall.slice(lead, lead + digits);
  const baseline = lowMedian(figures.map((k) => k.y1));
  const greyBaseline = lowMedian(figures.map((k) => greyBottom(img, k)));
  const height = lowMedian(figures.map((k) => k.y1 - k.y0 + 1));
  // The small marks in each gap between two digits: one separator, whose comma may come apart
  // into its head and its tail.
  const gaps = new Map<number, Mark>();
  for (const k of marks) {
    if (tall.includes(k)) continue;
    const w = k.x1 - k.x0 + 1;
    const before = figures.filter((d) => d.x1 < k.x0 + 0.5 * w).length;
    const after = figures.filter((d) => d.x0 > k.x1 - 0.5 * w).length;
    // A mark before the first digit or after the last is the figure's full stop, or a speck.
    if (before === 0 || after === 0) continue;
    if (before + after !== figures.length) return null;
    const g = gaps.get(before);
    gaps.set(before, g ? joinMarks(g, k) : k);
  }
  const out: Separator[] = [];
  for (const [before, k] of gaps) {
    // Specks too small to be a point at this size are left; anything else that is neither a digit
    // nor a point or comma on the baseline means the figure is not what the reading says.
    if (k.pixels < (0.06 * height) ** 2) continue;
    if (k.y1 - k.y0 + 1 > 0.45 * height || k.x1 - k.x0 + 1 > 0.35 * height) return null;
    if (k.y0 < baseline - 0.4 * height || k.y1 > baseline + 0.4 * height) return null;
    // Measured with its grey edge: in ink alone a comma's thin tail is often lost.
    out.push({ after: before, comma: greyBottom(img, k) - greyBaseline >= Math.max(1.5, 0.1 * height) });
  }
  return out;
}

/**
 * The median, the smaller of the middle two for an even count: a blurred digit whose grey edge
 * runs a row lower than the others' must not set the baseline a comma is measured from.
 */
const lowMedian = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : (s[Math.floor((s.length - 1) / 2)] as number);
};

/** The lowest row the mark's grey edge reaches below its ink, straight down from any of its columns. */
function greyBottom(img: GreyImage, k: Mark): number {
  let bottom = k.y1;
  for (let x = k.x0; x <= k.x1; x++) {
    let y = k.y1;
    while (y + 1 < img.height && (img.data[(y + 1) * img.width + x] as number) < 250) y++;
    if (y > bottom) bottom = y;
  }
  return bottom;
}

/** The reading's separators as the ink check gives them: digits before each. */
function separatorsRead(digitsAndSeparators: string): Map<number, string> {
  const out = new Map<number, string>();
  let digits = 0;
  for (const ch of digitsAndSeparators) {
    if (ch === "." || ch === ",") out.set(digits, ch);
    else digits++;
  }
  return out;
}

/** Thousands grouped in threes with one separator and perhaps a decimal part with the other, or no grouping. */
const wellFormed = /^(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:[.,]\d+)?)$/;

/**
 * A figure with decimals read with a full stop after it: a speck the recogniser took for one. Not
 * after three figures ("4,433."): that is a fixed-pitch amount cut at its point, whose decimals
 * the recogniser read as the next word (words.ts joins the two).
 */
const strayStop = /^[-\u2212(]?[$€£]?\d[\d.,]*[.,](?:\d{1,2}|\d{4,})\)?%?\.$/;

/**
 * The page's figures, each with the separators its ink shows and its reading lost put back, and a
 * point read before three digits where the ink shows a comma's tail made a comma. A figure whose result would not be
 * a well-formed number (a date, a section number, a mark misjudged) is left as read. A full stop
 * read after a figure's decimals goes (a figure's own point is among its digits; "12." may be an
 * ordinal, and stays).
 */
export function restoreSeparators(img: GreyImage, scale: number, words: OcrWord[]): OcrWord[] {
  return words.map((word) => {
    const w = strayStop.test(word.str) ? { ...word, str: word.str.slice(0, -1) } : word;
    const fig = parseFigure(w.str);
    if (!fig) return w;
    const seen = separatorsInInk(img, scale, w, fig);
    if (!seen || seen.length === 0) return w;
    const read = separatorsRead(fig.number);
    const { digits } = fig;
    // Digits after a separator, to the next one or the end: three where a thousands comma stands.
    const group = (after: number) => {
      const next = [...read.keys()].filter((k) => k > after).sort((a, b) => a - b)[0];
      return (next ?? digits.length) - after;
    };
    let changed = false;
    for (const s of seen) {
      const was = read.get(s.after);
      // A point read is made a comma only before three digits: the shape test is surest on a
      // thousands comma, and a decimal point misjudged would change the figure's value.
      if (was === undefined || (was === "." && s.comma && group(s.after) === 3)) {
        read.set(s.after, s.comma ? "," : ".");
        changed = true;
      }
    }
    if (!changed) return w;
    let text = "";
    for (let i = 0; i < digits.length; i++) text += (i > 0 ? (read.get(i) ?? "") : "") + digits[i];
    return wellFormed.test(text) ? { ...w, str: `${fig.before}${text}${fig.after}` } : w;
  });
}
