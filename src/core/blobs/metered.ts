import { createHash } from "node:crypto";
import { BlobTooLarge, type StoredBlob } from "./blob-store.ts";

/**
 * The chunks of `body`, counted and hashed as they pass; throws BlobTooLarge as soon as the count
 * passes `maxBytes`, so a store stops receiving at the limit. `result()` is final once the
 * stream has been read to its end.
 */
export function metered(body: AsyncIterable<Uint8Array>, maxBytes: number) {
  const hash = createHash("sha256");
  let size = 0;
  let failure: unknown;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    try {
      for await (const chunk of body) {
        size += chunk.byteLength;
        if (size > maxBytes) throw new BlobTooLarge(maxBytes);
        hash.update(chunk);
        yield chunk;
      }
    } catch (err) {
      failure = err;
      throw err;
    }
  }
  let digest: string | null = null;
  return {
    chunks: chunks(),
    /** The error the source raised (or BlobTooLarge), if it failed: not the store's fault. */
    sourceFailure: () => failure,
    result: (): StoredBlob => {
      digest ??= hash.digest("hex");
      return { size, sha256: digest };
    },
  };
}
