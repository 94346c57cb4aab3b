import type { GreyImage } from "./grey-image.ts";

// Shaded cells and rows (a grey "TOTAL" row, a zebra stripe, a tinted header) are darker than the
// page's paper but lighter than its ink. The paper's Otsu cut leaves a mid-grey shade as it is,
// and the recogniser's own thresholding then turns the shade into a black block and its letters
// into noise. Each pixel is divided by the paper it lies on, estimated as the image closed by a
// window wider than a letter's stroke (the lightest grey near each pixel, then the darkest of
// those: strokes vanish, shades and their edges stay), so a shade becomes paper and its letters
// stand dark on white as elsewhere. Dark grounds (white letters on black) are left alone.

/** The window, in points: wider than a bold letter's stroke, narrower than a shaded row. */
const WINDOW_PT = 2.5;
/** A ground darker than this is ink (a solid block, a thick rule), not a shade: left as it is. */
const GROUND_MIN = 96;

/** Sliding maximum (or minimum) of `src` over `window` samples centred on each, along one line. */
function slide(
  src: Uint8Array,
  dst: Uint8Array,
  start: number,
  step: number,
  count: number,
  window: number,
  max: boolean,
  queue: Int32Array,
): void {
  // A monotonic queue of indices: its head is the extreme of the current window.
  const half = window >> 1;
  let head = 0;
  let tail = 0;
  const better = max ? (a: number, b: number) => a >= b : (a: number, b: number) => a <= b;
  for (let i = 0; i < count + half; i++) {
    if (i < count) {
      const v = src[start + i * step] as number;
      while (tail > head && better(v, src[start + (queue[tail - 1] as number) * step] as number)) tail--;
      queue[tail++] = i;
    }
    const centre = i - half;
    if (centre < 0) continue;
    while ((queue[head] as number) < centre - half) head++;
    dst[start + centre * step] = src[start + (queue[head] as number) * step] as number;
  }
}

/**
 * The image filtered by a square `window` a side: the maximum then the minimum (a closing, which
 * fills dark strokes narrower than the window with their ground) or the minimum then the maximum
 * (an opening, which fills light letters narrower than the window with their dark ground).
 */
function morph(img: GreyImage, window: number, kind: "closing" | "opening"): Uint8Array {
  const { data, width, height } = img;
  const queue = new Int32Array(Math.max(width, height));
  const first = kind === "closing";
  const a = new Uint8Array(data.length);
  const b = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) slide(data, a, y * width, 1, width, window, first, queue);
  for (let x = 0; x < width; x++) slide(a, b, x, width, height, window, first, queue);
  for (let y = 0; y < height; y++) slide(b, a, y * width, 1, width, window, !first, queue);
  for (let x = 0; x < width; x++) slide(a, b, x, width, height, window, !first, queue);
  return b;
}

/**
 * Divides each pixel by its paper (see above), in place: shades become white, ink stays dark.
 * Pixels of a dark ground (a band of white letters the band finder left, a solid block), where
 * even the image opened is dark, are left as they are: divided, its letters would be eaten away.
 */
export function flattenShading(img: GreyImage, scale: number): void {
  const window = Math.max(3, Math.round(WINDOW_PT * scale) | 1);
  const ground = morph(img, window, "closing");
  const opened = morph(img, window, "opening");
  const { data } = img;
  for (let i = 0; i < data.length; i++) {
    const g = ground[i] as number;
    if (g < GROUND_MIN || g === 255 || (opened[i] as number) < GROUND_MIN) continue;
    data[i] = Math.min(255, Math.round(((data[i] as number) * 255) / g));
  }
}
