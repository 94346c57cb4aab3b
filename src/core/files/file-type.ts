import { AppError } from "../errors.ts";

// What a stored file is, told by its first bytes and never by its name or a header the client
// chose: a PDF, or one of the image formats a conversion can read. Each image signature is checked
// a little past its magic number (a PNG's IHDR, a WebP's RIFF form type), so eight bytes that
// merely start like an image are not taken for one.

export const imageFormats = ["jpeg", "png", "tiff", "webp", "gif"] as const;
export type ImageFormat = (typeof imageFormats)[number];

export const imageContentTypes: Record<ImageFormat, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  tiff: "image/tiff",
  webp: "image/webp",
  gif: "image/gif",
};

export const storedContentTypes = ["application/pdf", ...Object.values(imageContentTypes)] as const;
export type StoredContentType = (typeof storedContentTypes)[number];

export type FileType =
  | { kind: "pdf"; contentType: "application/pdf" }
  | { kind: "image"; format: ImageFormat; contentType: StoredContentType };

/** How many first bytes the type is told from (a PDF's header may sit up to 1 KB in). */
export const FILE_TYPE_WINDOW = 1024;

const ascii = (b: Uint8Array, from: number, to: number) =>
  Buffer.from(b.subarray(from, to)).toString("latin1");

/** The image format of these first bytes, if they are one of the accepted images. */
export function imageFormatOf(head: Uint8Array): ImageFormat | null {
  const text = ascii(head, 0, 16);
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpeg";
  if (text.startsWith("\x89PNG\r\n\x1a\n") && text.slice(12, 16) === "IHDR") return "png";
  if (text.startsWith("GIF87a") || text.startsWith("GIF89a")) return "gif";
  // Classic TIFF (42) and BigTIFF (43), either byte order.
  if (/^(II[*+]\0|MM\0[*+])/.test(text)) return "tiff";
  if (text.startsWith("RIFF") && text.slice(8, 12) === "WEBP") return "webp";
  return null;
}

/** An ISO base media file (HEIC, HEIF, AVIF): its brand, read from the `ftyp` box. */
function isoBrand(head: Uint8Array): string | null {
  return ascii(head, 4, 8) === "ftyp" ? ascii(head, 8, 12) : null;
}

const heifBrands = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

/**
 * A file the Files family stores: a PDF or an accepted image. HEIC/HEIF and anything else is
 * refused (415), saying what to send instead.
 */
export function storedFileType(head: Uint8Array): FileType {
  const image = imageFormatOf(head);
  if (image)
    return { kind: "image", format: image, contentType: imageContentTypes[image] as StoredContentType };
  if (ascii(head, 0, FILE_TYPE_WINDOW).includes("%PDF-"))
    return { kind: "pdf", contentType: "application/pdf" };
  const brand = isoBrand(head);
  if (brand && heifBrands.has(brand))
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "The file is a HEIC/HEIF image, which this service cannot decode: convert it to JPEG first (on an iPhone, Settings > Camera > Formats > Most Compatible makes JPEGs).",
    );
  if (brand === "avif" || brand === "avis")
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "The file is an AVIF image, which is not accepted: convert it to PNG or JPEG first.",
    );
  const looksLike = ascii(head, 0, 8).startsWith("\x89PNG")
    ? " (it starts like a PNG but has no PNG header)"
    : "";
  throw new AppError(
    "UNSUPPORTED_MEDIA_TYPE",
    `The file is neither a PDF nor an accepted image${looksLike}: send a PDF, or a JPEG, PNG, TIFF, WebP or GIF image (told by the first bytes, not the name).`,
  );
}

/**
 * Pages known from the type alone: an image other than a TIFF is one page (a GIF's or WebP's
 * first frame); a PDF's or a TIFF's are counted by a worker (null until then).
 */
export const pagesOfType = (type: FileType): number | null =>
  type.kind === "image" && type.format !== "tiff" ? 1 : null;
