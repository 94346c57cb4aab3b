import zlib from "node:zlib";
import sharp from "sharp";

// Images made in the test with known pixels, and the hostile ones: a PNG that breaks off, and a
// PNG whose header claims gigapixels in a few hundred bytes (a decompression bomb).

type Colour = { r: number; g: number; b: number; alpha?: number };

export const solid = (width: number, height: number, colour: Colour, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: colour } });

export async function jpegBytes(
  width: number,
  height: number,
  opts: { orientation?: number; dpi?: number } = {},
) {
  // Left half red, right half blue: which side ends up where shows how the page is turned.
  const half = Math.max(1, Math.floor(width / 2));
  const left = await solid(half, height, { r: 255, g: 0, b: 0 }).png().toBuffer();
  let img = solid(width, height, { r: 0, g: 0, b: 255 }).composite([{ input: left, left: 0, top: 0 }]);
  if (opts.orientation || opts.dpi)
    img = img.withMetadata({
      ...(opts.orientation ? { orientation: opts.orientation } : {}),
      ...(opts.dpi ? { density: opts.dpi } : {}),
    });
  return new Uint8Array(await img.jpeg({ quality: 90 }).toBuffer());
}

export async function pngBytes(width: number, height: number, colour: Colour, opts: { dpi?: number } = {}) {
  let img = solid(width, height, colour, colour.alpha === undefined ? 3 : 4);
  if (opts.dpi) img = img.withMetadata({ density: opts.dpi });
  return new Uint8Array(await img.png().toBuffer());
}

export async function tiffBytes(pages: { width: number; height: number; colour: Colour }[]) {
  const frames = await Promise.all(pages.map((p) => solid(p.width, p.height, p.colour).png().toBuffer()));
  return new Uint8Array(
    await sharp(frames, { join: { animated: true } })
      .tiff()
      .toBuffer(),
  );
}

export const webpBytes = async (w: number, h: number, c: Colour) =>
  new Uint8Array(await solid(w, h, c).webp({ lossless: true }).toBuffer());

export const gifBytes = async (w: number, h: number, c: Colour) =>
  new Uint8Array(await solid(w, h, c).gif().toBuffer());

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.byteLength);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([head, body, crc]);
}

/** A valid PNG header claiming width x height, with a tiny IDAT: megapixels out of nothing. */
export function bombPng(width = 100_000, height = 100_000): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", ihdr),
      chunk("IDAT", zlib.deflateSync(Buffer.alloc(1000))),
      chunk("IEND", new Uint8Array()),
    ]),
  );
}

/** A PNG cut in the middle of its pixel data. */
export async function truncatedPng(): Promise<Uint8Array> {
  const whole = await sharp({
    create: {
      width: 400,
      height: 300,
      channels: 3,
      background: "black",
      noise: { type: "gaussian", mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  return new Uint8Array(whole.subarray(0, Math.floor(whole.length / 2)));
}

/** The first bytes of an iPhone photo: an ISO media file of brand heic. */
export function heicBytes(): Uint8Array {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 24]),
    Buffer.from("ftypheic", "latin1"),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from("mif1heic", "latin1"),
  ]);
  return new Uint8Array(Buffer.concat([ftyp, Buffer.alloc(200)]));
}
