import type { TableGrid } from "../../tables/table-model.ts";
import type { Box } from "./geometry.ts";
import { type Line, rightToLeftWords } from "./lines.ts";

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
 * A grid found on a right-to-left page that reads as a line, not as a table: a single row (a
 * running head set as two spans apart, with a rule under it). Grids of two rows or more stay
 * tables, two columns too: a ruled label/value block reads as text to some readers, but it is
 * drawn as a table is, as a table of two columns of sentences is (tabula's arabic.pdf).
 */
export function rightToLeftLines(grid: TableGrid): boolean {
  return grid.length < 2;
}
