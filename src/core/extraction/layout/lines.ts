import { type Box, boxOf, maxSize } from "./geometry.ts";
import { isReferenceMark } from "./superscripts.ts";
import type { Word } from "./words.ts";

/** Words on one baseline with no wide gap between them: a cell, or a line of a paragraph. */
export type Segment = Box & { words: Word[]; text: string; size: number; bold: boolean; mono: boolean };
/** Everything on one baseline across the page, split into segments at wide gaps. */
export type Line = Box & { segments: Segment[]; size: number; baseline: number };

/** A gap wider than this many font sizes separates segments (word spaces are about 0.25-0.35). */
export const SEGMENT_GAP = 0.9;

const punctuationOnly = /^[\p{P}\p{S}]+$/u;
const vowelMarkOnly = /^\p{M}+$/u;

/**
 * The words of one line in logical order. The base direction is that of most of the text; runs
 * of the other direction keep their own order inside (the core of the Unicode bidi rules, at the
 * level of words).
 */
export function joinWords(words: Word[]): string {
  const rtlBase = rightToLeftWords(words);
  const mixed =
    words.some((w) => w.rtl && w.text.length > 0) && words.some((w) => !w.rtl && w.text.length > 0);
  // A right-to-left word starts at its right edge: glyphs drawn apart at one place (the two
  // halves of a lam-alef, a zero-width hamza) are ordered by where they start, the wider first.
  const ordered = [...words].sort((a, b) => (rtlBase ? b.x1 - a.x1 || b.x0 - a.x0 : a.x0 - b.x0));
  // A vowel mark drawn as a glyph of its own stands over its letter, not after it: it follows
  // the letter it sits on.
  for (let i = 0; i + 1 < ordered.length; i++) {
    const w = ordered[i] as Word;
    const next = ordered[i + 1] as Word;
    if (
      w.rtl &&
      next.rtl &&
      vowelMarkOnly.test(w.text) &&
      !vowelMarkOnly.test(next.text) &&
      next.x0 < w.x0 - 0.01
    ) {
      ordered[i] = next;
      ordered[i + 1] = w;
      i++;
    }
  }
  // Reverse each run of words against the base direction back into its own reading order
  // (nothing to do when every word runs the base direction, as in most lines).
  let out = ordered;
  if (mixed) {
    out = [];
    let run: Word[] = [];
    for (const w of ordered) {
      if (w.rtl !== rtlBase) run.push(w);
      else {
        out.push(...run.reverse(), w);
        run = [];
      }
    }
    out.push(...run.reverse());
  }
  let text = "";
  let prev: Word | undefined;
  for (const w of out) {
    // A vowel mark joins its letter; the next gap is measured from the letter.
    if (w.rtl && vowelMarkOnly.test(w.text)) {
      text += w.text;
      continue;
    }
    if (prev) {
      const gap = prev.x0 > w.x0 ? prev.x0 - w.x1 : w.x0 - prev.x1;
      // CJK runs touch each other; Latin words carry a space's width between them.
      text +=
        gap > 0.12 * Math.min(prev.size, w.size) ||
        (prev.whole && w.whole) ||
        // A note's reference mark is a word of its own, not the end of the word it is set against.
        (isReferenceMark(w) && !prev.raised) ||
        // Runs of two directions are apart, a run's extent may hold the space between them; but a
        // sentence's stop set apart from its last word ("العمل.") belongs to it.
        (prev.rtl !== w.rtl && !punctuationOnly.test(prev.text) && !punctuationOnly.test(w.text))
          ? " "
          : "";
    }
    text += rtlBase && !w.rtl ? numberInRightToLeft(w.text) : w.text;
    prev = w;
  }
  return text;
}

/** A figure drawn left to right with signs at its edges: "(12)", ".1", "5%". */
const edgedNumber = /^([^\p{L}\p{N}\s]*)(\p{N}(?:[\p{N},.:/]*\p{N})?)([^\p{L}\p{N}\s]*)$/u;
/** Signs next to a figure that stand with it whichever way the line runs (Unicode's European terminators). */
const leadSigns = /^(.*?)([#$%+\u00a2-\u00a5\u00b0\u00b1\u2030\u2031\u20a0-\u20cf]*)$/u;
const trailSigns = /^([#$%+\u00a2-\u00a5\u00b0\u00b1\u2030\u2031\u20a0-\u20cf]*)(.*)$/u;
const mirrorOf: Record<string, string> = { "(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{" };
const turned = (s: string) =>
  [...s]
    .reverse()
    .map((c) => mirrorOf[c] ?? c)
    .join("");

/**
 * A figure drawn in a right-to-left line, in logical order. The figure itself reads left to
 * right, but a stop, bracket or dash at its edge belongs to the right-to-left text around it (the
 * Unicode bidi rules N1 and N2): drawn left of the figure, it comes after it ("1." of a numbered
 * item is drawn ".1"), and a bracket is drawn mirrored. Currency and percent signs next to the
 * figure stay with it (rule W5).
 */
export function numberInRightToLeft(text: string): string {
  const m = edgedNumber.exec(text);
  if (!m) return text;
  const [, lead = "", core = "", trail = ""] = m;
  const [, outLead = "", signsBefore = ""] = leadSigns.exec(lead) ?? [];
  const [, signsAfter = "", outTrail = ""] = trailSigns.exec(trail) ?? [];
  if (outLead === "" && outTrail === "") return text;
  return turned(outTrail) + signsBefore + core + signsAfter + turned(outLead);
}

/**
 * Words mostly of right-to-left text (Arabic, Hebrew, Persian), counted in characters of words
 * with letters: figures and signs have no direction of their own (the bidi rules take the base
 * direction from letters), so a cell "180 ש\"ח" is right-to-left.
 */
export function rightToLeftWords(words: readonly Word[]): boolean {
  let rtl = 0;
  let total = 0;
  for (const w of words) {
    if (!hasLetter.test(w.text)) continue;
    total += w.text.length;
    if (w.rtl) rtl += w.text.length;
  }
  return rtl > total / 2;
}

const hasLetter = /\p{L}/u;

/** A line mostly of right-to-left text: it starts at the right. */
export const rightToLeft = (line: Line): boolean => rightToLeftWords(line.segments.flatMap((s) => s.words));

/** Text with no letter: an amount, a year ("2007–08"), a mark for no value ("†", "—"). */
export const letterless = (text: string) => !/\p{L}/u.test(text);

/**
 * The size of a run of words: that of its largest letters or figures. A bullet or other sign set
 * larger than the text it marks ("•" at 12 pt before 10 pt text) does not make the text larger.
 */
function textSize(words: Word[]): number {
  const text = words.filter((w) => /[\p{L}\p{N}]/u.test(w.text));
  return maxSize(text.length ? text : words);
}

/** The words of a segment, with their box, size and weight. */
export function toSegment(words: Word[]): Segment {
  const { x0, y0, x1, y1 } = boxOf(words);
  // Bold (or fixed-pitch) only when every word is: a line with a few bold words stays in its paragraph.
  let bold = true;
  let mono = true;
  for (const w of words) {
    if (!w.bold) bold = false;
    if (!w.mono) mono = false;
  }
  // Fields written out, not spread: every segment gets one object shape (reads stay fast).
  return {
    x0,
    x1,
    y0,
    y1,
    words,
    text: joinWords(words),
    size: textSize(words),
    bold,
    mono,
  };
}

/**
 * Whether two things set on baselines (words, lines) stand on one line of text: baselines within
 * a third of the larger font size, so superscripts stay with their line.
 */
export const onSameLine = (a: { baseline: number; size: number }, b: { baseline: number; size: number }) =>
  Math.abs(a.baseline - b.baseline) <= 0.35 * Math.max(a.size, b.size);

/** Upright words -> lines (by baseline) -> segments (by gaps), top to bottom. */
export function toLines(words: Word[], gap = SEGMENT_GAP): Line[] {
  const sorted = words.filter((w) => !w.vertical).sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
  const groups: Word[][] = [];
  for (const w of sorted) {
    const g = groups[groups.length - 1];
    const ref = g?.[g.length - 1];
    // Same line as onSameLine, measured from the line's first baseline with the latest word's size.
    if (g && ref && Math.abs(w.baseline - (g[0] as Word).baseline) <= 0.35 * Math.max(w.size, ref.size))
      g.push(w);
    else groups.push([w]);
  }
  return groups.map((g) => {
    g.sort((a, b) => a.x0 - b.x0);
    const segments: Word[][] = [];
    for (const w of g) {
      const cur = segments[segments.length - 1];
      const last = cur?.[cur.length - 1];
      if (cur && last && w.x0 - last.x1 < gap * Math.max(w.size, last.size)) cur.push(w);
      else segments.push([w]);
    }
    const segs = segments.map(toSegment);
    const { x0, y0, x1, y1 } = boxOf(segs);
    return { x0, x1, y0, y1, segments: segs, size: maxSize(segs), baseline: (g[0] as Word).baseline };
  });
}
