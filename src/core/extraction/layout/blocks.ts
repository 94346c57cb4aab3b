import { neutralizeHtml } from "../../exports/table-formats.ts";
import { type Box, CountedMedian, median, overlapY } from "./geometry.ts";
import { type Line, rightToLeft } from "./lines.ts";
import type { Word } from "./words.ts";

// Body text: reading order by recursive XY-cut, then paragraphs, headings and list items.

/**
 * Something placed in the reading order: a line of text, a table standing where it was found, or
 * a shaded region (a sidebar, a tinted band) read on its own and placed as one block.
 */
export type Element = Box &
  ({ kind: "line"; line: Line } | { kind: "table"; index: number } | { kind: "region"; index: number });

const MIN_ROW_GAP = 0.6; // font sizes of clear space that separate bands of text top to bottom
export const MIN_GUTTER = 1.2; // font sizes of clear space between columns
export const NARROW_GUTTER = 0.9; // ... between two columns of prose (a segment gap: SEGMENT_GAP)

function gaps(spans: [number, number][], min: number): number[] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const cuts: number[] = [];
  let end = sorted[0]?.[1] ?? 0;
  for (const [s, e] of sorted.slice(1)) {
    if (s - end >= min) cuts.push((s + end) / 2);
    end = Math.max(end, e);
  }
  return cuts;
}

/** Two sides whose sizes differ by more than this share are set in type of their own. */
const OWN_SIZE = 0.1;
/** Baselines this share of the smaller size apart, at most, stand on one line. */
const SAME_BASELINE = 0.1;

/** A line's own baseline: its first word's (lines on near baselines across the page share one Line). */
const baselineOf = (l: Line) => l.segments[0]?.words[0]?.baseline ?? l.baseline;

/**
 * True when the two sides of a vertical cut are rows of one layout (a label and its value on the
 * same baseline) rather than two columns of prose: then the page must be read across, not down.
 * Prose columns often share baselines too, but their lines hold many words.
 */
function rowAligned(left: Element[], right: Element[]): boolean {
  const l = left.filter((e) => e.kind === "line");
  const r = right.filter((e) => e.kind === "line");
  if (!l.length || !r.length) return false;
  // Sides set in two sizes (a sidebar's larger bold type beside a column's body) pair only lines
  // on one baseline: their own leadings let lines overlap now and then without standing as rows.
  const sizeOf = (es: Element[]) => median(es.map((e) => (e.kind === "line" ? e.line.size : 0)));
  // Sizes and baselines read by OCR are too rough for this (its words are whole words).
  const drawn = [...l, ...r].every((e) => e.kind !== "line" || !e.line.segments[0]?.words[0]?.whole);
  const own = drawn && Math.abs(sizeOf(l) - sizeOf(r)) > OWN_SIZE * Math.max(sizeOf(l), sizeOf(r));
  const rowOf = (a: Element, b: Element) =>
    a.kind === "line" && b.kind === "line" && own
      ? Math.abs(baselineOf(a.line) - baselineOf(b.line)) <=
        SAME_BASELINE * Math.min(a.line.size, b.line.size)
      : overlapY(a, b) > 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0);
  const paired = l.filter((a) => r.some((b) => rowOf(a, b))).length;
  const words = (es: Element[]) =>
    es.reduce(
      (n, e) => n + (e.kind === "line" ? e.line.segments.reduce((k, s) => k + s.words.length, 0) : 0),
      0,
    ) / es.length;
  // Most of the shorter side's lines pair up, and a quarter of the longer side's at least: a
  // sidebar of a few short lines beside a long column of prose, on the same baseline grid, pairs
  // all its own lines but few of the column's (labels with wrapped values, footnote numbers with
  // their notes, pair a line in two or three).
  const pairs = paired / Math.min(l.length, r.length) > 0.5 && paired / Math.max(l.length, r.length) > 0.25;
  return pairs && Math.min(words(l), words(r)) <= 3;
}

/** Whether elements are mostly lines of running text (five words or more), three at least. */
function proseColumn(part: Element[]): boolean {
  const lines = part.filter((e) => e.kind === "line");
  const prose = lines.filter((e) => e.line.segments.reduce((n, s) => n + s.words.length, 0) >= 5).length;
  return prose >= 3 && prose >= 0.6 * part.length;
}

/** Clear space between two lines of one column's text, at most, in their font size. */
const LEADING_GAP = 1;
/** Words a line must hold to be taken for a line of a column's running text (labels hold fewer). */
const FLOW_WORDS = 5;

/** Words of a line as its text spells them (a right-to-left word may be drawn in several pieces). */
const wordCounts = new WeakMap<Line, number>();
const wordsOf = (l: Line) => {
  let n = wordCounts.get(l);
  if (n === undefined) {
    n = l.segments.reduce((k, s) => k + s.text.split(/\s+/).filter(Boolean).length, 0);
    wordCounts.set(l, n);
  }
  return n;
};

/**
 * Whether a row cut at `y` falls between two lines that follow each other down one column: of
 * one size, starting at one left edge (an indent apart), the lower no further below the upper
 * than a line's leading. Widely leaded text in one column leaves row gaps between its lines,
 * and where the column beside it is blank at that height (under a heading, a figure, a
 * paragraph's end) the gap runs across the page; cut there, a band holds the top lines of both
 * columns and reads them across in turns. Left uncut, the columns part at their gutter.
 */
function withinColumn(elements: Element[], y: number, reach: number): boolean {
  const near = (e: Element): e is Element & { kind: "line" } =>
    e.kind === "line" && (e.y1 <= y ? y - e.y1 : e.y0 - y) <= reach && wordsOf(e.line) >= FLOW_WORDS;
  const above = elements.filter((e) => e.y1 <= y && near(e));
  const below = elements.filter((e) => e.y0 >= y && near(e));
  for (const a of above) {
    if (a.kind !== "line") continue;
    for (const b of below) {
      if (b.kind !== "line") continue;
      const em = Math.max(a.line.size, b.line.size);
      if (Math.abs(a.line.size - b.line.size) > 0.1 * em) continue;
      if (b.y0 - a.y1 > LEADING_GAP * em) continue;
      if (Math.abs(a.x0 - b.x0) > 2 * em) continue;
      if (Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) < 0.5 * Math.min(a.x1 - a.x0, b.x1 - b.x0)) continue;
      // One column: nothing stands beside the narrower line under the wider one's reach (a
      // paragraph set across the page over two columns reaches over the other column's line).
      const [wide, narrow] = a.x1 - a.x0 >= b.x1 - b.x0 ? [a, b] : [b, a];
      const beside = elements.some(
        (e) =>
          e !== a &&
          e !== b &&
          e.y0 < narrow.y1 &&
          e.y1 > narrow.y0 &&
          e.x0 < wide.x1 &&
          e.x1 > wide.x0 &&
          (e.x1 <= narrow.x0 || e.x0 >= narrow.x1),
      );
      // A short line over a longer one is a paragraph's last line when the line over it is as
      // long (the column's measure); else the longer line runs past the column (a paragraph set
      // across the page under columns that end unbalanced).
      const measured =
        b.x1 <= a.x1 + 2 * em ||
        elements.some(
          (c) =>
            c !== a &&
            c.y1 <= a.y0 + 0.2 * em &&
            a.y0 - c.y1 <= LEADING_GAP * em &&
            Math.abs(c.x0 - a.x0) <= 2 * em &&
            c.x1 >= b.x1 - 2 * em,
        );
      if (!beside && measured) return true;
    }
  }
  return false;
}

/** Elements in reading order: bands top to bottom; within a band, columns left to right. */
export function readingOrder(elements: Element[], size: number): Element[] {
  if (elements.length <= 1) return elements;
  const rows = gaps(
    elements.map((e) => [e.y0, e.y1]),
    MIN_ROW_GAP * size,
  );
  // Only lines a leading of the largest size from a cut can stand either side of it.
  let reach = 0;
  if (rows.length)
    for (const e of elements) if (e.kind === "line") reach = Math.max(reach, LEADING_GAP * e.line.size);
  const kept = rows.filter((c) => !withinColumn(elements, c, reach));
  if (kept.length) {
    const bands: Element[][] = Array.from({ length: kept.length + 1 }, () => []);
    for (const e of elements) {
      const mid = (e.y0 + e.y1) / 2;
      bands[kept.filter((c) => c < mid).length]?.push(e);
    }
    return bands.flatMap((b) => readingOrder(b, size));
  }
  const spans = elements.map((e): [number, number] => [e.x0, e.x1]);
  const partsAt = (cuts: number[]) => {
    const parts: Element[][] = Array.from({ length: cuts.length + 1 }, () => []);
    for (const e of elements) parts[cuts.filter((c) => c < (e.x0 + e.x1) / 2).length]?.push(e);
    return parts;
  };
  let cols = gaps(spans, MIN_GUTTER * size);
  // A narrower gutter (a magazine's: one font size) parts columns only where each side is prose.
  if (!cols.length) {
    const narrow = gaps(spans, NARROW_GUTTER * size);
    if (narrow.length && partsAt(narrow).every(proseColumn)) cols = narrow;
  }
  if (cols.length) {
    const parts = partsAt(cols);
    const filled = parts.filter((p) => p.length);
    const aligned = filled.slice(1).some((p, i) => rowAligned(filled[i] as Element[], p));
    if (filled.length > 1 && !aligned) return filled.flatMap((p) => readingOrder(p, size));
  }
  return [...elements].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
}

// A marker, or a lone private-use character: a symbol font's bullet (Wingdings' "\uf06e").
const bullet = /^[•◦▪▫●○■□‣⁃∙·–—*\-\uE000-\uF8FF]\s+/;
const numbered = /^(\(?\d{1,3}[.)]|\(?[a-z][.)]|\(?[ivxlc]{1,5}[.)])\s+/i;

/**
 * A line opening with a bold label that ends in a colon or a full stop, the text after it
 * regular ("DATES: The FAA must receive comments..."): a run-in heading, which starts its
 * paragraph though it follows the one before as closely as a line.
 */
function runInHead(line: Line): boolean {
  const words = line.segments.flatMap((s) => s.words);
  const label = words.findIndex((w) => !w.bold);
  return label > 0 && /[:.]$/.test((words[label - 1] as Word).text);
}

/** The hyphenated compounds written inside lines of text ("self-employed"), lower case. */
export function hyphenatedWords(lines: Line[]): Set<string> {
  const found = new Set<string>();
  for (const l of lines)
    for (const sg of l.segments)
      for (const m of sg.text.matchAll(/\p{L}+-\p{L}+/gu)) found.add(m[0].toLowerCase());
  return found;
}

export type Paragraph = {
  text: string;
  size: number;
  bold: boolean;
  lines: number;
  code: boolean;
  /** Where it stands: the union of its lines' boxes. */
  box: Box;
};

/**
 * Consecutive lines of one size and close spacing form a paragraph; a list marker starts a new one.
 * With `codeSize`, lines set wholly in a fixed-pitch font at about that size are code: they keep
 * their line breaks and indentation, and a blank line or two inside them does not end the block.
 * (Without it, as on a page whose body is itself fixed-pitch, typed text reads as prose.)
 */
export function paragraphs(
  lines: Line[],
  codeSize: number | null = null,
  /** Compounds the page spells with a hyphen inside a line ("self-employed"), lower case. */
  hyphenated: ReadonlySet<string> = new Set(),
): Paragraph[] {
  // A code paragraph collects its lines and is written out at the end (codeText).
  type Building = Omit<Paragraph, "code"> & { last: Line; codeLines: Line[] | null };
  const boxOfLine = (l: Line): Box => ({ x0: l.x0, y0: l.y0, x1: l.x1, y1: l.y1 });
  const grow = (b: Box, l: Line) => {
    b.x0 = Math.min(b.x0, l.x0);
    b.y0 = Math.min(b.y0, l.y0);
    b.x1 = Math.max(b.x1, l.x1);
    b.y1 = Math.max(b.y1, l.y1);
  };
  const out: Building[] = [];
  const fixed = lines.map(
    (l) => codeSize !== null && l.size < 1.15 * codeSize && l.segments.every((s) => s.mono),
  );
  // A fixed-pitch line alone is code only when it is set apart (a blank line's space above and
  // below it); otherwise it is a name or the end of a signature within the text around it.
  const apart = (k: number) => {
    const l = lines[k] as Line;
    const before = lines[k - 1];
    const after = lines[k + 1];
    return (!before || l.y0 - before.y1 >= 0.6 * l.size) && (!after || after.y0 - l.y1 >= 0.6 * l.size);
  };
  const isCode = (k: number) => fixed[k] && (fixed[k - 1] || fixed[k + 1] || apart(k));
  for (const [k, line] of lines.entries()) {
    const prev = out[out.length - 1];
    if (isCode(k)) {
      if (prev?.codeLines && line.y0 > prev.last.y0 && line.y0 - prev.last.y1 < 2.5 * line.size) {
        prev.codeLines.push(line);
        prev.last = line;
        prev.lines++;
        grow(prev.box, line);
      } else {
        out.push({
          text: "",
          size: line.size,
          bold: false,
          lines: 1,
          last: line,
          codeLines: [line],
          box: boxOfLine(line),
        });
      }
      continue;
    }
    const text = line.segments.map((s) => s.text).join("  ");
    const bold = line.segments.every((s) => s.bold);
    const continues =
      prev &&
      !prev.codeLines &&
      line.y0 - prev.last.y1 < 0.8 * line.size &&
      // Moving up, or far sideways, means a new column, not the next line of this paragraph.
      line.y0 > prev.last.y0 &&
      // (A centred line may start far to the right of the one above: its middle stays put.)
      (Math.abs(line.x0 - prev.last.x0) < 4 * line.size ||
        Math.abs(line.x0 + line.x1 - prev.last.x0 - prev.last.x1) < 2 * line.size ||
        // Right-to-left lines start at the right: a paragraph's short last line ends left of the rest.
        (rightToLeft(line) && Math.abs(line.x1 - prev.last.x1) < 4 * line.size)) &&
      Math.abs(line.size - prev.size) < 0.12 * prev.size &&
      prev.bold === bold &&
      // A table of contents: an entry's leader dots and page number end its line and paragraph.
      !contentsEntry.test(prev.text.slice(-24)) &&
      !runInHead(line) &&
      !bullet.test(text) &&
      !numbered.test(text);
    if (prev && continues) {
      // A word broken over two lines: "extrac-" + "tion" -> "extraction"; a compound the page
      // spells with its hyphen elsewhere keeps it ("self-" + "employed" -> "self-employed").
      // Only the paragraph's tail is tested: an end-anchored pattern scans the whole string,
      // which made long paragraphs quadratic.
      if (/\p{L}-$/u.test(prev.text.slice(-3)) && /^\p{Ll}/u.test(text)) {
        const compound = `${/\p{L}+-$/u.exec(prev.text.slice(-40))?.[0] ?? ""}${/^\p{L}+/u.exec(text)?.[0] ?? ""}`;
        prev.text = hyphenated.has(compound.toLowerCase()) ? prev.text + text : prev.text.slice(0, -1) + text;
      } else prev.text = `${prev.text} ${text}`;
      prev.last = line;
      prev.lines++;
      grow(prev.box, line);
    } else {
      out.push({ text, size: line.size, bold, lines: 1, last: line, codeLines: null, box: boxOfLine(line) });
    }
  }
  return out.map(({ last: _last, codeLines, ...p }) =>
    codeLines ? { ...p, text: codeText(codeLines), code: true } : { ...p, code: false },
  );
}

/**
 * Fixed-pitch lines as typed: each line indented and its words spaced by the character width
 * (measured on the words themselves), an empty line where the lines stand further apart than
 * their usual pitch.
 */
function codeText(lines: Line[]): string {
  const words = lines.map((l) => l.segments.flatMap((s) => s.words).sort((a, b) => a.x0 - b.x0));
  let width = 0;
  let chars = 0;
  for (const ws of words)
    for (const w of ws) {
      width += w.x1 - w.x0;
      chars += [...w.text].length;
    }
  const cw = width / Math.max(1, chars) || 0.6 * (lines[0]?.size ?? 10);
  const left = Math.min(...lines.map((l) => l.x0));
  const pitches = lines.slice(1).map((l, k) => l.baseline - (lines[k] as Line).baseline);
  // The usual pitch, not the least: an accent set as a line of its own stands very close.
  const pitch = median(pitches.filter((p) => p > 0)) || Number.POSITIVE_INFINITY;
  const spaces = (gap: number, least: number) => " ".repeat(Math.max(least, Math.round(gap / cw)));
  const out: string[] = [];
  words.forEach((ws, k) => {
    if (k > 0 && (pitches[k - 1] as number) > 1.6 * pitch) out.push("");
    let text = "";
    let end = left;
    for (const w of ws) {
      text += spaces(w.x0 - end, text ? 1 : 0) + w.text;
      end = w.x1;
    }
    out.push(text);
  });
  return out.join("\n");
}

/** A table-of-contents entry: a title, leader dots, a page number. */
const contentsEntry = /(\.\s?){3,}\s*\d{1,4}$/;
/**
 * A section number before a title ("2", "2.1", "2.1.3.", "A.1"; a letter alone is a word, as in
 * "A Study"): its depth sets the heading level.
 */
const sectionNumber = /^(?:\d{1,2}((?:\.\d{1,2}){0,4})|[A-Z]((?:\.\d{1,2}){1,4}))\.?\s+\p{L}/u;

/**
 * Text that can be a heading: it has letters, and more of them than digits (a page number or a
 * row of figures set large or bold is not a heading), and it is not a table-of-contents entry.
 */
function headingText(text: string): boolean {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  const digits = text.match(/\d/g)?.length ?? 0;
  return letters > 0 && digits < letters && !contentsEntry.test(text);
}

/** Words of a sentence set large that make it a pull quote rather than a heading. */
const QUOTE_WORDS = 6;
/** Longest pull quote, in characters: longer text set large is a lead paragraph. */
const QUOTE_LENGTH = 250;
/** A pull quote is set this much larger than the body at least (a lead paragraph barely is). */
const QUOTE_RATIO = 1.25;
/** ... and runs over this many lines at most. */
const QUOTE_LINES = 6;

/**
 * Whether text set large reads as a sentence pulled out of the body: six words or more, ending
 * as a sentence ends (closing quotes and brackets aside), and not a numbered section's title.
 */
function pullQuote(text: string): boolean {
  return (
    text.length <= QUOTE_LENGTH &&
    text.split(/\s+/).length >= QUOTE_WORDS &&
    /[.!?…]["'”’»)\]]*$/u.test(text) &&
    !sectionNumber.test(text)
  );
}

/** Sizes against the body's that make headings of levels 1, 2 and 3. */
const HEADING_RATIOS = [1.8, 1.4, 1.15];

/** What a paragraph is on the page, as an element: its kind, heading level and plain text. */
export type ParagraphForm = {
  type: "heading" | "paragraph" | "list_item" | "code";
  /** A heading's level, 1 to 6. */
  level?: number;
  text: string;
  markdown: string;
};

/** A heading of `level` over `text`; a numbered section's level from its number's depth. */
function headingForm(text: string, bySize: number): ParagraphForm {
  const n = sectionNumber.exec(text);
  const level = n ? Math.min(6, 2 + ((n[1] ?? n[2])?.match(/\./g)?.length ?? 0)) : bySize;
  return { type: "heading", level, text, markdown: `${"#".repeat(level)} ${text}` };
}

/** A paragraph as an element and as markdown, given the body font size of the page. */
export function paragraphForm(p: Paragraph, body: number): ParagraphForm {
  if (p.code) {
    // A fence longer than any run of backticks inside.
    const fence = "`".repeat(Math.max(3, ...(p.text.match(/`+/g) ?? []).map((r) => r.length + 1)));
    return { type: "code", text: p.text, markdown: `${fence}\n${p.text}\n${fence}` };
  }
  const text = neutralizeHtml(p.text.replace(/\s+/g, " ").trim());
  const plain = p.text.replace(/\s+/g, " ").trim();
  // A bullet is a list item whatever its size (a line is as large as its largest glyph, and
  // bullets are often set larger); a number set large is a heading ("1. Introduction").
  if (bullet.test(text))
    return { type: "list_item", text: plain.replace(bullet, ""), markdown: `- ${text.replace(bullet, "")}` };
  // Text set larger than the body that is a whole sentence is a pull quote (a heading is a
  // title, not a sentence): a blockquote where it stands.
  if (p.size >= QUOTE_RATIO * body && p.lines <= QUOTE_LINES && pullQuote(plain))
    return { type: "paragraph", text: plain, markdown: `> ${text}` };
  const canHead = text.length <= 150 && p.lines <= 3 && headingText(text);
  const bySize = canHead ? HEADING_RATIOS.findIndex((r) => p.size >= r * body) + 1 : 0;
  if (bySize) return { ...headingForm(text, bySize), text: plain };
  const num = /^(\d{1,3})[.)]\s+/.exec(text);
  if (num) return { type: "list_item", text: plain, markdown: `${num[1]}. ${text.slice(num[0].length)}` };
  if (numbered.test(text)) return { type: "list_item", text: plain, markdown: `- ${text}` };
  if (canHead && p.bold && p.lines === 1 && text.length <= 90 && !/[.:;,]$/.test(text))
    return { ...headingForm(text, 4), text: plain };
  // Text that starts like a markdown heading or quote is printed as such, not made one.
  return { type: "paragraph", text: plain, markdown: text.replace(/^([#>])/, "\\$1") };
}

/**
 * The page's body in one pass over its words: the font size most of them are set in (the median),
 * and whether nearly all of them are fixed-pitch (a typed page, whose fixed-pitch lines are prose,
 * not code; a page of a manual can be mostly code, so a majority is not enough).
 */
export function pageBody(lines: Line[]): { size: number; typed: boolean } {
  const sizes = new CountedMedian();
  let words = 0;
  let mono = 0;
  for (const l of lines)
    for (const s of l.segments)
      for (const w of s.words) {
        sizes.add(w.size);
        words++;
        if (w.mono) mono++;
      }
  return { size: sizes.value() || 10, typed: words > 0 && mono >= 0.9 * words };
}
