import { median } from "./geometry.ts";
import { onSameLine } from "./lines.ts";
import type { Word } from "./words.ts";

// Line numbers down the margin, as court transcripts and pleadings print them (1 to 25, every
// line numbered whether it holds text or not). Left in, they make every line a row of a
// two-column "table" (the number, then the text) and break every paragraph. They are dropped.

/** Numbered lines at least: a transcript page has 25 or 28. */
const MIN_NUMBERED = 10;

/** How far a word may stand from the numbers' common edge, in font sizes. */
const ALIGN = 0.6;

/**
 * The words without a margin's line numbers: whole numbers 1, 2, 3 ... (ten at least), one a
 * line, down the page at an even pitch (every step within 15% of the middle one), aligned on
 * their left or right edge, each the first word of its line and standing apart from the text
 * after it; and either some of them number a line with no text, or the text is typed (fixed
 * pitch), as transcripts are. A table's column of row numbers has text on every line and is
 * seldom typed: it stays.
 */
export function dropLineNumbers(words: Word[]): Word[] {
  const numbers = words.filter((w) => !w.vertical && /^\d{1,2}$/.test(w.text));
  if (numbers.length < MIN_NUMBERED) return words;
  // The sequence from 1, taking for each next number the first such word below the last one.
  const byValue = new Map<number, Word[]>();
  for (const w of numbers) {
    const v = Number(w.text);
    const list = byValue.get(v);
    if (list) list.push(w);
    else byValue.set(v, [w]);
  }
  const run: Word[] = [];
  for (let v = 1; byValue.has(v); v++) {
    const prev = run[run.length - 1];
    const next = (byValue.get(v) as Word[])
      .filter((w) => !prev || w.baseline > prev.baseline)
      .sort((a, b) => a.baseline - b.baseline)[0];
    if (!next) break;
    run.push(next);
  }
  if (run.length < MIN_NUMBERED) return words;
  const size = median(run.map((w) => w.size));
  const steps = run.slice(1).map((w, k) => w.baseline - (run[k] as Word).baseline);
  const pitch = median(steps);
  if (pitch <= 0 || steps.some((d) => Math.abs(d - pitch) > 0.15 * pitch)) return words;
  const left = median(run.map((w) => w.x0));
  const right = median(run.map((w) => w.x1));
  const aligned = (edge: number, at: (w: Word) => number) =>
    run.every((w) => Math.abs(at(w) - edge) <= ALIGN * size);
  if (!aligned(left, (w) => w.x0) && !aligned(right, (w) => w.x1)) return words;
  // Each number first on its line, the line's text a font size or more to its right.
  const numbered = new Set(run);
  let blank = 0;
  let typed = 0;
  let texts = 0;
  for (const n of run) {
    const line = words.filter((w) => !numbered.has(w) && !w.vertical && onSameLine(w, n));
    if (line.some((w) => w.x1 > n.x0 - size && w.x0 < n.x1 + size)) return words;
    if (line.some((w) => w.x0 < n.x0)) return words;
    if (!line.length) blank++;
    else {
      texts++;
      if (line.every((w) => w.mono)) typed++;
    }
  }
  if (blank === 0 && typed < 0.8 * texts) return words;
  return words.filter((w) => !numbered.has(w));
}
