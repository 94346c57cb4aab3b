/**
 * Where bytes live: uploaded PDFs, rendered page images, exports. Keys are slash-separated paths
 * such as `documents/doc-…/source.pdf`; everything of one document sits under one prefix so a
 * delete can remove it all. Local disk by default; an S3-compatible store can implement the same.
 */
export type BlobStore = {
  put: (key: string, bytes: Uint8Array) => Promise<void>;
  /** The bytes, or null when there is no such blob. */
  get: (key: string) => Promise<Buffer | null>;
  /** Whether the blob exists, without reading it. */
  has: (key: string) => Promise<boolean>;
  /** The keys under a prefix (for tests and clean-up). */
  list: (prefix: string) => Promise<string[]>;
  /** Removes one blob; a missing one is not an error. */
  delete: (key: string) => Promise<void>;
  /** Removes every blob whose key starts with the prefix. */
  deletePrefix: (prefix: string) => Promise<void>;
};

export function assertSafeKey(key: string): void {
  if (
    !/^[A-Za-z0-9][A-Za-z0-9._@-]*(\/[A-Za-z0-9._@-]+)*\/?$/.test(key) ||
    key.split("/").some((p) => p === "..")
  ) {
    throw new Error(`unsafe blob key: ${key}`);
  }
}
