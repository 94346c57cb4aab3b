import { type Band, overlapX } from "./geometry.ts";
import type { Segment } from "./lines.ts";
import type { Word } from "./words.ts";

// A cell set over several columns of an unruled table: a header over a group of columns ("Lead
// time (years)" over four columns of figures), a note row across the figures. Its words stand in
// the gaps between the columns as much as in them; a table's columns set close together put
// every word of a segment inside one column or another instead, and those words are cells of
// their own.

/** Where the centre of a run of columns may stand off the centre of a header set over it, in font sizes. */
const CENTRED = 1;

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

/** The first and last columns `s` spans, or null when it is no spanning cell (it splits by column, as before). */
export function spannedColumns(
  s: Segment,
  bands: Band[],
  alone: boolean,
): { first: number; last: number } | null {
  if (bands.length < 2 || !onePhrase(s)) return null;
  const inside = bands.reduce((n, b) => n + Math.max(0, overlapX(b, s)), 0);
  if (inside > (1 - BETWEEN) * (s.x1 - s.x0)) return null;
  const over = bands.flatMap((b, k) => (overlapX(b, s) > 0 ? [k] : []));
  let first = over[0] ?? -1;
  let last = over[over.length - 1] ?? -1;
  // Alone on its line and clear of the label column: a header over the figure columns, which it
  // spans as far as it stands centred over them (it may reach no column: set short between two).
  if (alone && s.x0 > (bands[0] as Band).x1) {
    const mid = (s.x0 + s.x1) / 2;
    for (let a = 1; a < bands.length; a++) {
      for (let b = bands.length - 1; b > a; b--) {
        const covers = first < 0 || (a <= first && b >= last);
        const centre = ((bands[a] as Band).x0 + (bands[b] as Band).x1) / 2;
        if (covers && Math.abs(centre - mid) <= CENTRED * s.size && b - a > last - first) {
          first = a;
          last = b;
        }
      }
    }
  }
  return first >= 0 && last > first ? { first, last } : null;
}
