/** An axis-aligned box in the reading frame: points, origin top-left, y down. */
export type Box = { x0: number; y0: number; x1: number; y1: number };

/** The box around boxes (of words, segments, lines), in one pass: no spread of a large array. */
export function boxOf(items: Box[]): Box {
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = Number.NEGATIVE_INFINITY;
  let y1 = Number.NEGATIVE_INFINITY;
  for (const b of items) {
    if (b.x0 < x0) x0 = b.x0;
    if (b.y0 < y0) y0 = b.y0;
    if (b.x1 > x1) x1 = b.x1;
    if (b.y1 > y1) y1 = b.y1;
  }
  return { x0, y0, x1, y1 };
}

/** The largest font size of sized things (words, segments). */
export function maxSize(items: { size: number }[]): number {
  let size = Number.NEGATIVE_INFINITY;
  for (const i of items) if (i.size > size) size = i.size;
  return size;
}

/** A horizontal extent: a table column's, say. */
export type Band = { x0: number; x1: number };

export const overlapY = (a: Box, b: Box) => Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
/** How far two horizontal extents overlap (negative: the gap between them). */
export const overlapX = (a: Band, b: Band) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);

export const median = (xs: number[]) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

/**
 * The median (as median() takes it: the element at floor(n / 2) once sorted) of values added one
 * by one, for values with few distinct numbers such as font sizes: counted, so adding is O(1)
 * and asking is O(distinct values), where median() sorts a copy every time.
 */
export class CountedMedian {
  private readonly counts = new Map<number, number>();
  private n = 0;

  add(v: number): void {
    this.counts.set(v, (this.counts.get(v) ?? 0) + 1);
    this.n++;
  }

  /** 0 when nothing was added, as median([]) is. */
  value(): number {
    let seen = 0;
    for (const v of [...this.counts.keys()].sort((a, b) => a - b)) {
      seen += this.counts.get(v) as number;
      if (seen > Math.floor(this.n / 2)) return v;
    }
    return 0;
  }
}

/** Groups sorted numbers whose neighbours are within `tol`; returns each group's mean. */
export function clusterValues(values: number[], tol: number): number[] {
  const s = [...values].sort((a, b) => a - b);
  const out: number[][] = [];
  for (const v of s) {
    const g = out[out.length - 1];
    if (g && v - (g[g.length - 1] as number) <= tol) g.push(v);
    else out.push([v]);
  }
  return out.map((g) => g.reduce((a, b) => a + b, 0) / g.length);
}
