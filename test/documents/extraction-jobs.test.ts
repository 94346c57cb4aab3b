import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sourceBlobKey } from "../../src/core/documents/blob-keys.ts";
import { upload, uploadAndWait, waitForTerminal } from "../support/documents.ts";
import { call } from "../support/http.ts";
import { longPdf, reportPdf, textPdf } from "../support/pdfs.ts";
import { type ServiceProcess, spawnService } from "../support/process.ts";
import { startTestServer, type TestServer, WORKER_SECRET } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";
import { apiWithWorkers, type WorkerFleet } from "../support/worker-fleet.ts";

describe("reparse and ingest", () => {
  let server: TestServer;
  let t: Tenant;
  beforeAll(async () => {
    server = await startTestServer();
    t = await createTenant(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("validates strategy and capabilities, then replaces results only when the new extraction succeeds", async () => {
    const doc = await uploadAndWait(server.url, t.secret, await reportPdf());
    const path = `/v1/documents/${doc.id}/reparse`;
    const badStrategy = await call(server.url, "POST", path, { key: t.secret, json: { strategy: "magic" } });
    expect(badStrategy.status).toBe(400);
    expect(badStrategy.body.error.message).toMatch(/Unknown strategy 'magic'.*auto, text/);
    const badCap = await call(server.url, "POST", path, {
      key: t.secret,
      json: { capabilities: "tables,telepathy" },
    });
    expect(badCap.status).toBe(400);
    expect(badCap.body.error.message).toMatch(/'telepathy'/);
    const unknownField = await call(server.url, "POST", path, {
      key: t.secret,
      json: { strategy: "auto", extra: 1 },
    });
    expect(unknownField.status).toBe(400);

    // Without the tables capability the new extraction finds no tables.
    // An image of the first extraction, cached on request; it must go once the reparse completes.
    const first = await fetch(`${server.url}/v1/documents/${doc.id}/pages/1/image.png?scale=0.5`, {
      headers: { authorization: `Bearer ${t.secret}` },
    });
    expect(first.status).toBe(200);
    expect(await server.services.blobs.list(`documents/${doc.id}/images/`)).toEqual([
      `documents/${doc.id}/images/g1-p1@0.5.png`,
    ]);
    const ok = await call(server.url, "POST", path, {
      key: t.secret,
      json: { strategy: "text", capabilities: "page_images" },
    });
    expect(ok.status).toBe(202);
    expect(ok.body).toEqual({ id: doc.id, phase: "extracting" });
    const after = await waitForTerminal(server.url, t.secret, doc.id);
    expect(after).toMatchObject({ phase: "complete", strategy: "text", capabilities: ["page_images"] });
    expect(
      (await call(server.url, "GET", `/v1/documents/${doc.id}/entities/tables`, { key: t.secret })).body
        .total,
    ).toBe(0);
    // page_images: the image was drawn during extraction and is what the API serves.
    const images = await server.services.blobs.list(`documents/${doc.id}/images/`);
    expect(images).toEqual([`documents/${doc.id}/images/g2-p1@1.5.png`]);
    const stored = await server.services.blobs.get(`documents/${doc.id}/images/g2-p1@1.5.png`);
    const served = await fetch(`${server.url}/v1/documents/${doc.id}/pages/1/image.png`, {
      headers: { authorization: `Bearer ${t.secret}` },
    });
    expect(Buffer.from(await served.arrayBuffer()).equals(stored as Buffer)).toBe(true);
    const gens = await server.services.db.pool.query(
      "SELECT DISTINCT generation FROM pages WHERE document_id = $1",
      [doc.id],
    );
    expect(gens.rows).toEqual([{ generation: 2 }]);

    // A reparse that fails (the stored file is now garbage) ends in error, and the previous
    // results stay readable.
    await server.services.blobs.put(
      sourceBlobKey(doc.id),
      new TextEncoder().encode("%PDF-1.7 this is not a pdf"),
    );
    expect((await call(server.url, "POST", path, { key: t.secret })).status).toBe(202);
    const failed = await waitForTerminal(server.url, t.secret, doc.id);
    expect(failed.phase).toBe("error");
    expect(failed.error).toMatch(/PDF/);
    const page = await call(server.url, "GET", `/v1/documents/${doc.id}/pages/1`, { key: t.secret });
    expect(page.status).toBe(200);
    expect(page.body.content).toContain("Quarterly Report");
    expect((await call(server.url, "GET", `/v1/documents/${doc.id}/full.md`, { key: t.secret })).status).toBe(
      200,
    );
  });

  it("appends ingest records with consecutive seq under concurrency and never overwrites", async () => {
    const doc = await uploadAndWait(server.url, t.secret, await textPdf([["ingest me"]]));
    const calls = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        call(server.url, "POST", "/v1/documents/ingest", {
          key: t.secret,
          json: {
            document_id: i % 2 ? doc.id : doc.shortHash,
            vendor: `v${i}`,
            payload: { i },
            pdf_sha256: doc.sha256,
            capabilities: { search: true },
          },
        }),
      ),
    );
    for (const c of calls) expect(c.status, c.text).toBe(200);
    expect(calls.map((c) => c.body.seq).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    expect(new Set(calls.map((c) => c.body.document_id))).toEqual(new Set([doc.id]));

    const stale = await call(server.url, "POST", "/v1/documents/ingest", {
      key: t.secret,
      json: { document_id: doc.id, pdf_sha256: "0".repeat(64), payload: { lost: true } },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe("CONFLICT");
    const badCap = await call(server.url, "POST", "/v1/documents/ingest", {
      key: t.secret,
      json: { document_id: doc.id, capabilities: { telepathy: true } },
    });
    expect(badCap.status).toBe(400);

    const listed = await call(server.url, "GET", `/v1/documents/${doc.id}/ingest?limit=500`, {
      key: t.secret,
    });
    expect(listed.body.records.map((r: { seq: number }) => r.seq)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    const bySeq = new Map(calls.map((c, i) => [c.body.seq, i]));
    for (const r of listed.body.records) expect(r.payload).toEqual({ i: bySeq.get(r.seq) });
    expect(
      listed.body.records.some((r: { payload: unknown }) => JSON.stringify(r.payload).includes("lost")),
    ).toBe(false);
    const later = await call(server.url, "GET", `/v1/documents/${doc.id}/ingest?after_seq=20`, {
      key: t.secret,
    });
    expect(later.body.records.map((r: { seq: number }) => r.seq)).toEqual([21, 22, 23, 24, 25]);
  });
});

describe("a worker killed mid-extraction", () => {
  let fleet: WorkerFleet | undefined;
  afterAll(async () => {
    await fleet?.close();
  });

  it("leaves a document that another worker picks up and finishes, resuming after the pages written", async () => {
    // API only in this process; extraction happens in worker processes sharing database and blobs.
    fleet = await apiWithWorkers();
    const { server } = fleet;
    const first = await fleet.spawnWorker();
    const t = await createTenant(server.url);

    const pages = 600;
    const r = await upload(server.url, t.secret, await longPdf(pages));
    expect(r.status).toBe(202);
    const id = r.body.id as string;

    // Kill the worker as soon as some, not all, pages are written.
    let progress = 0;
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      progress = (await call(server.url, "GET", `/v1/documents/${id}`, { key: t.secret })).body
        .pagesCompleted;
      if (progress >= 3) break;
      await new Promise((res) => setTimeout(res, 20));
    }
    await first.kill("SIGKILL");
    const killedAt = new Date();
    const stuck = (await call(server.url, "GET", `/v1/documents/${id}`, { key: t.secret })).body;
    expect(stuck.phase).toBe("extracting");
    expect(stuck.pagesCompleted).toBeGreaterThanOrEqual(3);
    expect(stuck.pagesCompleted).toBeLessThan(pages);
    // Pages written before the crash are readable while the document waits for a new worker.
    expect((await call(server.url, "GET", `/v1/documents/${id}/pages/1`, { key: t.secret })).status).toBe(
      200,
    );

    await fleet.spawnWorker();
    const done = await waitForTerminal(server.url, t.secret, id, 90_000);
    expect(done.phase).toBe("complete");
    expect(done.pagesCompleted).toBe(pages);
    const rows = await server.services.db.pool.query(
      "SELECT count(*)::int AS n, count(DISTINCT page_number)::int AS d, min(created_at) AS first FROM pages WHERE document_id = $1",
      [id],
    );
    expect(rows.rows[0].n).toBe(pages);
    expect(rows.rows[0].d).toBe(pages);
    // Resumed, not restarted: page 1 is still the row the killed worker wrote.
    expect(new Date(rows.rows[0].first).getTime()).toBeLessThan(killedAt.getTime());
    const last = await call(server.url, "GET", `/v1/documents/${id}/pages/${pages}`, { key: t.secret });
    expect(last.body.content).toContain(`Page ${pages} line 1`);
  }, 240_000);
});

describe("an extraction that keeps failing", () => {
  let server: TestServer;
  let worker: ServiceProcess | undefined;
  afterAll(async () => {
    await worker?.kill("SIGKILL");
    await server?.close();
  });

  it("is retried, then dead-lettered, and the document ends in error with the last failure as reason", async () => {
    // API only at first, so no worker can read the file before it is spoilt.
    server = await startTestServer({ ROLE: "api", JOB_RETRY_LIMIT: "1" });
    const t = await createTenant(server.url);
    const r = await upload(server.url, t.secret, await textPdf([["doomed"]]));
    expect(r.status, r.text).toBe(202);
    const id = r.body.id as string;
    // Turn the stored source into a directory: reading it fails with EISDIR on every attempt,
    // the kind of storage failure that is worth retrying.
    const { rmSync, mkdirSync } = await import("node:fs");
    const source = `${server.blobDir}/documents/${id}/source.pdf`;
    rmSync(source, { force: true });
    mkdirSync(source, { recursive: true });
    worker = await spawnService({
      ROLE: "worker",
      JOB_RETRY_LIMIT: "1",
      DATABASE_URL: server.database.url,
      BLOB_DIR: server.blobDir,
      WORKER_SECRET,
    });
    const done = await waitForTerminal(server.url, t.secret, id, 60_000);
    expect(done.phase).toBe("error");
    expect(done.error).toMatch(/^Extraction failed after several attempts: .*EISDIR/);
  }, 90_000);
});

describe("resuming a document whose table runs across the page where the worker died", () => {
  let server: TestServer;
  afterAll(async () => {
    await server?.close();
  });

  it("still joins the table across that page", async () => {
    const { layoutExtractor } = await import("../../src/core/extraction/layout-extractor.ts");
    const { runExtraction } = await import("../../src/jobs/bodies/documents.ts");
    const { continuingTablePdf } = await import("../support/layout-pdfs.ts");
    // API only: this test plays the workers itself.
    server = await startTestServer({ ROLE: "api" });
    const t = await createTenant(server.url);
    const { bytes, header, body } = await continuingTablePdf();
    const r = await upload(server.url, t.secret, bytes);
    expect(r.status, r.text).toBe(202);
    const job = { documentId: r.body.id as string, generation: 1 };

    // The first worker writes page 1, then hangs on page 2 for ever (it died).
    let release: (e: Error) => void = () => undefined;
    const hung = new Promise<never>((_, reject) => {
      release = reject;
    });
    const dying = {
      open: async (bytes: Uint8Array, options: Parameters<typeof layoutExtractor.open>[1]) => {
        const s = await layoutExtractor.open(bytes, options);
        return { ...s, extractPage: (n: number) => (n === 2 ? hung : s.extractPage(n)) };
      },
      close: async () => undefined,
    };
    const first = runExtraction({ ...server.services, extractor: dying }, job).catch(() => undefined);
    let written = 0;
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      const d = await call(server.url, "GET", `/v1/documents/${job.documentId}`, { key: t.secret });
      written = d.body.pagesCompleted;
      if (written === 1) break;
      await new Promise((res) => setTimeout(res, 50));
    }
    // Page 1 is in and page 2 never will be: otherwise the run below would not be a resume.
    expect(written).toBe(1);
    // Another worker takes the job over and resumes at page 2.
    await runExtraction(server.services, job);
    const tables = await call(server.url, "GET", `/v1/documents/${job.documentId}/entities/tables`, {
      key: t.secret,
    });
    expect(tables.body.total).toBe(1);
    const json = await call(server.url, "GET", `/v1/documents/${job.documentId}/entities/tables/0`, {
      key: t.secret,
    });
    expect(json.body.pages).toEqual([1, 2]);
    expect(json.body.rows).toEqual([header, ...body(1, 35)]);
    release(new Error("the dead worker's promise is let go"));
    await first;
  }, 60_000);
});

describe("a reparse still extracting", () => {
  let server: TestServer;
  afterAll(async () => {
    await server?.close();
  });

  it("leaves the previous results readable until it completes", async () => {
    const { layoutExtractor } = await import("../../src/core/extraction/layout-extractor.ts");
    const { runExtraction } = await import("../../src/jobs/bodies/documents.ts");
    // API only: this test plays the worker itself, so it can stop one halfway.
    server = await startTestServer({ ROLE: "api" });
    const t = await createTenant(server.url);
    const r = await upload(server.url, t.secret, await textPdf([["old one"], ["old two"]]));
    expect(r.status, r.text).toBe(202);
    const id = r.body.id as string;
    await runExtraction(server.services, { documentId: id, generation: 1 });
    expect((await waitForTerminal(server.url, t.secret, id)).phase).toBe("complete");

    const reparse = await call(server.url, "POST", `/v1/documents/${id}/reparse`, { key: t.secret });
    expect(reparse.status, reparse.text).toBe(202);
    // The new extraction writes page 1, then stalls on page 2.
    let release: (e: Error) => void = () => undefined;
    const stalled = new Promise<never>((_, reject) => {
      release = reject;
    });
    const stalling = {
      open: async (bytes: Uint8Array, options: Parameters<typeof layoutExtractor.open>[1]) => {
        const s = await layoutExtractor.open(bytes, options);
        return { ...s, extractPage: (n: number) => (n === 2 ? stalled : s.extractPage(n)) };
      },
      close: async () => undefined,
    };
    const job = { documentId: id, generation: 2 };
    const second = runExtraction({ ...server.services, extractor: stalling }, job).catch(() => undefined);
    let midway: any;
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      midway = (await call(server.url, "GET", `/v1/documents/${id}`, { key: t.secret })).body;
      if (midway.pagesCompleted === 1) break;
      await new Promise((res) => setTimeout(res, 50));
    }
    expect(midway).toMatchObject({ phase: "extracting", pagesCompleted: 1 });
    // Both pages of the first extraction are still served, the one the new run has not reached too.
    for (const [n, text] of [
      [1, "old one"],
      [2, "old two"],
    ] as const) {
      const page = await call(server.url, "GET", `/v1/documents/${id}/pages/${n}`, { key: t.secret });
      expect(page.status, page.text).toBe(200);
      expect(page.body.content).toContain(text);
    }
    const md = await call(server.url, "GET", `/v1/documents/${id}/full.md`, { key: t.secret });
    expect(md.status, md.text).toBe(200);
    expect(md.text).toContain("old two");
    release(new Error("the stalled run is let go"));
    await second;
  }, 60_000);
});
