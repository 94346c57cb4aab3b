import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runConversion } from "../../src/jobs/bodies/conversions.ts";
import { convert, waitForConversion } from "../support/conversions.ts";
import { hosted, portOf } from "../support/hosted.ts";
import { publish, storeFile } from "../support/hosting.ts";
import { call } from "../support/http.ts";
import { pngBytes } from "../support/images.ts";
import { reportPdf } from "../support/pdfs.ts";
import { expectError } from "../support/security.ts";
import { resetRateBudgets, startTestServer, type TestServer } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// The `host` option of POST /v1/conversions: the PDF published as soon as it exists.

/** A refusal with the envelope, its message naming what to fix. */
function refused(r: Awaited<ReturnType<typeof call>>, status: number, code: string, names: RegExp) {
  expectError(r, status, code);
  expect(r.body.error.message).toMatch(names);
}

const hostOf = (server: TestServer, namespace: string) =>
  `${namespace}.quire.localhost:${portOf(server.url)}`;

describe("a conversion's host option", () => {
  let server: TestServer;
  let t: Tenant;
  beforeAll(async () => {
    server = await startTestServer();
    t = await createTenant(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("publishes the PDF once it exists, at the namespace and with the access asked for", async () => {
    const png = await pngBytes(60, 40, { r: 200, g: 10, b: 10 });
    const host = {
      namespace: "Scanned-Receipts",
      title: "Receipts",
      access: { password: "open sesame", allow_download: false },
    };
    const r = await convert(server.url, t.secret, [{ bytes: png, name: "receipt.png" }], {
      host: JSON.stringify(host),
    });
    expect(r.status, r.text).toBe(202);
    expect(r.body).toMatchObject({
      status: "queued",
      host_requested: true,
      deployment: null,
      host_error: null,
    });
    expect(r.text).not.toContain("open sesame");

    const done = await waitForConversion(server.url, t.secret, r.body.id);
    expect(done.status, JSON.stringify(done.error)).toBe("succeeded");
    expect(done.host_error).toBeNull();
    expect(done.deployment).toMatchObject({
      namespace: "scanned-receipts",
      title: "Receipts",
      access: { has_password: true, allow_download: false, unlisted: false },
      source: { file_id: done.file_id },
      deployment: { url: `http://scanned-receipts.quire.localhost:${portOf(server.url)}` },
    });
    // The same site as the hosting API shows it.
    const site = await call(server.url, "GET", "/v1/host/scanned-receipts", { key: t.secret });
    expect(site.status).toBe(200);
    expect(site.body).toEqual(done.deployment);
    // Served behind its password, the PDF not offered.
    const page = await hosted(server.url, hostOf(server, "scanned-receipts"), "/");
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<form[^>]+method="post"/i);
    expect((await hosted(server.url, hostOf(server, "scanned-receipts"), "/pages/1.png")).status).toBe(403);
    // The site keeps the password's hash; the conversion no longer does.
    const row = await server.services.db.prisma.conversion.findUniqueOrThrow({ where: { id: r.body.id } });
    expect(row.hostPlan).toMatchObject({ namespace: "scanned-receipts", password_hash: null });

    // Unpublished, the conversion shows no deployment.
    expect((await call(server.url, "DELETE", "/v1/host/scanned-receipts", { key: t.secret })).status).toBe(
      200,
    );
    const after = await call(server.url, "GET", `/v1/conversions/${r.body.id}`, { key: t.secret });
    expect(after.body).toMatchObject({ status: "succeeded", host_requested: true, deployment: null });
  }, 90_000);

  it("publishes stored images converted by id at a generated namespace, open to anyone", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(await pngBytes(30, 30, { r: 0, g: 0, b: 0 }))]), "dot.png");
    const stored = await call(server.url, "POST", "/v1/files", { key: t.secret, body: form });
    expect(stored.status, stored.text).toBe(201);
    const r = await call(server.url, "POST", "/v1/conversions", {
      key: t.secret,
      json: { kind: "image_to_pdf", file_ids: [stored.body.id], fileName: "dot", host: {} },
    });
    expect(r.status, r.text).toBe(202);
    const done = await waitForConversion(server.url, t.secret, r.body.id);
    expect(done.status).toBe("succeeded");
    const ns = done.deployment.namespace as string;
    expect(ns).toMatch(/^[a-z]+-[a-z]+-[a-z0-9]{4}$/);
    expect(done.deployment).toMatchObject({ title: "dot.pdf", access: { has_password: false } });
    // A moment after publishing the document is still being opened: 503 with Retry-After.
    let png = await hosted(server.url, hostOf(server, ns), "/pages/1.png");
    for (let i = 0; png.status === 503 && i < 100; i++) {
      expect(png.headers["retry-after"]).toBe("2");
      await new Promise((res) => setTimeout(res, 200));
      png = await hosted(server.url, hostOf(server, ns), "/pages/1.png");
    }
    expect(png.status).toBe(200);
    expect(png.headers["content-type"]).toBe("image/png");
    // Without `host`, nothing is published.
    const plain = await call(server.url, "POST", "/v1/conversions", {
      key: t.secret,
      json: { kind: "image_to_pdf", file_ids: [stored.body.id] },
    });
    const plainDone = await waitForConversion(server.url, t.secret, plain.body.id);
    expect(plainDone).toMatchObject({
      status: "succeeded",
      host_requested: false,
      deployment: null,
      host_error: null,
    });
  }, 90_000);

  it("checks the host settings before reading any image, and keeps nothing of a refused request", async () => {
    await resetRateBudgets(server);
    const taken = await publish(server.url, t.secret, {
      source: { file_id: await storeFile(server.url, t.secret, await reportPdf()) },
      namespace: "already-taken",
    });
    expect(taken.namespace).toBe("already-taken");
    const png = await pngBytes(10, 10, { r: 1, g: 2, b: 3 });
    const before = await server.services.db.prisma.conversion.count();
    const multipart = (host: string) =>
      convert(server.url, t.secret, [{ bytes: png, name: "a.png" }], { host });
    const json = (host: unknown) =>
      call(server.url, "POST", "/v1/conversions", {
        key: t.secret,
        json: { kind: "image_to_pdf", file_ids: ["file_0000000000000000"], host },
      });

    refused(
      await multipart(JSON.stringify({ namespace: "already-taken" })),
      409,
      "CONFLICT",
      /already-taken/,
    );
    refused(await json({ namespace: "ALREADY-TAKEN" }), 409, "CONFLICT", /taken/);
    refused(await multipart(JSON.stringify({ namespace: "www" })), 400, "BAD_REQUEST", /reserved/);
    refused(await json({ namespace: "-bad-" }), 400, "BAD_REQUEST", /namespace/);
    refused(await json({ access: { expires_at: "next week" } }), 400, "BAD_REQUEST", /expires_at/);
    refused(await json({ access: { colour: "red" } }), 400, "BAD_REQUEST", /colour/);
    refused(await multipart("{not json"), 400, "BAD_REQUEST", /host/);
    refused(await multipart(JSON.stringify({ title: "   " })), 400, "BAD_REQUEST", /title/);
    expect(await server.services.db.prisma.conversion.count()).toBe(before);
  }, 60_000);
});

describe("a conversion whose namespace is taken before its PDF exists", () => {
  let server: TestServer;
  afterAll(async () => {
    await server?.close();
  });

  it("succeeds with its PDF stored and says why it was not published", async () => {
    // No worker in this process: the conversion waits until it is run below.
    server = await startTestServer({ ROLE: "api" });
    const [t, other] = [await createTenant(server.url), await createTenant(server.url)];
    const r = await convert(
      server.url,
      t.secret,
      [{ bytes: await pngBytes(20, 20, { r: 9, g: 9, b: 9 }), name: "x.png" }],
      {
        host: JSON.stringify({ namespace: "contested-name" }),
      },
    );
    expect(r.status, r.text).toBe(202);
    // Another account claims the name first.
    await publish(server.url, other.secret, {
      source: { file_id: await storeFile(server.url, other.secret, await reportPdf()) },
      namespace: "contested-name",
    });
    await runConversion(server.services, { conversionId: r.body.id });
    const done = (await call(server.url, "GET", `/v1/conversions/${r.body.id}`, { key: t.secret })).body;
    expect(done).toMatchObject({
      status: "succeeded",
      deployment: null,
      host_error: { code: "NAMESPACE_TAKEN", message: expect.stringMatching(/contested-name/) },
    });
    expect(done.file_id).toMatch(/^file_/);
    const file = await call(server.url, "GET", `/v1/files/${done.file_id}`, { key: t.secret });
    expect(file.body).toMatchObject({ status: "ready", pages: 1 });
    // The name still belongs to the account that took it.
    const site = await call(server.url, "GET", "/v1/host/contested-name", { key: other.secret });
    expect(site.status).toBe(200);
    // Run again (a retried job), it publishes nothing twice and keeps its answer.
    await runConversion(server.services, { conversionId: r.body.id });
    expect(await server.services.db.prisma.hostedSite.count({ where: { sourceFileId: done.file_id } })).toBe(
      0,
    );
  }, 60_000);
});
