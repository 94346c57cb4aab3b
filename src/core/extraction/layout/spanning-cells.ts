import { type Band, overlapX } from "./geometry.ts";
import { type Line, letterless, type Segment } from "./lines.ts";
import type { Word } from "./words.ts";

// A cell set over several columns of an unruled table, kept whole in the first column it spans
// (where tabula and the ICDAR 2013 ground truth put it; HTML keeps the span):
//   - a header over a group of figure columns, on a line of headers with nothing over the
//     labels: "Lead time (years)" over four columns, "Total", "Public", "Private" over three
//     each. It spans the columns it stands centred over; a single word may too.
//   - a phrase reaching over columns, standing in the gaps between them as much as in them: a
//     note row across the figures.
// Columns set close together can put two cells in one segment; their words then sit inside the
// columns, or are spaced unevenly, and each goes to its own column as before.

/** Where the centre of a run of columns may stand off the centre of a header set over it, in font sizes. */
const CENTRED = 1;

/** How far below a header's line its wrapped next line stands, at most, in font sizes. */
const WRAPPED = 1.5;

/** Spaces of one phrase differ by less than this, in font sizes; columns set close differ more. */
const EVEN = 0.1;
/** The share of a spanning cell's extent that stands outside every column. */
const BETWEEN = 0.5;

/**
 * Whether the words of a segment read as one phrase: spaced evenly. Columns set a little more
 * than a space apart ("2016 '16 vs '01": 0.85 em between cells, 0.39 within) are not; two
 * headers a plain space apart ("graduate Graduate") cannot be told from a phrase this way.
 */
function onePhrase(s: Segment): boolean {
  const words = [...s.words].sort((a, b) => a.x0 - b.x0);
  const gaps = words.slice(1).map((w, k) => (w.x0 - (words[k] as Word).x1) / w.size);
  return gaps.length > 0 && Math.max(...gaps) - Math.min(...gaps) <= EVEN;
}

/**
 * The first and last columns the segment `s` of `line` spans, or null when it is no spanning
 * cell (its words are split by column, as before).
 */
export function spannedColumns(
  s: Segment,
  line: Line,
  bands: Band[],
  above: { line: Line; spanning: ReadonlySet<Segment> } | undefined,
  figures: boolean[],
): { first: number; last: number } | null {
  if (bands.length < 2 || (s.words.length > 1 && !onePhrase(s))) return null;
  const over = bands.flatMap((b, k) => (overlapX(b, s) > 0 ? [k] : []));
  const first = over[0] ?? -1;
  const last = over[over.length - 1] ?? -1;
  // A header line over the figure columns (nothing in the label column): each of its cells spans
  // the columns it stands centred over, up to its neighbours ("Race/ethnicity" over six columns,
  // "Total", "Public", "Private" each over three; it may reach no column, set short between two),
  // unless it carries on a one-column header wrapped from the line just above it ("Persons
  // directly" / "reached" / "(in lakh)"); a group header's next line spans as its first does.
  const carriesOn =
    !!above &&
    line.baseline - above.line.baseline <= WRAPPED * line.size &&
    above.line.segments.some((sg) => overlapX(sg, s) > 0 && !above.spanning.has(sg));
  // A figure standing within its own column is that column's value, whatever stands empty
  // around it (a sparse row); a figure between columns may head them ("2016" over four quarters).
  const ownValue = letterless(s.text) && bands.some((b) => s.x0 >= b.x0 - 1 && s.x1 <= b.x1 + 1);
  if (!carriesOn && !ownValue && line.segments.every((sg) => sg.x0 > (bands[0] as Band).x1)) {
    const k = line.segments.indexOf(s);
    const free = { x0: line.segments[k - 1]?.x1 ?? -Infinity, x1: line.segments[k + 1]?.x0 ?? Infinity };
    const centred = centredOver(s, s.size, bands, figures, first, last, free);
    if (centred) return centred;
  }
  // Otherwise a phrase reaching over columns, standing mostly in the gaps between them.
  const inside = bands.reduce((n, b) => n + Math.max(0, overlapX(b, s)), 0);
  if (s.words.length < 2 || inside > (1 - BETWEEN) * (s.x1 - s.x0)) return null;
  return first >= 0 && last > first ? { first, last } : null;
}

/**
 * The widest run of two figure columns or more (`figures`: the columns holding figures) that an
 * extent stands centred over, containing columns `first` to `last` (when it overlaps any: -1
 * otherwise) and lying within `free`; or null.
 */
function centredOver(
  s: Band,
  size: number,
  bands: Band[],
  figures: boolean[],
  first: number,
  last: number,
  free: Band,
): { first: number; last: number } | null {
  const mid = (s.x0 + s.x1) / 2;
  let best: { first: number; last: number } | null = null;
  for (let a = 1; a < bands.length; a++) {
    if (!figures[a]) continue;
    for (let b = a + 1; b < bands.length && figures[b]; b++) {
      const [from, to] = [bands[a] as Band, bands[b] as Band];
      const covers = first < 0 || (a <= first && b >= last);
      const clear = from.x0 > free.x0 && to.x1 < free.x1;
      if (
        covers &&
        clear &&
        Math.abs((from.x0 + to.x1) / 2 - mid) <= CENTRED * size &&
        (!best || b - a > best.last - best.first)
      )
        best = { first: a, last: b };
    }
  }
  return best;
}
