import { MIN_GUTTER, NARROW_GUTTER } from "./blocks.ts";
import { boxOf, maxSize, median } from "./geometry.ts";
import type { Rule } from "./lattice.ts";
import { type Line, letterless, type Segment } from "./lines.ts";

// Tables are looked for in runs of lines that split into the same columns. On a page set in two
// columns of prose, a line holds the left column's text and the right column's side by side, so
// a table standing in one column shares its lines with the other column's prose and is not found
// (and two prose lines that end a paragraph in both columns can pass for a table's row). Such a
// page is split at its gutter first, and each column looked at on its own. A page of three or
// four columns is split again on each side; prose columns may stand a segment gap apart (0.9
// em: the Federal Register's are 1.0-1.05 em), other splits need MIN_GUTTER.

const PROSE_WORDS = 5; // words in a line of running text (a table's cell holds fewer)
const PROSE_FILL = 0.6; // share of its column's width that a line of running text fills
const MIN_PROSE_LINES = 5; // lines of running text on each side for the split to be trusted
const PROSE_SHARE = 0.4; // and their share of that side's lines (the rest: headings, a table)

/**
 * The x-interval of the page's gutter: the widest clear band in the middle half of the text, a
 * segment gap wide at least (`wide` when it is MIN_GUTTER wide: only then may the sides be other
 * than prose, as in blocks.ts).
 */
function gutter(lines: Line[], size: number): { x0: number; x1: number; wide: boolean } | null {
  const segments = lines.flatMap((l) => l.segments);
  const left = Math.min(...segments.map((s) => s.x0));
  const right = Math.max(...segments.map((s) => s.x1));
  const from = Math.floor(left + 0.25 * (right - left));
  const to = Math.ceil(left + 0.75 * (right - left));
  if (to - from < 2) return null;
  // Segments crossing each point of the middle half; a title set across both columns crosses
  // the gutter too, so the clear band is where the fewest cross, not where none do.
  const crossing = new Int32Array(to - from + 1);
  for (const s of segments) {
    for (let x = Math.max(from, Math.ceil(s.x0)); x <= Math.min(to, Math.floor(s.x1)); x++)
      crossing[x - from] = (crossing[x - from] ?? 0) + 1;
  }
  const fewest = Math.min(...crossing);
  if (fewest > 0.2 * lines.length) return null;
  let best: { x0: number; x1: number } | null = null;
  for (let x = from; x <= to; x++) {
    if (crossing[x - from] !== fewest) continue;
    let end = x;
    while (end + 1 <= to && crossing[end + 1 - from] === fewest) end++;
    if (!best || end - x > best.x1 - best.x0) best = { x0: x, x1: end };
    x = end;
  }
  if (!best) return null;
  // The band's true edges: the text beside it (the points counted above are whole numbers).
  let x0 = Number.NEGATIVE_INFINITY;
  let x1 = Number.POSITIVE_INFINITY;
  for (const s of segments) {
    if (s.x1 < best.x0) x0 = Math.max(x0, s.x1);
    else if (s.x0 > best.x1) x1 = Math.min(x1, s.x0);
  }
  if (x1 - x0 < NARROW_GUTTER * size) return null;
  return { x0, x1, wide: x1 - x0 >= MIN_GUTTER * size };
}

/** The line with only the given segments (one side of the gutter), or null when none are left. */
function sideOf(line: Line, segments: Segment[]): Line | null {
  if (!segments.length) return null;
  const { x0, x1, y0, y1 } = boxOf(segments);
  return { ...line, segments, x0, x1, y0, y1, size: maxSize(segments) };
}

const figure = (s: Segment) => letterless(s.text);

/**
 * Whether a side's lines are mostly rows of figures: a label and figures beside it, or figures
 * only, in two segments or more.
 */
function figureRows(side: Line[]): boolean {
  const rows = side.filter((l) => l.segments.length >= 2 && l.segments.filter(figure).length >= 1).length;
  return rows >= MIN_PROSE_LINES && rows >= PROSE_SHARE * side.length;
}

/** Whether a side's lines are mostly running text: lines of many words filling the column. */
function prose(side: Line[]): boolean {
  if (!side.length) return false;
  const { x0, x1 } = boxOf(side);
  const full = side.filter(
    (l) =>
      l.segments.length === 1 &&
      (l.segments[0] as Segment).words.length >= PROSE_WORDS &&
      l.x1 - l.x0 >= PROSE_FILL * (x1 - x0),
  ).length;
  return full >= MIN_PROSE_LINES && full >= PROSE_SHARE * side.length;
}

/**
 * A side of a gutter as columns of prose: itself, or, set in columns of its own (the right two
 * of three), those columns when each is prose; null when it is not prose.
 */
function proseColumns(side: Line[], horizontals: Rule[], depth: number): Line[][] | null {
  if (prose(side)) return [side];
  // Four columns at most: a side is split twice over, no more.
  if (depth >= 2) return null;
  const parts = columnGroups(side, horizontals, depth + 1);
  return parts.length > 1 && parts.every(prose) ? parts : null;
}

/**
 * The page's lines in the groups that tables are looked for in, top to bottom: a stretch of two
 * prose columns (or of prose beside a table of figures) gives its left column and its right
 * column; everything else (a single column, a title or a table across the page) stays together
 * as it is. `horizontals`: the page's rules, those across the gutter ending a stretch.
 */
export function columnGroups(lines: Line[], horizontals: Rule[] = [], depth = 0): Line[][] {
  if (lines.length < 2 * MIN_PROSE_LINES) return [lines];
  const size = median(lines.map((l) => l.size));
  const g = gutter(lines, size);
  if (!g) return [lines];
  const mid = (g.x0 + g.x1) / 2;
  // A line is set across the page when a segment crosses the gutter, or when it reads as a row
  // of a table set across both columns, whose middle gap falls at the gutter, in two lines
  // running: short segments on both sides, or figures only on one side (a label's values).
  // Once is not enough: a paragraph's last words may share a line with a table's row in the
  // other column.
  const short = (l: Line) => {
    const left = l.segments.filter((s) => s.x1 <= mid);
    const right = l.segments.filter((s) => s.x0 >= mid);
    if (!left.length || !right.length) return false;
    return l.segments.every((s) => s.words.length < PROSE_WORDS) || left.every(figure) || right.every(figure);
  };
  const isShort = lines.map(short);
  const across = lines.map(
    (l, i) =>
      l.segments.some((s) => s.x0 < mid && s.x1 > mid) ||
      (Boolean(isShort[i]) && Boolean(isShort[i - 1] || isShort[i + 1])),
  );
  // Stretches between the lines set across, each split at the gutter when its sides are two
  // columns of prose, or prose beside a table of figures (a table set in one column).
  const groups: Line[][] = [];
  let whole: Line[] = [];
  const side = (stretch: Line[], keep: (s: Segment) => boolean) =>
    stretch.flatMap((l) => sideOf(l, l.segments.filter(keep)) ?? []);
  const close = (stretch: Line[]) => {
    const left = side(stretch, (s) => s.x1 <= mid);
    const right = side(stretch, (s) => s.x0 >= mid);
    const [l, r] = [proseColumns(left, horizontals, depth), proseColumns(right, horizontals, depth)];
    const besideFigures =
      g.wide && ((prose(left) && figureRows(right)) || (prose(right) && figureRows(left)));
    if ((l && r) || besideFigures) {
      if (whole.length) groups.push(whole);
      groups.push(...(l && r ? [...l, ...r] : [left, right]));
      whole = [];
    } else {
      whole.push(...stretch);
    }
  };
  let stretch: Line[] = [];
  // A rule drawn across the gutter ends a stretch too: what follows it (a table between rules,
  // say) is set across the page.
  const rules = horizontals.filter((h) => h.x0 < mid && h.x1 > mid).map((h) => h.y0);
  for (const [i, l] of lines.entries()) {
    const prev = lines[i - 1];
    if (prev && rules.some((y) => y > prev.baseline && y < l.baseline)) {
      close(stretch);
      stretch = [];
    }
    if (!across[i]) {
      stretch.push(l);
      continue;
    }
    close(stretch);
    stretch = [];
    whole.push(l);
  }
  close(stretch);
  if (whole.length) groups.push(whole);
  return groups;
}
