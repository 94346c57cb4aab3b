import { type TableGrid, textRows } from "../table-model.ts";
import type { Box } from "./geometry.ts";
import { type Line, letterless, rightToLeftWords } from "./lines.ts";

/** A page whose body text is mostly right-to-left. */
export const rightToLeftPage = (lines: readonly Line[]) =>
  rightToLeftWords(lines.flatMap((l) => l.segments.flatMap((s) => s.words)));

type Span = { x0: number; x1: number };
const mirror = <B extends Span>(b: B): B => ({ ...b, x0: -b.x1, x1: -b.x0 });

/**
 * `items` in the order `order` reads them on the page mirrored left to right: a right-to-left
 * page's columns are read from the right, its elements on one band from the right, by the same
 * rules as a left-to-right page. `order` gets the mirrored items and the mirror for the other
 * boxes it weighs (gutters, figures); the items come back as they were.
 */
export function mirroredOrder<T extends Box>(
  items: readonly T[],
  order: (mirrored: T[], flip: <B extends Span>(b: B) => B) => T[],
): T[] {
  const original = new Map<T, T>();
  const mirrored = items.map((item) => {
    const m = mirror(item);
    original.set(m, item);
    return m;
  });
  return order(mirrored, mirror).map((m) => original.get(m) ?? m);
}

/**
 * A grid found on a right-to-left page that reads as lines, not as a table: a single row (a
 * running head set as two spans apart, with a rule under it), or a form's label/value block.
 * Other grids of two rows or more stay tables, two columns of sentences too (tabula's arabic.pdf).
 */
export function rightToLeftLines(grid: TableGrid): boolean {
  return grid.length < 2 || labelValueBlock(textRows(grid));
}

/**
 * A statement's end (Latin, Arabic, Persian, Hebrew): a label names a field and says nothing. It
 * may ask, though: a form's field is often a question ("Is the standard mandatory?") answered
 * by the value or the box ticked beside it.
 */
const sentenceEnd = /[.!\u06D4\u05C3]$/u;

/**
 * A form's label/value block drawn with rules: two columns, the one read first (the right one on
 * a right-to-left page) all labels (distinct words without figures or a statement's stop), the
 * other values of mixed kinds, figures and dates on some rows and words on others, words below
 * the first row too. A data table's column holds one kind of value under its header (a column of
 * dates under "Date" stays a table); a field per row, each of its own kind, is a form's layout.
 */
function labelValueBlock(rows: string[][]): boolean {
  if (rows.length < 3 || rows.some((r) => r.length !== 2)) return false;
  const labels = rows.map((r) => (r[1] ?? "").trim());
  const values = rows.map((r) => (r[0] ?? "").trim());
  const isLabel = (t: string) => /\p{L}/u.test(t) && !/\p{N}/u.test(t) && !sentenceEnd.test(t);
  if (!labels.every(isLabel) || new Set(labels).size < labels.length) return false;
  const figures = values.filter((v) => v !== "" && letterless(v)).length;
  const wordsBelowFirst = values.slice(1).filter((v) => /\p{L}/u.test(v)).length;
  return figures > 0 && wordsBelowFirst > 0;
}
