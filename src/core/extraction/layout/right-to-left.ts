import type { Box } from "./geometry.ts";
import type { Line } from "./lines.ts";

/** A page whose body text is mostly right-to-left (Arabic, Hebrew, Persian). */
export function rightToLeftPage(lines: readonly Line[]): boolean {
  let rtl = 0;
  let total = 0;
  for (const l of lines)
    for (const s of l.segments)
      for (const w of s.words) {
        total += w.text.length;
        if (w.rtl) rtl += w.text.length;
      }
  return rtl > total / 2;
}

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
