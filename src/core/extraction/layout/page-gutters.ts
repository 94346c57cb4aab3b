import { type Element, readingOrder } from "./blocks.ts";
import { type Box, median } from "./geometry.ts";
import { type Line, type Segment, toSegment } from "./lines.ts";
import type { Word } from "./words.ts";

// Columns found from the whole page: a gutter is a long vertical band of white that the page's
// words leave between columns (only a title, a spanning heading or a figure set across the page
// cross it). The recursive cut alone takes horizontal cuts first, and where the gaps between
// paragraphs of the columns line up across the page it cuts the page into row bands and reads
// the columns in turns; justified text with a narrow gutter can even run one line of each
// column into one segment. Found on the whole page, the gutters let the page be read column by
// column between the elements set across it.

/** An x-interval of the page that the words of its columns leave clear. */
export type Gutter = { x0: number; x1: number };

/** Narrowest gutter, in font sizes (printed ones are 1 em and more; word spaces are a third). */
const MIN_WIDTH = 0.6;
/**
 * Narrowest gutter with a column rule in it, in font sizes: a rule drawn down the gutter parts
 * the columns, so the white beside it may be narrower than a word space's double.
 */
const RULED_MIN_WIDTH = 0.25;
/** Shortest column rule, in font sizes: some lines of the columns beside it (a table's rules stand among its words, which a ruled table's finder has taken already). */
const RULE_LENGTH = 10;
/** Lines crossing a gutter, at most, as a share of the lines of the columns beside it. */
const MAX_CROSSING = 0.2;
/** Lines with words of running text (letters) on each side of the gutter, at least. */
const MIN_BESIDE = 6;
/** Words a side of a line must hold to count as running text beside the gutter. */
const PROSE_WORDS = 3;

/**
 * Words that read as running text: `least` of them, most with letters (a table's rows of figures
 * have gaps as clear as a gutter).
 */
const running = (ws: readonly Word[], least: number) =>
  runningCounts(ws.length, ws.filter((w) => LETTERS.test(w.text)).length, least);
/** `words` words, `lettered` of them with letters: running text when `least` and most lettered. */
const runningCounts = (words: number, lettered: number, least: number) =>
  words >= least && lettered * 2 >= words;
const LETTERS = /\p{L}{2}/u;

/**
 * The page's gutters, left to right. `known`: the gutters of the document's last page with
 * columns. A page that keeps them (a short last page, a page of changelog entries whose lines
 * hold few words) needs less running text to be read in those columns: the grid is the
 * document's, not a guess from this page alone.
 */
export function pageGutters(
  lines: readonly Line[],
  size: number,
  known: readonly Gutter[] = [],
  /** The page's vertical rules: a column rule stands in its gutter. */
  verticals: readonly Box[] = [],
): Gutter[] {
  // Each line's words, and which of them hold letters, read once: every candidate band tests
  // every line on both sides.
  const lineWords = lines.map((l) => l.segments.flatMap((s) => s.words));
  const lettered = lineWords.map((ws) => ws.map((w) => LETTERS.test(w.text)));
  let count = 0;
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  for (const ws of lineWords)
    for (const w of ws) {
      count++;
      if (w.x0 < left) left = w.x0;
      if (w.x1 > right) right = w.x1;
    }
  if (count < 40) return [];
  left = Math.floor(left);
  right = Math.ceil(right);
  const cover = new Int32Array(right - left + 1);
  // Each line counts once at each point its words cover: the last line to mark a point.
  const marked = new Int32Array(right - left + 1).fill(-1);
  for (const [k, ws] of lineWords.entries())
    for (const w of ws)
      for (let x = Math.ceil(w.x0) - left; x <= Math.floor(w.x1) - left; x++)
        if (marked[x] !== k) {
          marked[x] = k;
          cover[x] = (cover[x] as number) + 1;
        }
  const typical = median([...cover].filter((c) => c > 0));
  let gutters: Gutter[] = [];
  for (let x = 0; x < cover.length; x++) {
    if ((cover[x] as number) > MAX_CROSSING * typical) continue;
    let end = x;
    while (end + 1 < cover.length && (cover[end + 1] as number) <= MAX_CROSSING * typical) end++;
    const g = { x0: left + x, x1: left + end };
    x = end;
    if (g.x0 <= left || g.x1 >= right) continue;
    if (g.x1 - g.x0 < (columnRule(g, verticals, size) ? RULED_MIN_WIDTH : MIN_WIDTH) * size) continue;
    // Running text on both sides (the columns' lines need not share baselines): columns, not a
    // margin note or a ragged edge.
    let before = 0;
    let after = 0;
    for (const [k, ws] of lineWords.entries()) {
      const letters = lettered[k] as boolean[];
      let nBefore = 0;
      let lBefore = 0;
      let nAfter = 0;
      let lAfter = 0;
      for (const [i, w] of ws.entries()) {
        if (w.x1 <= g.x0 + 1) {
          nBefore++;
          if (letters[i]) lBefore++;
        }
        if (w.x0 >= g.x1 - 1) {
          nAfter++;
          if (letters[i]) lAfter++;
        }
      }
      if (runningCounts(nBefore, lBefore, PROSE_WORDS)) before++;
      if (runningCounts(nAfter, lAfter, PROSE_WORDS)) after++;
    }
    if (before >= MIN_BESIDE && after >= MIN_BESIDE) gutters.push(clearCore(g, cover, left, typical));
  }
  gutters = clearestOfClose(gutters, cover, left, size);
  if (proseBetween(lines, gutters, PAGE_PROSE)) return gutters;
  const kept =
    gutters.length > 0 &&
    gutters.length === known.length &&
    gutters.every((g, k) => {
      const o = known[k] as Gutter;
      return Math.min(g.x1, o.x1) - Math.max(g.x0, o.x0) >= 0.5 * Math.min(g.x1 - g.x0, o.x1 - o.x0);
    });
  return kept && proseBetween(lines, gutters, KEPT_PROSE) ? gutters : [];
}

/** Whether a long vertical rule stands inside the band: a column rule. */
const columnRule = (g: Gutter, verticals: readonly Box[], size: number) =>
  verticals.some((v) => v.x0 >= g.x0 - 1 && v.x1 <= g.x1 + 1 && v.y1 - v.y0 >= RULE_LENGTH * size);

/** Lines over the clearest point of a gutter that its edges may hold too, as a share of the typical cover. */
const CORE_SLACK = 0.05;

/**
 * The gutter narrowed to its clear core. The band lines leave mostly clear reaches into a column
 * whose lines start indented (list items, a hanging indent) or end ragged: the few lines that
 * start there are the column's, and a heading set flush left beside them must not count as
 * crossing the gutter. The core is where no more lines cover the page than at its clearest point
 * (titles and figures set across the page), give or take a few.
 */
function clearCore(g: Gutter, cover: Int32Array, left: number, typical: number): Gutter {
  let x0 = g.x0 - left;
  let x1 = g.x1 - left;
  let floor = Number.POSITIVE_INFINITY;
  for (let x = x0; x <= x1; x++) floor = Math.min(floor, cover[x] as number);
  const most = floor + Math.max(1, CORE_SLACK * typical);
  while (x0 < x1 && (cover[x0] as number) > most) x0++;
  while (x1 > x0 && (cover[x1] as number) > most) x1--;
  return { x0: left + x0, x1: left + x1 };
}

/** Narrowest column between two gutters, in font sizes: a few words of running text. */
const MIN_COLUMN = 5;

/**
 * The gutters less those that stand too close to a clearer one to part a column from it. A
 * column whose list items hang their bullets (or numbers) left of the text leaves a second band
 * almost as clear as the gutter between the bullets and the text; the "column" between the two
 * holds no running text, and would have every gutter of the page refused. Of two bands closer
 * than a column's width, the clearer stays (the wider, when they are as clear).
 */
function clearestOfClose(gutters: Gutter[], cover: Int32Array, left: number, size: number): Gutter[] {
  const floor = (g: Gutter) => {
    let least = Number.POSITIVE_INFINITY;
    for (let x = Math.ceil(g.x0) - left; x <= Math.floor(g.x1) - left; x++)
      least = Math.min(least, cover[x] as number);
    return least;
  };
  const better = (a: Gutter, b: Gutter) => floor(a) - floor(b) || b.x1 - b.x0 - (a.x1 - a.x0);
  const out: Gutter[] = [];
  for (const g of gutters) {
    const last = out[out.length - 1];
    if (last && g.x0 - last.x1 < MIN_COLUMN * size) {
      if (better(g, last) < 0) out[out.length - 1] = g;
    } else out.push(g);
  }
  return out;
}

/** Words of a line of running text in one column. */
const LINE_WORDS = 5;
/** Such lines in each column, at least, and their share of the lines with words in it. */
const PAGE_PROSE = { lines: 5, share: 0.25 };
/** ... on a page that keeps the gutters of the document's earlier pages. */
const KEPT_PROSE = { lines: 2, share: 0.1 };

/**
 * Whether every column the gutters part holds running text: lines of several words, many of
 * them. A page of labels and values, or a table whose middle gap runs clear, has a "gutter" too,
 * but a column of short cells beside it.
 */
function proseBetween(
  lines: readonly Line[],
  gutters: readonly Gutter[],
  least: { lines: number; share: number },
): boolean {
  if (!gutters.length) return false;
  const edges = [
    Number.NEGATIVE_INFINITY,
    ...gutters.map((g) => (g.x0 + g.x1) / 2),
    Number.POSITIVE_INFINITY,
  ];
  for (let c = 0; c + 1 < edges.length; c++) {
    let withWords = 0;
    let prose = 0;
    for (const l of lines) {
      const inside: Word[] = [];
      for (const s of l.segments)
        for (const w of s.words) {
          const mid = (w.x0 + w.x1) / 2;
          if (mid > (edges[c] as number) && mid < (edges[c + 1] as number)) inside.push(w);
        }
      if (inside.length) withWords++;
      if (running(inside, LINE_WORDS)) prose++;
    }
    if (prose < least.lines || prose < least.share * withWords) return false;
  }
  return true;
}

/**
 * The lines in the groups that tables are looked for in, on a page with gutters: each column's
 * lines on their own (their segments cut at the gutters), and each run of lines a word of which
 * crosses a gutter (a title, a table set across the page) as it stands.
 */
export function linesByColumn(lines: readonly Line[], gutters: readonly Gutter[]): Line[][] {
  const columns: Line[][] = Array.from({ length: gutters.length + 1 }, () => []);
  const across: Line[][] = [];
  let run: Line[] = [];
  const splits = lines.map((l) => splitAtGutters(l, gutters));
  // A row of short cells on both sides of a gutter, in two lines running, is a table's row set
  // across the page with its middle gap at the gutter (once is not enough: two paragraphs may
  // end on one line).
  const short = splits.map((l) =>
    gutters.some((g) => {
      const ws = l.segments.flatMap((s) => s.words);
      const before = ws.filter((w) => w.x1 <= g.x0 + 1);
      const after = ws.filter((w) => w.x0 >= g.x1 - 1);
      return (
        before.length > 0 && after.length > 0 && !running(before, PROSE_WORDS) && !running(after, PROSE_WORDS)
      );
    }),
  );
  for (const [k, l] of lines.entries()) {
    const split = splits[k] as Line;
    // A word reaching into a gutter does not set its line across: a segment over it does.
    const spans = split.segments.some((s) => gutters.some((g) => s.x0 < g.x0 && s.x1 > g.x1));
    if (spans || (short[k] && (short[k - 1] || short[k + 1]))) {
      run.push(l);
      continue;
    }
    if (run.length) across.push(run);
    run = [];
    for (const [c, column] of columns.entries()) {
      const segments = split.segments.filter(
        (s) => gutters.filter((g) => g.x1 <= (s.x0 + s.x1) / 2).length === c,
      );
      if (!segments.length) continue;
      const x0 = Math.min(...segments.map((s) => s.x0));
      const x1 = Math.max(...segments.map((s) => s.x1));
      const y0 = Math.min(...segments.map((s) => s.y0));
      const y1 = Math.max(...segments.map((s) => s.y1));
      column.push({ ...l, segments, x0, x1, y0, y1, size: Math.max(...segments.map((s) => s.size)) });
    }
  }
  if (run.length) across.push(run);
  return [...across, ...columns.filter((c) => c.length)];
}

/**
 * The line's segments cut at the gutters they run across (justified text run together, a heading
 * in one column set a segment gap from the body text in the next).
 */
export function splitAtGutters(line: Line, gutters: readonly Gutter[]): Line {
  if (!gutters.length) return line;
  const segments: Segment[] = [];
  for (const s of line.segments) {
    const crossed = gutters.filter((g) => s.x0 < g.x0 && s.x1 > g.x1);
    if (!crossed.length) {
      segments.push(s);
      continue;
    }
    const words = [...s.words].sort((a, b) => a.x0 - b.x0);
    const cuts = crossed.map((g) => gutterGap(words, g));
    if (cuts.some((c) => c < 0)) {
      segments.push(s);
      continue;
    }
    let from = 0;
    for (const c of cuts) {
      if (c > from) segments.push(toSegment(words.slice(from, c)));
      from = Math.max(from, c);
    }
    if (from < words.length) segments.push(toSegment(words.slice(from)));
  }
  return segments.length === line.segments.length ? line : { ...line, segments };
}

/**
 * Where the words (left to right) part at the gutter: the index of the first word after the
 * widest gap that lies over the gutter, or -1. The gap must be a gutter's width in the smaller
 * type beside it (a title's word space may fall on a gutter too; a title in one column, on the
 * baseline of body text in the next, is not one line with it), and lie over the gutter for half
 * its own width or the gutter's: a column whose lines start indented leaves the found gutter
 * reaching into it, and its first word may stand inside it.
 */
function gutterGap(words: readonly Word[], g: Gutter): number {
  let best = -1;
  let widest = 0;
  for (let k = 1; k < words.length; k++) {
    const a = words[k - 1] as Word;
    const b = words[k] as Word;
    const gap = b.x0 - a.x1;
    const over = Math.min(b.x0, g.x1) - Math.max(a.x1, g.x0);
    if (gap < MIN_WIDTH * Math.min(a.size, b.size) || over < 0.5 * Math.min(gap, g.x1 - g.x0)) continue;
    if (gap > widest) {
      widest = gap;
      best = k;
    }
  }
  return best;
}

const crosses = (e: Element, g: Gutter) => e.x0 < g.x0 && e.x1 > g.x1;
/**
 * A line in type larger than the body (a title) reaching into two gutters is set across the
 * column between them, though it may stop short of either gutter's far edge: a title centred
 * over three columns can end inside both gutters. (A heading in one column may reach into the
 * gutter on its left, where the gutter runs on into the column's indent, but not into two.)
 */
const reaches = (e: Element, g: Gutter) => e.x0 < g.x1 && e.x1 > g.x0;
const large = (e: Element, size: number) => e.kind === "line" && e.line.size >= HEADING_SIZE * size;
const columnOf = (e: Box, gutters: readonly Gutter[]) =>
  gutters.filter((g) => g.x1 <= (e.x0 + e.x1) / 2).length;

/** White kept above and below a line set alone across the columns, in font sizes. */
const ALONE_MARGIN = 0.5;
/** A line this much larger than the body (or bold) may be a heading. */
const HEADING_SIZE = 1.15;
/**
 * How far apart balanced columns may end, in font sizes: a line (leading up to 1.5) and a
 * paragraph gap, when a paragraph ends at the foot of one column and not the other.
 */
const BALANCED = 2.25;

/**
 * Elements in reading order on a page with gutters: elements set across the columns stay where
 * they stand, top to bottom, and the elements between two of them are read column by column,
 * each column by the usual cut. Set across the columns is an element crossing a gutter (a title,
 * a figure over the columns), or a heading standing alone at its height: one set over the columns
 * but short enough to stay left of the first gutter leaves every other column blank beside it,
 * with their text ending together above it and starting again below it at the height its own
 * column does. (Labels beside their values never get here:
 * pageGutters wants running text in every column.)
 */
export function orderByGutters(
  elements: Element[],
  size: number,
  gutters: readonly Gutter[],
  /** The page's figures: they fill their column where they stand, though they hold no text. */
  figures: readonly Box[] = [],
): Element[] {
  const sorted = [...elements].sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
  const across = (e: Element) =>
    gutters.some((g) => crosses(e, g)) ||
    (large(e, size) && gutters.filter((g) => reaches(e, g)).length >= 2);
  const inColumn = sorted.filter((e) => !across(e));
  const byColumn: Box[][] = Array.from({ length: gutters.length + 1 }, (_, c) => [
    ...inColumn.filter((e) => columnOf(e, gutters) === c),
    ...figures.filter((f) => columnOf(f, gutters) === c),
  ]);
  const alone = (e: Element) => {
    // Only a heading (bold, or set larger than the body) is set over the columns this way.
    if (e.kind !== "line" || !(e.line.segments.every((s) => s.bold) || e.line.size >= HEADING_SIZE * size))
      return false;
    const own = columnOf(e, gutters);
    const others = byColumn.filter((c, k) => k !== own && c.length);
    const top = e.y0 - ALONE_MARGIN * size;
    const bottom = e.y1 + ALONE_MARGIN * size;
    // Below a heading set over the columns every column starts again at one height, and above
    // it they end together (balanced: a line apart at most).
    const next = (c: Box[]) => Math.min(...c.filter((o) => o.y0 >= bottom).map((o) => o.y0));
    const last = (c: Box[]) => Math.max(...c.filter((o) => o.y1 <= top).map((o) => o.y1));
    const ownColumn = byColumn[own] ?? [];
    // Beside one other column a paragraph gap may fall at the heading's height by chance, so
    // the columns must also end together above it; gaps in two other columns or more that all
    // start again at one height do not line up by chance (columns left unbalanced above it).
    return (
      others.length > 0 &&
      others.every(
        (c) =>
          !c.some((o) => o.y1 > top && o.y0 < bottom) &&
          Math.abs(next(c) - next(ownColumn)) <= ALONE_MARGIN * size &&
          (others.length > 1 || Math.abs(last(c) - last(ownColumn)) <= BALANCED * size),
      )
    );
  };
  const out: Element[] = [];
  let region: Element[] = [];
  const flush = () => {
    if (!region.length) return;
    const columns: Element[][] = Array.from({ length: gutters.length + 1 }, () => []);
    for (const e of region) columns[columnOf(e, gutters)]?.push(e);
    for (const c of columns) out.push(...readingOrder(c, size));
    region = [];
  };
  for (const e of sorted) {
    if (across(e) || alone(e)) {
      flush();
      out.push(e);
    } else region.push(e);
  }
  flush();
  return out;
}
