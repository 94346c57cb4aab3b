import { readFileSync } from "node:fs";
import path from "node:path";
import ExcelJS from "exceljs";
import { createClient } from "graphql-sse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadAndWait } from "../support/documents.ts";
import { call, type Reply } from "../support/http.ts";
import { textPdf } from "../support/pdfs.ts";
import { waitForRun } from "../support/runs.ts";
import { expectError, expectSecured, type Keys, securityFixture } from "../support/security.ts";
import { resetRateBudgets, startTestServer, type TestServer } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";
import { validate } from "../support/xmllint.ts";

// The invoice-extraction workflow through the real server: runs over uploads, documents and
// stored files, read by the worker once parsed, checked, and given back in four formats.

const corpus = path.resolve(import.meta.dirname, "../../bench/invoices/corpus");
const corpusPdf = (name: string) => new Uint8Array(readFileSync(path.join(corpus, `${name}.pdf`)));
const corpusTruth = (name: string) =>
  JSON.parse(readFileSync(path.join(corpus, `${name}.json`), "utf8")).truth;
const ENGLISH = "inv-001-header-band-en-US";
const GERMAN = "inv-010-header-band-de-DE";

/** An invoice whose total is not subtotal plus tax. */
const wrongTotal = () =>
  textPdf([
    [
      "Northwind Supplies Ltd",
      "INVOICE",
      "Invoice No.: T-100",
      "Invoice date: 2026-03-05",
      "Subtotal: 100.00",
      "VAT 20%: 20.00",
      "Total: 150.00 EUR",
    ],
  ]);

const runForm = (files: { bytes: Uint8Array; name: string }[], options?: object) => {
  const form = new FormData();
  if (options) form.append("options", JSON.stringify(options));
  for (const f of files)
    form.append("file", new Blob([new Uint8Array(f.bytes)], { type: "application/pdf" }), f.name);
  return form;
};

describe("the invoice-extraction workflow", () => {
  let server: TestServer;
  let t: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    server = await sharedTestServer();
    t = await createTenant(server.url, "wf");
    other = await createTenant(server.url, "wf-other");
  });
  afterAll(async () => {
    await server?.close();
  });

  it("lists the built-in workflow with its fields, checks and formats", async () => {
    const r = await call(server.url, "GET", "/v1/workflows", { key: t.secret });
    expect(r.status).toBe(200);
    const wf = r.body.data.find((w: { id: string }) => w.id === "invoice-extraction");
    expect(wf.result_formats).toEqual(["json", "csv", "xlsx", "xml"]);
    expect(wf.checks).toContain("totals_add_up");
    expect(Object.keys(wf.output.properties)).toContain("invoice_total");
    expect(wf.input.documents).toEqual({ min: 1, max: 50 });
  });

  it("reads uploaded invoices, checks them, and gives the results as JSON, CSV, XLSX and UBL", async () => {
    const r = await call(server.url, "POST", "/v1/workflows/invoice-extraction/runs", {
      key: t.secret,
      body: runForm(
        [
          { bytes: corpusPdf(ENGLISH), name: "english.pdf" },
          { bytes: await wrongTotal(), name: "wrong-total.pdf" },
        ],
        { currency: "EUR" },
      ),
    });
    expect(r.status, r.text).toBe(202);
    expect(r.headers.get("location")).toBe(`/v1/runs/${r.body.id}`);
    expect(r.body).toMatchObject({
      workflow: "invoice-extraction",
      status: "queued",
      options: { currency: "EUR" },
    });
    expect(r.body.documents.map((d: { file_name: string }) => d.file_name)).toEqual([
      "english.pdf",
      "wrong-total.pdf",
    ]);

    const run = await waitForRun(server.url, t.secret, r.body.id);
    expect(run.finished_at).not.toBeNull();
    const [english, wrong] = run.documents;
    const truth = corpusTruth(ENGLISH);
    expect(english.data.invoice_id).toBe(truth.invoice_id);
    expect(english.data.invoice_total).toBeCloseTo(truth.invoice_total, 2);
    expect(english.sources["/invoice_total"]).toMatchObject({ page: 1 });
    // Every value read from a page is placed on it: the box of the element its quote stands in.
    const elements = await call(server.url, "GET", `/v1/documents/${english.document_id}/pages/1/elements`, {
      key: t.secret,
    });
    const all: { text: string; bbox: number[] }[] = elements.body.elements;
    const encloses = (outer: number[], inner: number[]) =>
      outer[0]! <= inner[0]! && outer[1]! <= inner[1]! && outer[2]! >= inner[2]! && outer[3]! >= inner[3]!;
    const placed = Object.values(english.sources as Record<string, { bbox: number[] | null }>);
    expect(placed.length).toBeGreaterThan(10);
    for (const s of placed) {
      expect(s.bbox, JSON.stringify(s)).toHaveLength(4);
      const within = all.filter((e) => encloses(s.bbox as number[], e.bbox));
      expect(within.length, JSON.stringify(s)).toBeGreaterThan(0);
      // Where the value stands, not the whole page: some of the page's elements lie outside it.
      expect(within.length, JSON.stringify(s)).toBeLessThan(all.length);
    }
    expect(english.checks.map((c: { rule: string }) => c.rule)).toEqual([
      "items_sum_to_subtotal",
      "totals_add_up",
      "amount_due_matches",
      "due_date_not_before_invoice_date",
      "currency_known",
    ]);
    // 100 + 20 is not 150: the document, and so the run, needs review, naming the figures.
    expect(wrong.status).toBe("needs_review");
    expect(wrong.data).toMatchObject({
      invoice_id: "T-100",
      subtotal: 100,
      total_tax: 20,
      invoice_total: 150,
    });
    const failed = wrong.checks.find((c: { rule: string }) => c.rule === "totals_add_up");
    expect(failed).toMatchObject({ status: "failed", message: expect.stringMatching(/120\.00.*150\.00/) });
    expect(run.status).toBe("needs_review");
    // The same run at the workflow's own address.
    const same = await call(server.url, "GET", `/v1/workflows/invoice-extraction/runs/${run.id}`, {
      key: t.secret,
    });
    expect(same.body).toEqual(run);

    const results = (file: string) =>
      fetch(`${server.url}/v1/workflows/invoice-extraction/runs/${run.id}/${file}`, {
        headers: { authorization: `Bearer ${t.secret}` },
      });
    const json = await results("results.json");
    expect(json.headers.get("content-disposition")).toBe(`attachment; filename="${run.id}.json"`);
    const body = await json.json();
    expect(body.documents.map((d: { data: { invoice_id: string } }) => d.data.invoice_id)).toEqual([
      truth.invoice_id,
      "T-100",
    ]);

    const csv = await (await results("results.csv")).text();
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toMatch(/^document_id,file_name,status,failed_checks,error,invoice_id,/);
    // One row per line item of the first invoice, one for the second (it has none).
    expect(lines.length).toBe(1 + Math.max(1, english.data.items.length) + 1);
    expect(lines.at(-1)).toMatch(/wrong-total\.pdf,needs_review,totals_add_up,/);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await (await results("results.xlsx")).arrayBuffer()) as never);
    expect(book.worksheets.map((s) => s.name)).toEqual(["invoices", "items"]);
    expect(book.getWorksheet("invoices")?.rowCount).toBe(3);
    expect(book.getWorksheet("items")?.rowCount).toBe(1 + english.data.items.length);

    const xml = await (await results("results.xml")).text();
    const checked = await validate("quire-invoice-run-1.xsd", { fileName: "results.xml", contents: xml });
    expect(checked.valid, checked.stderr).toBe(true);
    expect(xml).toContain("<cbc:ID>T-100</cbc:ID>");

    // Another account sees nothing of it.
    expectError(await call(server.url, "GET", `/v1/runs/${run.id}`, { key: other.secret }), 404, "NOT_FOUND");
  }, 180_000);

  it("runs over documents and stored files, reusing what was parsed, with a locale", async () => {
    await resetRateBudgets(server);
    const doc = await uploadAndWait(server.url, t.secret, corpusPdf(GERMAN), "rechnung.pdf");
    const form = new FormData();
    form.append("file", new Blob([corpusPdf(ENGLISH)], { type: "application/pdf" }), "stored.pdf");
    const stored = await call(server.url, "POST", "/v1/files", { key: t.secret, body: form });
    expect(stored.status, stored.text).toBe(201);
    const before = await server.services.db.prisma.document.count({
      where: { sourceFileId: stored.body.id },
    });
    expect(before).toBe(0);

    const byDocs = await call(server.url, "POST", "/v1/workflows/invoice-extraction/runs", {
      key: t.secret,
      json: { document_ids: [doc.id], options: { locale: "de-DE" } },
    });
    expect(byDocs.status, byDocs.text).toBe(202);
    const ran = await waitForRun(server.url, t.secret, byDocs.body.id);
    const truth = corpusTruth(GERMAN);
    expect(ran.documents[0]).toMatchObject({ document_id: doc.id, file_name: "rechnung.pdf" });
    expect(ran.documents[0].data.invoice_total).toBeCloseTo(truth.invoice_total, 2);
    expect(ran.documents[0].data.currency).toBe(truth.currency);

    const byFiles = () =>
      call(server.url, "POST", "/v1/workflows/invoice-extraction/runs", {
        key: t.secret,
        json: { file_ids: [stored.body.id] },
      });
    const first = await byFiles();
    expect(first.status, first.text).toBe(202);
    await waitForRun(server.url, t.secret, first.body.id);
    const second = await byFiles();
    await waitForRun(server.url, t.secret, second.body.id);
    // The file was parsed once; the second run reused its document.
    expect(second.body.documents[0].document_id).toBe(first.body.documents[0].document_id);
    expect(await server.services.db.prisma.document.count({ where: { sourceFileId: stored.body.id } })).toBe(
      1,
    );

    const list = await call(server.url, "GET", "/v1/runs?limit=2", { key: t.secret });
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([second.body.id, first.body.id]);
    expect(list.body.next_cursor).toEqual(expect.any(String));
    const ofWorkflow = await call(server.url, "GET", "/v1/workflows/invoice-extraction/runs?limit=50", {
      key: t.secret,
    });
    expect(ofWorkflow.body.data.length).toBeGreaterThanOrEqual(4);
  }, 180_000);

  it("fails a document that cannot be parsed, and the run when every one failed", async () => {
    const broken = new TextEncoder().encode(
      "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer <<>>\n%%EOF",
    );
    const r = await call(server.url, "POST", "/v1/workflows/invoice-extraction/runs", {
      key: t.secret,
      body: runForm([{ bytes: broken, name: "broken.pdf" }]),
    });
    expect(r.status, r.text).toBe(202);
    const run = await waitForRun(server.url, t.secret, r.body.id);
    expect(run.status).toBe("failed");
    expect(run.documents[0]).toMatchObject({
      status: "failed",
      data: null,
      error: expect.stringMatching(/parsed/),
    });
    const csv = await call(server.url, "GET", `/v1/workflows/invoice-extraction/runs/${run.id}/results.csv`, {
      key: t.secret,
    });
    expect(csv.status).toBe(200);
  }, 120_000);

  it("refuses bad runs with the envelope and keeps nothing of them", async () => {
    await resetRateBudgets(server);
    const docs = () => server.services.db.prisma.document.count({ where: { accountId: t.accountId } });
    const runs = () => server.services.db.prisma.run.count({ where: { accountId: t.accountId } });
    const [d0, r0] = [await docs(), await runs()];
    const post = (body: FormData | undefined, json?: unknown, workflow = "invoice-extraction") =>
      call(server.url, "POST", `/v1/workflows/${workflow}/runs`, { key: t.secret, body, json });
    const named = (r: Reply, status: number, code: string, names: RegExp) => {
      expectError(r, status, code);
      expect(r.body.error.message).toMatch(names);
    };
    // A good PDF then a PNG: the first document, parsed for the run, is removed again.
    named(
      await post(
        runForm([
          { bytes: await wrongTotal(), name: "ok.pdf" },
          {
            bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]),
            name: "photo.png",
          },
        ]),
      ),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      /File 2 \(photo\.png\)/,
    );
    named(await post(runForm([])), 400, "BAD_REQUEST", /No PDF/);
    named(await post(undefined, { document_ids: [] }), 400, "BAD_REQUEST", /document_ids/);
    named(await post(undefined, {}), 400, "BAD_REQUEST", /one of the two/);
    named(
      await post(undefined, { document_ids: ["doc-0000000000000000"], file_ids: ["file_0000000000000000"] }),
      400,
      "BAD_REQUEST",
      /one of the two/,
    );
    named(
      await post(undefined, { document_ids: ["doc-0000000000000000"] }),
      404,
      "NOT_FOUND",
      /document_ids\[0\]/,
    );
    named(await post(undefined, { file_ids: ["file_0000000000000000"] }), 404, "NOT_FOUND", /file_ids\[0\]/);
    named(
      await post(undefined, { document_ids: ["x"], options: { locale: "not a locale!" } }),
      400,
      "BAD_REQUEST",
      /locale/,
    );
    named(
      await post(undefined, { document_ids: ["x"], options: { currency: "EURO" } }),
      400,
      "BAD_REQUEST",
      /currency/,
    );
    named(
      await post(runForm([{ bytes: await wrongTotal(), name: "a.pdf" }]), undefined, "payroll"),
      404,
      "NOT_FOUND",
      /payroll/,
    );
    const form = runForm([{ bytes: await wrongTotal(), name: "a.pdf" }]);
    const bad = new FormData();
    bad.append("options", "{not json");
    for (const [k, v] of form.entries()) bad.append(k, v);
    named(await post(bad), 400, "BAD_REQUEST", /options/);
    // Another account's document is not found.
    const theirs = await uploadAndWait(server.url, other.secret, await wrongTotal(), "theirs.pdf");
    named(await post(undefined, { document_ids: [theirs.id] }), 404, "NOT_FOUND", /document_ids\[0\]/);
    expect([await docs(), await runs()]).toEqual([d0, r0]);
    // Results are whole or not given: unknown run 404.
    expectError(
      await call(
        server.url,
        "GET",
        "/v1/workflows/invoice-extraction/runs/run_0000000000000000/results.json",
        { key: t.secret },
      ),
      404,
      "NOT_FOUND",
    );
  }, 120_000);

  it("answers the same over GraphQL, with live progress", async () => {
    await resetRateBudgets(server);
    const doc = await uploadAndWait(server.url, t.secret, await wrongTotal(), "gql.pdf");
    const started = await call(server.url, "POST", "/graphql", {
      key: t.secret,
      json: {
        query:
          'mutation($ids: [ID!]) { startInvoiceRun(documentIds: $ids, options: {currency: "EUR"}) { id status documents { documentId status } } }',
        variables: { ids: [doc.id] },
      },
    });
    expect(started.body.errors, started.text).toBeUndefined();
    const id = started.body.data.startInvoiceRun.id;
    const run = await waitForRun(server.url, t.secret, id);
    const q = await call(server.url, "POST", "/graphql", {
      key: t.secret,
      json: {
        query: `{ run(id: "${id}") { status documents { status data checks } } runs(first: 1) { edges { node { id } } } workflows { id resultFormats } }`,
      },
    });
    expect(q.body.errors, q.text).toBeUndefined();
    expect(q.body.data.run.status).toBe(run.status);
    expect(q.body.data.run.documents[0].data.invoice_id).toBe("T-100");
    expect(q.body.data.runs.edges[0].node.id).toBe(id);
    expect(q.body.data.workflows[0]).toEqual({
      id: "invoice-extraction",
      resultFormats: ["json", "csv", "xlsx", "xml"],
    });
    // The subscription of an ended run answers its state and ends.
    const client = createClient({
      url: `${server.url}/graphql/stream`,
      singleConnection: true,
      headers: { authorization: `Bearer ${t.secret}` },
      retryAttempts: 0,
    });
    const events: { id: string; status: string }[] = [];
    try {
      for await (const e of client.iterate({
        query: `subscription { runProgress(id: "${id}") { id status } }`,
      })) {
        expect(e.errors).toBeUndefined();
        events.push((e.data as { runProgress: { id: string; status: string } }).runProgress);
      }
    } finally {
      client.dispose();
    }
    expect(events).toEqual([{ id, status: run.status }]);
    const theirs = await call(server.url, "POST", "/graphql", {
      key: other.secret,
      json: { query: `{ run(id: "${id}") { id } }` },
    });
    expect(theirs.body.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  }, 120_000);
});

describe("workflow routes' security", () => {
  let server: TestServer;
  let keys: Keys;
  let runId: string;
  beforeAll(async () => {
    // No worker: runs stay queued, so results are refused as unfinished.
    server = await startTestServer({ ROLE: "api" });
    keys = await securityFixture(server.url);
    const r = await call(server.url, "POST", "/v1/workflows/invoice-extraction/runs", {
      key: keys.owner.secret,
      body: runForm([{ bytes: await wrongTotal(), name: "a.pdf" }]),
    });
    expect(r.status, r.text).toBe(202);
    runId = r.body.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("needs a secret key on every route and shows no other account's runs", async () => {
    for (const ep of [
      { method: "GET", path: () => "/v1/workflows", needs: "secret" as const },
      {
        method: "POST",
        path: () => "/v1/workflows/invoice-extraction/runs",
        json: { document_ids: ["x"] },
        needs: "secret" as const,
      },
      { method: "GET", path: () => "/v1/runs", needs: "secret" as const },
      { method: "GET", path: () => "/v1/workflows/invoice-extraction/runs", needs: "secret" as const },
      { method: "GET", path: () => `/v1/runs/${runId}`, needs: "secret" as const, ownedResource: true },
      {
        method: "GET",
        path: () => `/v1/workflows/invoice-extraction/runs/${runId}`,
        needs: "secret" as const,
        ownedResource: true,
      },
      {
        method: "GET",
        path: () => `/v1/workflows/invoice-extraction/runs/${runId}/results.csv`,
        needs: "secret" as const,
        ownedResource: true,
      },
    ])
      await expectSecured(server.url, keys, ep);
    const theirs = await call(server.url, "GET", "/v1/runs", { key: keys.other.secret });
    expect(theirs.body.data).toEqual([]);
  });

  it("refuses the results of a run not finished with 409", async () => {
    const r = await call(server.url, "GET", `/v1/workflows/invoice-extraction/runs/${runId}/results.json`, {
      key: keys.owner.secret,
    });
    expectError(r, 409, "CONFLICT");
    expect(r.body.error.message).toMatch(/still queued/);
  });
});
