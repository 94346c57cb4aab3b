import { AppError } from "../errors.ts";
import { imageFormatOf } from "../files/file-type.ts";

// File signatures as latin1 text, to name what a non-PDF upload looks like.
const signatures: [string, (head: string) => boolean][] = [
  ["PNG image", (h) => h.startsWith("\x89PNG")],
  ["JPEG image", (h) => h.startsWith("\xff\xd8\xff")],
  ["ZIP archive (or an Office document)", (h) => h.startsWith("PK\x03\x04")],
  ["GIF image", (h) => h.startsWith("GIF8")],
  ["HTML page", (h) => /^\s*<(!doctype|html)/i.test(h)],
];

/** How far into a file its `%PDF-` header may be (the PDF standard allows a little junk before it). */
export const PDF_HEADER_WINDOW = 1024;

/** Refuses bytes that do not start as a PDF (415), naming what they look like instead. */
export function assertPdf(head: Uint8Array): void {
  const text = Buffer.from(head.subarray(0, PDF_HEADER_WINDOW)).toString("latin1");
  if (text.includes("%PDF-")) return;
  const image = imageFormatOf(head);
  if (image)
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      `The file is a ${image.toUpperCase()} image, not a PDF: make a PDF of images with POST /v1/conversions (kind image_to_pdf) first.`,
    );
  const seen = signatures.find(([, looksLike]) => looksLike(text))?.[0];
  throw new AppError(
    "UNSUPPORTED_MEDIA_TYPE",
    `The file is not a PDF${seen ? ` (it looks like a ${seen})` : ""}: no %PDF- header in its first bytes. Upload a PDF.`,
  );
}

/**
 * The first `n` bytes of a stream (fewer when it is shorter), and the whole stream again with
 * those bytes first: a stream's head can be checked before it is stored.
 */
export async function peek(
  body: AsyncIterable<Uint8Array>,
  n: number,
): Promise<{ head: Uint8Array; whole: AsyncIterable<Uint8Array> }> {
  const it = body[Symbol.asyncIterator]();
  const taken: Uint8Array[] = [];
  let size = 0;
  let done = false;
  while (size < n) {
    const next = await it.next();
    if (next.done) {
      done = true;
      break;
    }
    taken.push(next.value);
    size += next.value.byteLength;
  }
  async function* whole(): AsyncGenerator<Uint8Array> {
    yield* taken;
    if (done) return;
    for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
  }
  return { head: Buffer.concat(taken).subarray(0, n), whole: whole() };
}
