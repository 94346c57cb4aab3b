import { readFileSync } from "node:fs";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../support/http.ts";
import { pngBytes as pngImage } from "../support/images.ts";
import { callOk, callTool, data, mcpClient, textOf } from "../support/mcp.ts";
import { annualReportPdf, longPdf, reportPdf, textPdf } from "../support/pdfs.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// The MCP face through the official SDK client against the real server and database: every tool
// on real PDFs, resources, prompts, the result budget and its continuation, and two API
// processes answering one client in turn.

const BUDGET = 4000;
const corpusPdf = readFileSync("/work/shared/corpus/tables/twotables_2.pdf");

let server: TestServer;
let second: TestServer;
let owner: Tenant;
let client: Client;
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

beforeAll(async () => {
  server = await startTestServer({ MCP_MAX_RESULT_CHARS: String(BUDGET) });
  // A second API process on the same database (and store of bytes): no affinity between them.
  second = await startTestServer(
    { MCP_MAX_RESULT_CHARS: String(BUDGET), ROLE: "api", BLOB_DIR: server.blobDir },
    server.database,
  );
  owner = await createTenant(server.url, "mcp-owner");
  client = await mcpClient(server.url, owner.secret);
}, 120_000);

afterAll(async () => {
  await client?.close();
  await second?.close();
  await server?.close();
});

const toolNames = [
  "upload_document",
  "get_document",
  "wait_for_document",
  "list_documents",
  "read_document",
  "get_page_image",
  "list_tables",
  "get_table",
  "ask_document",
  "ask_collection",
  "extract_structured",
  "search_collection",
  "list_collections",
  "create_collection",
  "add_to_collection",
  "upload_file",
  "list_files",
  "convert_images_to_pdf",
  "get_conversion",
  "publish",
  "list_deployments",
  "list_workflows",
  "run_workflow",
  "run_invoice_workflow",
  "get_run",
  "list_agents",
  "run_agent",
  "query_sql",
];

async function uploadAndWait(bytes: Uint8Array, fileName: string) {
  const up = await callOk(client, "upload_document", { content_base64: b64(bytes), file_name: fileName });
  expect(data(up)).toMatchObject({ phase: "queued", file_name: fileName });
  const done = await callOk(client, "wait_for_document", { document_id: data(up).id, timeout_seconds: 60 });
  expect(data(done)).toMatchObject({ phase: "complete", done: true });
  return data(done).id as string;
}

describe("listing", () => {
  it("lists every tool with input and output schemas, the resource templates and the prompts", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...toolNames].sort());
    for (const t of tools) {
      expect(t.description?.length, t.name).toBeGreaterThan(40);
      expect(t.inputSchema.type).toBe("object");
      expect(t.annotations?.readOnlyHint, t.name).toBeTypeOf("boolean");
    }
    const read = tools.find((t) => t.name === "read_document");
    expect(read?.inputSchema.required).toEqual(["document_id"]);
    expect(read?.outputSchema?.properties).toHaveProperty("next_cursor");
    // The limits come from the operations: the scale of a page image is bounded, a list's page too.
    const image = tools.find((t) => t.name === "get_page_image");
    expect(image?.inputSchema.properties?.scale).toMatchObject({ maximum: 2 });
    const list = tools.find((t) => t.name === "list_documents");
    expect(list?.inputSchema.properties?.limit).toMatchObject({ maximum: 100 });

    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((r) => r.uriTemplate).sort()).toEqual([
      "quire://documents/{id}",
      "quire://documents/{id}/full.md",
      "quire://documents/{id}/pages/{n}",
    ]);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual([
      "compare_documents",
      "extract_with_schema",
      "summarize_document",
    ]);
    const prompt = await client.getPrompt({
      name: "summarize_document",
      arguments: { document_id: "abc123" },
    });
    const first = prompt.messages[0]?.content as { text: string };
    expect(first.text).toContain("read_document");
    expect(first.text).toContain("abc123");
  });
});

describe("documents, reading and answering", () => {
  let reportId: string;
  let annualId: string;

  beforeAll(async () => {
    reportId = await uploadAndWait(await reportPdf(), "report.pdf");
    annualId = await uploadAndWait(await annualReportPdf(), "annual.pdf");
  }, 120_000);

  it("gets and lists documents, and lists them as resources", async () => {
    const got = await callOk(client, "get_document", { document_id: reportId });
    expect(data(got)).toMatchObject({ id: reportId, phase: "complete", pages_total: 1, pages_completed: 1 });
    // Clients that read only text get the same record as JSON.
    expect(JSON.parse(textOf(got))).toEqual(data(got));
    const listed = await callOk(client, "list_documents", { limit: 1 });
    expect(data(listed).documents).toHaveLength(1);
    expect(data(listed).next_cursor).toEqual(expect.any(String));
    const rest = await callOk(client, "list_documents", { limit: 10, cursor: data(listed).next_cursor });
    const ids = [data(listed).documents[0].id, ...data(rest).documents.map((d: { id: string }) => d.id)];
    expect(ids).toContain(reportId);
    expect(ids).toContain(annualId);

    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toContain(`quire://documents/${reportId}`);
    expect(resources.map((r) => r.uri)).toContain(`quire://documents/${reportId}/full.md`);
    const record = await client.readResource({ uri: `quire://documents/${reportId}` });
    expect(JSON.parse((record.contents[0] as { text: string }).text)).toMatchObject({ id: reportId });
    const md = await client.readResource({ uri: `quire://documents/${reportId}/full.md` });
    expect((md.contents[0] as { text: string }).text).toContain("Quarterly Report");
    const page = await client.readResource({ uri: `quire://documents/${reportId}/pages/1` });
    expect((page.contents[0] as { text: string }).text).toContain("Revenue grew");
    await expect(client.readResource({ uri: `quire://documents/${reportId}/pages/9` })).rejects.toThrow(
      /NOT_FOUND/,
    );
  });

  it("reads markdown, draws a page as image content, and gives tables in three formats", async () => {
    const read = await callOk(client, "read_document", { document_id: reportId });
    expect(data(read)).toMatchObject({
      truncated: false,
      next_cursor: null,
      next_page: null,
      from_page: 1,
      to_page: 1,
    });
    expect(data(read).markdown).toContain("<!-- page 1 -->");
    expect(textOf(read)).toContain("Quarterly Report");

    const image = await callOk(client, "get_page_image", { document_id: reportId, page: 1, scale: 0.5 });
    const png = image.content.find((c) => c.type === "image") as { data: string; mimeType: string };
    expect(png.mimeType).toBe("image/png");
    expect(Buffer.from(png.data, "base64").subarray(1, 4).toString()).toBe("PNG");

    const tables = await callOk(client, "list_tables", { document_id: reportId });
    expect(data(tables).total).toBeGreaterThanOrEqual(1);
    expect(data(tables).tables[0].header).toEqual(["Region", "Revenue", "Growth"]);
    const md = await callOk(client, "get_table", { document_id: reportId, index: 0 });
    expect(data(md).table).toContain("| North | 1,200 | 4% |");
    const csv = await callOk(client, "get_table", { document_id: reportId, index: 0, format: "csv" });
    expect(data(csv).table).toContain('"West, Coast","2,310",12%\r\n');
    const json = await callOk(client, "get_table", { document_id: reportId, index: 0, format: "json" });
    expect(JSON.parse(data(json).table)).toEqual([
      ["Region", "Revenue", "Growth"],
      ["North", "1,200", "4%"],
      ["South", "950", "7%"],
      ["West, Coast", "2,310", "12%"],
    ]);
    const later = await callOk(client, "get_table", {
      document_id: reportId,
      index: 0,
      format: "json",
      row_offset: 2,
    });
    expect(JSON.parse(data(later).table)).toEqual([
      ["Region", "Revenue", "Growth"],
      ["West, Coast", "2,310", "12%"],
    ]);
  });

  it("answers with citations that name the document, the page and the quoted words", async () => {
    const r = await callOk(client, "ask_document", {
      document_id: annualId,
      question: "Where was Quire Industries founded?",
    });
    expect(data(r).answer).toContain("Lisbon");
    const c = data(r).citations[0];
    expect(c).toMatchObject({ document_id: annualId, file_name: "annual.pdf", page: 1 });
    expect(c.quote).toContain("Lisbon");

    const ex = await callOk(client, "extract_structured", {
      document_id: annualId,
      schema: {
        type: "object",
        properties: { auditors: { type: "string" }, headquarters: { type: "string" } },
      },
      prompt: "The company's auditors and where its headquarters are.",
    });
    expect(data(ex).valid).toBe(true);
    expect(typeof data(ex).data).toBe("object");
    expect(Array.isArray(data(ex).sources)).toBe(true);
  });

  it("groups documents in collections, answers and searches across them", async () => {
    const created = await callOk(client, "create_collection", { name: "reports", document_ids: [reportId] });
    expect(data(created)).toMatchObject({ name: "reports", document_count: 1 });
    const added = await callOk(client, "add_to_collection", {
      collection: "reports",
      document_ids: [annualId, reportId],
    });
    expect(data(added)).toEqual({ added: 1, document_count: 2 });
    const listed = await callOk(client, "list_collections", {});
    expect(data(listed).collections.map((c: { name: string }) => c.name)).toContain("reports");

    const asked = await callOk(client, "ask_collection", {
      collection: "reports",
      question: "Who are the auditors?",
    });
    expect(data(asked).answer).toContain("Moreau");
    expect(data(asked).citations[0]).toMatchObject({ document_id: annualId, page: 3 });
    expect(data(asked).sources[0]).toMatchObject({ document_id: annualId, page: 3 });

    const found = await callOk(client, "search_collection", {
      collection: data(created).id,
      query: "revenue",
    });
    const docs = new Set(data(found).passages.map((p: { document_id: string }) => p.document_id));
    expect(docs).toEqual(new Set([reportId, annualId]));
    expect(data(found).passages[0]).toMatchObject({
      page: expect.any(Number),
      text: expect.stringMatching(/revenue/i),
    });
  });

  it("stores files, parses a stored file, and publishes it with access settings", async () => {
    const file = await callOk(client, "upload_file", {
      content_base64: b64(corpusPdf),
      file_name: "twotables.pdf",
    });
    expect(data(file)).toMatchObject({
      status: "ready",
      file_name: "twotables.pdf",
      size_bytes: corpusPdf.length,
    });
    const files = await callOk(client, "list_files", { limit: 5 });
    expect(data(files).files.map((f: { id: string }) => f.id)).toContain(data(file).id);

    const doc = await callOk(client, "upload_document", { file_id: data(file).id });
    const done = await callOk(client, "wait_for_document", { document_id: data(doc).id });
    expect(data(done).phase).toBe("complete");
    const tables = await callOk(client, "list_tables", { document_id: data(doc).id });
    expect(data(tables).total).toBe(2);
    const table = await callOk(client, "get_table", { document_id: data(doc).id, index: 1, format: "csv" });
    expect(data(table).total_rows).toBeGreaterThan(3);

    const site = await callOk(client, "publish", {
      file_id: data(file).id,
      namespace: "mcp-tables",
      access: { password: "open sesame", allow_download: false, expires_at: "2099-01-01T00:00:00Z" },
    });
    expect(data(site)).toMatchObject({
      namespace: "mcp-tables",
      url: expect.stringMatching(/^http:\/\/mcp-tables\.quire\.localhost:\d+$/),
      access: { has_password: true, allow_download: false, expires_at: "2099-01-01T00:00:00.000Z" },
    });
    const sites = await callOk(client, "list_deployments", {});
    expect(data(sites).sites.map((s: { namespace: string }) => s.namespace)).toEqual(["mcp-tables"]);
  });
});

describe("conversions", () => {
  it("makes a PDF of inline and stored images, publishes it when asked, and names a bad image", async () => {
    const png = await pngImage(40, 30, { r: 250, g: 0, b: 0 });
    const stored = await callOk(client, "upload_file", { content_base64: b64(png), file_name: "red.png" });
    // Images inline or stored, one of the two.
    const both = await callTool(client, "convert_images_to_pdf", {
      images: [{ file_name: "inline.png", content_base64: b64(png) }],
      file_ids: [data(stored).id],
    });
    expect(both.isError).toBe(true);
    expect(textOf(both)).toMatch(/file_ids/);

    const made = await callOk(client, "convert_images_to_pdf", {
      file_ids: [data(stored).id, data(stored).id],
      file_name: "reds",
      host: { namespace: "mcp-scans", access: { unlisted: true } },
    });
    expect(data(made)).toMatchObject({ status: "queued", host_requested: true, deployment: null });
    const done = await callOk(client, "get_conversion", { conversion_id: data(made).id, wait_seconds: 60 });
    expect(data(done)).toMatchObject({
      status: "succeeded",
      pages: 2,
      file_name: "reds.pdf",
      deployment: {
        namespace: "mcp-scans",
        url: expect.stringMatching(/^http:\/\/mcp-scans\.quire\.localhost:\d+$/),
        access: { unlisted: true },
      },
      host_error: null,
    });
    expect(data(done).file_id).toMatch(/^file_/);
    // A taken namespace is refused before anything is made.
    const taken = await callTool(client, "convert_images_to_pdf", {
      file_ids: [data(stored).id],
      host: { namespace: "mcp-scans" },
    });
    expect(textOf(taken)).toMatch(/^CONFLICT: .*mcp-scans/);

    const broken = await callOk(client, "convert_images_to_pdf", {
      images: [{ file_name: "cut.png", content_base64: b64(png.subarray(0, 60)) }],
    });
    const failed = await callOk(client, "get_conversion", {
      conversion_id: data(broken).id,
      wait_seconds: 60,
    });
    expect(data(failed)).toMatchObject({
      status: "failed",
      file_id: null,
      error: { code: "IMAGE_UNREADABLE", input: 0 },
    });
    expect(data(failed).error.message).toMatch(/cut\.png/);
  }, 120_000);
});

describe("workflows", () => {
  it("reads an invoice into fields and names the check that failed", async () => {
    const pdf = await textPdf([
      [
        "INVOICE",
        "Invoice No.: M-42",
        "Invoice date: 2026-03-05",
        "Subtotal: 100.00",
        "VAT 20%: 20.00",
        "Total: 150.00 EUR",
      ],
    ]);
    const doc = await callOk(client, "upload_document", { content_base64: b64(pdf), file_name: "m42.pdf" });
    const both = await callTool(client, "run_invoice_workflow", {
      document_ids: [data(doc).id],
      file_ids: ["file_x"],
    });
    expect(textOf(both)).toMatch(/^BAD_REQUEST: .*document_ids/);
    const run = await callOk(client, "run_invoice_workflow", {
      document_ids: [data(doc).id],
      currency: "EUR",
    });
    expect(data(run)).toMatchObject({ status: "queued", workflow: "invoice-extraction" });
    const listed = await callOk(client, "list_workflows", {});
    expect(data(listed).workflows.map((w: { id: string }) => w.id)).toEqual(["invoice-extraction"]);
    const unknown = await callTool(client, "run_workflow", {
      workflow: "payroll",
      document_ids: [data(doc).id],
    });
    expect(textOf(unknown)).toMatch(/^NOT_FOUND: Workflow payroll/);
    const again = await callOk(client, "run_workflow", {
      workflow: "invoice-extraction",
      document_ids: [data(doc).id],
    });
    expect(data(again)).toMatchObject({ status: "queued", workflow: "invoice-extraction" });
    const done = await callOk(client, "get_run", { run_id: data(run).id, wait_seconds: 60 });
    expect(data(done)).toMatchObject({
      status: "needs_review",
      documents: [
        {
          document_id: data(doc).id,
          status: "needs_review",
          data: { invoice_id: "M-42", invoice_total: 150 },
          failed_checks: [{ rule: "totals_add_up" }],
        },
      ],
      truncated: false,
    });
  }, 120_000);
});

describe("agents and SQL", () => {
  it("reads documents with query_sql, refuses hostile SQL as a tool error, runs an agent and reads its run", async () => {
    const doc = await uploadAndWait(await reportPdf(), "agent-report.pdf");
    const read = await callOk(client, "query_sql", {
      query: "SELECT file_name FROM documents WHERE id = $1",
      params: [doc],
    });
    expect(data(read)).toMatchObject({ columns: ["file_name"], rows: [["agent-report.pdf"]], row_count: 1 });
    const hostile = await callTool(client, "query_sql", { query: "SELECT * FROM pg_authid" });
    expect(hostile.isError).toBe(true);
    expect(textOf(hostile)).toMatch(/^BAD_REQUEST: doc_sql: relation "pg_authid"/);
    const agent = await call(server.url, "POST", "/v1/agents", {
      key: owner.secret,
      json: { name: "Mcp lister" },
    });
    const listed = await callOk(client, "list_agents", {});
    expect(data(listed).agents.map((x: { id: string }) => x.id)).toContain(agent.body.id);
    const run = await callOk(client, "run_agent", {
      agent_id: agent.body.id,
      input: "List them.",
      document_ids: [doc],
    });
    expect(data(run)).toMatchObject({ kind: "agent", status: "queued" });
    const done = await callOk(client, "get_run", { run_id: data(run).id, wait_seconds: 60 });
    expect(data(done)).toMatchObject({ kind: "agent", status: "succeeded", truncated: false });
    expect(data(done).steps[0]).toMatchObject({ kind: "tool", tool: "doc_sql", row_count: 1 });
  }, 120_000);
});

describe("waiting", () => {
  it("sends progress notifications while a document is parsed, then its final record", async () => {
    const up = await callOk(client, "upload_document", {
      content_base64: b64(await longPdf(12)),
      file_name: "wait.pdf",
    });
    const seen: { progress: number; total?: number; message?: string }[] = [];
    const r = (await client.callTool(
      { name: "wait_for_document", arguments: { document_id: data(up).id } },
      undefined,
      { onprogress: (p) => seen.push(p), timeout: 70_000 },
    )) as Awaited<ReturnType<typeof callOk>>;
    expect(r.isError).toBeFalsy();
    expect(data(r)).toMatchObject({ phase: "complete", pages_completed: 12, done: true });
    // Queued first (the job waits for a worker), so at least that state is reported.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]?.message).toMatch(/^(queued|extracting), \d+ of/);
    for (const [i, p] of seen.entries())
      if (i > 0) expect(p.progress).toBeGreaterThanOrEqual(seen[i - 1]?.progress ?? 0);
  });
});

describe("the result budget", () => {
  it("cuts a long read at the budget and its cursor reads on to the end, nothing lost or repeated", async () => {
    const id = await uploadAndWait(await longPdf(8), "long.pdf");
    const whole = await call(server.url, "GET", `/v1/documents/${id}/full.md`, { key: owner.secret });
    expect(whole.text.length).toBeGreaterThan(3 * BUDGET);

    let r = await callOk(client, "read_document", { document_id: id });
    const pieces: string[] = [data(r).markdown];
    let reads = 1;
    while (data(r).truncated) {
      expect(textOf(r).length).toBeLessThanOrEqual(BUDGET);
      expect(textOf(r)).toContain(data(r).next_cursor);
      r = await callOk(client, "read_document", { document_id: id, cursor: data(r).next_cursor });
      pieces.push(data(r).markdown);
      reads++;
    }
    expect(reads).toBeGreaterThanOrEqual(4);
    expect(data(r).next_page).toBeNull();
    // The pieces joined are the whole markdown (the REST file joins pages with one blank line).
    expect(pieces.join("").trim()).toBe(whole.text.trim());

    // A range: pages 2-3 only, then next_page says where to go on.
    const range = await callOk(client, "read_document", { document_id: id, from_page: 2, to_page: 2 });
    expect(data(range)).toMatchObject({ from_page: 2, to_page: 2, truncated: false, next_page: 3 });
    expect(data(range).markdown).toContain("Page 2 line 30");
    expect(data(range).markdown).not.toContain("Page 3 line 1:");

    // The markdown resource is cut too, saying where to read on.
    const md = await client.readResource({ uri: `quire://documents/${id}/full.md` });
    const text = (md.contents[0] as { text: string }).text;
    expect(text.length).toBeLessThanOrEqual(BUDGET + 200);
    expect(text).toMatch(/truncated .*from_page \d/);
  });
});

describe("two API processes", () => {
  it("answer the calls of one client in turn, with no session between them", async () => {
    const hits = [0, 0];
    let n = 0;
    const alternate: typeof fetch = (input, init) => {
      const i = n++ % 2;
      hits[i] = (hits[i] ?? 0) + 1;
      const url = new URL(input instanceof Request ? input.url : String(input));
      const target = new URL(i === 0 ? server.url : second.url);
      url.host = target.host;
      return fetch(url, init);
    };
    const roaming = await mcpClient(server.url, owner.secret, { fetch: alternate });
    try {
      const listed = await callOk(roaming, "list_documents", { limit: 100 });
      const ids = data(listed).documents.map((d: { id: string }) => d.id);
      for (const id of ids.slice(0, 4)) {
        const got = await callOk(roaming, "get_document", { document_id: id });
        expect(data(got).id).toBe(id);
        const read = await callOk(roaming, "read_document", { document_id: id, to_page: 1 });
        expect(data(read).from_page).toBe(1);
      }
      const tools = await roaming.listTools();
      expect(tools.tools).toHaveLength(toolNames.length);
    } finally {
      await roaming.close();
    }
    expect(hits[0]).toBeGreaterThan(3);
    expect(hits[1]).toBeGreaterThan(3);
  });
});

describe("a failed tool", () => {
  it("is a tool error with the operation's reason, not a protocol failure", async () => {
    const r = await callTool(client, "get_document", { document_id: "doc-0000000000000000" });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/^NOT_FOUND: Document doc-0000000000000000 was not found/);
  });
});
