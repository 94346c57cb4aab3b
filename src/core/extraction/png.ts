import { crc32 } from "node:zlib";
import { guardedDeflate } from "./zlib-section.ts";

// A PNG writer tuned for page images: the canvas's RGBA pixels as they are (pages are drawn on
// white, so alpha is 255 and premultiplied equals straight), no per-row filter, and the fastest
// deflate level. The canvas library's encoder offers no compression setting and costs more time
// than the rendering itself. Rows are copied whole (a memcpy each) rather than repacked to RGB
// pixel by pixel: that is faster, and the files come out smaller, constant alpha compressing to
// nearly nothing.
// Most pages are black text on white: every pixel grey. Those are written as 8-bit greyscale,
// found and repacked in one pass that stops at the first coloured pixel. Files come out about half
// the size for about the same time (less to deflate pays for the scan): page images are kept, so
// it is storage and transfer halved.

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** The machine's byte order, which decides where red sits in a pixel read as one number. */
const little = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function png(width: number, height: number, colourType: 0 | 6, raw: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = colourType;
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", ihdr),
    chunk("IDAT", guardedDeflate(raw, { level: 1 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * The pixels as greyscale scanlines (filter byte 0, one byte a pixel), or null at the first pixel
 * whose red, green and blue differ. Read four bytes at a time (RGBA in memory order, so red is
 * the low byte on little-endian machines and the high byte on big-endian ones).
 */
function greyRows(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Buffer | null {
  const px = new Uint32Array(rgba.buffer, rgba.byteOffset, width * height);
  const stride = width + 1;
  const raw = Buffer.allocUnsafe(stride * height);
  let i = 0;
  for (let y = 0; y < height; y++) {
    let o = y * stride;
    raw[o++] = 0; // filter type 0 (none)
    for (let x = 0; x < width; x++, i++) {
      const v = px[i] as number;
      const rgb = little ? v & 0xffffff : v >>> 8;
      const r = rgb & 0xff;
      if (rgb !== r * 0x010101) return null;
      raw[o++] = r;
    }
  }
  return raw;
}

/** 8-bit grey pixels (one byte a pixel, rows top to bottom) to a greyscale PNG file. */
export function encodePngGrey(grey: Uint8Array, width: number, height: number): Buffer {
  if (grey.length < width * height)
    throw new Error(`expected ${width * height} bytes of pixels, got ${grey.length}`);
  return png(width, height, 0, unfilteredRows(grey, width, height));
}

/** Opaque RGBA pixels (4 bytes a pixel, rows top to bottom) to a PNG file, greyscale when every pixel is grey. */
export function encodePngRgba(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Buffer {
  const row = width * 4;
  if (rgba.length < row * height)
    throw new Error(`expected ${row * height} bytes of pixels, got ${rgba.length}`);
  // A Uint32Array view needs a 4-byte aligned start; a misaligned buffer takes the RGBA path.
  const grey = rgba.byteOffset % 4 === 0 ? greyRows(rgba, width, height) : null;
  if (grey) return png(width, height, 0, grey);
  return png(width, height, 6, unfilteredRows(rgba, row, height));
}

/** PNG scanlines: each row of `rowBytes` pixel bytes after its filter byte, type 0 (none). */
function unfilteredRows(pixels: Uint8Array | Uint8ClampedArray, rowBytes: number, height: number): Buffer {
  const stride = rowBytes + 1;
  const raw = Buffer.allocUnsafe(stride * height);
  const src = Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength);
  for (let y = 0; y < height; y++) {
    raw[y * stride] = 0;
    src.copy(raw, y * stride + 1, y * rowBytes, (y + 1) * rowBytes);
  }
  return raw;
}
