import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "../../src/core/auth/rate-limit.ts";
import { mcpFace } from "../../src/mcp/server.ts";
import { uploadAndWait } from "../support/documents.ts";
import { call } from "../support/http.ts";
import { pngBytes } from "../support/images.ts";
import { callOk, callTool, data, mcpClient, rpc, textOf, toolCallBody } from "../support/mcp.ts";
import { annualReportPdf } from "../support/pdfs.ts";
import { type Keys, securityFixture } from "../support/security.ts";
import {
  clearOfMinuteTurn,
  resetAnonymousBudget,
  startTestServer,
  type TestServer,
} from "../support/server.ts";

// Who may call /mcp and what they see, how calls are counted, and what malformed input gets.

let server: TestServer;
let keys: Keys;
let docId: string;
let owner: Client;
const allowedOrigin = "http://inspector.example:6274";

beforeAll(async () => {
  server = await startTestServer({ MCP_ALLOWED_ORIGINS: allowedOrigin });
  keys = await securityFixture(server.url);
  docId = (await uploadAndWait(server.url, keys.owner.secret, await annualReportPdf(), "secret-plans.pdf"))
    .id;
  owner = await mcpClient(server.url, keys.owner.secret);
}, 120_000);

afterAll(async () => {
  await owner?.close();
  await server?.close();
});

const getDoc = toolCallBody("get_document", { document_id: "" });

describe("authentication", () => {
  it("refuses a request without a key with 401 and a Bearer challenge, before reading it", async () => {
    await resetAnonymousBudget(server);
    const r = await rpc(server.url, getDoc);
    expect(r.status).toBe(401);
    expect(r.headers.get("www-authenticate")).toMatch(/^Bearer realm="quire"/);
    expect(r.body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32000 } });
    expect(r.body.error.message).toMatch(/API key/);
    expect(Number(r.headers.get("x-ratelimit-limit"))).toBe(rateLimits.unauthenticated.standard);
    await expect(mcpClient(server.url, "")).rejects.toThrow(/UNAUTHORIZED/);
  });

  it("refuses bad, malformed, revoked and rotated-away keys with 401", async () => {
    for (const key of ["svc_sk_not-a-real-key", "nope", keys.revoked, keys.rotatedAway]) {
      const r = await rpc(server.url, toolCallBody("get_document", { document_id: docId }), { key });
      expect(r.status, key).toBe(401);
      expect(r.headers.get("www-authenticate"), key).toMatch(/error="invalid_token"/);
      expect(r.text).not.toContain("secret-plans");
    }
    const header = await rpc(server.url, toolCallBody("get_document", { document_id: docId }), {
      headers: { "x-api-key": "svc_sk_nope" },
    });
    expect(header.status).toBe(401);
    await expect(mcpClient(server.url, keys.revoked)).rejects.toThrow(
      /UNAUTHORIZED: The API key is not valid/,
    );
  });

  it("accepts the key in x-api-key as REST does", async () => {
    const r = await rpc(server.url, toolCallBody("get_document", { document_id: docId }), {
      headers: { "x-api-key": keys.owner.secret },
    });
    expect(r.status).toBe(200);
    expect(r.body.result.structuredContent).toMatchObject({ id: docId, file_name: "secret-plans.pdf" });
    // What every API response carries (SPEC 5 rule 7: private unless a public route says otherwise).
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    expect(r.headers.get("x-request-id")).toMatch(/^[\w.-]{1,100}$/);
  });
  it("takes keys only: a dashboard session's cookie and CSRF token are answered as no key (401)", async () => {
    await resetAnonymousBudget(server);
    const signIn = await fetch(`${server.url}/dashboard/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ key: keys.owner.secret }),
    });
    expect(signIn.status).toBe(201);
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(cookie).toMatch(/^quire_session=/);
    const { csrf_token } = (await signIn.json()) as { csrf_token: string };
    // The session does open the REST face, so the refusal below is MCP's own rule.
    expect((await fetch(`${server.url}/v1/account`, { headers: { cookie } })).status).toBe(200);
    const r = await rpc(server.url, toolCallBody("get_document", { document_id: docId }), {
      headers: { cookie, "x-csrf-token": csrf_token },
    });
    expect(r.status).toBe(401);
    expect(r.headers.get("www-authenticate")).toMatch(/^Bearer realm="quire"/);
    expect(r.text).not.toContain("secret-plans");
  });
});

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

describe("authorization", () => {
  it("shows another account's document as not found, leaking nothing of it", async () => {
    // A conversion of the owner's (of an image cut after its signature: it ends failed, no file).
    const conv = await callOk(owner, "convert_images_to_pdf", {
      images: [
        {
          file_name: "secret-plans.png",
          content_base64: b64((await pngBytes(8, 8, { r: 1, g: 2, b: 3 })).subarray(0, 60)),
        },
      ],
    });
    const convId = data(conv).id as string;
    const other = await mcpClient(server.url, keys.other.secret);
    try {
      for (const [name, args] of [
        ["get_document", { document_id: docId }],
        ["read_document", { document_id: docId }],
        ["get_page_image", { document_id: docId, page: 1 }],
        ["ask_document", { document_id: docId, question: "Who are the auditors?" }],
        ["publish", { document_id: docId }],
        ["add_to_collection", { collection: "x", document_ids: [docId] }],
        ["get_conversion", { conversion_id: convId }],
        ["run_invoice_workflow", { document_ids: [docId] }],
        ["run_workflow", { workflow: "invoice-extraction", document_ids: [docId] }],
      ] as const) {
        const r = await callTool(other, name, args);
        expect(r.isError, name).toBe(true);
        expect(textOf(r), name).toMatch(/^NOT_FOUND: /);
        expect(textOf(r), name).not.toMatch(/secret-plans|Moreau|Lisbon/);
      }
      await expect(other.readResource({ uri: `quire://documents/${docId}` })).rejects.toThrow(/NOT_FOUND/);
      const { resources } = await other.listResources();
      expect(resources.map((r) => r.uri).join()).not.toContain(docId);
    } finally {
      await other.close();
    }
  });

  it("lets a publishable key read only what its grants allow and refuses it every mutating tool", async () => {
    const pk = await mcpClient(server.url, keys.publishable);
    try {
      // The owner's document is not granted to publishable keys: not found, as for a stranger.
      expect(textOf(await callTool(pk, "get_document", { document_id: docId }))).toMatch(/^NOT_FOUND/);
      for (const [name, args] of [
        ["upload_document", { content_base64: "JVBERi0=" }],
        ["upload_file", { content_base64: "JVBERi0=", file_name: "x.pdf" }],
        ["create_collection", { name: "nope" }],
        ["add_to_collection", { collection: "nope", document_ids: [docId] }],
        ["publish", { document_id: docId }],
        ["convert_images_to_pdf", { images: [{ file_name: "a.png", content_base64: "iVBORw0KGgo=" }] }],
        ["get_conversion", { conversion_id: "conv_0000000000000000" }],
        ["run_invoice_workflow", { document_ids: [docId] }],
        ["run_workflow", { workflow: "invoice-extraction", document_ids: [docId] }],
        ["list_workflows", {}],
        ["get_run", { run_id: "run_0000000000000000" }],
        ["list_agents", {}],
        ["run_agent", { agent_id: "agent_0000000000000000", input: "x" }],
        ["query_sql", { query: "SELECT 1" }],
        ["list_documents", {}],
      ] as const) {
        const r = await callTool(pk, name, args);
        expect(r.isError, name).toBe(true);
        expect(textOf(r), name).toMatch(/^FORBIDDEN: .*secret key/);
      }
      // Nothing was made.
      const files = await callOk(owner, "list_files", {});
      expect(data(files).files).toEqual([]);
      // A grant opens the document to it.
      const granted = await call(server.url, "PUT", `/v1/documents/${docId}/config`, {
        key: keys.owner.secret,
        json: {
          access: {
            default_effect: "deny",
            grants: [{ principal: { type: "publishable" }, actions: ["read_content"] }],
          },
        },
      });
      expect(granted.status, granted.text).toBe(200);
      const read = await callOk(pk, "read_document", { document_id: docId, to_page: 1 });
      expect(data(read).markdown).toContain("Lisbon");
      expect(textOf(await callTool(pk, "ask_document", { document_id: docId, question: "Who?" }))).toMatch(
        /^FORBIDDEN/,
      );
    } finally {
      await pk.close();
    }
  });

  it("refuses a foreign Origin with 403 and answers its own and the allowed ones", async () => {
    const body = toolCallBody("get_document", { document_id: docId });
    const foreign = await rpc(server.url, body, {
      key: keys.owner.secret,
      headers: { origin: "http://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.message).toMatch(/origin/);
    const own = new URL(server.services.config.baseUrl).origin;
    for (const origin of [own, allowedOrigin]) {
      const r = await rpc(server.url, body, { key: keys.owner.secret, headers: { origin } });
      expect(r.status, origin).toBe(200);
    }
    // Browsers may send the MCP headers across origins.
    const preflight = await fetch(`${server.url}/mcp`, {
      method: "OPTIONS",
      headers: {
        origin: allowedOrigin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "mcp-protocol-version, authorization",
      },
    });
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/Mcp-Protocol-Version/);
  });
});

describe("rate limits", () => {
  it("count each tool call in its operation's rate class", async () => {
    const face = mcpFace(server.services);
    for (const tool of face.tools) {
      const r = await rpc(server.url, toolCallBody(tool.name, {}), { key: keys.other.secret });
      expect(r.status, tool.name).toBe(200);
      expect(Number(r.headers.get("x-ratelimit-limit")), tool.name).toBe(
        rateLimits.authenticated[tool.operation.rateClass],
      );
    }
  });

  it("answer a tool call over the key's budget with a tool error that says how long to wait", async () => {
    const { keyId } = keys.other;
    await server.services.db.pool.query(
      `INSERT INTO rate_limit_windows (bucket, window_start, count)
       VALUES ($1, date_trunc('minute', now()), $2)
       ON CONFLICT (bucket, window_start) DO UPDATE SET count = $2`,
      [`key:${keyId}:expensive`, rateLimits.authenticated.expensive],
    );
    const other = await mcpClient(server.url, keys.other.secret);
    try {
      const r = await callTool(other, "ask_document", { document_id: docId, question: "Who?" });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(/^RATE_LIMITED: .*retry in \d+ s/);
      // The standard class is a budget of its own.
      expect(textOf(await callTool(other, "get_document", { document_id: docId }))).toMatch(/^NOT_FOUND/);
      // Inside a batch the call is counted as it runs, and refused the same way.
      const batch = await rpc(
        server.url,
        [
          toolCallBody("ask_document", { document_id: docId, question: "Who?" }, 7),
          { jsonrpc: "2.0", id: 8, method: "ping" },
        ],
        { key: keys.other.secret },
      );
      expect(batch.status).toBe(200);
      const seven = (
        batch.body as { id: number; result: { isError: boolean; content: { text: string }[] } }[]
      ).find((m) => m.id === 7);
      expect(seven?.result.isError).toBe(true);
      expect(seven?.result.content[0]?.text).toMatch(/retry in \d+ s/);
    } finally {
      await other.close();
    }
  });

  it("hold callers without a key to the unauthenticated limit", async () => {
    await resetAnonymousBudget(server);
    // The whole budget and one more in one rate window.
    await clearOfMinuteTurn(20);
    const limit = rateLimits.unauthenticated.standard;
    for (let i = 0; i < limit; i++) expect((await rpc(server.url, getDoc)).status).toBe(401);
    const over = await rpc(server.url, getDoc);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    await resetAnonymousBudget(server);
  });
});

describe("bad input", () => {
  const key = () => keys.owner.secret;

  it("answers arguments that break the schema with a tool error naming the argument", async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ["get_document", {}, /document_id/],
      ["get_document", { document_id: 42 }, /document_id/],
      ["get_page_image", { document_id: docId, page: 1, scale: 100 }, /scale/],
      ["get_page_image", { document_id: docId, page: 0 }, /page/],
      ["read_document", { document_id: docId, cursor: "garbage" }, /cursor/],
      ["read_document", { document_id: docId, from_page: 5, to_page: 2 }, /to_page/],
      ["read_document", { document_id: docId, from_page: 1, to_page: 500 }, /to_page/],
      ["list_documents", { limit: 1000 }, /limit/],
      ["get_table", { document_id: docId, index: 0, format: "xml" }, /format/],
      ["upload_document", {}, /file_id/],
      ["upload_document", { file_id: "file_x", content_base64: "JVBERi0=" }, /file_id/],
      ["upload_document", { content_base64: "not base64!" }, /content_base64/],
      ["upload_file", { content_base64: "JVBERi0=" }, /file_name/],
      ["publish", { document_id: docId, access: { expires_at: "tomorrow" } }, /expires_at/],
      ["extract_structured", { document_id: docId, schema: "not an object" }, /schema/],
      ["wait_for_document", { document_id: docId, timeout_seconds: 600 }, /timeout_seconds/],
    ];
    for (const [name, args, named] of cases) {
      const r = await rpc(server.url, toolCallBody(name, args), { key: key() });
      expect(r.status, `${name} ${JSON.stringify(args)}: ${r.text}`).toBe(200);
      expect(r.body.result?.isError, `${name} ${JSON.stringify(args)}: ${r.text}`).toBe(true);
      expect(r.body.result.content[0].text, name).toMatch(named);
    }
    const unknown = await rpc(server.url, toolCallBody("no_such_tool", {}), { key: key() });
    expect(unknown.body.result?.isError ?? unknown.body.error).toBeTruthy();
  });

  it("answers a tool call alone (without an SDK server) as the SDK answers it in a batch", async () => {
    // A request of one call is answered by mcp/direct-call.ts; in a batch, by the SDK's server.
    const calls: [string, Record<string, unknown>][] = [
      ["read_document", { document_id: docId, from_page: 1, to_page: 1 }],
      ["get_document", { document_id: docId }],
      ["list_tables", { document_id: docId }],
      ["get_document", { document_id: 42 }],
      ["read_document", { document_id: docId, from_page: 5, to_page: 2 }],
      ["get_document", { document_id: "doc-0000000000000000" }],
      ["get_page_image", { document_id: docId, page: 1, scale: 0.25 }],
    ];
    for (const [name, args] of calls) {
      const alone = await rpc(server.url, toolCallBody(name, args, 1), { key: key() });
      const batch = await rpc(
        server.url,
        [toolCallBody(name, args, 1), { jsonrpc: "2.0", id: 2, method: "ping" }],
        {
          key: key(),
        },
      );
      expect(alone.status, alone.text).toBe(200);
      expect(Array.isArray(alone.body), name).toBe(false);
      const inBatch = (batch.body as { id: number }[]).find((m) => m.id === 1);
      expect(alone.body, `${name} ${JSON.stringify(args)}`).toEqual(inBatch);
    }
    // A batch of one request is answered with the bare response, as the SDK's transport answers it.
    const one = await rpc(server.url, [toolCallBody("get_document", { document_id: docId })], { key: key() });
    expect(one.body).toMatchObject({ jsonrpc: "2.0", id: 1, result: { structuredContent: { id: docId } } });
    // The transport's header checks hold for a call alone too.
    const noAccept = await rpc(server.url, toolCallBody("get_document", { document_id: docId }), {
      key: key(),
      headers: { accept: "application/json" },
    });
    expect(noAccept.status).toBe(406);
    const version = await rpc(server.url, toolCallBody("get_document", { document_id: docId }), {
      key: key(),
      headers: { "mcp-protocol-version": "1999-01-01" },
    });
    expect(version.status).toBe(400);
    expect(version.body.error.message).toContain("Unsupported protocol version");
  });

  it("answers malformed JSON-RPC with the specification's error codes", async () => {
    const parse = await rpc(server.url, null, { key: key(), raw: "{not json" });
    expect(parse.status).toBe(400);
    expect(parse.body).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } });
    for (const bad of [
      { foo: 1 },
      { jsonrpc: "1.0", id: 1, method: "ping" },
      [],
      { jsonrpc: "2.0", id: {}, method: "ping" },
      7,
    ]) {
      const r = await rpc(server.url, bad, { key: key() });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.error.code, JSON.stringify(bad)).toBe(-32600);
    }
    const method = await rpc(server.url, { jsonrpc: "2.0", id: 3, method: "no/such/method" }, { key: key() });
    expect(method.status).toBe(200);
    expect(method.body).toMatchObject({ jsonrpc: "2.0", id: 3, error: { code: -32601 } });
    const params = await rpc(
      server.url,
      { jsonrpc: "2.0", id: 4, method: "tools/call", params: { arguments: {} } },
      { key: key() },
    );
    expect(params.body, params.text).toMatchObject({ id: 4, error: { code: -32602 } });
    const type = await rpc(server.url, getDoc, { key: key(), headers: { "content-type": "text/plain" } });
    expect(type.status).toBe(415);
    const big = await rpc(server.url, null, { key: key(), raw: `"${"x".repeat(8 * 1024 * 1024)}"` });
    expect(big.status).toBe(413);
    const get = await fetch(`${server.url}/mcp`, {
      headers: { authorization: `Bearer ${key()}`, accept: "text/event-stream" },
    });
    expect(get.status).toBe(405);
  });
});
