import { readFile, writeFile } from "node:fs/promises";
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
} from "pdf-lib";
import sharp, { type Sharp } from "sharp";
import { type ImageFormat, imageFormatOf } from "../files/file-type.ts";
import type {
  ConversionAnswer,
  FromConversionChild,
  ImageErrorCode,
  ImageProbe,
  ToConversionChild,
} from "./conversion-messages.ts";
import { type PageSize, placeImage } from "./page-size.ts";
import { pngImageData } from "./png-image-data.ts";

// A conversion process: decodes images and writes them into one PDF, a request at a time, for the
// worker that started it (conversion-process.ts). Decoding runs here, never in the worker, because
// a hostile image can hold a decoder for ever or take all memory: the worker kills this process
// at the time budget and names the input. sharp (libvips) decodes every format; pdf-lib writes
// the PDF. pdf-lib's own PNG decoder is not used: it can loop for ever on a truncated PNG.

class ImageError extends Error {
  constructor(
    readonly code: ImageErrorCode,
    message: string,
  ) {
    super(message);
  }
}

let doc: PDFDocument | null = null;

/** The header only (width, height, pages): libvips reads no pixels for it, whatever the size claimed. */
async function probe(path: string): Promise<ImageProbe> {
  const head = await readHead(path);
  const format = imageFormatOf(head);
  if (!format) throw new ImageError("IMAGE_UNREADABLE", "it is not a JPEG, PNG, TIFF, WebP or GIF image");
  const m = await sharp(path, { limitInputPixels: false })
    .metadata()
    .catch((err: Error) => {
      throw new ImageError("IMAGE_UNREADABLE", `its header cannot be read (${err.message})`);
    });
  if (!m.width || !m.height) throw new ImageError("IMAGE_UNREADABLE", "its header gives no size");
  return { format, width: m.width, height: m.height, pages: format === "tiff" ? (m.pages ?? 1) : 1 };
}

async function readHead(path: string): Promise<Uint8Array> {
  const { open } = await import("node:fs/promises");
  const f = await open(path, "r");
  try {
    const buf = Buffer.alloc(32);
    const { bytesRead } = await f.read(buf, 0, 32, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await f.close();
  }
}

/** Sharp's failure on an image's pixels, as the conversion reports it. */
const unreadable = (err: unknown) =>
  new ImageError("IMAGE_UNREADABLE", `its pixels cannot be decoded (${(err as Error).message})`);

async function add(
  path: string,
  page: number,
  pageSize: PageSize,
  maxPixels: number,
): Promise<Extract<ConversionAnswer, { op: "add" }>> {
  if (!doc) throw new Error("add before begin");
  const head = await readHead(path);
  const format = imageFormatOf(head);
  if (!format) throw new ImageError("IMAGE_UNREADABLE", "it is not a JPEG, PNG, TIFF, WebP or GIF image");
  // The size is read from the header and checked before a pixel is decoded: a few kilobytes may
  // claim gigapixels (a decompression bomb).
  const meta = await sharp(path, { limitInputPixels: false, page })
    .metadata()
    .catch((err: Error) => {
      throw new ImageError("IMAGE_UNREADABLE", `its header cannot be read (${err.message})`);
    });
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height) throw new ImageError("IMAGE_UNREADABLE", "its header gives no size");
  if (width * height > maxPixels)
    throw new ImageError(
      "IMAGE_TOO_LARGE",
      `it is ${width}x${height} pixels (${((width * height) / 1e6).toFixed(1)} megapixels), over the limit of ${(maxPixels / 1e6).toFixed(1)} (CONVERSION_MAX_MEGAPIXELS)`,
    );
  const dpi = meta.density;
  let image: PDFRef;
  let embedded: "jpeg" | "pixels";
  let orientation = 1;
  if (format === "jpeg") {
    // Decoded once at an eighth of its size (libjpeg's scaled decoding reads every byte of it):
    // a truncated or corrupt JPEG is refused here rather than drawn half grey.
    await sharp(path, { failOn: "truncated", limitInputPixels: maxPixels })
      .resize({ width: Math.max(1, Math.ceil(width / 8)) })
      .raw()
      .toBuffer()
      .catch((err) => {
        throw unreadable(err);
      });
    // Embedded as they are (lossless, the same size); the orientation is applied by the page's
    // matrix rather than by decoding and re-encoding the photo.
    const jpg = await doc.embedJpg(await readFile(path)).catch((err) => {
      throw unreadable(err);
    });
    image = jpg.ref;
    embedded = "jpeg";
    orientation = meta.orientation ?? 1;
  } else {
    image = await embedPixels(doc, path, format, page, maxPixels, meta.space);
    embedded = "pixels";
  }
  const place = placeImage({ width, height, dpi, orientation }, pageSize);
  const pdfPage = doc.addPage([place.pageWidth, place.pageHeight]);
  const name = pdfPage.node.newXObject("Image", image);
  pdfPage.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(...place.matrix),
    drawObject(name),
    popGraphicsState(),
  );
  return { op: "add", width, height, embedded };
}

/**
 * A PNG, TIFF page, WebP or GIF (its first frame) decoded by sharp and embedded as PDF images:
 * the colour as a Flate stream with PNG predictors (sharp's own PNG encoder filters the rows,
 * which compresses photos far better than plain Flate), and the alpha channel, when it is not
 * fully opaque, as a soft mask of the same kind.
 */
async function embedPixels(
  pdf: PDFDocument,
  path: string,
  _format: ImageFormat,
  page: number,
  maxPixels: number,
  space: string | undefined,
): Promise<PDFRef> {
  const grey = space === "b-w" || space === "grey16";
  const { data, info } = await sharp(path, { page, failOn: "truncated", limitInputPixels: maxPixels })
    .toColourspace(grey ? "b-w" : "srgb")
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((err) => {
      throw unreadable(err);
    });
  const { width, height, channels } = info;
  const raw = { raw: { width, height, channels } };
  const hasAlpha = channels === 2 || channels === 4;
  let translucent = false;
  if (hasAlpha)
    for (let i = channels - 1; i < data.length; i += channels)
      if (data[i] !== 255) {
        translucent = true;
        break;
      }
  const png = (s: Sharp) => s.png({ compressionLevel: 6, adaptiveFiltering: true }).toBuffer();
  const colour = pngImageData(await png(sharp(data, raw).removeAlpha()));
  let smask: PDFRef | undefined;
  if (translucent) {
    const alpha = pngImageData(await png(sharp(data, raw).extractChannel(channels === 2 ? 1 : 3)));
    smask = pdf.context.register(alpha.stream(pdf.context, "DeviceGray"));
  }
  return pdf.context.register(
    colour.stream(pdf.context, colour.colors === 1 ? "DeviceGray" : "DeviceRGB", smask),
  );
}

async function answer(m: ToConversionChild): Promise<ConversionAnswer> {
  switch (m.op) {
    case "probe":
      return { op: "probe", probe: await probe(m.path) };
    case "begin":
      doc = await PDFDocument.create();
      doc.setProducer("Quire");
      doc.setCreator("Quire image_to_pdf");
      return { op: "begin" };
    case "add":
      return add(m.path, m.page, m.pageSize, m.maxPixels);
    case "save": {
      if (!doc) throw new Error("save before begin");
      // Object streams off: pdf-lib then writes as it goes with less held at once.
      const bytes = await doc.save({ useObjectStreams: false });
      await writeFile(m.outPath, bytes);
      doc = null;
      return { op: "save", bytes: bytes.byteLength };
    }
  }
}

const send = (m: FromConversionChild) => process.send?.(m);

process.on("message", (m: ToConversionChild) => {
  answer(m).then(
    (a) => send({ id: m.id, ok: true, answer: a }),
    (err: unknown) =>
      send({
        id: m.id,
        ok: false,
        code: err instanceof ImageError ? err.code : "IMAGE_UNREADABLE",
        message:
          err instanceof ImageError ? err.message : `it cannot be converted (${(err as Error).message})`,
      }),
  );
});
// The parent going away ends this process: it has no one to answer.
process.on("disconnect", () => process.exit(0));
// libvips's own threads: one per conversion process is enough on a shared worker.
sharp.concurrency(1);
sharp.cache(false);
send({ ready: true });
