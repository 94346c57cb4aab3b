import { type Element, readingOrder } from "./blocks.ts";
import type { Box } from "./geometry.ts";
import type { Line } from "./lines.ts";
import { type Gutter, orderByGutters, pageGutters } from "./page-gutters.ts";
import type { Word } from "./words.ts";

// Pages whose column count changes down the page (one column over two, two over three and back)
// have no gutter that runs the whole page: each stretch's gutters are crossed by the lines of the
// stretches above and below it. Such a page is cut across, between two lines, into stretches
// that each have gutters of their own (or none: one column), and each stretch is read on its
// own, top to bottom.

/** A stretch of the page, top to bottom, and the gutters of its columns (none: one column). */
export type Region = { y0: number; y1: number; gutters: Gutter[] };

/** Lines a stretch holds at least (fewer cannot show their gutters). */
const MIN_LINES = 6;
/** Times a stretch is cut again. */
const MAX_DEPTH = 3;
/** White between words as wide as an unruled gutter, in font sizes (page-gutters.ts's MIN_WIDTH). */
const GUTTER_GAP = 0.6;
/** Lines holding such white, at most, as a share of a stretch read as one column. */
const ONE_COLUMN_GAPPED = 0.3;

/**
 * The page's stretches with their gutters, top to bottom, when the page has no gutters of its
 * own but stretches of it do; [] otherwise. Only a page with many lines that hold a wide white
 * between two words is looked at (a page of one column has none, and pays nothing).
 */
export function pageRegions(lines: readonly Line[], size: number, verticals: readonly Box[] = []): Region[] {
  if (lines.length < 2 * MIN_LINES) return [];
  if (lines.filter((l) => innerGap(l, GUTTER_GAP * size)).length < 2 * MIN_LINES) return [];
  const sorted = [...lines].sort((a, b) => a.y0 - b.y0);
  const regions = stretches(sorted, size, verticals, 0);
  if (!regions.some((r) => r.gutters.length) || regions.length < 2) return [];
  // A stretch without gutters must be one column: lines with no white between words as wide as
  // a gutter. Columns whose gutter is crossed too often (headings set across them, one after
  // another) are left to the usual cut, which reads them row by row between those headings.
  if (regions.some((r) => !r.gutters.length && r.gapped > ONE_COLUMN_GAPPED)) return [];
  // The stretches meet halfway between their lines: nothing of the page falls outside them.
  const out: Region[] = regions.map((r) => ({ y0: r.y0, y1: r.y1, gutters: r.gutters }));
  for (let k = 1; k < out.length; k++) {
    const mid = ((out[k - 1] as Region).y1 + (out[k] as Region).y0) / 2;
    (out[k - 1] as Region).y1 = mid;
    (out[k] as Region).y0 = mid;
  }
  (out[0] as Region).y0 = Number.NEGATIVE_INFINITY;
  (out[out.length - 1] as Region).y1 = Number.POSITIVE_INFINITY;
  return out;
}

/** Whether a line holds white at least `least` wide between two of its words. */
function innerGap(l: Line, least: number): boolean {
  const ws = l.segments.flatMap((s) => s.words).sort((a, b) => a.x0 - b.x0);
  for (let k = 1; k < ws.length; k++) if ((ws[k] as Word).x0 - (ws[k - 1] as Word).x1 >= least) return true;
  return false;
}

/** A stretch as found: its share of lines holding white as wide as a gutter too. */
type Stretch = Region & { gapped: number };

const regionOf = (lines: readonly Line[], gutters: Gutter[], size: number): Stretch => ({
  y0: Math.min(...lines.map((l) => l.y0)),
  y1: Math.max(...lines.map((l) => l.y1)),
  gutters,
  gapped: lines.filter((l) => innerGap(l, GUTTER_GAP * size)).length / lines.length,
});

/**
 * The lines (top to bottom) as stretches: themselves when they have gutters, else cut once
 * where the stretches on both sides are read best (the most lines in stretches with gutters),
 * each side cut again.
 */
function stretches(lines: Line[], size: number, verticals: readonly Box[], depth: number): Stretch[] {
  const whole = pageGutters(lines, size, [], verticals);
  if (whole.length || depth >= MAX_DEPTH || lines.length < 2 * MIN_LINES)
    return [regionOf(lines, whole, size)];
  // Every cut between two lines is tried (a stretch may follow another at the usual leading);
  // of cuts that read as many lines, the one with the widest white stays.
  let best: { k: number; read: number; gap: number } | null = null;
  const clear = clearBands(lines, size);
  const gutters = (a: number, b: number) =>
    clear(a, b) && pageGutters(lines.slice(a, b), size, [], verticals).length > 0;
  for (let k = MIN_LINES; k <= lines.length - MIN_LINES; k++) {
    const gap = (lines[k] as Line).y0 - Math.max(...lines.slice(0, k).map((l) => l.y1));
    const read = (gutters(0, k) ? k : 0) + (gutters(k, lines.length) ? lines.length - k : 0);
    if (read > 0 && (!best || read > best.read || (read === best.read && gap > best.gap)))
      best = { k, read, gap };
  }
  if (!best) return [regionOf(lines, [], size)];
  return [
    ...stretches(lines.slice(0, best.k), size, verticals, depth + 1),
    ...stretches(lines.slice(best.k), size, verticals, depth + 1),
  ];
}

/** A gutter's clear band, at most, as a share of the most lines over one point (page-gutters.ts: a fifth of the usual). */
const CLEAR_SHARE = 0.2;
/** Narrowest band worth a closer look, in font sizes (page-gutters.ts's narrowest: a ruled gutter). */
const CLEAR_WIDTH = 0.25;

/**
 * A quick test whether lines a..b (of these) may have a gutter at all, from the lines over each
 * point summed once: a band as narrow as a ruled gutter, inside the text, that few lines cross
 * against the most that cross anywhere (looser than pageGutters, which weighs the usual count:
 * what fails here fails there). Every cut of a page is tried, and pageGutters is too slow to run
 * on both sides of every one.
 */
function clearBands(lines: readonly Line[], size: number): (a: number, b: number) => boolean {
  let left = Number.POSITIVE_INFINITY;
  let right = Number.NEGATIVE_INFINITY;
  for (const l of lines)
    for (const s of l.segments)
      for (const w of s.words) {
        left = Math.min(left, w.x0);
        right = Math.max(right, w.x1);
      }
  if (!Number.isFinite(left)) return () => false;
  left = Math.floor(left);
  const width = Math.ceil(right) - left + 1;
  // before[k * width + x]: lines among the first k with a word over x.
  const before = new Int32Array((lines.length + 1) * width);
  for (const [k, l] of lines.entries()) {
    const row = before.subarray(k * width, (k + 1) * width);
    const next = before.subarray((k + 1) * width, (k + 2) * width);
    next.set(row);
    const mark = new Uint8Array(width);
    for (const s of l.segments)
      for (const w of s.words)
        for (let x = Math.ceil(w.x0) - left; x <= Math.floor(w.x1) - left; x++) mark[x] = 1;
    for (let x = 0; x < width; x++) next[x] = (next[x] as number) + (mark[x] as number);
  }
  return (a, b) => {
    let most = 0;
    const cover = new Int32Array(width);
    for (let x = 0; x < width; x++) {
      cover[x] = (before[b * width + x] as number) - (before[a * width + x] as number);
      most = Math.max(most, cover[x] as number);
    }
    let run = 0;
    for (let x = 1; x < width - 1; x++) {
      run = (cover[x] as number) <= CLEAR_SHARE * most ? run + 1 : 0;
      if (run >= CLEAR_WIDTH * size) return true;
    }
    return false;
  };
}

/** The region an element stands in: the one its middle falls in. */
export const regionIndex = (regions: readonly Region[], b: { y0: number; y1: number }) => {
  const y = (b.y0 + b.y1) / 2;
  const k = regions.findIndex((r) => y >= r.y0 && y < r.y1);
  return k < 0 ? regions.length - 1 : k;
};

/** Elements in reading order, stretch by stretch: each by its own gutters, or by the usual cut. */
export function orderByRegions(
  elements: Element[],
  size: number,
  regions: readonly Region[],
  figures: readonly Box[],
  flip: <B extends { x0: number; x1: number }>(b: B) => B,
): Element[] {
  const parts: Element[][] = regions.map(() => []);
  for (const e of elements) parts[regionIndex(regions, e)]?.push(e);
  return regions.flatMap((r, k) => {
    const els = parts[k] as Element[];
    if (!r.gutters.length) return readingOrder(els, size);
    const inside = figures.filter((f) => regionIndex(regions, f) === k);
    return orderByGutters(
      els,
      size,
      r.gutters.map(flip).sort((a, b) => a.x0 - b.x0),
      inside.map(flip),
    );
  });
}
