import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadAndWait } from "../support/documents.ts";
import { call } from "../support/http.ts";
import { pngBytes } from "../support/images.ts";
import { callOk, data, mcpClient } from "../support/mcp.ts";
import { reportPdf } from "../support/pdfs.ts";
import { waitForRun } from "../support/runs.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// A tool gives a resource as REST answers it, cut to the fields the tool shows: for one resource
// of each kind a tool returns, the tool's object is REST's answer for the same resource, field by
// field, with the renames docs/mcp.md notes (a document's and a file's snake_case names, a site's
// address at the top) and nothing else.

type Wire = Record<string, any>;
const pick = (o: Wire, keys: string[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

/** A site as a tool shows it: REST's, with the deployment's address moved to the top. */
const siteAsTool = (rest: Wire) => {
  const { url, ...deployment } = rest.deployment;
  return { ...pick(rest, ["namespace", "title", "access", "source"]), url, deployment };
};

let server: TestServer;
let owner: Tenant;
let client: Client;
let docId: string;
const rest = async (path: string) => {
  const r = await call(server.url, "GET", path, { key: owner.secret });
  expect(r.status, r.text).toBe(200);
  return r.body as Wire;
};

beforeAll(async () => {
  server = await startTestServer();
  owner = await createTenant(server.url, "mcp-wire");
  client = await mcpClient(server.url, owner.secret);
  docId = (await uploadAndWait(server.url, owner.secret, await reportPdf(), "report.pdf")).id;
}, 120_000);

afterAll(async () => {
  await client?.close();
  await server?.close();
});

describe("a tool's record is REST's", () => {
  it("document", async () => {
    const r = await rest(`/v1/documents/${docId}`);
    expect(data(await callOk(client, "get_document", { document_id: docId }))).toEqual({
      id: r.id,
      short_hash: r.shortHash,
      status: r.status,
      phase: r.phase,
      file_name: r.fileName,
      pages_total: r.pagesTotal,
      pages_completed: r.pagesCompleted,
      size_bytes: r.sizeBytes,
      error: r.error,
      created_at: r.createdAt,
      completed_at: r.completedAt,
    });
  });

  it("file", async () => {
    const made = data(
      await callOk(client, "upload_file", { content_base64: b64(await reportPdf()), file_name: "f.pdf" }),
    );
    // A worker counts the pages just after the upload: compare once the count is in, so both
    // faces read the same row.
    let r = await rest(`/v1/files/${made.id}`);
    for (let i = 0; i < 100 && r.pages === null; i++) {
      await new Promise((res) => setTimeout(res, 100));
      r = await rest(`/v1/files/${made.id}`);
    }
    expect(r.pages).toBe(1);
    const listed = data(await callOk(client, "list_files", {})).files.find((f: Wire) => f.id === made.id);
    expect(listed).toEqual({
      id: r.id,
      file_name: r.fileName,
      size_bytes: r.size,
      pages: r.pages,
      status: r.status,
      created_at: r.created_at,
    });
  });

  it("collection", async () => {
    const made = data(await callOk(client, "create_collection", { name: "wire", document_ids: [docId] }));
    const r = await rest(`/v1/collections/${made.id}`);
    const listed = data(await callOk(client, "list_collections", {})).collections.find(
      (c: Wire) => c.id === made.id,
    );
    expect(listed).toEqual(
      pick(r, ["id", "name", "description", "visibility", "document_count", "created_at"]),
    );
  });

  it("hosted site", async () => {
    await callOk(client, "publish", {
      document_id: docId,
      namespace: "wire-site",
      access: { unlisted: true },
    });
    const r = await rest("/v1/host/wire-site");
    const listed = data(await callOk(client, "list_deployments", {})).sites.find(
      (s: Wire) => s.namespace === "wire-site",
    );
    expect(listed).toEqual(siteAsTool(r));
  });

  it("conversion, with the site it is published at", async () => {
    const png = await pngBytes(40, 30, { r: 0, g: 0, b: 250 });
    const made = data(
      await callOk(client, "convert_images_to_pdf", {
        images: [{ file_name: "blue.png", content_base64: b64(png) }],
        host: { namespace: "wire-scan" },
      }),
    );
    const first = data(await callOk(client, "get_conversion", { conversion_id: made.id, wait_seconds: 60 }));
    expect(first.status).toBe("succeeded");
    // The site's status follows its document's extraction; both faces are read once it has settled.
    for (let i = 0; i < 600; i++) {
      if ((await rest(`/v1/conversions/${made.id}`)).deployment.deployment.status === "done") break;
      await new Promise((res) => setTimeout(res, 100));
    }
    const ended = data(await callOk(client, "get_conversion", { conversion_id: made.id }));
    const r = await rest(`/v1/conversions/${made.id}`);
    expect(r.deployment.deployment.status).toBe("done");
    expect(ended).toEqual({
      ...pick(r, [
        "id",
        "status",
        "file_id",
        "file_name",
        "pages",
        "inputs",
        "error",
        "host_requested",
        "host_error",
        "created_at",
      ]),
      deployment: siteAsTool(r.deployment),
    });
  });

  it("workflow and workflow run", async () => {
    const w = await rest("/v1/workflows/invoice-extraction");
    const listed = data(await callOk(client, "list_workflows", {})).workflows.find(
      (x: Wire) => x.id === "invoice-extraction",
    );
    expect(listed).toEqual(
      pick(w, ["id", "kind", "name", "description", "output", "checks", "result_formats"]),
    );

    const made = data(await callOk(client, "run_invoice_workflow", { document_ids: [docId] }));
    await waitForRun(server.url, owner.secret, made.id);
    const r = await rest(`/v1/runs/${made.id}`);
    const got = data(await callOk(client, "get_run", { run_id: made.id }));
    expect(got).toEqual({
      ...pick(r, ["id", "workflow", "status", "finished_at"]),
      documents: r.documents.map((d: Wire) => ({
        ...pick(d, ["document_id", "file_name", "status", "data", "error"]),
        failed_checks: (d.checks ?? []).filter((c: Wire) => c.status === "failed"),
      })),
      truncated: false,
    });
  });

  it("agent and agent run", async () => {
    const made = await call(server.url, "POST", "/v1/agents", {
      key: owner.secret,
      json: { name: "Wire", system: "Read the report." },
    });
    expect(made.status, made.text).toBe(201);
    const listed = data(await callOk(client, "list_agents", {})).agents.find(
      (a: Wire) => a.id === made.body.id,
    );
    expect(listed).toEqual(pick(made.body, ["id", "name", "version", "system", "table_id", "output_schema"]));

    const run = data(
      await callOk(client, "run_agent", {
        agent_id: made.body.id,
        input: "What is the revenue?",
        document_ids: [docId],
      }),
    );
    await waitForRun(server.url, owner.secret, run.id);
    const r = await rest(`/v1/runs/${run.id}`);
    const got = data(await callOk(client, "get_run", { run_id: run.id }));
    expect(got).toEqual({
      ...pick(r, [
        "id",
        "kind",
        "agent_id",
        "agent_version",
        "status",
        "output",
        "usage",
        "error",
        "finished_at",
      ]),
      steps: r.steps.map((s: Wire) => pick(s, ["kind", "tool", "sql", "document_id", "row_count", "error"])),
      truncated: false,
    });
  });
});
