import type { GreyImage } from "./grey-image.ts";

// A scan fed in by hand is often turned by a degree or two. Rules then run across several pixel
// rows and no row holds a long dark run, and a word's box no longer sits in one table row. The
// angle is found the way projection-profile deskewing does it: at the right angle the page's text
// lines and rules fall into few, dense rows, so the sum of squared row counts of dark pixels,
// counted along lines of that slope, is largest.

/** Darker than this counts as ink when measuring the skew. */
const INK = 128;
/** Angles searched, in degrees either way: scanners and phones rarely turn a page further. */
const MAX_ANGLE = 3;
const COARSE_STEP = 0.2;
const FINE_STEP = 0.02;
/** Below this the page is left as it is: a rule of 2,000 px then drifts by under 2 px. */
const MIN_ANGLE = 0.05;
/** Ink pixels sampled at most: enough for a stable profile, bounded time on a dense page. */
const MAX_SAMPLES = 300_000;

/** The page's skew in degrees: positive when its lines run down to the right (y grows with x). */
export function skewAngle(img: GreyImage): number {
  const { data, width, height } = img;
  let ink = 0;
  for (let i = 0; i < data.length; i++) if ((data[i] as number) < INK) ink++;
  if (ink === 0) return 0;
  // Every step-th ink pixel, in raster order.
  const step = Math.max(1, Math.ceil(ink / MAX_SAMPLES));
  const xs = new Float64Array(Math.ceil(ink / step));
  const ys = new Float64Array(xs.length);
  let n = 0;
  let k = 0;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if ((data[row + x] as number) >= INK) continue;
      if (k++ % step === 0 && n < xs.length) {
        xs[n] = x;
        ys[n] = y;
        n++;
      }
    }
  }
  const margin = Math.ceil(width * Math.tan((MAX_ANGLE * Math.PI) / 180)) + 2;
  const bins = new Float64Array(height + 2 * margin);
  const score = (deg: number) => {
    const t = Math.tan((deg * Math.PI) / 180);
    bins.fill(0);
    for (let i = 0; i < n; i++) {
      const b = Math.round((ys[i] as number) - (xs[i] as number) * t) + margin;
      bins[b] = (bins[b] as number) + 1;
    }
    let s = 0;
    for (let i = 0; i < bins.length; i++) s += (bins[i] as number) * (bins[i] as number);
    return s;
  };
  const best = (from: number, to: number, by: number, start: number) => {
    let angle = start;
    let top = score(start);
    for (let a = from; a <= to + 1e-9; a += by) {
      const s = score(a);
      if (s > top) {
        top = s;
        angle = a;
      }
    }
    return angle;
  };
  const coarse = best(-MAX_ANGLE, MAX_ANGLE, COARSE_STEP, 0);
  const fine = best(coarse - COARSE_STEP, coarse + COARSE_STEP, FINE_STEP, coarse);
  return Math.abs(fine) < MIN_ANGLE ? 0 : fine;
}

/**
 * The image turned back by `angle` degrees (as skewAngle measures it) about its centre, same
 * size, white where nothing maps. Bilinear: nearest-pixel sampling leaves steps in strokes that
 * the recogniser reads worse.
 */
export function rotateBack(img: GreyImage, angle: number): GreyImage {
  if (angle === 0) return img;
  const { data, width, height } = img;
  const out = new Uint8Array(width * height);
  const cos = Math.cos((angle * Math.PI) / 180);
  const sin = Math.sin((angle * Math.PI) / 180);
  const cx = (width - 1) / 2;
  const cy = (height - 1) / 2;
  for (let y = 0; y < height; y++) {
    const dy = y - cy;
    for (let x = 0; x < width; x++) {
      const dx = x - cx;
      const sx = cx + cos * dx - sin * dy;
      const sy = cy + sin * dx + cos * dy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      let v = 255;
      if (x0 >= 0 && y0 >= 0 && x0 + 1 < width && y0 + 1 < height) {
        const fx = sx - x0;
        const fy = sy - y0;
        const i = y0 * width + x0;
        const top = (data[i] as number) * (1 - fx) + (data[i + 1] as number) * fx;
        const bottom = (data[i + width] as number) * (1 - fx) + (data[i + width + 1] as number) * fx;
        v = top * (1 - fy) + bottom * fy;
      }
      out[y * width + x] = v;
    }
  }
  return { data: out, width, height };
}
