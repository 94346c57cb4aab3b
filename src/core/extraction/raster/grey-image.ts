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
