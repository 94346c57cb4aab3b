/** An 8-bit greyscale image, rows top to bottom, one byte a pixel (0 black, 255 white). */
export type GreyImage = { data: Uint8Array; width: number; height: number };

/**
 * Opaque RGBA pixels to grey (the mean of red, green and blue is enough for rules and text on
 * a page drawn on white). Copies: PDFium's bitmap is a view that the next draw overwrites.
 */
export function greyFromRgba(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): GreyImage {
  const data = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < data.length; i++, j += 4) {
    data[i] = ((rgba[j] as number) + (rgba[j + 1] as number) + (rgba[j + 2] as number)) / 3;
  }
  return { data, width, height };
}

/**
 * The image turned clockwise by `turns` quarters (negative: anticlockwise). One turn brings up a
 * page whose top lies at the left: its left edge becomes the top.
 */
export function quarterTurn(img: GreyImage, turns: number): GreyImage {
  const k = ((turns % 4) + 4) % 4;
  if (k === 0) return img;
  const { data, width: w, height: h } = img;
  const out = new Uint8Array(w * h);
  if (k === 2) {
    for (let i = 0; i < out.length; i++) out[i] = data[out.length - 1 - i] as number;
    return { data: out, width: w, height: h };
  }
  // A quarter turn: the new image is h wide and w high.
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      // Clockwise: (x, y) goes to (h - 1 - y, x); anticlockwise: to (y, w - 1 - x).
      const to = k === 1 ? x * h + (h - 1 - y) : (w - 1 - x) * h + y;
      out[to] = data[row + x] as number;
    }
  }
  return { data: out, width: h, height: w };
}
