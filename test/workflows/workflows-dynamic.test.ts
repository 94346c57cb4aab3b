import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadAndWait } from "../support/documents.ts";
import { call, gql } from "../support/http.ts";
import { textPdf } from "../support/pdfs.ts";
import { waitForRun } from "../support/runs.ts";
import { expectError, expectSecured, type Keys, securityFixture } from "../support/security.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// Dynamic workflows (private beta) through the real server: an account's own steps, checked
// whole when written, run over real PDFs by the worker with the structured-output engine, their
// rules checked, their results given in the formats the export step names.

const order = (number: string, subtotal: string, tax: string, total: string) =>
  textPdf([
    [
      "Contoso Hardware GmbH",
      "PURCHASE ORDER",
      `Order number: ${number}`,
      "Order date: 2026-04-02",
      `Subtotal: ${subtotal}`,
      `Tax: ${tax}`,
      `Total: ${total}`,
    ],
  ]);

const schema = {
  type: "object",
  properties: {
    order_number: { type: "string" },
    order_date: { type: "string", format: "date" },
    subtotal: { type: "number" },
    tax: { type: "number" },
    total: { type: "number" },
  },
};

const steps = (extra: object[] = []) => [
  { type: "parse" },
  { type: "extract", schema, prompt: "Read the purchase order." },
  {
    type: "validate",
    rules: [
      { rule: "required", field: "/order_number" },
      { rule: "range", field: "/total", min: 0, max: 1000 },
      { rule: "compare", name: "tax_below_total", field: "/tax", op: "lt", than: "/total" },
    ],
  },
  ...extra,
];

const pdfForm = (files: { bytes: Uint8Array; name: string }[]) => {
  const form = new FormData();
  for (const f of files)
    form.append("file", new Blob([new Uint8Array(f.bytes)], { type: "application/pdf" }), f.name);
  return form;
};

describe("dynamic workflows, beta on", () => {
  let server: TestServer;
  let t: Tenant;
  let keys: Keys;
  beforeAll(async () => {
    server = await startTestServer({ WORKFLOWS_BETA: "true" });
    t = await createTenant(server.url, "dyn");
    keys = await securityFixture(server.url);
  });
  afterAll(async () => {
    await server?.close();
  });

  const create = (body: unknown, key = t.secret) =>
    call(server.url, "POST", "/v1/workflows", { key, json: body });

  it("refuses steps that cannot run, naming the step and field, and keeps nothing", async () => {
    const cases: [unknown, RegExp][] = [
      [{ name: "x", steps: [{ type: "parse" }] }, /needs an extract step/],
      [
        { name: "x", steps: [{ type: "extract", schema: { type: "array" } }] },
        /steps\.0\.schema\.type.*object/,
      ],
      [
        {
          name: "x",
          steps: [{ type: "extract", schema: { type: "object", properties: { a: { type: "nope" } } } }],
        },
        /steps\.0\.schema.*not a valid JSON Schema/,
      ],
      [
        { name: "x", steps: [{ type: "extract", schema }, { type: "parse" }] },
        /steps\.1\.type.*order parse, extract, validate, export/,
      ],
      [
        {
          name: "x",
          steps: [
            { type: "extract", schema },
            { type: "validate", rules: [{ rule: "required", field: "/totl" }] },
          ],
        },
        /steps\.1\.rules\.0\.field.*\/totl is not a field/,
      ],
      [
        {
          name: "x",
          steps: [
            { type: "extract", schema },
            {
              type: "validate",
              rules: [
                { rule: "required", field: "/total" },
                { rule: "required", field: "/total" },
              ],
            },
          ],
        },
        /a second rule named required:\/total/,
      ],
      [
        {
          name: "x",
          steps: [
            { type: "extract", schema },
            { type: "validate", rules: [{ rule: "compare", field: "/tax", op: "lt" }] },
          ],
        },
        /than.*or `value`/,
      ],
      [
        {
          name: "x",
          steps: [
            { type: "extract", schema },
            { type: "export", formats: ["pdf"] },
          ],
        },
        /steps\.1\.formats\.0/,
      ],
      [{ name: "x", steps: [{ type: "transform" }] }, /steps\.0\.type/],
      [{ name: "", steps: steps() }, /'name'/],
      [{ name: "x", steps: steps(), extra: 1 }, /unknown field.*'extra'/],
    ];
    for (const [body, message] of cases) {
      const r = await create(body);
      expectError(r, 400, "BAD_REQUEST", JSON.stringify(body));
      expect(r.body.error.message, JSON.stringify(body)).toMatch(message);
    }
    const list = await call(server.url, "GET", "/v1/workflows", { key: t.secret });
    expect(list.body.data.map((w: { id: string }) => w.id)).toEqual(["invoice-extraction"]);
  });

  it("keeps a workflow, lists it after the built-in one, and shows it to its account only", async () => {
    const r = await create({ name: "Purchase orders", description: "POs from suppliers", steps: steps() });
    expect(r.status, r.text).toBe(201);
    expect(r.body.id).toMatch(/^wf_[a-z0-9]{16}$/);
    expect(r.headers.get("location")).toBe(`/v1/workflows/${r.body.id}`);
    expect(r.body).toMatchObject({
      kind: "dynamic",
      name: "Purchase orders",
      description: "POs from suppliers",
      output: schema,
      checks: ["schema_valid", "required:/order_number", "range:/total", "tax_below_total"],
      result_formats: ["json", "csv", "xlsx"],
    });
    expect(r.body.steps[1]).toEqual({ type: "extract", schema, prompt: "Read the purchase order." });
    const list = await call(server.url, "GET", "/v1/workflows", { key: t.secret });
    expect(list.body.data.map((w: { id: string }) => w.id)).toEqual(["invoice-extraction", r.body.id]);
    const one = await call(server.url, "GET", `/v1/workflows/${r.body.id}`, { key: t.secret });
    expect(one.body).toEqual(r.body);
    const builtIn = await call(server.url, "GET", "/v1/workflows/invoice-extraction", { key: t.secret });
    expect(builtIn.body).toMatchObject({ kind: "built_in", steps: null, created_at: null });

    const other = await createTenant(server.url, "dyn-other");
    expectError(
      await call(server.url, "GET", `/v1/workflows/${r.body.id}`, { key: other.secret }),
      404,
      "NOT_FOUND",
    );
    const otherList = await call(server.url, "GET", "/v1/workflows", { key: other.secret });
    expect(otherList.body.data).toHaveLength(1);
    const doc = await uploadAndWait(
      server.url,
      other.secret,
      await order("PO-1", "10.00", "1.00", "11.00"),
      "o.pdf",
    );
    expectError(
      await call(server.url, "POST", `/v1/workflows/${r.body.id}/runs`, {
        key: other.secret,
        json: { document_ids: [doc.id] },
      }),
      404,
      "NOT_FOUND",
    );
    expectError(
      await call(server.url, "DELETE", `/v1/workflows/${r.body.id}`, { key: other.secret }),
      404,
      "NOT_FOUND",
    );
    expectError(
      await call(server.url, "DELETE", "/v1/workflows/invoice-extraction", { key: t.secret }),
      403,
      "FORBIDDEN",
    );
  });

  it("runs over uploads: reads each PDF with the schema, checks the rules, and gives results in its formats", async () => {
    const wf = await create({
      name: "PO csv",
      steps: steps([{ type: "export", formats: ["json", "csv", "xlsx"] }]),
    });
    expect(wf.status, wf.text).toBe(201);
    const started = await call(server.url, "POST", `/v1/workflows/${wf.body.id}/runs`, {
      key: t.secret,
      body: pdfForm([
        { bytes: await order("PO-7781", "200.00", "40.00", "240.00"), name: "good.pdf" },
        { bytes: await order("PO-7782", "900.00", "180.00", "1080.00"), name: "over.pdf" },
      ]),
    });
    expect(started.status, started.text).toBe(202);
    expect(started.body.workflow).toBe(wf.body.id);
    const run = await waitForRun(server.url, t.secret, started.body.id);
    expect(run.status).toBe("needs_review");
    const [good, over] = run.documents;
    expect(good.status, JSON.stringify(good.checks)).toBe("succeeded");
    expect(good.data).toEqual({
      order_number: "PO-7781",
      order_date: "2026-04-02",
      subtotal: 200,
      tax: 40,
      total: 240,
    });
    expect(good.checks.map((c: { rule: string; status: string }) => [c.rule, c.status])).toEqual([
      ["schema_valid", "passed"],
      ["required:/order_number", "passed"],
      ["range:/total", "passed"],
      ["tax_below_total", "passed"],
    ]);
    expect(good.sources["/total"]).toMatchObject({ page: 1, confidence: null });
    expect(good.sources["/total"].quote).toContain("240.00");
    expect(over.status).toBe("needs_review");
    const range = over.checks.find((c: { rule: string }) => c.rule === "range:/total");
    expect(range).toMatchObject({ status: "failed" });
    expect(range.message).toBe("/total is 1080; it must be at least 0 and at most 1000.");

    const base = `/v1/workflows/${wf.body.id}/runs/${run.id}`;
    const json = await call(server.url, "GET", `${base}/results.json`, { key: t.secret });
    expect(json.status).toBe(200);
    expect(json.body.documents.map((d: { data: { total: number } }) => d.data.total)).toEqual([240, 1080]);
    const csv = await call(server.url, "GET", `${base}/results.csv`, { key: t.secret });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = csv.text.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "document_id,file_name,status,failed_checks,error,order_number,order_date,subtotal,tax,total",
    );
    expect(lines[1]).toBe(`${good.document_id},good.pdf,succeeded,,,PO-7781,2026-04-02,200,40,240`);
    expect(lines[2]).toBe(
      `${over.document_id},over.pdf,needs_review,range:/total,,PO-7782,2026-04-02,900,180,1080`,
    );
    const xlsx = await fetch(`${server.url}${base}/results.xlsx`, {
      headers: { authorization: `Bearer ${t.secret}` },
    });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheet = book.getWorksheet("results");
    expect(sheet?.getRow(3).getCell(10).value).toBe(1080);
    // UBL is the invoice workflow's: a dynamic run does not give it.
    const xml = await call(server.url, "GET", `${base}/results.xml`, { key: t.secret });
    expectError(xml, 404, "NOT_FOUND");
    expect(xml.body.error.message).toContain("results.json, results.csv, results.xlsx");
  });

  it("gives only the formats its export step names", async () => {
    const wf = await create({
      name: "PO only csv",
      steps: [
        { type: "extract", schema },
        { type: "export", formats: ["csv"] },
      ],
    });
    const doc = await uploadAndWait(
      server.url,
      t.secret,
      await order("PO-1", "10.00", "1.00", "11.00"),
      "one.pdf",
    );
    const started = await call(server.url, "POST", `/v1/workflows/${wf.body.id}/runs`, {
      key: t.secret,
      json: { document_ids: [doc.id] },
    });
    const run = await waitForRun(server.url, t.secret, started.body.id);
    expect(run.status).toBe("succeeded");
    const base = `/v1/workflows/${wf.body.id}/runs/${run.id}`;
    expect((await call(server.url, "GET", `${base}/results.csv`, { key: t.secret })).status).toBe(200);
    expectError(await call(server.url, "GET", `${base}/results.json`, { key: t.secret }), 404, "NOT_FOUND");
  });

  it("runs as its steps were when the run was made, even once the workflow is deleted", async () => {
    const wf = await create({ name: "PO to delete", steps: steps() });
    const doc = await uploadAndWait(
      server.url,
      t.secret,
      await order("PO-9", "10.00", "1.00", "11.00"),
      "nine.pdf",
    );
    const started = await call(server.url, "POST", `/v1/workflows/${wf.body.id}/runs`, {
      key: t.secret,
      json: { document_ids: [doc.id] },
    });
    expect(started.status, started.text).toBe(202);
    const deleted = await call(server.url, "DELETE", `/v1/workflows/${wf.body.id}`, { key: t.secret });
    expect(deleted.body).toEqual({ id: wf.body.id, deleted: true });
    expectError(
      await call(server.url, "GET", `/v1/workflows/${wf.body.id}`, { key: t.secret }),
      404,
      "NOT_FOUND",
    );
    const run = await waitForRun(server.url, t.secret, started.body.id);
    expect(run.status).toBe("succeeded");
    expect(run.documents[0].checks).toHaveLength(4);
    const csv = await call(server.url, "GET", `/v1/workflows/${wf.body.id}/runs/${run.id}/results.csv`, {
      key: t.secret,
    });
    expect(csv.status).toBe(200);
    expect(csv.text).toContain("PO-9");
    const listed = await call(server.url, "GET", `/v1/workflows/${wf.body.id}/runs`, { key: t.secret });
    expect(listed.body.data.map((r: { id: string }) => r.id)).toEqual([run.id]);
  });

  it("has GraphQL twins: createWorkflow, workflow, startRun, deleteWorkflow", async () => {
    const made = await gql(
      server.url,
      'mutation($steps: JSON!) { createWorkflow(name: "gql POs", steps: $steps) { id kind checks resultFormats steps createdAt } }',
      { key: t.secret, variables: { steps: steps() } },
    );
    expect(made.body.errors, made.text).toBeUndefined();
    const wf = made.body.data.createWorkflow;
    expect(wf).toMatchObject({ kind: "dynamic", resultFormats: ["json", "csv", "xlsx"] });
    const bad = await gql(
      server.url,
      'mutation($steps: JSON!) { createWorkflow(name: "bad", steps: $steps) { id } }',
      {
        key: t.secret,
        variables: { steps: [{ type: "parse" }] },
      },
    );
    expect(bad.body.errors[0].extensions.code).toBe("BAD_REQUEST");
    expect(bad.body.errors[0].message).toContain("needs an extract step");
    const read = await gql(server.url, "query($id: ID!) { workflow(id: $id) { id name } }", {
      key: t.secret,
      variables: { id: wf.id },
    });
    expect(read.body.data.workflow).toEqual({ id: wf.id, name: "gql POs" });
    const doc = await uploadAndWait(
      server.url,
      t.secret,
      await order("PO-G", "50.00", "5.00", "55.00"),
      "g.pdf",
    );
    const started = await gql(
      server.url,
      "mutation($wf: ID!, $ids: [ID!]) { startRun(workflow: $wf, documentIds: $ids) { id workflow status } }",
      { key: t.secret, variables: { wf: wf.id, ids: [doc.id] } },
    );
    expect(started.body.errors, started.text).toBeUndefined();
    const run = await waitForRun(server.url, t.secret, started.body.data.startRun.id);
    expect(run.documents[0].data.order_number).toBe("PO-G");
    const gone = await gql(server.url, "mutation($id: ID!) { deleteWorkflow(id: $id) { id deleted } }", {
      key: t.secret,
      variables: { id: wf.id },
    });
    expect(gone.body.data.deleteWorkflow).toEqual({ id: wf.id, deleted: true });
    const publishable = await gql(server.url, "query { workflows { id } }", { key: keys.publishable });
    expect(publishable.body.errors[0].extensions.code).toBe("FORBIDDEN");
  });

  it("secures every workflow endpoint", async () => {
    const ownerWf = async (owner: Tenant) => {
      const r = await call(server.url, "POST", "/v1/workflows", {
        key: owner.secret,
        json: { name: `sec ${Math.random()}`, steps: steps() },
      });
      expect(r.status, r.text).toBe(201);
      return r.body.id as string;
    };
    const wfId = await ownerWf(keys.owner);
    for (const ep of [
      {
        method: "POST",
        path: () => "/v1/workflows",
        json: { name: "s", steps: steps() },
        needs: "secret" as const,
      },
      { method: "GET", path: () => `/v1/workflows/${wfId}`, needs: "secret" as const, ownedResource: true },
      { method: "GET", path: () => `/v1/workflows/${wfId}/runs`, needs: "secret" as const },
      {
        method: "POST",
        path: () => `/v1/workflows/${wfId}/runs`,
        json: { document_ids: ["doc-0000000000000000"] },
        needs: "secret" as const,
        ownedResource: true,
      },
    ])
      await expectSecured(server.url, keys, ep);
    // DELETE last: it removes the workflow the other cases name.
    await expectSecured(server.url, keys, {
      method: "DELETE",
      path: () => `/v1/workflows/${wfId}`,
      needs: "secret",
      ownedResource: true,
    });
  });
});

describe("dynamic workflows, beta off (the default)", () => {
  let server: TestServer;
  let t: Tenant;
  beforeAll(async () => {
    server = await sharedTestServer();
    t = await createTenant(server.url, "nobeta");
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses to write, read or run one, and lists the built-in workflow only", async () => {
    const made = await call(server.url, "POST", "/v1/workflows", {
      key: t.secret,
      json: { name: "x", steps: steps() },
    });
    expectError(made, 403, "FORBIDDEN");
    expect(made.body.error.message).toContain("WORKFLOWS_BETA=true");
    const id = "wf_0000000000000000";
    expectError(await call(server.url, "GET", `/v1/workflows/${id}`, { key: t.secret }), 403, "FORBIDDEN");
    expectError(
      await call(server.url, "POST", `/v1/workflows/${id}/runs`, {
        key: t.secret,
        json: { document_ids: ["doc-0000000000000000"] },
      }),
      403,
      "FORBIDDEN",
    );
    expectError(
      await call(server.url, "GET", `/v1/workflows/${id}/runs`, { key: t.secret }),
      403,
      "FORBIDDEN",
    );
    const list = await call(server.url, "GET", "/v1/workflows", { key: t.secret });
    expect(list.body.data.map((w: { id: string }) => w.id)).toEqual(["invoice-extraction"]);
    expectError(await call(server.url, "GET", "/v1/workflows/nope", { key: t.secret }), 404, "NOT_FOUND");
  });
});
