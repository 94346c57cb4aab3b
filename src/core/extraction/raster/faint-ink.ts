import { median } from "../layout/geometry.ts";
import type { GreyImage } from "./grey-image.ts";

// Faint print on a scan (thin or light toner, grey labels beside black values) lies between the
// page's black ink and its paper. The page's Otsu cut (clean-background.ts) then falls between
// the black and everything else, and the faint words are whitened with the paper, or kept grey
// and dropped by the recogniser's own threshold: a page reads as its title only. A stretch of
// all the light greys would also lift what must stay paper: the other side of the sheet showing
// through (bleed) and the paper's noise and dust (a local stretch of that kind blew JPEG noise up
// into specks on clean scans). So faint marks are found as connected components of the lightly
// smoothed page (darker than the paper by three noise deviations), and a mark counts as print
// only when it is deep (six deviations and a tenth of the paper's grey: bleed, blurred through
// the paper, comes out shallower; flatten-shading.ts has already taken the widest of it for
// shade), a letter's size at half its depth (dust is a few pixels there, however far smoothing
// spreads it), about as steep-edged as the page's black ink, and beside another mark on its
// line (print comes in lines, dust seldom). On a page with enough of them, those marks, the
// faint parts of the black ink (thin strokes of letters whose stems pass the cut) and the faint
// greys around both are mapped from the faint ink's grey (black) to the paper's (white); the
// rest is whitened as before. A page with too few (a clean scan) is left exactly as it was.

/** Smoothing radius, in points, before components and gradients are measured (noise). */
const SMOOTH_PT = 0.35;
/** A faint mark is darker than the paper by this many noise deviations (of the smoothed page)... */
const NOISE_DEVIATIONS = 3;
/** A faint mark is judged alone only when its darkest grey lies this many deviations below the paper. */
const DEEP_DEVIATIONS = 6;
/**
 * ...and at least this share of the paper's grey: the other side of a sheet shows through at a
 * tenth of its ink or less, blurred shallower still; faint toner prints deeper than that.
 */
const DEEP_SHARE = 0.1;
/** ...and by at least this many grey levels. */
const MIN_DEPTH = 10;
/** A faint component's edges must be at least this share as steep (for its depth) as the ink's. */
const SHARPNESS_SHARE = 0.6;
/** A component is a letter's part when it is at least this tall or wide (points)... */
const MIN_EXTENT_PT = 2.5;
/** ...and no taller than this (points): taller faint blobs are shading or bleed of a block. */
const MAX_EXTENT_PT = 40;
/** How far (points) above and below a passing mark the rest of its letter is looked for... */
const REGION_REACH_PT = 0.6;
/** ...and how far along its line (the letters beside it, at a letter's width). */
const REGION_ALONG_PT = 3;
/** ...as greys this many noise deviations below the paper. */
const REGION_DEVIATIONS = 2.5;
/** The widest gap (points) between two marks beside each other on a line of print (a word space). */
const LINE_GAP_PT = 4;
/**
 * The page is lifted only when at least this share of its faint marks stand in lines: on a page
 * of faint print more than half do, on a clean scan sown with dust a few in twenty.
 */
const LINED_SHARE = 0.3;
/** The page is lifted only when this many faint components pass (a few stray marks are not print). */
const MIN_MARKS = 12;

/** Per-component measures, for tests and tuning. */
export type FaintMark = {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  pixels: number;
  /** Paper minus the component's darkest smoothed grey. */
  depth: number;
  /** The steepest smoothed gradient in the component (grey a pixel), divided by its depth. */
  sharpness: number;
  /** The larger side (pixels) of the box of its pixels at least half its depth deep. */
  core: number;
  /** Whether it holds a pixel at or below the page's ink cut (black ink). */
  strong: boolean;
};

export type FaintInkReport = {
  paper: number;
  noise: number;
  threshold: number;
  inkSharpness: number;
  marks: FaintMark[];
  lifted: number;
  /** Faint marks deep, sized and sharp enough; of those, the ones lined up beside another mark. */
  candidates?: number;
  passing?: number;
};

/** Box-smoothed copy of the image, radius r (a separable running mean). */
function boxSmooth(img: GreyImage, r: number): Uint8Array {
  const { data, width, height } = img;
  if (r <= 0) return data.slice();
  const tmp = new Float32Array(data.length);
  const out = new Uint8Array(data.length);
  const n = 2 * r + 1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let k = -r; k <= r; k++) s += data[row + Math.min(width - 1, Math.max(0, x + k))] as number;
      tmp[row + x] = s / n;
    }
  }
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let s = 0;
      for (let k = -r; k <= r; k++) s += tmp[Math.min(height - 1, Math.max(0, y + k)) * width + x] as number;
      out[y * width + x] = Math.round(s / n);
    }
  return out;
}

/** The paper's grey (the page's median) and its noise (1.4826 x the median absolute deviation). */
function paperAndNoise(smooth: Uint8Array): { paper: number; noise: number } {
  const hist = new Float64Array(256);
  for (let i = 0; i < smooth.length; i++)
    hist[smooth[i] as number] = (hist[smooth[i] as number] as number) + 1;
  const half = smooth.length / 2;
  let paper = 255;
  for (let v = 0, acc = 0; v < 256; v++) {
    acc += hist[v] as number;
    if (acc >= half) {
      paper = v;
      break;
    }
  }
  const dev = new Float64Array(256);
  for (let v = 0; v < 256; v++)
    dev[Math.abs(v - paper)] = (dev[Math.abs(v - paper)] as number) + (hist[v] as number);
  let mad = 0;
  for (let d = 0, acc = 0; d < 256; d++) {
    acc += dev[d] as number;
    if (acc >= half) {
      mad = d;
      break;
    }
  }
  return { paper, noise: Math.max(0.5, 1.4826 * mad) };
}

/**
 * Finds faint sharp-edged marks and darkens them in place, so that the Otsu cut `cut` (already
 * taken on this image) keeps them as ink. Returns what it measured (`lifted`: components darkened).
 */
export function liftFaintInk(img: GreyImage, cut: number, scale: number): FaintInkReport {
  const { data, width, height } = img;
  const smooth = boxSmooth(img, Math.max(1, Math.round(SMOOTH_PT * scale)));
  const { paper, noise } = paperAndNoise(smooth);
  const threshold = Math.min(paper - MIN_DEPTH, paper - NOISE_DEVIATIONS * noise);
  const report: FaintInkReport = { paper, noise, threshold, inkSharpness: 0, marks: [], lifted: 0 };
  if (threshold <= cut) return report;
  // Gradient magnitude of the smoothed page (Sobel, per pixel).
  const grad = new Float32Array(data.length);
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const a = smooth[i - width - 1] as number;
      const b = smooth[i - width] as number;
      const c = smooth[i - width + 1] as number;
      const d = smooth[i - 1] as number;
      const f = smooth[i + 1] as number;
      const g = smooth[i + width - 1] as number;
      const h = smooth[i + width] as number;
      const k = smooth[i + width + 1] as number;
      const gx = c + 2 * f + k - a - 2 * d - g;
      const gy = g + 2 * h + k - a - 2 * b - c;
      grad[i] = Math.sqrt(gx * gx + gy * gy) / 8;
    }
  const minExtent = MIN_EXTENT_PT * scale;
  const maxExtent = MAX_EXTENT_PT * scale;
  const label = new Int32Array(data.length);
  const stack: number[] = [];
  const members: number[][] = [];
  for (let start = 0; start < data.length; start++) {
    if ((smooth[start] as number) > threshold || label[start] !== 0) continue;
    const id = members.length + 1;
    label[start] = id;
    stack.push(start);
    const mine: number[] = [];
    let x0 = width;
    let x1 = -1;
    let y0 = height;
    let y1 = -1;
    let darkest = 255;
    let strong = false;
    let gmax = 0;
    while (stack.length > 0) {
      const p = stack.pop() as number;
      const x = p % width;
      const y = (p - x) / width;
      mine.push(p);
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      const s = smooth[p] as number;
      if (s < darkest) darkest = s;
      if ((data[p] as number) <= cut) strong = true;
      if ((grad[p] as number) > gmax) gmax = grad[p] as number;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const q = ny * width + nx;
          if (label[q] === 0 && (smooth[q] as number) <= threshold) {
            label[q] = id;
            stack.push(q);
          }
        }
      }
    }
    const depth = paper - darkest;
    members.push(mine);
    // The mark's core, where it is at least half its depth: a speck of dust is a few pixels
    // there however far the smoothing and the low threshold spread it.
    const half = paper - depth / 2;
    let core = 0;
    let cx0 = width;
    let cx1 = -1;
    let cy0 = height;
    let cy1 = -1;
    for (const p of mine) {
      if ((smooth[p] as number) > half) continue;
      const x = p % width;
      const y = (p - x) / width;
      if (x < cx0) cx0 = x;
      if (x > cx1) cx1 = x;
      if (y < cy0) cy0 = y;
      if (y > cy1) cy1 = y;
    }
    if (cx1 >= cx0) core = Math.max(cx1 - cx0 + 1, cy1 - cy0 + 1);
    report.marks.push({
      x0,
      y0,
      x1,
      y1,
      pixels: mine.length,
      depth,
      sharpness: depth > 0 ? gmax / depth : 0,
      strong,
      core,
    });
  }
  const extent = (m: FaintMark) => Math.max(m.x1 - m.x0 + 1, m.y1 - m.y0 + 1);
  const sized = (m: FaintMark) => extent(m) >= minExtent && m.y1 - m.y0 + 1 <= maxExtent;
  const cored = (m: FaintMark) => m.core >= minExtent;
  // The page's own ink: how steep the edges of its black marks are, for their depth.
  const inkShares = report.marks
    .filter((m) => m.strong && sized(m))
    .map((m) => m.sharpness)
    .sort((a, b) => a - b);
  if (inkShares.length === 0) return report;
  report.inkSharpness = inkShares[Math.floor(inkShares.length / 2)] as number;
  const candidates = report.marks
    .map((m, i) => ({ m, i }))
    .filter(
      ({ m }) =>
        !m.strong &&
        sized(m) &&
        cored(m) &&
        m.depth >= Math.max(DEEP_DEVIATIONS * noise, DEEP_SHARE * paper) &&
        m.sharpness >= SHARPNESS_SHARE * report.inkSharpness,
    );
  // Print comes in lines: a letter has another beside it on its line, a speck of dust seldom has.
  const gap = LINE_GAP_PT * scale;
  const neighbours = [...candidates.map(({ m }) => m), ...report.marks.filter((m) => m.strong && sized(m))];
  const passing = candidates.filter(({ m }) =>
    neighbours.some((o) => {
      if (o === m || o.x0 > m.x1 + gap || o.x1 < m.x0 - gap) return false;
      if (o.x0 <= m.x1 && o.x1 >= m.x0) return false;
      const overlap = Math.min(m.y1, o.y1) - Math.max(m.y0, o.y0);
      return overlap >= 0.5 * Math.min(m.y1 - m.y0, o.y1 - o.y0);
    }),
  );
  report.candidates = candidates.length;
  report.passing = passing.length;
  if (passing.length < MIN_MARKS || passing.length < LINED_SHARE * candidates.length) return report;
  // The faint print's ink grey: the median of the passing marks' darkest greys. Each passing
  // mark's pixels (on the smoothed page, whose noise is a third of the raw page's) are mapped from
  // that grey (black) to the threshold (the ink cut), so the whitening keeps every one of them and
  // the recogniser sees them as dark as the page's other ink.
  const ink = median(passing.map(({ m }) => paper - m.depth));
  const span = Math.max(1, paper - ink);
  const lift = (i: number) => {
    for (const p of members[i] as number[]) {
      const v = Math.round((255 * ((data[p] as number) - ink)) / span);
      data[p] = Math.max(0, Math.min(cut, Math.min(data[p] as number, v)));
    }
    report.lifted++;
  };
  for (const { i } of passing) lift(i);
  // The black ink's own faint parts (the thin strokes and serifs of words whose stems are dark
  // enough) go with it: every pixel joined to black ink above the threshold is ink too.
  report.marks.forEach((m, i) => {
    if (m.strong) lift(i);
  });
  // Around the passing marks (the rest of their letters: thin strokes and ends that fall short
  // of the threshold, dots, commas) the smoothed page is mapped the same way from a lower
  // threshold, so the letters come out whole.
  const reach = Math.max(1, Math.round(REGION_REACH_PT * scale));
  const along = Math.max(1, Math.round(REGION_ALONG_PT * scale));
  const near = paper - REGION_DEVIATIONS * noise;
  const nearSpan = span;
  const region = new Uint8Array(data.length);
  for (const m of [...passing.map(({ m }) => m), ...report.marks.filter((m) => m.strong && sized(m))])
    for (let y = Math.max(0, m.y0 - reach); y <= Math.min(height - 1, m.y1 + reach); y++)
      region.fill(
        1,
        y * width + Math.max(0, m.x0 - along),
        y * width + Math.min(width - 1, m.x1 + along) + 1,
      );
  for (let p = 0; p < data.length; p++) {
    if (!region[p] || (smooth[p] as number) > near) continue;
    const v = Math.max(0, Math.round((255 * ((data[p] as number) - ink)) / nearSpan));
    if (v < (data[p] as number)) data[p] = v;
  }
  return report;
}
