import { type BlobStore, BlobTooLarge, type StoredBlob } from "../blobs/blob-store.ts";
import { AppError } from "../errors.ts";
import { assertPdf, PDF_HEADER_WINDOW, peek } from "./pdf-signature.ts";

/**
 * Streams a PDF into the store under `key`, checking it on the way: empty 400, not a PDF by its
 * first bytes 415 (before anything is stored), over `maxBytes` 413. On any failure everything
 * under `prefix` is removed: nothing of a refused or broken-off upload is kept.
 */
export async function storePdf(
  blobs: BlobStore,
  target: { key: string; prefix: string },
  body: AsyncIterable<Uint8Array>,
  maxBytes: number,
): Promise<StoredBlob> {
  const { head, whole } = await peek(body, PDF_HEADER_WINDOW);
  if (head.byteLength === 0) throw new AppError("BAD_REQUEST", "The file is empty (0 bytes).");
  assertPdf(head);
  try {
    return await blobs.putStream(target.key, whole, { maxBytes });
  } catch (err) {
    await blobs.deletePrefix(target.prefix).catch(() => undefined);
    if (err instanceof BlobTooLarge)
      throw new AppError("PAYLOAD_TOO_LARGE", `The file is larger than the limit of ${maxBytes} bytes.`, {
        Connection: "close",
      });
    throw err;
  }
}
