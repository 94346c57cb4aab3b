import { type Box, median } from "./geometry.ts";
import { type Line, toLines } from "./lines.ts";
import type { Word } from "./words.ts";

// A shaded side column, a tinted band across the top, a tinted box: the fill draws the edge of a
// region that the eye reads apart from the text beside it, however narrow the white between them
// (two or three characters beside a sidebar, less than a gutter). Found from the text alone such
// a region runs into its neighbours: a line of the sidebar and one of the body on one baseline
// are one line, and the two blocks together read as a table. So a large filled rectangle that
// holds lines of text bounds a region of its own, read before gutters and tables are decided.
// Table shading is no such region: a zebra row or a shaded header row holds one or two lines and
// continues in the rows beside it; a shaded column holds cells whose rows go on outside it.

/** Share of the page's height a side column's fill spans, at least. */
const TALL = 1 / 3;
/** Share of the page's width a band's or a box's fill spans, at least. */
const WIDE = 1 / 3;
/** Lines of text a region holds, at least: shaded table rows hold one (a header, two). */
const MIN_LINES = 3;
/** Height of a region, at least, in font sizes of its text. */
const MIN_HEIGHT = 3;
/** Share of the page a fill may cover and bound a region: more is the page's background. */
const MAX_PAGE_SHARE = 0.7;
/** Share of the region's lines that may go on outside it on their baseline, on both sides. */
const MAX_BOTH_SIDES = 0.3;
/** Words of a table, inside the fill and above or below it, that make the fill a table's shading. */
const MIN_TABLE_WORDS = 2;

const centreIn = (w: Box, b: Box) => {
  const x = (w.x0 + w.x1) / 2;
  const y = (w.y0 + w.y1) / 2;
  return x > b.x0 && x < b.x1 && y > b.y0 && y < b.y1;
};
/** A region a fill bounds: its box (the fill's) and the words it holds. */
export type ShadedRegion = { box: Box; words: Word[] };

/**
 * The regions the page's filled rectangles bound, the outermost where they nest, and none that
 * would hold all of the page's words. `fills`: filled rectangles (not rules) in the reading frame;
 * `tables`: the words of each table found on the page as if it had no regions, asked for only
 * when some fill is large enough and holds lines.
 */
export function shadedRegions(
  fills: readonly Box[],
  words: readonly Word[],
  page: { width: number; height: number },
  tables: () => readonly ReadonlySet<Word>[],
): ShadedRegion[] {
  const candidates: ShadedRegion[] = [];
  for (const f of fills) {
    const w = f.x1 - f.x0;
    const h = f.y1 - f.y0;
    if (w * h > MAX_PAGE_SHARE * page.width * page.height) continue;
    if (h < TALL * page.height && w < WIDE * page.width) continue;
    const inside = words.filter((x) => !x.vertical && centreIn(x, f));
    if (inside.length < MIN_LINES || inside.length === words.length) continue;
    const lines = toLines(inside);
    if (lines.length < MIN_LINES || h < MIN_HEIGHT * median(inside.map((x) => x.size))) continue;
    const outside = words.filter((x) => !centreIn(x, f));
    if (tablePart(f, lines, toLines(outside), tables())) continue;
    candidates.push({ box: f, words: inside });
  }
  // The outermost of nested fills (a box inside a shaded column); of two that overlap, the larger.
  const area = (r: ShadedRegion) => (r.box.x1 - r.box.x0) * (r.box.y1 - r.box.y0);
  const kept: ShadedRegion[] = [];
  for (const r of candidates.sort((a, b) => area(b) - area(a))) {
    const overlaps = kept.some(
      (k) => r.box.x0 < k.box.x1 && r.box.x1 > k.box.x0 && r.box.y0 < k.box.y1 && r.box.y1 > k.box.y0,
    );
    if (!overlaps) kept.push(r);
  }
  const held = new Set(kept.flatMap((r) => r.words));
  return held.size === words.length ? [] : kept;
}

/**
 * Whether the fill shades part of a table: most of its lines go on, on their baseline, past both
 * its sides (a shaded column between others), or a table found on the whole page runs on above
 * or below it, under its width (the shaded body of a table whose head and total rows are not).
 * A table that only stands beside the fill, its words inside it one column of the table, is the
 * region's lines read together with the text beside them: what the region undoes.
 */
function tablePart(
  f: Box,
  inside: readonly Line[],
  outside: readonly Line[],
  tables: readonly ReadonlySet<Word>[],
): boolean {
  const onBaseline = (l: Line) => outside.filter((o) => Math.abs(o.baseline - l.baseline) <= 0.3 * l.size);
  const bothSides = inside.filter((l) => {
    const beside = onBaseline(l);
    return beside.some((o) => o.x1 <= f.x0) && beside.some((o) => o.x0 >= f.x1);
  }).length;
  if (bothSides > MAX_BOTH_SIDES * inside.length) return true;
  return tables.some((t) => {
    let held = 0;
    let under = 0;
    for (const w of t) {
      if (centreIn(w, f)) held++;
      else if ((w.x0 + w.x1) / 2 > f.x0 && (w.x0 + w.x1) / 2 < f.x1) under++;
    }
    return held >= MIN_TABLE_WORDS && under >= MIN_TABLE_WORDS;
  });
}
