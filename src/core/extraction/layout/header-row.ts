import { type Band, overlapX } from "./geometry.ts";
import type { Rule } from "./lattice.ts";
import { type Line, toSegment } from "./lines.ts";
import type { Word } from "./words.ts";

// A borderless table's header row is often set apart from its body: in bold, on a shade, or over
// a rule, and with its cells closer together than the body's columns, so that the header's line
// does not split into the body's segments (or stands further above the first row than rows stand
// apart). Read on its own it is a short bold line: a heading. What makes it the table's header is
// where its words stand: each over one of the columns below, several columns covered, the words
// of two cells further apart than the words of a sentence.

/** Header cells stand over this many of the columns at least (and over two at least). */
const MIN_COVERED_SHARE = 0.5;
/**
 * Two cells' words stand further apart than a word space (about 0.25-0.35 of the font size, 0.6
 * in a fixed-pitch face), and further than the words inside a cell (a caption "Table 2. Sales
 * by region" spaced evenly is no row of cells).
 */
const MIN_CELL_GAP = 0.5;
const MIN_CELL_GAP_MONO = 0.9;
const CELL_GAP_OVER_WORD_GAP = 1.5;
/** The header stands no further above the first row than this many of the row's font sizes. */
const MAX_DISTANCE = 4;

/**
 * The line just above a borderless table (its first row at `lines[start]`), re-cut at the table's
 * columns, when it is the table's header: bold (every word), or separated from the first row by
 * a horizontal rule across the table, with letters in every cell; each word over one column; half
 * the columns covered at least. `floor` is the first line the search may take (the end of the
 * table above). Null otherwise.
 */
export function headerAbove(
  lines: Line[],
  start: number,
  end: number,
  floor: number,
  bands: Band[],
  horizontals: Rule[],
): Line | null {
  const first = lines[start];
  const line = lines[start - 1];
  if (!first || !line || start - 1 < floor || bands.length < 2) return null;
  const size = Math.max(first.size, line.size);
  if (first.baseline - line.baseline > MAX_DISTANCE * size) return null;
  // A first row with letters in every cell over a body of figures is the header already: a line
  // above it is a caption or a group title.
  const lettered = (t: string) => /\p{L}/u.test(t);
  const bodyFigures = lines.slice(start + 1, end).some((l) => l.segments.some((sg) => !lettered(sg.text)));
  if (bodyFigures && first.segments.every((sg) => lettered(sg.text))) return null;
  const words = line.segments.flatMap((s) => s.words).sort((a, b) => a.x0 - b.x0);
  if (words.length === 0) return null;
  // Each word over exactly one column.
  const cells = new Map<number, Word[]>();
  let prevBand = -1;
  let prev: Word | undefined;
  const cellGaps: number[] = [];
  const wordGaps: number[] = [];
  for (const w of words) {
    const over = bands.flatMap((b, i) => (overlapX(b, w) > 0 ? [i] : []));
    if (over.length !== 1) return null;
    const band = over[0] as number;
    if (band < prevBand) return null;
    if (prev && band !== prevBand) {
      const gap = w.x0 - prev.x1;
      if (gap < (w.mono ? MIN_CELL_GAP_MONO : MIN_CELL_GAP) * Math.min(w.size, prev.size)) return null;
      cellGaps.push(gap);
    } else if (prev) wordGaps.push(w.x0 - prev.x1);
    cells.set(band, [...(cells.get(band) ?? []), w]);
    prevBand = band;
    prev = w;
  }
  if (cells.size < Math.max(2, Math.ceil(MIN_COVERED_SHARE * bands.length))) return null;
  if (Math.min(...cellGaps) <= CELL_GAP_OVER_WORD_GAP * Math.max(0, ...wordGaps)) return null;
  if (![...cells.values()].every((ws) => ws.some((w) => lettered(w.text)))) return null;
  const bold = words.every((w) => w.bold);
  const left = (bands[0] as Band).x0;
  const right = (bands[bands.length - 1] as Band).x1;
  const ruled = horizontals.some(
    (h) =>
      h.y0 > line.baseline &&
      h.y0 < first.y0 + 0.2 * first.size &&
      Math.min(h.x1, right) - Math.max(h.x0, left) >= 0.6 * (right - left),
  );
  if (!bold && !ruled) return null;
  const segments = [...cells.entries()].sort((a, b) => a[0] - b[0]).map(([, ws]) => toSegment(ws));
  return { ...line, segments };
}
