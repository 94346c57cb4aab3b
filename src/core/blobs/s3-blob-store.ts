import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { NodeHttpHandler } from "@smithy/node-http-handler";
import { AppError } from "../errors.ts";
import { assertSafeKey, type BlobStore, BlobTooLarge, DISK_WRITE_BUFFER } from "./blob-store.ts";
import { metered } from "./metered.ts";

export type S3Settings = {
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
};

/** S3's largest single PUT. */
const SINGLE_PUT_BYTES = 5 * 1024 ** 3;
/** Parts of an upload past it (S3 allows 10,000 parts: enough for MAX_UPLOAD_BYTES up to 1 TB). */
const PART_BYTES = 100 * 1024 * 1024;

const notFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === "NoSuchKey" || err.name === "NotFound" || err.$metadata.httpStatusCode === 404);

/** Any failure of the store but a missing object: the client hears 503 and may retry. */
function unavailable(err: unknown): never {
  if (err instanceof AppError || err instanceof BlobTooLarge) throw err;
  const reason = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  throw new AppError(
    "STORAGE_UNAVAILABLE",
    `The file store is unavailable (${reason}); nothing was stored. Retry later.`,
  );
}

/** Blobs in one bucket of an S3-compatible store (AWS S3, MinIO, R2, SeaweedFS, Garage...). */
export function createS3BlobStore(settings: S3Settings): BlobStore & { check: () => Promise<void> } {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: otherwise the client adds a CRC32 of the empty body
    // to presigned PUTs, which the client's real bytes would then fail.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A store that does not answer fails the request instead of holding it.
    requestHandler: new NodeHttpHandler({ connectionTimeout: 5_000, requestTimeout: 60_000 }),
    maxAttempts: 3,
  });
  const Bucket = settings.bucket;
  const keyOf = (key: string) => {
    assertSafeKey(key);
    return key;
  };
  const head = async (key: string) => {
    try {
      const r = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
      return { size: r.ContentLength ?? 0 };
    } catch (err) {
      if (notFound(err)) return null;
      return unavailable(err);
    }
  };
  const list = async (prefix: string) => {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const r = await client
        .send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }))
        .catch(unavailable);
      for (const o of r.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = r.IsTruncated ? r.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  };
  const remove = async (key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) })).catch(unavailable);
  };
  return {
    kind: "s3",
    /** Fails when the bucket cannot be reached with these settings (checked at start-up). */
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async put(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes })).catch(unavailable);
    },
    async putStream(key, body, { maxBytes }) {
      const meter = metered(body, maxBytes);
      // Spooled to a local temporary file first, then sent as one PUT of known length, streamed
      // from the file: S3's multipart parts are at least 5 MB each, held in memory, which many
      // concurrent uploads of unknown length would multiply. Past S3's single-PUT limit the
      // spool goes up in parts instead.
      const dir = await mkdtemp(path.join(os.tmpdir(), "quire-s3-spool-"));
      const spool = path.join(dir, "upload");
      try {
        await pipeline(
          Readable.from(meter.chunks),
          createWriteStream(spool, { highWaterMark: DISK_WRITE_BUFFER }),
        );
        const stored = meter.result();
        if (stored.size <= SINGLE_PUT_BYTES) {
          await client.send(
            new PutObjectCommand({
              Bucket,
              Key: keyOf(key),
              Body: createReadStream(spool),
              ContentLength: stored.size,
            }),
          );
        } else {
          await new Upload({
            client,
            params: { Bucket, Key: keyOf(key), Body: createReadStream(spool) },
            partSize: PART_BYTES,
            queueSize: 1,
            leavePartsOnError: false,
          }).done();
        }
        return stored;
      } catch (err) {
        await remove(key).catch(() => undefined);
        const fromSource = meter.sourceFailure();
        if (fromSource) throw fromSource;
        return unavailable(err);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async get(key) {
      try {
        const r = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        return Buffer.from(
          await (r.Body as { transformToByteArray: () => Promise<Uint8Array> }).transformToByteArray(),
        );
      } catch (err) {
        if (notFound(err)) return null;
        return unavailable(err);
      }
    },
    async getStream(key, range) {
      try {
        const r = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: keyOf(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        // One request: a ranged answer names the whole size in Content-Range (bytes a-b/size).
        const size = range ? Number(/\/(\d+)$/.exec(r.ContentRange ?? "")?.[1]) : (r.ContentLength ?? 0);
        return { body: r.Body as Readable, size };
      } catch (err) {
        if (notFound(err)) return null;
        return unavailable(err);
      }
    },
    stat: head,
    has: async (key) => (await head(key)) !== null,
    list,
    delete: remove,
    async deletePrefix(prefix) {
      const keys = await list(prefix);
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000);
        await client
          .send(
            new DeleteObjectsCommand({
              Bucket,
              Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
            }),
          )
          .catch(unavailable);
      }
    },
    async presignPut(key, { size, sha256, expiresInSeconds }) {
      const checksum = Buffer.from(sha256, "hex").toString("base64");
      // Size and digest are signed headers (not query parameters), so the URL admits only a PUT
      // of exactly these bytes on a store that checks signatures.
      const url = await getSignedUrl(
        client,
        new PutObjectCommand({ Bucket, Key: keyOf(key), ContentLength: size, ChecksumSHA256: checksum }),
        { expiresIn: expiresInSeconds, unhoistableHeaders: new Set(["x-amz-checksum-sha256"]) },
      );
      return { url, headers: { "Content-Length": String(size), "x-amz-checksum-sha256": checksum } };
    },
  };
}
