import { type BlobStore, BlobTooLarge, type StoredBlob } from "../blobs/blob-store.ts";
import { peek } from "../documents/pdf-signature.ts";
import { AppError } from "../errors.ts";
import { FILE_TYPE_WINDOW } from "./file-type.ts";

/**
 * Streams an upload into the store under `key`, checking it on the way: empty 400, refused by
 * `check` on its first bytes (before anything is stored), over `maxBytes` 413. On any failure
 * everything under `prefix` is removed: nothing of a refused or broken-off upload is kept.
 */
export async function storeChecked<T>(
  blobs: BlobStore,
  target: { key: string; prefix: string },
  body: AsyncIterable<Uint8Array>,
  maxBytes: number,
  check: (head: Uint8Array) => T,
): Promise<StoredBlob & { type: T }> {
  const { head, whole } = await peek(body, FILE_TYPE_WINDOW);
  if (head.byteLength === 0) throw new AppError("BAD_REQUEST", "The file is empty (0 bytes).");
  const type = check(head);
  try {
    return { ...(await blobs.putStream(target.key, whole, { maxBytes })), type };
  } catch (err) {
    await blobs.deletePrefix(target.prefix).catch(() => undefined);
    if (err instanceof BlobTooLarge)
      throw new AppError("PAYLOAD_TOO_LARGE", `The file is larger than the limit of ${maxBytes} bytes.`, {
        Connection: "close",
      });
    throw err;
  }
}
