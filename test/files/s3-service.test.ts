import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upload, uploadAndWait } from "../support/documents.ts";
import { call } from "../support/http.ts";
import { reportPdf } from "../support/pdfs.ts";
import { type S3TestServer, startS3Server } from "../support/s3-server.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// The whole service on BLOB_STORE=s3, against an S3-protocol server on loopback.

describe("the service on an S3-compatible store", () => {
  let s3: S3TestServer;
  let server: TestServer;
  let t: Tenant;
  const keysUnder = async (prefix: string) =>
    (
      (await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }))).Contents ?? []
    ).map((o) => o.Key);

  beforeAll(async () => {
    s3 = await startS3Server();
    server = await startTestServer(s3.env);
    t = await createTenant(server.url);
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it("keeps a document's source and page images in the bucket, and deletes them with it", async () => {
    const doc = await uploadAndWait(server.url, t.secret, await reportPdf(), "report.pdf");
    expect(doc.phase).toBe("complete");
    const image = await call(server.url, "GET", `/v1/documents/${doc.id}/pages/1/image.png`, {
      key: t.secret,
    });
    expect(image.status).toBe(200);
    const stored = await keysUnder(`documents/${doc.id}/`);
    expect(stored).toContain(`documents/${doc.id}/source.pdf`);
    expect(stored.some((k) => k?.endsWith(".png"))).toBe(true);
    // Nothing is kept on local disk.
    const del = await call(server.url, "DELETE", `/v1/documents/${doc.id}`, { key: t.secret });
    expect(del.status).toBe(200);
    expect(await keysUnder(`documents/${doc.id}/`)).toEqual([]);
  });

  it("refuses to start when the bucket cannot be reached, naming the setting", async () => {
    await expect(startTestServer({ ...s3.env, S3_BUCKET: "no-such-bucket" })).rejects.toThrow(
      /BLOB_STORE=s3: bucket no-such-bucket cannot be reached/,
    );
  });

  it("answers 503 STORAGE_UNAVAILABLE when the store goes away, and keeps no half-made document", async () => {
    const other = await startS3Server("quire-gone");
    const s = await startTestServer(other.env);
    try {
      const tenant = await createTenant(s.url);
      await other.close();
      const r = await upload(s.url, tenant.secret, await reportPdf());
      expect(r.status, r.text).toBe(503);
      expect(r.body.error.code).toBe("STORAGE_UNAVAILABLE");
      const list = await call(s.url, "GET", "/v1/documents", { key: tenant.secret });
      expect(list.body.data).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
