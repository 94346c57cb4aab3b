import type { BlobStore, StoredBlob } from "../blobs/blob-store.ts";
import { storeChecked } from "../files/store-checked.ts";
import { assertPdf } from "./pdf-signature.ts";

/**
 * Streams a PDF into the store under `key`: empty 400, not a PDF by its first bytes 415 (before
 * anything is stored), over `maxBytes` 413; on any failure nothing under `prefix` is kept.
 */
export async function storePdf(
  blobs: BlobStore,
  target: { key: string; prefix: string },
  body: AsyncIterable<Uint8Array>,
  maxBytes: number,
): Promise<StoredBlob> {
  const { size, sha256 } = await storeChecked(blobs, target, body, maxBytes, assertPdf);
  return { size, sha256 };
}
