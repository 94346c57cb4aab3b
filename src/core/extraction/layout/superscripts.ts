import type { Word } from "./words.ts";

// A superscript (a note's reference mark "1)", "2", "*", an exponent) is set smaller and raised
// above its line's baseline, often by more than the third of a size that keeps words on one line.
// Left with its own baseline it becomes a line of its own between two lines of its paragraph (or
// ahead of them: lines are sorted by baseline), splitting the paragraph at the mark. It is seated
// on the baseline of the word it touches, so it reads in its place in the sentence.

/** A superscript is set at most this share of the size of the word it touches. */
const SMALLER = 0.85;
/** Raised above that word's baseline by this share of its size at least, and at most by RAISED_MAX. */
const RAISED_MIN = 0.15;
const RAISED_MAX = 0.6;
/** Touching: at most this share of the word's size apart (a word space is about 0.25), or overlapping a little. */
const TOUCH = 0.35;
const OVERLAP = 0.15;

/** Marks a reader takes for a reference to a note: figures and note signs, bracketed or not. */
const referenceMark = /^[([]?[\d*\u2020\u2021\u00a7\u00b6][\d,*\u2020\u2021\u00a7\u00b6\u2013-]*[)\]]?$/u;

/** A word raised as a superscript: a space stands before a reference mark that follows a word. */
export const isReferenceMark = (w: Word) => w.raised === true && referenceMark.test(w.text);

/** The words, each superscript given the baseline of the word it touches (and marked raised). */
export function seatSuperscripts(words: Word[]): Word[] {
  let largest = 0;
  let smallest = Number.POSITIVE_INFINITY;
  for (const w of words) {
    if (w.vertical) continue;
    if (w.size > largest) largest = w.size;
    if (w.size < smallest) smallest = w.size;
  }
  // A page set in one size has no superscript (the usual page: one pass and out).
  if (smallest > SMALLER * largest) return words;
  // Words by baseline, in bands a point tall, so a candidate looks only at baselines below it.
  const bands = new Map<number, Word[]>();
  for (const w of words) {
    if (w.vertical) continue;
    const k = Math.floor(w.baseline);
    const band = bands.get(k);
    if (band) band.push(w);
    else bands.set(k, [w]);
  }
  let seated: Map<Word, Word> | null = null;
  for (const s of words) {
    if (s.vertical || s.size > SMALLER * largest) continue;
    let host: Word | null = null;
    const from = Math.floor(s.baseline);
    const to = Math.floor(s.baseline + RAISED_MAX * largest);
    for (let k = from; k <= to && !host; k++) {
      for (const n of bands.get(k) ?? []) {
        if (n === s || n.size * SMALLER < s.size || n.rtl !== s.rtl) continue;
        const raised = n.baseline - s.baseline;
        if (raised < RAISED_MIN * n.size || raised > RAISED_MAX * n.size) continue;
        const after = s.x0 - n.x1;
        const before = n.x0 - s.x1;
        const touch = (g: number) => g >= -OVERLAP * n.size && g <= TOUCH * n.size;
        if (touch(after) || touch(before)) {
          host = n;
          break;
        }
      }
    }
    if (!host) continue;
    seated ??= new Map();
    seated.set(s, { ...s, baseline: host.baseline, raised: true });
  }
  if (!seated) return words;
  const out = seated;
  return words.map((w) => out.get(w) ?? w);
}
