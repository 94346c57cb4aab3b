import { createHash } from "node:crypto";
import { HeadObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sweepExpiredUploads } from "../../src/jobs/bodies/files.ts";
import { call } from "../support/http.ts";
import { pngBytes, reportPdf } from "../support/pdfs.ts";
import { type S3TestServer, startS3Server } from "../support/s3-server.ts";
import { expectError, expectSecured, type Keys, securityFixture } from "../support/security.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

// Presigned direct uploads, on the local store (the service receives the bytes at its own
// upload URL) and on an S3-compatible store on loopback (the bytes go to the bucket).

const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

type Presigned = {
  upload_id: string;
  file_id: string;
  url: string;
  headers: Record<string, string>;
  expires_at: string;
};

for (const storeKind of ["local", "s3"] as const) {
  describe(`presigned uploads on the ${storeKind} store`, () => {
    let s3: S3TestServer | undefined;
    let server: TestServer;
    let keys: Keys;
    let pdf: Uint8Array;

    const presign = async (bytes: Uint8Array, key = keys.owner.secret) => {
      const r = await call(server.url, "POST", "/v1/files/presign", {
        key,
        json: { fileName: "big.pdf", fileSize: bytes.byteLength, sha256: sha256(bytes) },
      });
      expect(r.status, r.text).toBe(201);
      return r.body as Presigned;
    };
    const put = (p: Presigned, bytes: Uint8Array) =>
      fetch(p.url, { method: "PUT", headers: p.headers, body: new Uint8Array(bytes) });
    const finalize = (p: Presigned, key = keys.owner.secret) =>
      call(server.url, "POST", "/v1/files/finalize", { key, json: { upload_id: p.upload_id } });
    /** Moves a session's expiry into the past, as time passing would. */
    const expire = (p: Presigned) =>
      server.services.db.prisma.storedFile.update({
        where: { id: p.file_id },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
    const bytesKept = async (fileId: string) =>
      (await server.services.blobs.list(`files/${fileId}/`)).length > 0;

    beforeAll(async () => {
      if (storeKind === "s3") s3 = await startS3Server();
      server = await startTestServer({ ...(s3?.env ?? {}), MAX_UPLOAD_BYTES: String(4 * 1024 * 1024) });
      keys = await securityFixture(server.url);
      pdf = await reportPdf();
    });
    afterAll(async () => {
      await server?.close();
      await s3?.close();
    });

    it("presign, PUT, finalize: the file is ready and reads back; finalizing again answers the same", async () => {
      const p = await presign(pdf);
      expect(p.upload_id).toMatch(/^upl_[a-z0-9]{16}$/);
      if (storeKind === "local") expect(p.url).toMatch(new RegExp(`^${server.url}/v1/uploads/[a-z0-9]{32}$`));
      else expect(p.url.startsWith(s3?.endpoint ?? "")).toBe(true);
      expect(new Date(p.expires_at).getTime()).toBeGreaterThan(Date.now() + 14 * 60 * 1000);
      const pending = await call(server.url, "GET", `/v1/files/${p.file_id}`, { key: keys.owner.secret });
      expect(pending.body).toMatchObject({ status: "pending", expires_at: p.expires_at });
      expectError(await finalize(p), 409, "CONFLICT");

      const sent = await put(p, pdf);
      expect(sent.status).toBe(200);
      const done = await finalize(p);
      expect(done.status, done.text).toBe(201);
      expect(done.body).toMatchObject({
        id: p.file_id,
        status: "ready",
        size: pdf.byteLength,
        sha256: sha256(pdf),
        expires_at: null,
      });
      expect((await finalize(p)).body).toEqual(done.body);
      // A worker counts its pages just after.
      let counted = done.body;
      for (let i = 0; i < 100 && counted.pages === null; i++) {
        await new Promise((res) => setTimeout(res, 100));
        counted = (await call(server.url, "GET", `/v1/files/${p.file_id}`, { key: keys.owner.secret })).body;
      }
      expect(counted.pages).toBe(1);
      const content = await fetch(`${server.url}/v1/files/${p.file_id}/content`, {
        headers: { authorization: `Bearer ${keys.owner.secret}` },
      });
      expect(sha256(new Uint8Array(await content.arrayBuffer()))).toBe(sha256(pdf));
      if (storeKind === "local") {
        // The upload URL served its one upload.
        expect((await put(p, pdf)).status).toBe(404);
      }
    });

    it("bytes that are not the ones presigned are refused and removed", async () => {
      const other = new Uint8Array(pdf);
      other[other.length - 2] = (other[other.length - 2] ?? 0) ^ 1;
      const p = await presign(pdf);
      const sent = await put(p, other);
      if (storeKind === "local") {
        // Checked while receiving.
        expect(sent.status).toBe(422);
        expectError(await finalize(p), 409, "CONFLICT");
      } else {
        // This S3 server checks no digest: finalize does.
        expect(sent.status).toBe(200);
        const r = await finalize(p);
        expectError(r, 422, "UNPROCESSABLE");
        expect(r.body.error.message).toContain("SHA-256");
      }
      expect(await bytesKept(p.file_id)).toBe(false);

      const longer = await presign(pdf);
      const tooMany = new Uint8Array(pdf.byteLength + 10);
      tooMany.set(pdf);
      if (storeKind === "local") {
        const r = await fetch(longer.url, { method: "PUT", body: tooMany });
        expect(r.status).toBe(422);
      } else {
        await fetch(longer.url, { method: "PUT", body: tooMany });
        expectError(await finalize(longer), 422, "UNPROCESSABLE");
      }
      expect(await bytesKept(longer.file_id)).toBe(false);
    });

    it("bytes that are not a PDF are refused at finalize and removed", async () => {
      const png = pngBytes();
      const p = await presign(png);
      expect((await put(p, png)).status).toBe(200);
      expectError(await finalize(p), 415, "UNSUPPORTED_MEDIA_TYPE");
      expect(await bytesKept(p.file_id)).toBe(false);
    });

    it("an expired session is 410, and the sweep removes the ones nobody finalized", async () => {
      const p = await presign(pdf);
      await put(p, pdf);
      await expire(p);
      expectError(await finalize(p), 410, "GONE");
      expect(await bytesKept(p.file_id)).toBe(false);
      expectError(
        await call(server.url, "GET", `/v1/files/${p.file_id}`, { key: keys.owner.secret }),
        404,
        "NOT_FOUND",
      );

      const forgotten = await presign(pdf);
      await put(forgotten, pdf);
      await expire(forgotten);
      expect(await sweepExpiredUploads(server.services)).toBeGreaterThanOrEqual(1);
      expect(await bytesKept(forgotten.file_id)).toBe(false);
      expect(await server.services.db.prisma.storedFile.count({ where: { id: forgotten.file_id } })).toBe(0);
      if (storeKind === "local") {
        const late = await presign(pdf);
        await expire(late);
        expect((await put(late, pdf)).status).toBe(410);
      }
    });

    it("checks what it is asked to presign", async () => {
      const ask = (json: unknown) =>
        call(server.url, "POST", "/v1/files/presign", { key: keys.owner.secret, json });
      const good = { fileName: "a.pdf", fileSize: 10, sha256: "a".repeat(64) };
      for (const bad of [
        { ...good, fileSize: 0 },
        { ...good, fileSize: -5 },
        { ...good, fileSize: 1.5 },
        { ...good, fileSize: 1e300 },
        { ...good, sha256: "a".repeat(63) },
        { ...good, sha256: "g".repeat(64) },
        { ...good, fileName: "" },
        { ...good, extra: 1 },
      ])
        expectError(await ask(bad), 400, "BAD_REQUEST", JSON.stringify(bad));
      expectError(await ask({ ...good, fileSize: 4 * 1024 * 1024 + 1 }), 413, "PAYLOAD_TOO_LARGE");
      const named = await ask({ ...good, fileName: "../../x/\u0001y.pdf" });
      expect(named.status).toBe(201);
      expect(
        (await call(server.url, "GET", `/v1/files/${named.body.file_id}`, { key: keys.owner.secret })).body
          .fileName,
      ).toBe("y.pdf");
    });

    it("another account's upload is not found; presign and finalize are secured", async () => {
      const p = await presign(pdf);
      await put(p, pdf);
      expectError(await finalize(p, keys.other.secret), 404, "NOT_FOUND");
      await expectSecured(server.url, keys, {
        method: "POST",
        path: () => "/v1/files/presign",
        json: { fileName: "a.pdf", fileSize: 10, sha256: "a".repeat(64) },
        needs: "secret",
      });
      await expectSecured(server.url, keys, {
        method: "POST",
        path: () => "/v1/files/finalize",
        json: { upload_id: p.upload_id },
        needs: "secret",
      });
      // Still the owner's to finalize.
      expect((await finalize(p)).status).toBe(201);
      if (storeKind === "s3" && s3) {
        const head = await s3.client.send(
          new HeadObjectCommand({ Bucket: s3.bucket, Key: `files/${p.file_id}/source.pdf` }),
        );
        expect(head.ContentLength).toBe(pdf.byteLength);
      }
    });
  });
}
