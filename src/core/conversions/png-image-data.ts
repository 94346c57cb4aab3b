import type { PDFContext, PDFRawStream, PDFRef } from "pdf-lib";

// A PNG's compressed rows are what a PDF image's Flate stream with PNG predictors holds (ISO
// 32000 7.4.4.4): the IDAT chunks, joined, go into the PDF as they are, with no second
// compression. Only the PNGs this service's own encoder writes come here: 8-bit, grey or RGB,
// not interlaced; anything else is refused rather than embedded wrong.

export type PngImageData = {
  width: number;
  height: number;
  /** Colour components per pixel: 1 (grey) or 3 (RGB). */
  colors: 1 | 3;
  /** The image as a PDF image XObject stream, with a soft mask when given. */
  stream: (context: PDFContext, colorSpace: "DeviceGray" | "DeviceRGB", smask?: PDFRef) => PDFRawStream;
};

export function pngImageData(png: Uint8Array): PngImageData {
  const view = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (view.toString("latin1", 1, 4) !== "PNG") throw new Error("not a PNG");
  let offset = 8;
  let width = 0;
  let height = 0;
  let colors: 1 | 3 = 3;
  const idat: Buffer[] = [];
  while (offset + 8 <= view.length) {
    const length = view.readUInt32BE(offset);
    const type = view.toString("latin1", offset + 4, offset + 8);
    const data = view.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      const [depth, colourType, , , interlace] = [data[8], data[9], data[10], data[11], data[12]];
      if (depth !== 8 || interlace !== 0 || (colourType !== 0 && colourType !== 2))
        throw new Error(
          `unexpected PNG layout: depth ${depth}, colour type ${colourType}, interlace ${interlace}`,
        );
      colors = colourType === 0 ? 1 : 3;
    } else if (type === "IDAT") idat.push(data);
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  if (!width || !idat.length) throw new Error("a PNG without IHDR or IDAT");
  const bytes = Buffer.concat(idat);
  return {
    width,
    height,
    colors,
    stream: (context, colorSpace, smask) =>
      context.stream(bytes, {
        Type: "XObject",
        Subtype: "Image",
        Width: width,
        Height: height,
        ColorSpace: colorSpace,
        BitsPerComponent: 8,
        Filter: "FlateDecode",
        DecodeParms: { Predictor: 15, Colors: colors, BitsPerComponent: 8, Columns: width },
        ...(smask ? { SMask: smask } : {}),
      }),
  };
}
