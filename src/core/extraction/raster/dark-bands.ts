import type { GreyImage } from "./grey-image.ts";

// Light text on a dark band (a table header printed white on black or dark grey, as office
// suites style invoices) is not read by the recogniser, which looks for dark letters on light
// paper: the band comes out as nothing, and the table loses its column names. Such bands are
// found (rows dark across a long stretch, thicker than a rule and no taller than a few lines)
// and turned negative, so their letters are dark on light like the rest of the page.

/** Darker than this is the band's ground (letters on it are lighter). */
const DARK = 110;
/** Up to this grey, a band's pixel is its ground (with the noise and blur on it); lighter is a letter. */
const GROUND = 150;
/** Share of dark pixels in every window along a solid row: the band's edge above or below its letters. */
const SOLID = 0.8;
/** Share of dark pixels, over the band's width, of the rows between its edges (white letters take the rest). */
const INTERIOR = 0.3;
/** A band is at least this long (points): shorter dark runs are words set in bold, or a logo. */
const MIN_LENGTH = 60;
/** And at most this tall (points): taller is a picture or a dark panel, not a row of text. */
const MAX_THICKNESS = 48;
/** How far (points) a solid row's ends may lie from those of the rows above it in one edge. */
const EDGE_REACH = 6;

/**
 * The longest stretch of a row dark for SOLID of every window along it, at least minLength long.
 * `prefix` (the row's length and one) is scratch space, shared by the rows of a page.
 */
function solidStretch(
  row: Uint8Array,
  window: number,
  minLength: number,
  prefix: Int32Array,
): [number, number] | null {
  const n = row.length;
  for (let x = 0; x < n; x++) prefix[x + 1] = (prefix[x] as number) + ((row[x] as number) < DARK ? 1 : 0);
  let best: [number, number] | null = null;
  let start = -1;
  for (let x = 0; x + window <= n; x++) {
    const dense = (prefix[x + window] as number) - (prefix[x] as number) >= SOLID * window;
    if (dense && start < 0) start = x;
    if ((!dense || x + window === n) && start >= 0) {
      const end = dense ? x + window : x - 1 + window;
      if (end - start >= minLength && (!best || end - start > best[1] - best[0])) best = [start, end];
      start = -1;
    }
  }
  return best;
}

type Edge = { y0: number; y1: number; x0: number; x1: number };

/**
 * Rows of solid stretches one under another, as edges: where the solid rows of a band's top or
 * bottom lie. A row joins the edge above only where its stretch starts and ends where the edge's
 * do (within `reach`): across a band whose letters fill only part of it (a name at the left of a
 * letterhead), the rows through the letters still hold a long solid stretch, the empty rest of
 * the band, and it must not join the band's top to its bottom as one thick edge.
 */
function edgesOf(stretches: readonly ([number, number] | null)[], reach: number): Edge[] {
  const edges: Edge[] = [];
  for (let y = 0; y < stretches.length; y++) {
    const s = stretches[y];
    if (!s) continue;
    const last = edges[edges.length - 1];
    if (last && last.y1 === y - 1 && Math.abs(s[0] - last.x0) <= reach && Math.abs(s[1] - last.x1) <= reach) {
      last.y1 = y;
      last.x0 = Math.min(last.x0, s[0]);
      last.x1 = Math.max(last.x1, s[1]);
    } else edges.push({ y0: y, y1: y, x0: s[0], x1: s[1] });
  }
  return edges;
}

const overlap = (a: Edge, b: Edge) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
/** Two edges over one stretch: they overlap for most of the shorter, and neither is much longer. */
const sameStretch = (a: Edge, b: Edge) => {
  const shorter = Math.min(a.x1 - a.x0, b.x1 - b.x0);
  const longer = Math.max(a.x1 - a.x0, b.x1 - b.x0);
  return overlap(a, b) >= 0.8 * shorter && shorter >= 0.8 * longer;
};

/**
 * Turns dark bands of the image negative, in place; returns how many it turned. A band is two
 * solid edges (its dark ground above and below its letters) over the same stretch, no further
 * apart than a row of text is tall, with rows between them that are dark for the most part.
 */
export function invertDarkBands(img: GreyImage, scale: number): number {
  const { data, width, height } = img;
  const window = Math.max(4, Math.round(6 * scale));
  const stretches: ([number, number] | null)[] = [];
  const prefix = new Int32Array(width + 1);
  const minLength = Math.round(MIN_LENGTH * scale);
  for (let y = 0; y < height; y++)
    stretches.push(solidStretch(data.subarray(y * width, (y + 1) * width), window, minLength, prefix));
  const edges = edgesOf(stretches, Math.round(EDGE_REACH * scale));
  let turned = 0;
  for (let k = 0; k + 1 < edges.length; k++) {
    const top = edges[k] as Edge;
    // The band's bottom: the next edge below over the same stretch (edges between them are rows
    // through its letters, shorter than the band).
    let b = k + 1;
    while (b < edges.length && !sameStretch(top, edges[b] as Edge)) b++;
    const first = edges[b];
    if (!first) continue;
    // Its solid rows run on in edges of their own where a letter reaches lower at one end.
    while (
      b + 1 < edges.length &&
      (edges[b + 1] as Edge).y0 === (edges[b] as Edge).y1 + 1 &&
      sameStretch(top, edges[b + 1] as Edge)
    )
      b++;
    const bottom = { ...first, y1: (edges[b] as Edge).y1 };
    if (bottom.y1 - top.y0 > MAX_THICKNESS * scale) continue;
    const x0 = Math.min(top.x0, bottom.x0);
    const x1 = Math.max(top.x1, bottom.x1);
    let dark = 0;
    for (let y = top.y1 + 1; y < bottom.y0; y++)
      for (let x = x0; x < x1; x++) if ((data[y * width + x] as number) < DARK) dark++;
    const inside = (bottom.y0 - top.y1 - 1) * (x1 - x0);
    if (inside <= 0 || dark < INTERIOR * inside) continue;
    // Its ends: columns dark for half the band's height, a little past where the rows' stretches end.
    const columnDark = (x: number) => {
      let n = 0;
      for (let y = top.y0; y <= bottom.y1; y++) if ((data[y * width + x] as number) < DARK) n++;
      return n >= 0.5 * (bottom.y1 - top.y0 + 1);
    };
    const reach = Math.round(4 * scale);
    let from = x0;
    let to = x1;
    // (A stretch found by windows may start or end a few pixels out on the paper.)
    while (from < to && from - x0 < reach && !columnDark(from)) from++;
    while (to > from && x1 - to < reach && !columnDark(to - 1)) to--;
    while (from > 0 && x0 - from < reach && columnDark(from - 1)) from--;
    while (to < width && to - x1 < reach && columnDark(to)) to++;
    // The ground, and the noise and blur on it (a little lighter), becomes paper; the letters,
    // lighter still, become ink.
    for (let y = top.y0; y <= bottom.y1; y++)
      for (let x = from; x < to; x++) {
        const i = y * width + x;
        const v = data[i] as number;
        data[i] = v < GROUND ? 255 : 255 - v;
      }
    // The band's blurred rim, a few pixels around it that no letter reaches, is ground too: made
    // paper, lest it be read as a rule or a row of dashes.
    const rim = Math.max(1, Math.round(scale));
    for (let y = Math.max(0, top.y0 - rim); y <= Math.min(height - 1, bottom.y1 + rim); y++)
      for (let x = Math.max(0, from - rim); x < Math.min(width, to + rim); x++) {
        const inside = y >= top.y0 && y <= bottom.y1 && x >= from && x < to;
        if (!inside) data[y * width + x] = 255;
      }
    turned++;
    k = b;
  }
  return turned;
}
