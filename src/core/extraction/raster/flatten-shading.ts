import type { GreyImage } from "./grey-image.ts";

// Shaded cells and rows (a grey "TOTAL" row, a zebra stripe, a tinted header) are darker than the
// page's paper but lighter than its ink. The paper's Otsu cut leaves a mid-grey shade as it is,
// and the recogniser's own thresholding then turns the shade into a black block and its letters
// into noise. Each pixel is divided by the paper it lies on, estimated as the image closed by a
// window wider than a letter's stroke (the lightest grey near each pixel, then the darkest of
// those: strokes vanish, shades and their edges stay), so a shade becomes paper and its letters
// stand dark on white as elsewhere. Dark bands (white letters on black) were turned negative
// before this and are left alone: a ground darker than GROUND_MIN is not divided by.

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

/** The image's morphological closing (max filter, then min filter) by a square `window` a side. */
function closing(img: GreyImage, window: number): Uint8Array {
  const { data, width, height } = img;
  const queue = new Int32Array(Math.max(width, height));
  const a = new Uint8Array(data.length);
  const b = new Uint8Array(data.length);
  for (let y = 0; y < height; y++) slide(data, a, y * width, 1, width, window, true, queue);
  for (let x = 0; x < width; x++) slide(a, b, x, width, height, window, true, queue);
  for (let y = 0; y < height; y++) slide(b, a, y * width, 1, width, window, false, queue);
  for (let x = 0; x < width; x++) slide(a, b, x, width, height, window, false, queue);
  return b;
}

/** Divides each pixel by its paper (see above), in place: shades become white, ink stays dark. */
export function flattenShading(img: GreyImage, scale: number): void {
  const window = Math.max(3, Math.round(WINDOW_PT * scale) | 1);
  const ground = closing(img, window);
  const { data } = img;
  for (let i = 0; i < data.length; i++) {
    const g = ground[i] as number;
    if (g < GROUND_MIN || g === 255) continue;
    data[i] = Math.min(255, Math.round(((data[i] as number) * 255) / g));
  }
}
