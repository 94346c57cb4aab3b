import { median } from "./geometry.ts";
import { onSameLine } from "./lines.ts";
import type { Word } from "./words.ts";

// A drop cap: a paragraph's first letter set several lines tall at its start, the paragraph's
// first lines wrapped beside it ("T" at 47 pt, then "his release of the Bureau of Labor" and two
// more lines at 11 pt, the last on the letter's baseline). Left as a word, it is a 47-pt line of
// its own that swallows the words on nearby baselines (its size makes "the same line" generous):
// "TStatisticsare" read as a heading. It is put back in front of the word it begins.

/** A drop cap is at least this many times the size of the text beside it. */
const CAP_RATIO = 2;

/** The text lines beside a candidate, as their first words, top to bottom. */
function linesBeside(cap: Word, words: Word[]): Word[] {
  const starts: Word[] = [];
  for (const w of words) {
    if (w === cap || w.vertical || w.size * CAP_RATIO > cap.size) continue;
    // Wrapped against the letter's right side (a gap of at most half its size), from its top
    // to its baseline.
    if (w.x0 < cap.x1 - 0.2 * w.size || w.x0 > cap.x1 + 0.5 * cap.size) continue;
    if (w.baseline < cap.y0 || w.baseline > cap.baseline + 0.35 * w.size) continue;
    const same = starts.findIndex((s) => onSameLine(s, w));
    if (same < 0) starts.push(w);
    else if (w.x0 < (starts[same] as Word).x0) starts[same] = w;
  }
  return starts.sort((a, b) => a.baseline - b.baseline);
}

/**
 * The words with each drop cap joined to the word it begins: a single letter at least twice the
 * size of two or more lines beside it, which start at one left edge, the first near the letter's
 * top and the last on its baseline. The joined word keeps that word's place, so the paragraph's
 * lines stay aligned.
 */
export function joinDropCaps(words: Word[]): Word[] {
  // Most pages have no single letter at twice the smallest size (a page's "a" and "I" are body
  // text): they cost two passes, with no sort for the median size.
  let smallest = Number.POSITIVE_INFINITY;
  for (const w of words) if (w.size < smallest) smallest = w.size;
  const candidates = words.filter(
    (w) =>
      w.text.length === 1 && w.size >= CAP_RATIO * smallest && !w.vertical && !w.rtl && /\p{L}/u.test(w.text),
  );
  if (!candidates.length) return words;
  const typical = median(words.map((w) => w.size));
  const joined = new Map<Word, Word>();
  const caps = new Set<Word>();
  for (const cap of candidates) {
    if (cap.size < CAP_RATIO * typical) continue;
    const lines = linesBeside(cap, words);
    const first = lines[0];
    const last = lines[lines.length - 1];
    if (!first || !last || lines.length < 2 || joined.has(first)) continue;
    const body = first.size;
    if (first.baseline > cap.y0 + 2.5 * body) continue;
    if (Math.abs(last.baseline - cap.baseline) > 0.35 * body) continue;
    if (lines.some((l) => Math.abs(l.x0 - first.x0) > 0.5 * body)) continue;
    joined.set(first, { ...first, text: cap.text + first.text });
    caps.add(cap);
  }
  if (!caps.size) return words;
  return words.filter((w) => !caps.has(w)).map((w) => joined.get(w) ?? w);
}
