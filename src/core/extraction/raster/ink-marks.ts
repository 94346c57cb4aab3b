import type { Box } from "../layout/geometry.ts";
import type { OcrWord } from "../ocr.ts";
import type { GreyImage } from "./grey-image.ts";

/** Darker than this is ink, on a scan whose paper has been made white (clean-background.ts). */
export const INK = 128;

/**
 * The box a recognised word's ink lies in, in points: `pad` em either side, from 0.95 em above its
 * baseline (ascenders, accents) to `below` em under it (descenders).
 */
export const wordBox = (word: OcrWord, pad = 0, below = 0.35): Box => ({
  x0: word.x - pad * word.size,
  x1: word.x + word.width + pad * word.size,
  y0: word.y - 0.95 * word.size,
  y1: word.y + below * word.size,
});

/**
 * A mark of ink: its box in the image's pixels, how many pixels it has, and how many of them a
 * mask marks (0 without one).
 */
export type Mark = { x0: number; x1: number; y0: number; y1: number; pixels: number; masked: number };

/**
 * The marks of ink (pixels darker than `level`, 8-connected) inside a box of the image, cut at its
 * edges; `mask`, one byte a pixel of the whole image, counts the pixels of each mark it marks.
 */
export function marksIn(
  img: GreyImage,
  level: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  mask?: Uint8Array,
): Mark[] {
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  if (w <= 0 || h <= 0) return [];
  const seen = new Uint8Array(w * h);
  const ink = (x: number, y: number) => (img.data[(y0 + y) * img.width + x0 + x] as number) < level;
  const out: Mark[] = [];
  const stack: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (seen[start] !== 0 || !ink(start % w, Math.floor(start / w))) continue;
    seen[start] = 1;
    stack.push(start);
    const m: Mark = { x0: w, x1: -1, y0: h, y1: -1, pixels: 0, masked: 0 };
    while (stack.length > 0) {
      const p = stack.pop() as number;
      const x = p % w;
      const y = (p - x) / w;
      m.pixels++;
      if (mask) m.masked += mask[(y0 + y) * img.width + x0 + x] as number;
      if (x < m.x0) m.x0 = x;
      if (x > m.x1) m.x1 = x;
      if (y < m.y0) m.y0 = y;
      if (y > m.y1) m.y1 = y;
      for (let ny = Math.max(0, y - 1); ny <= Math.min(h - 1, y + 1); ny++)
        for (let nx = Math.max(0, x - 1); nx <= Math.min(w - 1, x + 1); nx++) {
          const q = ny * w + nx;
          if (seen[q] === 0 && ink(nx, ny)) {
            seen[q] = 1;
            stack.push(q);
          }
        }
    }
    out.push({ ...m, x0: m.x0 + x0, x1: m.x1 + x0, y0: m.y0 + y0, y1: m.y1 + y0 });
  }
  return out;
}

/** One mark made of two: the box around both, their pixels together. */
export const joinMarks = (a: Mark, b: Mark): Mark => ({
  x0: Math.min(a.x0, b.x0),
  x1: Math.max(a.x1, b.x1),
  y0: Math.min(a.y0, b.y0),
  y1: Math.max(a.y1, b.y1),
  pixels: a.pixels + b.pixels,
  masked: a.masked + b.masked,
});

/**
 * The marks of a word's ink, left to right: inside its box (wordBox, `pad` em either side, 0.3 em
 * below the baseline, short of the next line's capitals), less those the box's top or bottom
 * cuts, which are pieces of the lines above and below.
 */
export function wordMarks(img: GreyImage, scale: number, word: OcrWord, level: number, pad: number): Mark[] {
  const { x0, x1, y0, y1 } = pixelBox(img, scale, wordBox(word, pad, 0.3));
  return marksIn(img, level, x0, y0, x1, y1)
    .filter((k) => k.y0 > y0 && k.y1 < y1)
    .sort((a, b) => a.x0 - b.x0);
}

/** A box in points as the image's pixels it covers, inside the image. */
export function pixelBox(img: GreyImage, scale: number, box: Box): Box {
  return {
    x0: Math.max(0, Math.floor(box.x0 * scale)),
    x1: Math.min(img.width - 1, Math.ceil(box.x1 * scale)),
    y0: Math.max(0, Math.floor(box.y0 * scale)),
    y1: Math.min(img.height - 1, Math.ceil(box.y1 * scale)),
  };
}
