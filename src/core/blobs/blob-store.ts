import type { Readable } from "node:stream";

/** What a streamed write stored: its size and SHA-256 (hex), computed while it was received. */
export type StoredBlob = { size: number; sha256: string };

/** Bytes `start` to `end` of a blob, both inclusive (as an HTTP Range). */
export type ByteRange = { start: number; end: number };

/** A signed request a client may make without a key to put one blob's exact bytes. */
export type PresignedPut = { url: string; headers: Record<string, string> };

/**
 * Where bytes live: uploaded PDFs, stored files, rendered page images, exports. Keys are
 * slash-separated paths such as `documents/doc-…/source.pdf`; everything of one document sits
 * under one prefix so a delete can remove it all. Local disk by default, or any S3-compatible
 * store. A store that cannot be reached fails with STORAGE_UNAVAILABLE, never a hang.
 */
export type BlobStore = {
  readonly kind: "local" | "s3";
  put: (key: string, bytes: Uint8Array) => Promise<void>;
  /**
   * Writes a stream while counting and hashing it, never holding it whole. Past `maxBytes`, or
   * when the source fails, what was written is removed and the error thrown (BlobTooLarge for
   * the limit): nothing is left behind.
   */
  putStream: (
    key: string,
    body: AsyncIterable<Uint8Array>,
    opts: { maxBytes: number },
  ) => Promise<StoredBlob>;
  /** The bytes, or null when there is no such blob. */
  get: (key: string) => Promise<Buffer | null>;
  /** The bytes (or a range of them) as a stream, with the blob's whole size; null when there is no such blob. */
  getStream: (key: string, range?: ByteRange) => Promise<{ body: Readable; size: number } | null>;
  /** The blob's size, or null when there is no such blob. */
  stat: (key: string) => Promise<{ size: number } | null>;
  /** Whether the blob exists, without reading it. */
  has: (key: string) => Promise<boolean>;
  /** The keys under a prefix (for tests and clean-up). */
  list: (prefix: string) => Promise<string[]>;
  /** Removes one blob; a missing one is not an error. */
  delete: (key: string) => Promise<void>;
  /** Removes every blob whose key starts with the prefix. */
  deletePrefix: (prefix: string) => Promise<void>;
  /**
   * A URL the client may PUT exactly `size` bytes with this SHA-256 to, for `expiresInSeconds`;
   * null when the store cannot sign one (the local store: the service receives the bytes itself).
   */
  presignPut: (
    key: string,
    opts: { size: number; sha256: string; expiresInSeconds: number },
  ) => Promise<PresignedPut | null>;
};

/** A streamed write passed its limit; nothing of it was kept. */
export class BlobTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`the stream is larger than ${maxBytes} bytes`);
    this.name = "BlobTooLarge";
  }
}

export function assertSafeKey(key: string): void {
  if (
    !/^[A-Za-z0-9][A-Za-z0-9._@-]*(\/[A-Za-z0-9._@-]+)*\/?$/.test(key) ||
    key.split("/").some((p) => p === "..")
  ) {
    throw new Error(`unsafe blob key: ${key}`);
  }
}

/**
 * The write buffer of a stream written to disk: chunks arrive from a socket at about 16 KB, and
 * while one write is in flight the next ones gather here and go out as one writev, so a file
 * costs a few hundred system calls instead of thousands.
 */
export const DISK_WRITE_BUFFER = 256 * 1024;
