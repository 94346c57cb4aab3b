import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BlobStore, BlobTooLarge } from "../../src/core/blobs/blob-store.ts";
import { createLocalBlobStore } from "../../src/core/blobs/local-blob-store.ts";
import { createS3BlobStore } from "../../src/core/blobs/s3-blob-store.ts";
import { AppError } from "../../src/core/errors.ts";
import { type S3TestServer, startS3Server } from "../support/s3-server.ts";

// One contract, both stores: local disk, and an S3-compatible server on loopback.

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

async function* chunksOf(bytes: Uint8Array, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** A source that fails after `after` bytes, as a client that goes away mid-upload. */
async function* breaksAfter(bytes: Uint8Array, after: number): AsyncGenerator<Uint8Array> {
  for await (const c of chunksOf(bytes.subarray(0, after))) yield c;
  throw new Error("client went away");
}

async function text(r: { body: Readable } | null): Promise<string> {
  if (!r) throw new Error("no blob");
  const parts: Buffer[] = [];
  for await (const c of r.body) parts.push(Buffer.from(c));
  return Buffer.concat(parts).toString("latin1");
}

/** Bytes of a given size that are not all alike, so a wrong range or order shows. */
function bytesOf(n: number): Uint8Array {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = (i * 31 + (i >> 8)) & 0xff;
  return b;
}

let s3: S3TestServer;
const localDir = mkdtempSync(path.join(os.tmpdir(), "quire-blobs-contract-"));
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  rmSync(localDir, { recursive: true, force: true });
});

const stores: [string, () => BlobStore][] = [
  ["local", () => createLocalBlobStore(localDir)],
  [
    "s3",
    () =>
      createS3BlobStore({
        endpoint: s3.endpoint,
        region: "us-east-1",
        bucket: s3.bucket,
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
      }),
  ],
];

for (const [name, make] of stores) {
  describe(`the ${name} blob store`, () => {
    it("stores, reads, stats, lists and deletes", async () => {
      const store = make();
      await store.put("t/one/a.txt", Buffer.from("alpha"));
      await store.put("t/one/b.txt", Buffer.from("beta"));
      expect((await store.get("t/one/a.txt"))?.toString()).toBe("alpha");
      expect(await store.get("t/one/missing")).toBeNull();
      expect(await store.stat("t/one/b.txt")).toEqual({ size: 4 });
      expect(await store.stat("t/one/missing")).toBeNull();
      expect(await store.has("t/one/a.txt")).toBe(true);
      expect(await store.list("t/one/")).toEqual(["t/one/a.txt", "t/one/b.txt"]);
      await store.delete("t/one/a.txt");
      await store.delete("t/one/a.txt");
      expect(await store.has("t/one/a.txt")).toBe(false);
      await store.deletePrefix("t/one/");
      expect(await store.list("t/one/")).toEqual([]);
    });

    it("streams a write in while hashing it, and reads ranges back", async () => {
      const store = make();
      // Over S3's 5 MiB part: a multipart upload.
      const bytes = bytesOf(7 * 1024 * 1024 + 123);
      const stored = await store.putStream("t/two/big.bin", chunksOf(bytes), { maxBytes: bytes.length });
      expect(stored).toEqual({ size: bytes.length, sha256: sha256(bytes) });
      expect(await store.stat("t/two/big.bin")).toEqual({ size: bytes.length });
      const range = await store.getStream("t/two/big.bin", { start: 5_000_000, end: 5_000_009 });
      expect(range?.size).toBe(bytes.length);
      expect(await text(range)).toBe(Buffer.from(bytes.subarray(5_000_000, 5_000_010)).toString("latin1"));
      const whole = await store.getStream("t/two/big.bin");
      expect(sha256(Buffer.from(await text(whole), "latin1"))).toBe(sha256(bytes));
      expect(await store.getStream("t/two/missing")).toBeNull();
    });

    it("stops a streamed write at its limit and keeps nothing of it", async () => {
      const store = make();
      const bytes = bytesOf(6 * 1024 * 1024);
      await expect(
        store.putStream("t/three/over.bin", chunksOf(bytes), { maxBytes: 6 * 1024 * 1024 - 1 }),
      ).rejects.toBeInstanceOf(BlobTooLarge);
      expect(await store.has("t/three/over.bin")).toBe(false);
      expect(await store.list("t/three/")).toEqual([]);
    });

    it("keeps nothing of a write whose source breaks half-way", async () => {
      const store = make();
      const bytes = bytesOf(8 * 1024 * 1024);
      await expect(
        store.putStream("t/four/broken.bin", breaksAfter(bytes, 6 * 1024 * 1024), { maxBytes: bytes.length }),
      ).rejects.toThrow("client went away");
      expect(await store.list("t/four/")).toEqual([]);
    });

    it("refuses keys that would leave its root", async () => {
      const store = make();
      for (const key of ["../x", "a/../../x", "/abs", "a//b", "a\u0000b"])
        await expect(store.put(key, Buffer.from("x")), key).rejects.toThrow(/unsafe blob key/);
    });
  });
}

describe("the S3 store's presigned PUT", () => {
  it("signs size and digest as headers, and a PUT with them stores the bytes", async () => {
    const store = stores[1]?.[1]() as BlobStore;
    const bytes = Buffer.from("%PDF-1.7 presigned");
    const digest = sha256(bytes);
    const signed = await store.presignPut("t/five/p.pdf", {
      size: bytes.length,
      sha256: digest,
      expiresInSeconds: 60,
    });
    if (!signed) throw new Error("the S3 store signs uploads");
    const url = new URL(signed.url);
    const signedHeaders = (url.searchParams.get("X-Amz-SignedHeaders") ?? "").split(";");
    expect(signedHeaders).toEqual(
      expect.arrayContaining(["content-length", "host", "x-amz-checksum-sha256"]),
    );
    // The digest is a header, not a query parameter S3 would sign but not check.
    expect(url.searchParams.has("x-amz-checksum-sha256")).toBe(false);
    expect(url.searchParams.get("X-Amz-Expires")).toBe("60");
    expect(signed.headers["x-amz-checksum-sha256"]).toBe(Buffer.from(digest, "hex").toString("base64"));
    const put = await fetch(signed.url, { method: "PUT", headers: signed.headers, body: bytes });
    expect(put.status).toBe(200);
    expect(await store.stat("t/five/p.pdf")).toEqual({ size: bytes.length });
  });

  it("the local store signs nothing: the service receives the bytes itself", async () => {
    const store = stores[0]?.[1]() as BlobStore;
    expect(
      await store.presignPut("t/x", { size: 1, sha256: "0".repeat(64), expiresInSeconds: 60 }),
    ).toBeNull();
  });

  it("a store that does not answer fails with STORAGE_UNAVAILABLE", async () => {
    const store = createS3BlobStore({
      endpoint: "http://127.0.0.1:9",
      region: "us-east-1",
      bucket: "nowhere",
      accessKeyId: "x",
      secretAccessKey: "y",
      forcePathStyle: true,
    });
    const err = await store.put("t/x", Buffer.from("x")).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe("STORAGE_UNAVAILABLE");
    expect((err as AppError).status).toBe(503);
  });
});
