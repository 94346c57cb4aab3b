import { createHash } from "node:crypto";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorStatus } from "../../src/core/errors.ts";
import { waitForConversion } from "../support/conversions.ts";
import { upload, uploadAndWait, waitForTerminal } from "../support/documents.ts";
import { call, type Reply } from "../support/http.ts";
import { heicBytes, pngBytes as imagePng } from "../support/images.ts";
import {
  expectReplyMatchesOpenApi,
  type OpenApiDocument,
  openApiMismatches,
  operationOf,
  operationsOf,
  resolvePointer,
} from "../support/openapi.ts";
import { blankPdf, picturePdf, pngBytes, reportPdf, textPdf } from "../support/pdfs.ts";
import { resetAnonymousBudget, startTestServer, type TestServer, WORKER_SECRET } from "../support/server.ts";
import { createKey, createTenant, type Tenant } from "../support/tenant.ts";

// /openapi.json is checked twice: as a document (version, security schemes, error responses),
// and against the service itself: real responses of every operation, successes and errors, are
// validated against the schema the document gives for their status.

/**
 * Every operation this file exercises. The document must list exactly these: a route added
 * without a test here (or removed without updating this list) fails the first test.
 */
const covered = [
  "GET /v1/account",
  "POST /v1/accounts",
  "GET /v1/keys",
  "POST /v1/keys",
  "POST /v1/keys/{id}/rotate",
  "DELETE /v1/keys/{id}",
  "GET /v1/usage",
  "POST /v1/documents",
  "GET /v1/documents",
  "GET /v1/documents/{id}",
  "DELETE /v1/documents/{id}",
  "POST /v1/documents/{id}/reparse",
  "GET /v1/documents/{id}/config",
  "PUT /v1/documents/{id}/config",
  "POST /v1/documents/{id}/review/approve",
  "POST /v1/documents/ingest",
  "GET /v1/documents/{id}/ingest",
  "GET /v1/documents/{id}/full.md",
  "GET /v1/documents/{id}/pages/{page_number}",
  "GET /v1/documents/{id}/pages/{page_number}/markdown",
  "GET /v1/documents/{id}/pages/{page_number}/elements",
  "GET /v1/documents/{id}/pages/{page_number}/figures/{figure}",
  "GET /v1/documents/{id}/pages/{page_number}/image.png",
  "GET /v1/documents/{id}/entities/tables",
  "GET /v1/documents/{id}/entities/tables/{index}",
  "GET /v1/documents/{id}/entities/tables/{index}/csv",
  "GET /v1/documents/{id}/entities/tables/{index}/html",
  "GET /v1/documents/{id}/entities/tables/{index}/markdown",
  "GET /v1/documents/{id}/entities/tables/{index}/xlsx",
  "POST /v1/collections",
  "GET /v1/collections",
  "GET /v1/collections/{id}",
  "PATCH /v1/collections/{id}",
  "DELETE /v1/collections/{id}",
  "POST /v1/collections/{id}/documents",
  "DELETE /v1/collections/{id}/documents",
  "GET /v1/collections/{id}/documents",
  "GET /v1/collections/{id}/full.md",
  "GET /v1/collections/{id}/tables.csv",
  "GET /v1/collections/{id}/tables.xlsx",
  "POST /v1/collections/{id}/query",
  "POST /v1/documents/{id}/chat/completions",
  "POST /v1/documents/{id}/structured-output",
  "POST /v1/public/resolve/chat/completions",
  "GET /v1/models",
  "GET /v1/public/resolve/models",
  "GET /v1/documents/{id}/models",
  "GET /v1/collections/{id}/models",
  "POST /v1/files",
  "GET /v1/files",
  "GET /v1/files/{id}",
  "DELETE /v1/files/{id}",
  "GET /v1/files/{id}/content",
  "POST /v1/files/presign",
  "POST /v1/files/finalize",
  "PUT /v1/uploads/{token}",
  "POST /v1/host",
  "GET /v1/host",
  "GET /v1/host/{namespace}",
  "PATCH /v1/host/{namespace}",
  "DELETE /v1/host/{namespace}",
  "GET /v1/host/{namespace}/stats",
  "POST /v1/conversions",
  "GET /v1/conversions",
  "GET /v1/conversions/{id}",
  "GET /v1/workflows",
  "POST /v1/workflows",
  "GET /v1/workflows/{workflow_id}",
  "DELETE /v1/workflows/{workflow_id}",
  "POST /v1/workflows/{workflow_id}/runs",
  "GET /v1/workflows/{workflow_id}/runs",
  "GET /v1/workflows/{workflow_id}/runs/{run_id}",
  "GET /v1/workflows/{workflow_id}/runs/{run_id}/{results_file}",
  "GET /v1/runs",
  "GET /v1/runs/{run_id}",
  "POST /v1/tables",
  "GET /v1/tables",
  "GET /v1/tables/{table_id}",
  "DELETE /v1/tables/{table_id}",
  "GET /v1/tables/{table_id}/rows",
  "DELETE /v1/tables/{table_id}/rows",
  "GET /v1/tables/{table_id}/rows.csv",
  "GET /v1/tables/{table_id}/rows.xlsx",
  "GET /v1/tables/{table_id}/rows.json",
  "POST /v1/tables/{table_id}/sql",
  "POST /v1/sql",
  "POST /v1/agents",
  "GET /v1/agents",
  "GET /v1/agents/{id}",
  "PATCH /v1/agents/{id}",
  "DELETE /v1/agents/{id}",
  "GET /v1/agents/{id}/versions/{version}",
  "POST /v1/agents/{id}/runs",
  "POST /v1/runs/{run_id}/cancel",
  "GET /v1/runs/{run_id}/events",
  "GET /openapi.json",
];

/**
 * The operations a caller without any key may use: the document reads a `public` grant opens.
 * They, and only they, list the empty security requirement `{}` beside the key schemes; every
 * other operation answers a request without credentials with 401.
 */
const anonymousReads = [
  "GET /v1/documents/{id}",
  "GET /v1/documents/{id}/full.md",
  "GET /v1/documents/{id}/pages/{page_number}",
  "GET /v1/documents/{id}/pages/{page_number}/markdown",
  "GET /v1/documents/{id}/pages/{page_number}/elements",
  "GET /v1/documents/{id}/pages/{page_number}/figures/{figure}",
  "GET /v1/documents/{id}/pages/{page_number}/image.png",
  "GET /v1/documents/{id}/entities/tables",
  "GET /v1/documents/{id}/entities/tables/{index}",
  "GET /v1/documents/{id}/entities/tables/{index}/csv",
  "GET /v1/documents/{id}/entities/tables/{index}/html",
  "GET /v1/documents/{id}/entities/tables/{index}/markdown",
  "GET /v1/documents/{id}/entities/tables/{index}/xlsx",
  "POST /v1/documents/{id}/chat/completions",
  "POST /v1/documents/{id}/structured-output",
  "POST /v1/public/resolve/chat/completions",
  "GET /v1/models",
  "GET /v1/public/resolve/models",
  "GET /v1/documents/{id}/models",
  "PUT /v1/uploads/{token}",
  "GET /openapi.json",
];

const operator = { "x-document-agent-secret": WORKER_SECRET };

let server: TestServer;
let doc: OpenApiDocument;
let docReply: Reply;

/** The statuses each operation was seen to answer (and matched the document with), for the last test. */
const exercised = new Map<string, Set<number>>();
/** The same, for requests that carried no credentials at all. */
const exercisedAnonymously = new Map<string, Set<number>>();

const credentialHeaders = ["authorization", "x-api-key", "x-document-agent-secret"];

function record(seen: Map<string, Set<number>>, operation: string, status: number) {
  if (!seen.has(operation)) seen.set(operation, new Set());
  seen.get(operation)?.add(status);
}

/** A real request whose response must match the document for `operation` ("METHOD /template"). */
async function checked(
  operation: string,
  path: string,
  opts: Parameters<typeof call>[3] = {},
  expectedStatus?: number,
): Promise<Reply> {
  const [method, template] = operation.split(" ") as [string, string];
  const r = await call(server.url, method, path, opts);
  if (expectedStatus !== undefined)
    expect(r.status, `${operation} (${path}): ${r.text}`).toBe(expectedStatus);
  expectReplyMatchesOpenApi(doc, method, template, r);
  record(exercised, operation, r.status);
  const anonymous =
    !opts.key && !Object.keys(opts.headers ?? {}).some((h) => credentialHeaders.includes(h.toLowerCase()));
  if (anonymous) record(exercisedAnonymously, operation, r.status);
  return r;
}

/** A multipart body with the PDF in the part named `file`, as an upload sends it. */
function pdfForm(bytes: Uint8Array, fileName = "test.pdf"): FormData {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), fileName);
  return form;
}

/** A checked request that must be refused with this status and error code. */
async function refused(
  operation: string,
  path: string,
  opts: Parameters<typeof call>[3],
  status: number,
  code: keyof typeof errorStatus,
): Promise<Reply> {
  const r = await checked(operation, path, opts, status);
  expect(r.body?.error?.code, r.text).toBe(code);
  return r;
}

beforeAll(async () => {
  // Dynamic workflows on, so that their operations' successes are checked too.
  server = await startTestServer({ WORKFLOWS_BETA: "true" });
  docReply = await call(server.url, "GET", "/openapi.json");
  expect(docReply.status).toBe(200);
  doc = docReply.body as OpenApiDocument;
});
afterAll(async () => {
  await server?.close();
});

describe("the OpenAPI document", () => {
  it("lists exactly the operations this file covers", () => {
    const documented = operationsOf(doc)
      .map((o) => o.key)
      .sort();
    const untested = documented.filter((k) => !covered.includes(k));
    const stale = covered.filter((k) => !documented.includes(k));
    expect(untested, "documented operations without a test in test/faces/openapi.test.ts").toEqual([]);
    expect(stale, "operations in the covered list that the document no longer has").toEqual([]);
  });

  it("is OpenAPI 3.1 at version 1.15.0, public and cacheable", () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.version).toBe("1.15.0");
    expect(typeof doc.info.title).toBe("string");
    expect(docReply.headers.get("content-type")).toMatch(/^application\/json/);
    expect(docReply.headers.get("cache-control")).toMatch(/^public\b/);
    expect(docReply.headers.get("x-request-id")).toBeTruthy();
    // Every path sits under /v1 (SPEC 9), but for the description itself.
    for (const path of Object.keys(doc.paths)) if (path !== "/openapi.json") expect(path).toMatch(/^\/v1\//);
  });

  it("names every operation with a unique camelCase operationId, and declares its tags and licence", () => {
    const ids = operationsOf(doc).map(({ key, op }) => {
      const id = (op as { operationId?: string }).operationId;
      expect(id, `${key} operationId`).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      return id;
    });
    expect(new Set(ids).size).toBe(ids.length);
    // Where a route serves an operation alone, its id is the operation's name.
    expect(operationOf(doc, "GET", "/v1/documents/{id}/pages/{page_number}")).toMatchObject({
      operationId: "getPage",
      "x-operation": "getPage",
    });
    expect(operationOf(doc, "GET", "/v1/documents/{id}/pages/{page_number}/markdown")).toMatchObject({
      operationId: "getPageMarkdown",
      "x-operation": "getPage",
    });
    const declared = (doc as { tags?: { name: string; description?: string }[] }).tags ?? [];
    for (const t of declared) expect(t.description, `tag ${t.name}`).toBeTruthy();
    const used = new Set(operationsOf(doc).flatMap(({ op }) => (op as { tags?: string[] }).tags ?? []));
    expect([...used].sort()).toEqual(declared.map((t) => t.name).sort());
    expect((doc.info as { license?: { name: string } }).license?.name).toBeTruthy();
  });

  it("declares a scheme per credential kind and header, and every operation uses them", () => {
    const schemes = doc.components?.securitySchemes ?? {};
    for (const kind of ["secretKey", "anyKey"]) {
      expect(schemes[`${kind}Bearer`]).toMatchObject({ type: "http", scheme: "bearer" });
      expect(schemes[`${kind}Header`]).toMatchObject({ type: "apiKey", in: "header", name: "x-api-key" });
    }
    expect(schemes.operatorSecret).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "x-document-agent-secret",
    });
    for (const { key, op } of operationsOf(doc)) {
      expect(op.security?.length, `${key} has no security requirement`).toBeGreaterThan(0);
      for (const requirement of op.security ?? [])
        for (const name of Object.keys(requirement)) expect(Object.keys(schemes), key).toContain(name);
      // A key goes in either header wherever a key is accepted: a route names the bearer and
      // header schemes of one kind of key, secret keys or any key.
      if (!op.security?.some((r) => "operatorSecret" in r)) {
        const kind = op.security?.some((r) => "secretKeyBearer" in r) ? "secretKey" : "anyKey";
        expect(op.security?.slice(0, 2), key).toEqual([{ [`${kind}Bearer`]: [] }, { [`${kind}Header`]: [] }]);
      }
    }
  });

  it("lists the empty requirement {} on exactly the reads a public grant opens to callers without a key", () => {
    for (const { key, op } of operationsOf(doc)) {
      const open = (op.security ?? []).some((r) => Object.keys(r).length === 0);
      expect(open, `${key}: {} in its security`).toBe(anonymousReads.includes(key));
      if (open) expect(op.security, key).toEqual([{ anyKeyBearer: [] }, { anyKeyHeader: [] }, {}]);
    }
  });

  it("answers an upload and a reparse with 202 Accepted, and documents the upload's Location", () => {
    for (const [method, path] of [
      ["POST", "/v1/documents"],
      ["POST", "/v1/documents/{id}/reparse"],
    ] as const) {
      const successes = Object.keys(operationOf(doc, method, path).responses).filter((s) => /^2/.test(s));
      expect(successes, `${method} ${path}`).toEqual(["202"]);
    }
    const uploadOp = operationOf(doc, "POST", "/v1/documents");
    expect(uploadOp.responses["202"]?.headers?.Location?.schema).toEqual({ type: "string" });
    // The PDF goes as multipart, in a part named file.
    const form = uploadOp.requestBody?.content?.["multipart/form-data"]?.schema as any;
    expect(uploadOp.requestBody?.required).toBe(true);
    expect(form?.required).toEqual(["file"]);
    expect(form?.properties?.file).toMatchObject({ type: "string", format: "binary" });
    // Reparse may be sent without a body; a configuration must be sent.
    expect(operationOf(doc, "POST", "/v1/documents/{id}/reparse").requestBody?.required).toBe(false);
    expect(operationOf(doc, "PUT", "/v1/documents/{id}/config").requestBody?.required).toBe(true);
    // Every route that reads a body (or, taking none, checks one sent) documents 413 and 415.
    for (const { key, method, op } of operationsOf(doc))
      if (["post", "put", "patch", "delete"].includes(method))
        for (const s of ["413", "415"]) expect(Object.keys(op.responses), `${key} lacks ${s}`).toContain(s);
  });

  it("gives every operation a success and the error responses, all in the one Error envelope", () => {
    const error = doc.components?.schemas?.Error as any;
    expect(error?.required).toEqual(["error"]);
    expect(error.properties.error.required).toEqual(["code", "message"]);
    expect([...error.properties.error.properties.code.enum].sort()).toEqual(Object.keys(errorStatus).sort());

    for (const { key, op } of operationsOf(doc)) {
      const statuses = Object.keys(op.responses);
      expect(
        statuses.some((s) => /^2\d\d$/.test(s)),
        `${key} documents no success`,
      ).toBe(true);
      // Any route can be malformed, unauthenticated, rate limited or fail on our side.
      for (const s of ["400", "401", "429", "500"]) expect(statuses, `${key} lacks ${s}`).toContain(s);
      for (const [status, response] of Object.entries(op.responses)) {
        const content = response.content ?? {};
        // A success may come in other media types (markdown, CSV, HTML, PNG), each with a schema;
        // only a 304 has no body.
        if (status !== "304")
          expect(Object.keys(content).length, `${key} ${status} declares no content`).toBeGreaterThan(0);
        for (const [type, media] of Object.entries(content))
          expect(media.schema, `${key} ${status} ${type} has no schema`).toBeDefined();
        const schema = content["application/json"]?.schema;
        if (Number(status) >= 400) {
          expect(Object.keys(content), `${key} ${status}: errors are JSON only`).toEqual([
            "application/json",
          ]);
          expect(schema, `${key} ${status} does not use the Error envelope`).toEqual({
            $ref: "#/components/schemas/Error",
          });
          // The one status each code has: the description names codes of this status only.
          const codes = [...(response.description ?? "").matchAll(/\b([A-Z][A-Z_]+):/g)].map((m) => m[1]);
          expect(codes.length, `${key} ${status} names no error code`).toBeGreaterThan(0);
          for (const c of codes)
            expect(errorStatus[c as keyof typeof errorStatus], `${key} ${status}`).toBe(+status);
        }
      }
      expect(op.responses["429"]?.headers?.["Retry-After"], `${key} 429 lacks Retry-After`).toBeDefined();
    }
  });

  it("declares each path parameter, and every reference resolves", () => {
    for (const { key, path, op } of operationsOf(doc)) {
      const inTemplate = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const declared = (op.parameters ?? []).filter((p) => p.in === "path");
      expect(declared.map((p) => p.name).sort(), key).toEqual(inTemplate.sort());
      for (const p of declared) expect(p.required, `${key} path parameter ${p.name}`).toBe(true);
      // A path or query string never carries JSON null: no parameter's type may admit it.
      for (const p of op.parameters ?? []) {
        const type = p.schema?.type;
        expect(Array.isArray(type) ? type : [type], `${key} ${p.in} parameter ${p.name}`).not.toContain(
          "null",
        );
      }
    }
    const refs: string[] = [];
    const collect = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(collect);
      else if (node && typeof node === "object")
        for (const [k, v] of Object.entries(node)) {
          if (k === "$ref" && typeof v === "string") refs.push(v);
          else collect(v);
        }
    };
    collect(doc);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(resolvePointer(doc, ref), `unresolved ${ref}`).toBeDefined();
  });

  it("the helper reports what does not match, readably", () => {
    // A guard on the guard: a body that breaks the schema must not pass.
    const good = {
      key: {
        id: "key_x",
        name: "n",
        kind: "secret",
        prefix: "svc_sk_x…",
        created_at: "2026-01-01T00:00:00.000Z",
        revoked_at: null,
        last_used_at: null,
        replaced_by: null,
      },
      secret: "svc_sk_x",
    };
    expect(openApiMismatches(doc, "POST", "/v1/keys", 201, good)).toEqual([]);
    const bad = { key: { ...good.key, kind: "root", created_at: "yesterday", extra: 1 }, secret: 5 };
    const problems = openApiMismatches(doc, "POST", "/v1/keys", 201, bad);
    expect(problems.join("\n")).toMatch(/\/key\/kind: must be equal to one of the allowed values/);
    expect(problems.join("\n")).toMatch(/\/key\/created_at: must match format "date-time"/);
    expect(problems.join("\n")).toMatch(/\/key: has undocumented property 'extra'/);
    expect(problems.join("\n")).toMatch(/\/secret: must be string/);
    expect(openApiMismatches(doc, "POST", "/v1/keys", 418, {})[0]).toMatch(/status 418 is not documented/);
    expect(() => openApiMismatches(doc, "PATCH", "/v1/keys", 200, {})).toThrow(/no operation PATCH/);
    // Other media types: the Content-Type must be one declared for the status, the body text.
    const md = "/v1/documents/{id}/full.md";
    const as = (type: string) => new Headers({ "content-type": type });
    expect(
      openApiMismatches(doc, "GET", md, 200, "# x", as("text/markdown; charset=utf-8")).filter(
        (p) => !/X-RateLimit/.test(p),
      ),
    ).toEqual([]);
    expect(openApiMismatches(doc, "GET", md, 200, "# x", as("text/html"))[0]).toMatch(
      /Content-Type text\/html is not documented for 200 \(documented: text\/markdown\)/,
    );
    expect(openApiMismatches(doc, "GET", md, 200, { page: 1 }, as("text/markdown")).join("\n")).toMatch(
      /text\/markdown body should be text/,
    );
    const table = "/v1/documents/{id}/entities/tables/{index}";
    expect(
      openApiMismatches(doc, "GET", table, 200, { type: "table" }, as("application/json")).join("\n"),
    ).toMatch(/must have required property 'rows'/);
  });
});

describe("real responses match the document", () => {
  let t: Tenant;
  let publishable: string;
  let other: Tenant;

  beforeAll(async () => {
    t = await createTenant(server.url, "openapi");
    other = await createTenant(server.url, "openapi-other");
    publishable = (await createKey(server.url, t, "publishable")).secret;
  });

  it("POST /v1/accounts", async () => {
    const op = "POST /v1/accounts";
    const created = await checked(op, "/v1/accounts", { headers: operator, json: { name: "acme" } }, 201);
    expect(created.body.account.name).toBe("acme");
    expect(created.body.key.kind).toBe("secret");

    await refused(
      op,
      "/v1/accounts",
      { headers: operator, json: { name: "x", plan: "gold" } },
      400,
      "BAD_REQUEST",
    );
    await refused(op, "/v1/accounts", { headers: operator, json: { name: "" } }, 400, "BAD_REQUEST");
    await refused(op, "/v1/accounts", { json: { name: "x" } }, 401, "UNAUTHORIZED");
    await refused(
      op,
      "/v1/accounts",
      { headers: { "x-document-agent-secret": "not-the-secret-at-all" }, json: { name: "x" } },
      401,
      "UNAUTHORIZED",
    );
    await refused(op, "/v1/accounts", { key: t.secret, json: { name: "x" } }, 403, "FORBIDDEN");
    await refused(
      op,
      "/v1/accounts",
      { headers: { ...operator, "content-type": "text/plain" }, body: "name=x" },
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    // Over the default JSON limit of 1 MiB.
    await refused(
      op,
      "/v1/accounts",
      { headers: operator, json: { name: "x".repeat(1_100_000) } },
      413,
      "PAYLOAD_TOO_LARGE",
    );
  });

  it("GET /openapi.json", async () => {
    const op = "GET /openapi.json";
    const described = await checked(op, "/openapi.json", {}, 200);
    expect(described.body).toEqual(doc);
    expect((await checked(op, "/openapi.json", { key: t.secret }, 200)).body).toEqual(doc);
    await refused(op, "/openapi.json", { key: "svc_sk_no-such-key" }, 401, "UNAUTHORIZED");
  });

  it("GET /v1/account", async () => {
    const op = "GET /v1/account";
    const mine = await checked(op, "/v1/account", { key: t.secret }, 200);
    expect(mine.body).toMatchObject({ account: { id: t.accountId }, key_id: t.keyId, key_kind: "secret" });
    const viaPublishable = await checked(op, "/v1/account", { key: publishable }, 200);
    expect(viaPublishable.body.key_kind).toBe("publishable");
    const viaOperator = await checked(
      op,
      "/v1/account",
      { headers: { ...operator, "x-account-id": t.accountId } },
      200,
    );
    expect(viaOperator.body).toMatchObject({ key_id: null, key_kind: "internal" });

    await refused(op, "/v1/account", {}, 401, "UNAUTHORIZED");
    await refused(op, "/v1/account", { key: "svc_sk_no-such-key" }, 401, "UNAUTHORIZED");
    // The operator must say which account it acts for.
    await refused(op, "/v1/account", { headers: operator }, 400, "BAD_REQUEST");
  });

  it("GET /v1/keys", async () => {
    const op = "GET /v1/keys";
    const list = await checked(op, "/v1/keys", { key: t.secret }, 200);
    expect(list.body.keys.length).toBeGreaterThanOrEqual(2);

    // A rotated-away key shows revoked_at and replaced_by filled in.
    const k = await createKey(server.url, t, "secret", "to-rotate");
    expect((await call(server.url, "POST", `/v1/keys/${k.id}/rotate`, { key: t.secret })).status).toBe(200);
    const all = await checked(op, "/v1/keys?include_revoked=true", { key: t.secret }, 200);
    const rotated = all.body.keys.find((x: { id: string }) => x.id === k.id);
    expect(rotated.revoked_at).not.toBeNull();
    expect(rotated.replaced_by).toMatch(/^key_/);
    await checked(op, "/v1/keys", { headers: { "x-api-key": t.secret } }, 200);

    await refused(op, "/v1/keys?include_revoked=maybe", { key: t.secret }, 400, "BAD_REQUEST");
    await refused(op, "/v1/keys", {}, 401, "UNAUTHORIZED");
    await refused(op, "/v1/keys", { key: publishable }, 403, "FORBIDDEN");
  });

  it("GET /v1/usage", async () => {
    const op = "GET /v1/usage";
    const fresh = await createKey(server.url, t, "secret", "usage");
    for (let i = 0; i < 3; i++) await call(server.url, "GET", "/v1/account", { key: fresh.secret });
    const u = await checked(op, "/v1/usage?minutes=5", { key: t.secret }, 200);
    expect(u.body.limits).toEqual({ standard: 600, expensive: 30 });
    const mine = u.body.keys.find((k: { key_id: string }) => k.key_id === fresh.id);
    expect(mine.minutes).toHaveLength(5);
    expect(mine.minutes.at(-1).start).toBe(u.body.to);
    // The three requests fall in the last minute, or across the last two when a minute turned.
    const counted = mine.minutes.slice(-2).reduce((a: number, m: { standard: number }) => a + m.standard, 0);
    expect(counted).toBe(3);
    expect((await checked(op, "/v1/usage", { key: t.secret }, 200)).body.keys[0].minutes).toHaveLength(30);
    await refused(op, "/v1/usage?minutes=61", { key: t.secret }, 400, "BAD_REQUEST");
    await refused(op, "/v1/usage?minutes=0", { key: t.secret }, 400, "BAD_REQUEST");
    await refused(op, "/v1/usage", {}, 401, "UNAUTHORIZED");
    await refused(op, "/v1/usage", { key: publishable }, 403, "FORBIDDEN");
  });

  it("POST /v1/keys", async () => {
    const op = "POST /v1/keys";
    const secret = await checked(op, "/v1/keys", { key: t.secret, json: { name: "ci" } }, 201);
    expect(secret.body.key.kind).toBe("secret");
    const pk = await checked(
      op,
      "/v1/keys",
      { key: t.secret, json: { name: "web", kind: "publishable" } },
      201,
    );
    expect(pk.body.secret).toMatch(/^svc_pk_/);

    await refused(op, "/v1/keys", { key: t.secret, json: { name: "x", root: true } }, 400, "BAD_REQUEST");
    await refused(op, "/v1/keys", { key: t.secret, json: { name: 7 } }, 400, "BAD_REQUEST");
    await refused(
      op,
      "/v1/keys",
      { key: t.secret, headers: { "content-type": "application/json" }, body: "{" },
      400,
      "BAD_REQUEST",
    );
    await refused(op, "/v1/keys", { json: { name: "x" } }, 401, "UNAUTHORIZED");
    await refused(op, "/v1/keys", { key: publishable, json: { name: "x" } }, 403, "FORBIDDEN");
    await refused(
      op,
      "/v1/keys",
      { key: t.secret, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "name=x" },
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    // A multipart body reaches the route's own validator, which answers the same 415.
    const form = new FormData();
    form.set("name", "x");
    await refused(op, "/v1/keys", { key: t.secret, body: form }, 415, "UNSUPPORTED_MEDIA_TYPE");
    await refused(
      op,
      "/v1/keys",
      { key: t.secret, json: { name: "x".repeat(1_100_000) } },
      413,
      "PAYLOAD_TOO_LARGE",
    );
  });

  it("POST /v1/keys/{id}/rotate", async () => {
    const op = "POST /v1/keys/{id}/rotate";
    const k = await createKey(server.url, t, "secret", "rotate-me");
    const rotated = await checked(op, `/v1/keys/${k.id}/rotate`, { key: t.secret }, 200);
    expect(rotated.body.key.name).toBe("rotate-me");
    expect(rotated.body.key.id).not.toBe(k.id);

    await refused(op, `/v1/keys/${k.id}/rotate`, { key: t.secret }, 409, "CONFLICT");
    await refused(op, "/v1/keys/key_doesnotexist00/rotate", { key: t.secret }, 404, "NOT_FOUND");
    // Another account's key is not found either: ids of other accounts leak nothing.
    await refused(op, `/v1/keys/${other.keyId}/rotate`, { key: t.secret }, 404, "NOT_FOUND");
    await refused(op, `/v1/keys/${k.id}/rotate`, {}, 401, "UNAUTHORIZED");
    await refused(op, `/v1/keys/${rotated.body.key.id}/rotate`, { key: publishable }, 403, "FORBIDDEN");
    // The route takes no body, but one sent must still be JSON.
    await refused(
      op,
      `/v1/keys/${rotated.body.key.id}/rotate`,
      { key: t.secret, headers: { "content-type": "text/plain" }, body: "please" },
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    // A NUL character cannot name any key: a malformed request, not a failure of ours.
    await refused(op, "/v1/keys/key_%00/rotate", { key: t.secret }, 400, "BAD_REQUEST");
  });

  it("DELETE /v1/keys/{id}", async () => {
    const op = "DELETE /v1/keys/{id}";
    const k = await createKey(server.url, t, "publishable", "revoke-me");
    const revoked = await checked(op, `/v1/keys/${k.id}`, { key: t.secret }, 200);
    expect(revoked.body.revoked).toBe(true);
    expect(revoked.body.key.revoked_at).not.toBeNull();
    // Idempotent.
    await checked(op, `/v1/keys/${k.id}`, { key: t.secret }, 200);

    const lonely = await createTenant(server.url, "lonely");
    await refused(op, `/v1/keys/${lonely.keyId}`, { key: lonely.secret }, 409, "CONFLICT");
    await refused(op, "/v1/keys/key_doesnotexist00", { key: t.secret }, 404, "NOT_FOUND");
    await refused(op, `/v1/keys/${other.keyId}`, { key: t.secret }, 404, "NOT_FOUND");
    await refused(op, `/v1/keys/${t.keyId}`, {}, 401, "UNAUTHORIZED");
    await refused(op, `/v1/keys/${t.keyId}`, { key: publishable }, 403, "FORBIDDEN");
    await refused(
      op,
      `/v1/keys/${t.keyId}`,
      { key: t.secret, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=b" },
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
  });

  describe("documents", () => {
    const missing = "doc-0000000000000000";
    const longId = "d".repeat(101);
    const badKey = "svc_sk_no-such-key";
    const ownerOnly = { principal: { type: "owner" }, actions: ["admin"] };
    let d: Tenant; // owns the documents read here
    let e: Tenant; // another account
    let dPublishable: string;
    let main: any; // reportPdf, complete, one table; public read_content
    let blank: any; // no text layer: awaiting_review
    let cut: any; // truncated: error, never opened
    let spare: any; // e's, public read_metadata, its short hash made main's; reparsed, then deleted

    beforeAll(async () => {
      d = await createTenant(server.url, "openapi-documents");
      e = await createTenant(server.url, "openapi-documents-other");
      dPublishable = (await createKey(server.url, d, "publishable")).secret;
      const report = await reportPdf();
      const sent = [
        [d, report, "report.pdf"],
        [d, await blankPdf(1), "blank.pdf"],
        [d, report.subarray(0, Math.floor(report.length / 3)), "cut.pdf"],
        [e, await textPdf([["spare"]]), "spare.pdf"],
      ] as const;
      [main, blank, cut, spare] = await Promise.all(
        sent.map(async ([tenant, bytes, name]) => {
          const r = await upload(server.url, tenant.secret, bytes, { fileName: name });
          expect(r.status, r.text).toBe(202);
          return waitForTerminal(server.url, tenant.secret, r.body.id);
        }),
      );
      expect([main.phase, blank.phase, cut.phase, spare.phase]).toEqual([
        "complete",
        "awaiting_review",
        "error",
        "complete",
      ]);
      const open = async (tenant: Tenant, id: string, actions: string[]) => {
        const r = await call(server.url, "PUT", `/v1/documents/${id}/config`, {
          key: tenant.secret,
          json: {
            access: {
              default_effect: "deny",
              grants: [ownerOnly, { principal: { type: "public" }, actions }],
            },
          },
        });
        expect(r.status, r.text).toBe(200);
      };
      await open(d, main.id, ["read_content"]);
      await open(e, spare.id, ["read_metadata"]);
      // Short hashes are unique within an account only: give e's document main's, so a caller
      // without a key, who sees both, is asked for the full id (409).
      await server.services.db.pool.query("UPDATE documents SET short_hash = $1 WHERE id = $2", [
        main.shortHash,
        spare.id,
      ]);
    });

    it("POST /v1/documents", async () => {
      const op = "POST /v1/documents";
      const pdf = await textPdf([["uploaded"]]);
      const r = await checked(op, "/v1/documents", { key: d.secret, body: pdfForm(pdf, "up.pdf") }, 202);
      expect(r.body).toMatchObject({ status: "queued", phase: "queued", fileName: "up.pdf" });
      expect(r.headers.get("location")).toBe(`/v1/documents/${r.body.id}`);
      expect(r.headers.get("x-ratelimit-limit")).toBe("30");

      await refused(
        op,
        "/v1/documents",
        { key: d.secret, body: pdfForm(new Uint8Array(0)) },
        400,
        "BAD_REQUEST",
      );
      const misnamed = new FormData();
      misnamed.append("document", new Blob([new Uint8Array(pdf)]), "x.pdf");
      await refused(op, "/v1/documents", { key: d.secret, body: misnamed }, 400, "BAD_REQUEST");
      await refused(op, "/v1/documents", { body: pdfForm(pdf) }, 401, "UNAUTHORIZED");
      await refused(op, "/v1/documents", { key: dPublishable, body: pdfForm(pdf) }, 403, "FORBIDDEN");
      await refused(
        op,
        "/v1/documents",
        { key: d.secret, body: pdfForm(pngBytes(), "photo.pdf") },
        415,
        "UNSUPPORTED_MEDIA_TYPE",
      );
      // JSON names a stored file; anything else in it is refused, naming the field.
      const wrongJson = await refused(
        op,
        "/v1/documents",
        { key: d.secret, json: { file: "report.pdf" } },
        400,
        "BAD_REQUEST",
      );
      expect(wrongJson.body.error.message).toContain("file_id");
      await refused(
        op,
        "/v1/documents",
        { key: d.secret, json: { file_id: "file_0000000000000000" } },
        404,
        "NOT_FOUND",
      );
      await refused(
        op,
        "/v1/documents",
        { key: d.secret, headers: { "content-type": "application/pdf" }, body: new Uint8Array(pdf) },
        415,
        "UNSUPPORTED_MEDIA_TYPE",
      );
    });

    it("GET /v1/documents", async () => {
      const op = "GET /v1/documents";
      const all = await checked(op, "/v1/documents", { key: d.secret }, 200);
      const ids = all.body.data.map((x: { id: string }) => x.id);
      expect(ids).toEqual(expect.arrayContaining([main.id, blank.id, cut.id]));
      expect(ids).not.toContain(spare.id);
      const first = await checked(op, "/v1/documents?limit=1", { headers: { "x-api-key": d.secret } }, 200);
      expect(first.body.data).toHaveLength(1);
      expect(typeof first.body.next_cursor).toBe("string");
      const second = await checked(
        op,
        `/v1/documents?limit=1&cursor=${first.body.next_cursor}`,
        { key: d.secret },
        200,
      );
      expect(second.body.data[0].id).not.toBe(first.body.data[0].id);

      for (const q of ["limit=0", "limit=101", "limit=two", "cursor=garbage"])
        await refused(op, `/v1/documents?${q}`, { key: d.secret }, 400, "BAD_REQUEST");
      await refused(op, "/v1/documents", {}, 401, "UNAUTHORIZED");
      await refused(op, "/v1/documents", { key: dPublishable }, 403, "FORBIDDEN");
    });

    it("GET /v1/documents/{id}", async () => {
      const op = "GET /v1/documents/{id}";
      const own = await checked(op, `/v1/documents/${main.id}`, { key: d.secret }, 200);
      expect(own.body).toMatchObject({ id: main.id, phase: "complete", status: "done", pagesTotal: 1 });
      expect(own.headers.get("cache-control")).toMatch(/^private/);
      // The owner's own document wins its short hash.
      const byHash = await checked(op, `/v1/documents/${main.shortHash}`, { key: d.secret }, 200);
      expect(byHash.body.id).toBe(main.id);
      const failed = await checked(op, `/v1/documents/${cut.id}`, { key: d.secret }, 200);
      expect(failed.body).toMatchObject({ phase: "error", status: "failed", pagesTotal: null });
      expect(failed.body.error).toEqual(expect.any(String));
      // Through the public grant, without a key: cacheable by anyone.
      const anonymous = await checked(op, `/v1/documents/${main.id}`, {}, 200);
      expect(anonymous.headers.get("cache-control")).toMatch(/^public/);

      await refused(op, `/v1/documents/${missing}`, { key: d.secret }, 404, "NOT_FOUND");
      await refused(op, `/v1/documents/${blank.id}`, { key: e.secret }, 404, "NOT_FOUND");
      await refused(op, `/v1/documents/${longId}`, { key: d.secret }, 400, "BAD_REQUEST");
      await refused(op, `/v1/documents/${main.id}`, { key: badKey }, 401, "UNAUTHORIZED");
      // Without a key both main and e's document are visible under that short hash.
      await refused(op, `/v1/documents/${main.shortHash}`, {}, 409, "CONFLICT");
    });

    it("GET /v1/documents/{id}/config", async () => {
      const op = "GET /v1/documents/{id}/config";
      const r = await checked(op, `/v1/documents/${main.id}/config`, { key: d.secret }, 200);
      expect(r.body.access.grants).toContainEqual({
        principal: { type: "public" },
        actions: ["read_content"],
      });
      expect(r.body).toMatchObject({ title: null, language: null, metadata: {}, strategy: "auto" });

      await refused(op, `/v1/documents/${missing}/config`, { key: d.secret }, 404, "NOT_FOUND");
      await refused(op, `/v1/documents/${longId}/config`, { key: d.secret }, 400, "BAD_REQUEST");
      await refused(op, `/v1/documents/${main.id}/config`, {}, 401, "UNAUTHORIZED");
      await refused(op, `/v1/documents/${main.id}/config`, { key: dPublishable }, 403, "FORBIDDEN");
    });

    it("PUT /v1/documents/{id}/config", async () => {
      const op = "PUT /v1/documents/{id}/config";
      const path = `/v1/documents/${blank.id}/config`;
      const set = await checked(
        op,
        path,
        { key: d.secret, json: { title: "Blank", language: "pt-BR", metadata: { source: "openapi" } } },
        200,
      );
      expect(set.body).toMatchObject({ title: "Blank", language: "pt-BR", metadata: { source: "openapi" } });
      expect(set.body.access.grants).toEqual([ownerOnly]);

      for (const json of [
        { titel: "typo" },
        { language: "English" },
        { strategy: "ocr-everything" },
        { metadata: { n: 1 } },
        {
          access: {
            default_effect: "deny",
            grants: [{ principal: { type: "public" }, actions: ["admin"] }],
          },
        },
      ])
        await refused(op, path, { key: d.secret, json }, 400, "BAD_REQUEST");
      // No body at all is not "{}": the route says what it needs instead of resetting everything.
      await refused(op, path, { key: d.secret }, 400, "BAD_REQUEST");
      await refused(
        op,
        path,
        { key: d.secret, headers: { "content-type": "application/json" }, body: "{" },
        400,
        "BAD_REQUEST",
      );
      await refused(
        op,
        path,
        { key: d.secret, headers: { "content-type": "text/plain" }, body: "{}" },
        415,
        "UNSUPPORTED_MEDIA_TYPE",
      );
      await refused(
        op,
        path,
        { key: d.secret, json: { metadata: { big: "x".repeat(1_100_000) } } },
        413,
        "PAYLOAD_TOO_LARGE",
      );
      await refused(op, `/v1/documents/${missing}/config`, { key: d.secret, json: {} }, 404, "NOT_FOUND");
      await refused(op, `/v1/documents/${main.id}/config`, { json: {} }, 401, "UNAUTHORIZED");
      await refused(op, `/v1/documents/${main.id}/config`, { key: dPublishable, json: {} }, 403, "FORBIDDEN");
      // Nothing above touched it.
      const after = await call(server.url, "GET", path, { key: d.secret });
      expect(after.body.title).toBe("Blank");
    });

    it("GET /v1/documents/{id}/full.md", async () => {
      const op = "GET /v1/documents/{id}/full.md";
      const md = await checked(op, `/v1/documents/${main.id}/full.md`, { key: d.secret }, 200);
      expect(md.headers.get("content-type")).toMatch(/^text\/markdown/);
      expect(md.text).toMatch(/^<!-- page 1 -->\n\n# Quarterly Report/);
      const anonymous = await checked(op, `/v1/documents/${main.id}/full.md`, {}, 200);
      expect(anonymous.text).toBe(md.text);
      expect(anonymous.headers.get("cache-control")).toMatch(/^public/);

      await refused(op, `/v1/documents/${cut.id}/full.md`, { key: d.secret }, 409, "CONFLICT");
      await refused(op, `/v1/documents/${missing}/full.md`, { key: d.secret }, 404, "NOT_FOUND");
      await refused(op, `/v1/documents/${longId}/full.md`, { key: d.secret }, 400, "BAD_REQUEST");
      await refused(op, `/v1/documents/${main.id}/full.md`, { key: badKey }, 401, "UNAUTHORIZED");
      // e's document shows its record to everyone, not its content.
      await refused(op, `/v1/documents/${spare.id}/full.md`, {}, 403, "FORBIDDEN");
    });

    it("GET /v1/documents/{id}/pages/{page_number}", async () => {
      const op = "GET /v1/documents/{id}/pages/{page_number}";
      const page = await checked(op, `/v1/documents/${main.id}/pages/1`, { key: d.secret }, 200);
      expect(page.body).toMatchObject({ page: 1, method: "text" });
      expect(page.body.content).toMatch(/^# Quarterly Report/);
      await checked(op, `/v1/documents/${main.shortHash}/pages/1`, { key: d.secret }, 200);
      await checked(op, `/v1/documents/${main.id}/pages/1`, {}, 200);

      for (const n of ["0", "2"])
        await refused(op, `/v1/documents/${main.id}/pages/${n}`, { key: d.secret }, 404, "NOT_FOUND");
      for (const n of ["abc", "1.5", "99999999999"])
        await refused(op, `/v1/documents/${main.id}/pages/${n}`, { key: d.secret }, 400, "BAD_REQUEST");
      await refused(op, `/v1/documents/${cut.id}/pages/1`, { key: d.secret }, 409, "CONFLICT");
      await refused(op, `/v1/documents/${main.id}/pages/1`, { key: badKey }, 401, "UNAUTHORIZED");
      await refused(op, `/v1/documents/${spare.id}/pages/1`, {}, 403, "FORBIDDEN");
    });

    it("GET /v1/documents/{id}/pages/{page_number}/markdown", async () => {
      const op = "GET /v1/documents/{id}/pages/{page_number}/markdown";
      const md = await checked(op, `/v1/documents/${main.id}/pages/1/markdown`, { key: d.secret }, 200);
      expect(md.headers.get("content-type")).toMatch(/^text\/markdown/);
      expect(md.text).toMatch(/^# Quarterly Report/);
      await checked(op, `/v1/documents/${main.id}/pages/1/markdown`, {}, 200);

      await refused(op, `/v1/documents/${main.id}/pages/2/markdown`, { key: d.secret }, 404, "NOT_FOUND");
      await refused(op, `/v1/documents/${main.id}/pages/one/markdown`, { key: d.secret }, 400, "BAD_REQUEST");
      await refused(op, `/v1/documents/${cut.id}/pages/1/markdown`, { key: d.secret }, 409, "CONFLICT");
      await refused(op, `/v1/documents/${main.id}/pages/1/markdown`, { key: badKey }, 401, "UNAUTHORIZED");
      await refused(op, `/v1/documents/${spare.id}/pages/1/markdown`, {}, 403, "FORBIDDEN");
    });

    it("GET /v1/documents/{id}/pages/{page_number}/elements", async () => {
      await resetAnonymousBudget(server);
      const op = "GET /v1/documents/{id}/pages/{page_number}/elements";
      const r = await checked(op, `/v1/documents/${main.id}/pages/1/elements`, { key: d.secret }, 200);
      expect(r.body.elements[0]).toMatchObject({ type: "heading", level: 1, text: "Quarterly Report" });
      await checked(op, `/v1/documents/${main.id}/pages/1/elements`, {}, 200);
      await refused(op, `/v1/documents/${main.id}/pages/2/elements`, { key: d.secret }, 404, "NOT_FOUND");
      await refused(op, `/v1/documents/${main.id}/pages/one/elements`, { key: d.secret }, 400, "BAD_REQUEST");
      await refused(op, `/v1/documents/${cut.id}/pages/1/elements`, { key: d.secret }, 409, "CONFLICT");
      await refused(op, `/v1/documents/${main.id}/pages/1/elements`, { key: badKey }, 401, "UNAUTHORIZED");
      await refused(op, `/v1/documents/${spare.id}/pages/1/elements`, {}, 403, "FORBIDDEN");
    });

    it("GET /v1/documents/{id}/pages/{page_number}/figures/{figure}", async () => {
      await resetAnonymousBudget(server);
      const op = "GET /v1/documents/{id}/pages/{page_number}/figures/{figure}";
      const pictured = await uploadAndWait(server.url, d.secret, await picturePdf(), "picture.pdf");
      const opened = await call(server.url, "PUT", `/v1/documents/${pictured.id}/config`, {
        key: d.secret,
        json: {
          access: {
            default_effect: "deny",
            grants: [ownerOnly, { principal: { type: "public" }, actions: ["read_content"] }],
          },
        },
      });
      expect(opened.status, opened.text).toBe(200);
      const png = await checked(op, `/v1/documents/${pictured.id}/pages/1/figures/0`, { key: d.secret }, 200);
      expect(png.headers.get("content-type")).toBe("image/png");
      await checked(op, `/v1/documents/${pictured.id}/pages/1/figures/0?scale=0.5`, {}, 200);
      // The report has no figure: 404 naming where the page's figures are listed.
      await refused(op, `/v1/documents/${main.id}/pages/1/figures/0`, { key: d.secret }, 404, "NOT_FOUND");
      await refused(op, `/v1/documents/${main.id}/pages/1/figures/0`, {}, 404, "NOT_FOUND");
      await refused(op, `/v1/documents/${main.id}/pages/1/figures/x`, { key: d.secret }, 400, "BAD_REQUEST");
      await refused(
        op,
        `/v1/documents/${main.id}/pages/1/figures/0?scale=9`,
        { key: d.secret },
        400,
        "BAD_REQUEST",
      );
      await refused(op, `/v1/documents/${cut.id}/pages/1/figures/0`, { key: d.secret }, 409, "CONFLICT");
      await refused(op, `/v1/documents/${main.id}/pages/1/figures/0`, { key: badKey }, 401, "UNAUTHORIZED");
      await refused(op, `/v1/documents/${spare.id}/pages/1/figures/0`, {}, 403, "FORBIDDEN");
    });

    it("GET /v1/documents/{id}/pages/{page_number}/image.png", async () => {
      const op = "GET /v1/documents/{id}/pages/{page_number}/image.png";
      const path = `/v1/documents/${main.id}/pages/1/image.png`;
      const img = await checked(op, `${path}?scale=0.5`, { key: d.secret }, 200);
      expect(img.headers.get("content-type")).toBe("image/png");
      await checked(op, `${path}?scale=0.25`, {}, 200);
      // The bytes are a PNG of the page at that scale (612 x 792 points at 0.5).
      const raw = await fetch(`${server.url}${path}?scale=0.5`, {
        headers: { authorization: `Bearer ${d.secret}` },
      });
      const png = Buffer.from(await raw.arrayBuffer());
      expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([306, 396]);

      for (const q of ["scale=50", "scale=0", "scale=big"])
        await refused(op, `${path}?${q}`, { key: d.secret }, 400, "BAD_REQUEST");
      await refused(op, `/v1/documents/${main.id}/pages/9/image.png`, { key: d.secret }, 404, "NOT_FOUND");
      // Never opened, so there is no page to draw yet.
      await refused(op, `/v1/documents/${cut.id}/pages/1/image.png`, { key: d.secret }, 409, "CONFLICT");
      await refused(op, path, { key: badKey }, 401, "UNAUTHORIZED");
      await refused(op, `/v1/documents/${spare.id}/pages/1/image.png`, {}, 403, "FORBIDDEN");
    });

    it("GET /v1/documents/{id}/entities/tables", async () => {
      const op = "GET /v1/documents/{id}/entities/tables";
      const path = `/v1/documents/${main.id}/entities/tables`;
      const list = await checked(op, path, { key: d.secret }, 200);
      expect(list.body.total).toBe(1);
      expect(list.body.nodes[0]).toMatchObject({ type: "table", index: 0, page: 1 });
      expect(list.body.nodes[0].value).toContain("| Region | Revenue | Growth |");
      const none = await checked(op, `${path}?limit=0&offset=0`, {}, 200);
      expect(none.body).toEqual({ nodes: [], total: 1 });
      expect(
        (await checked(op, `/v1/documents/${cut.id}/entities/tables`, { key: d.secret }, 200)).body,
      ).toEqual({
        nodes: [],
        total: 0,
      });

      for (const q of ["limit=-1", "limit=501", "offset=-1", "offset=x"])
        await refused(op, `${path}?${q}`, { key: d.secret }, 400, "BAD_REQUEST");
      await refused(op, `/v1/documents/${missing}/entities/tables`, { key: d.secret }, 404, "NOT_FOUND");
      await refused(op, path, { key: badKey }, 401, "UNAUTHORIZED");
      await refused(op, `/v1/documents/${spare.id}/entities/tables`, {}, 403, "FORBIDDEN");
    });

    it("GET /v1/documents/{id}/entities/tables/{index}", async () => {
      const op = "GET /v1/documents/{id}/entities/tables/{index}";
      const path = `/v1/documents/${main.id}/entities/tables/0`;
      const json = await checked(op, path, { key: d.secret }, 200);
      expect(json.headers.get("content-type")).toMatch(/^application\/json/);
      expect(json.body.rows[0]).toEqual(["Region", "Revenue", "Growth"]);
      const asJson = await checked(op, `${path}?format=json`, {}, 200);
      expect(asJson.body).toEqual(json.body);
      const csv = await checked(op, `${path}?format=csv`, { key: d.secret }, 200);
      expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
      expect(csv.text).toMatch(/^Region,Revenue,Growth\r\n/);
      const html = await checked(op, `${path}?format=html`, { key: d.secret }, 200);
      expect(html.headers.get("content-type")).toMatch(/^text\/html/);
      expect(html.text).toContain("<th>Region</th>");
      const md = await checked(op, `${path}?format=markdown`, { key: d.secret }, 200);
      expect(md.headers.get("content-type")).toMatch(/^text\/markdown/);
      expect(md.text).toBe(json.body.value);

      await refused(op, `/v1/documents/${main.id}/entities/tables/1`, { key: d.secret }, 404, "NOT_FOUND");
      for (const p of ["0?format=pdf", "0?format=", "x", "-1", "99999999999"])
        await refused(
          op,
          `/v1/documents/${main.id}/entities/tables/${p}`,
          { key: d.secret },
          400,
          "BAD_REQUEST",
        );
      await refused(op, path, { key: badKey }, 401, "UNAUTHORIZED");
      await refused(op, `/v1/documents/${spare.id}/entities/tables/0`, {}, 403, "FORBIDDEN");
    });

    it("GET /v1/documents/{id}/entities/tables/{index}/{csv,html,markdown}", async () => {
      const path = `/v1/documents/${main.id}/entities/tables/0`;
      for (const [format, type] of [
        ["csv", "text/csv"],
        ["html", "text/html"],
        ["markdown", "text/markdown"],
      ] as const) {
        const op = `GET /v1/documents/{id}/entities/tables/{index}/${format}`;
        // The same reply as the SPEC's route with ?format=, at a path with one media type.
        const viaQuery = await call(server.url, "GET", `${path}?format=${format}`, { key: d.secret });
        const own = await checked(op, `${path}/${format}`, { key: d.secret }, 200);
        expect(own.headers.get("content-type")).toBe(viaQuery.headers.get("content-type"));
        expect(own.headers.get("content-type")).toMatch(new RegExp(`^${type};`));
        expect(own.text).toBe(viaQuery.text);
        expect((await checked(op, `${path}/${format}`, {}, 200)).text).toBe(own.text);

        await refused(op, `${path.replace(/0$/, "1")}/${format}`, { key: d.secret }, 404, "NOT_FOUND");
        await refused(op, `${path.replace(/0$/, "-1")}/${format}`, { key: d.secret }, 400, "BAD_REQUEST");
        await refused(op, `${path}/${format}`, { key: badKey }, 401, "UNAUTHORIZED");
        await refused(op, `/v1/documents/${spare.id}/entities/tables/0/${format}`, {}, 403, "FORBIDDEN");
      }
    });

    it("GET /v1/documents/{id}/entities/tables/{index}/xlsx", async () => {
      const op = "GET /v1/documents/{id}/entities/tables/{index}/xlsx";
      const path = `/v1/documents/${main.id}/entities/tables/0`;
      const json = await call(server.url, "GET", path, { key: d.secret });
      await checked(op, `${path}/xlsx`, { key: d.secret }, 200);
      const res = await fetch(`${server.url}${path}/xlsx`, {
        headers: { authorization: `Bearer ${d.secret}` },
      });
      expect(res.headers.get("content-type")).toBe(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      );
      expect(res.headers.get("content-disposition")).toBe('attachment; filename="table-0.xlsx"');
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
      const rows: unknown[][] = [];
      book
        .getWorksheet("Table 0")
        ?.eachRow({ includeEmpty: true }, (row) =>
          rows.push((row.values as unknown[]).slice(1).map((v) => v ?? "")),
        );
      // The same cells as the JSON form, row by row (trailing empty cells are not written).
      expect(rows).toEqual(
        json.body.rows.map((r: string[]) => {
          const cut = [...r];
          while (cut.length && cut.at(-1) === "") cut.pop();
          return cut;
        }),
      );
      expect((await checked(op, `${path}/xlsx`, {}, 200)).status).toBe(200);
      await refused(op, `${path.replace(/0$/, "1")}/xlsx`, { key: d.secret }, 404, "NOT_FOUND");
      await refused(op, `${path.replace(/0$/, "-1")}/xlsx`, { key: d.secret }, 400, "BAD_REQUEST");
      await refused(op, `${path}/xlsx`, { key: badKey }, 401, "UNAUTHORIZED");
      await refused(op, `/v1/documents/${spare.id}/entities/tables/0/xlsx`, {}, 403, "FORBIDDEN");
    });

    it("POST /v1/documents/ingest", async () => {
      const op = "POST /v1/documents/ingest";
      const path = "/v1/documents/ingest";
      const first = await checked(
        op,
        path,
        {
          key: d.secret,
          json: {
            document_id: main.id,
            vendor: "acme",
            payload: { pages: [{ n: 1 }] },
            pdf_sha256: main.sha256.toUpperCase(),
            capabilities: { search: true },
          },
        },
        200,
      );
      expect(first.body).toEqual({ ok: true, seq: 1, document_id: main.id });
      // By short hash too, and the next seq.
      const second = await checked(op, path, { key: d.secret, json: { document_id: main.shortHash } }, 200);
      expect(second.body.seq).toBe(2);

      await refused(
        op,
        path,
        { key: d.secret, json: { document_id: main.id, pdf_sha256: "0".repeat(64) } },
        409,
        "CONFLICT",
      );
      await refused(op, path, { key: d.secret, json: { document_id: missing } }, 404, "NOT_FOUND");
      await refused(op, path, { key: e.secret, json: { document_id: blank.id } }, 404, "NOT_FOUND");
      for (const json of [
        {},
        { document_id: main.id, seq: 9 },
        { document_id: main.id, pdf_sha256: "abc" },
        { document_id: main.id, capabilities: { telepathy: true } },
        { document_id: main.id, payload: "text" },
      ])
        await refused(op, path, { key: d.secret, json }, 400, "BAD_REQUEST");
      await refused(
        op,
        path,
        { key: d.secret, headers: { "content-type": "application/json" }, body: "{" },
        400,
        "BAD_REQUEST",
      );
      await refused(op, path, { json: { document_id: main.id } }, 401, "UNAUTHORIZED");
      await refused(op, path, { key: dPublishable, json: { document_id: main.id } }, 403, "FORBIDDEN");
      await refused(
        op,
        path,
        { key: d.secret, headers: { "content-type": "text/plain" }, body: "{}" },
        415,
        "UNSUPPORTED_MEDIA_TYPE",
      );
      await refused(
        op,
        path,
        { key: d.secret, json: { document_id: main.id, payload: { x: "x".repeat(1_100_000) } } },
        413,
        "PAYLOAD_TOO_LARGE",
      );
    });

    it("GET /v1/documents/{id}/ingest", async () => {
      const op = "GET /v1/documents/{id}/ingest";
      const path = `/v1/documents/${main.id}/ingest`;
      const all = await checked(op, path, { key: d.secret }, 200);
      expect(all.body.document_id).toBe(main.id);
      expect(all.body.records.map((r: { seq: number }) => r.seq)).toEqual([1, 2]);
      expect(all.body.records[0]).toMatchObject({
        vendor: "acme",
        payload: { pages: [{ n: 1 }] },
        pdf_sha256: main.sha256,
        capabilities: { search: true },
      });
      const later = await checked(op, `${path}?after_seq=1&limit=10`, { key: d.secret }, 200);
      expect(later.body.records.map((r: { seq: number }) => r.seq)).toEqual([2]);

      for (const q of ["after_seq=-1", "after_seq=99999999999", "limit=0", "limit=501"])
        await refused(op, `${path}?${q}`, { key: d.secret }, 400, "BAD_REQUEST");
      await refused(op, `/v1/documents/${missing}/ingest`, { key: d.secret }, 404, "NOT_FOUND");
      await refused(op, path, {}, 401, "UNAUTHORIZED");
      await refused(op, path, { key: dPublishable }, 403, "FORBIDDEN");
    });

    it("POST /v1/documents/{id}/review/approve", async () => {
      const op = "POST /v1/documents/{id}/review/approve";
      const path = `/v1/documents/${blank.id}/review/approve`;
      // A body sent to this body-less route must still be JSON; refused before anything moves.
      await refused(
        op,
        path,
        { key: d.secret, headers: { "content-type": "text/plain" }, body: "yes" },
        415,
        "UNSUPPORTED_MEDIA_TYPE",
      );
      await refused(op, path, {}, 401, "UNAUTHORIZED");
      const approved = await checked(op, path, { key: d.secret }, 200);
      expect(approved.body).toMatchObject({ id: blank.id, phase: "complete", status: "done", error: null });

      await refused(op, path, { key: d.secret }, 409, "CONFLICT");
      await refused(op, `/v1/documents/${missing}/review/approve`, { key: d.secret }, 404, "NOT_FOUND");
      await refused(op, `/v1/documents/${longId}/review/approve`, { key: d.secret }, 400, "BAD_REQUEST");
      await refused(op, `/v1/documents/${main.id}/review/approve`, { key: dPublishable }, 403, "FORBIDDEN");
    });

    it("POST /v1/documents/{id}/reparse", async () => {
      const op = "POST /v1/documents/{id}/reparse";
      const path = `/v1/documents/${spare.id}/reparse`;
      const r = await checked(
        op,
        path,
        { key: e.secret, json: { strategy: "text", capabilities: "tables,page_images" } },
        202,
      );
      expect(r.body).toEqual({ id: spare.id, phase: "extracting" });
      await checked(op, path, { key: e.secret }, 202);

      for (const json of [
        { strategy: "bogus" },
        { capabilities: "telepathy" },
        { strategy: "text", force: true },
      ])
        await refused(op, path, { key: e.secret, json }, 400, "BAD_REQUEST");
      await refused(op, `/v1/documents/${missing}/reparse`, { key: e.secret }, 404, "NOT_FOUND");
      await refused(op, path, {}, 401, "UNAUTHORIZED");
      // d sees e's document (public record) but may not reparse it.
      await refused(op, path, { key: d.secret }, 403, "FORBIDDEN");
      await refused(
        op,
        path,
        { key: e.secret, headers: { "content-type": "text/plain" }, body: "now" },
        415,
        "UNSUPPORTED_MEDIA_TYPE",
      );
      await refused(
        op,
        path,
        { key: e.secret, json: { capabilities: "x".repeat(1_100_000) } },
        413,
        "PAYLOAD_TOO_LARGE",
      );
      // The second reparse superseded the first: the strategy stays, the capabilities are the default.
      const done = await waitForTerminal(server.url, e.secret, spare.id);
      expect(done).toMatchObject({ phase: "complete", strategy: "text", capabilities: ["tables"] });
    });

    it("DELETE /v1/documents/{id}", async () => {
      const op = "DELETE /v1/documents/{id}";
      // Refusals first, on a document that must survive them.
      const path = `/v1/documents/${main.id}`;
      await refused(op, path, {}, 401, "UNAUTHORIZED");
      await refused(op, path, { key: dPublishable }, 403, "FORBIDDEN");
      await refused(op, path, { key: e.secret }, 403, "FORBIDDEN");
      await refused(
        op,
        path,
        { key: d.secret, headers: { "content-type": "text/plain" }, body: "bye" },
        415,
        "UNSUPPORTED_MEDIA_TYPE",
      );
      await refused(
        op,
        path,
        { key: d.secret, json: { pad: "x".repeat(1_100_000) } },
        413,
        "PAYLOAD_TOO_LARGE",
      );
      await refused(op, `/v1/documents/${longId}`, { key: d.secret }, 400, "BAD_REQUEST");
      expect((await call(server.url, "GET", path, { key: d.secret })).status).toBe(200);

      const deleted = await checked(op, `/v1/documents/${spare.id}`, { key: e.secret }, 200);
      expect(deleted.body).toEqual({ deleted: true, id: spare.id });
      await refused(op, `/v1/documents/${spare.id}`, { key: e.secret }, 404, "NOT_FOUND");
      await refused(op, `/v1/documents/${missing}`, { key: d.secret }, 404, "NOT_FOUND");
    });
  });

  describe("collections", () => {
    let c: Tenant;
    let cPublishable: string;
    let docId: string;

    beforeAll(async () => {
      c = await createTenant(server.url, "openapi-collections");
      cPublishable = (await createKey(server.url, c, "publishable")).secret;
      const up = await call(server.url, "POST", "/v1/documents", {
        key: c.secret,
        body: pdfForm(await reportPdf()),
      });
      expect(up.status).toBe(202);
      docId = up.body.id;
    });

    it("create, list, get, rename, members, exports and delete", async () => {
      // Its refusals without a key count against the address's unauthenticated budget (60 a minute).
      await resetAnonymousBudget(server);
      const create = "POST /v1/collections";
      const list = "GET /v1/collections";
      const removeMembers = "DELETE /v1/collections/{id}/documents";
      const addMembers = "POST /v1/collections/{id}/documents";
      const rename = "PATCH /v1/collections/{id}";
      const remove = "DELETE /v1/collections/{id}";
      const created = await checked(
        create,
        "/v1/collections",
        { key: c.secret, json: { name: "openapi", document_ids: [docId] } },
        201,
      );
      const id = created.body.id as string;
      await refused(create, "/v1/collections", { key: c.secret, json: { name: "openapi" } }, 409, "CONFLICT");
      await refused(create, "/v1/collections", { json: { name: "x" } }, 401, "UNAUTHORIZED");
      await refused(create, "/v1/collections", { key: cPublishable, json: { name: "x" } }, 403, "FORBIDDEN");
      await checked(list, "/v1/collections", { key: c.secret }, 200);
      await refused(list, "/v1/collections", {}, 401, "UNAUTHORIZED");
      await refused(list, "/v1/collections?limit=0", { key: c.secret }, 400, "BAD_REQUEST");
      for (const [op, suffix] of [
        ["GET /v1/collections/{id}", ""],
        ["GET /v1/collections/{id}/documents", "/documents"],
        ["GET /v1/collections/{id}/full.md", "/full.md"],
        ["GET /v1/collections/{id}/tables.csv", "/tables.csv"],
        ["GET /v1/collections/{id}/tables.xlsx", "/tables.xlsx"],
      ] as const) {
        await checked(op, `/v1/collections/openapi${suffix}`, { key: c.secret }, 200);
        await refused(op, `/v1/collections/nope${suffix}`, { key: c.secret }, 404, "NOT_FOUND");
        await refused(op, `/v1/collections/${id}${suffix}`, {}, 401, "UNAUTHORIZED");
        await refused(op, `/v1/collections/${id}${suffix}`, { key: cPublishable }, 403, "FORBIDDEN");
      }
      const members = "/v1/collections/openapi/documents";
      await checked(removeMembers, members, { key: c.secret, json: { document_ids: [docId] } }, 200);
      await refused(
        removeMembers,
        members,
        { key: c.secret, json: { document_ids: [] } },
        400,
        "BAD_REQUEST",
      );
      await refused(removeMembers, members, { json: { document_ids: [docId] } }, 401, "UNAUTHORIZED");
      await checked(addMembers, members, { key: c.secret, json: { document_ids: [docId] } }, 200);
      await refused(
        addMembers,
        members,
        { key: c.secret, json: { document_ids: ["doc-0000000000000000"] } },
        404,
        "NOT_FOUND",
      );
      await refused(addMembers, members, { json: { document_ids: [docId] } }, 401, "UNAUTHORIZED");
      await checked(rename, "/v1/collections/openapi", { key: c.secret, json: { name: "renamed" } }, 200);
      await refused(rename, `/v1/collections/${id}`, { key: c.secret, json: {} }, 400, "BAD_REQUEST");
      await refused(rename, `/v1/collections/${id}`, { json: { name: "x" } }, 401, "UNAUTHORIZED");
      await checked(remove, "/v1/collections/renamed", { key: c.secret }, 200);
      await refused(remove, `/v1/collections/${id}`, { key: c.secret }, 404, "NOT_FOUND");
      await refused(remove, `/v1/collections/${id}`, {}, 401, "UNAUTHORIZED");
    });
  });

  describe("files", () => {
    it("store, list, read, range, delete", async () => {
      const pdf = await reportPdf();
      await resetAnonymousBudget(server);
      const up = "POST /v1/files";
      const created = await checked(up, "/v1/files", { key: t.secret, body: pdfForm(pdf, "f.pdf") }, 201);
      const id = created.body.id as string;
      await refused(up, "/v1/files", { key: t.secret, body: pdfForm(new Uint8Array()) }, 400, "BAD_REQUEST");
      await refused(up, "/v1/files", { body: pdfForm(pdf) }, 401, "UNAUTHORIZED");
      await refused(up, "/v1/files", { key: publishable, body: pdfForm(pdf) }, 403, "FORBIDDEN");
      await refused(
        up,
        "/v1/files",
        { key: t.secret, body: pdfForm(pngBytes()) },
        415,
        "UNSUPPORTED_MEDIA_TYPE",
      );

      const list = "GET /v1/files";
      await checked(list, "/v1/files?limit=1", { key: t.secret }, 200);
      await refused(list, "/v1/files?limit=0", { key: t.secret }, 400, "BAD_REQUEST");
      await refused(list, "/v1/files", {}, 401, "UNAUTHORIZED");

      const get = "GET /v1/files/{id}";
      await checked(get, `/v1/files/${id}`, { key: t.secret }, 200);
      await refused(get, `/v1/files/${id}`, { key: other.secret }, 404, "NOT_FOUND");
      await refused(get, `/v1/files/${id}`, {}, 401, "UNAUTHORIZED");

      const content = "GET /v1/files/{id}/content";
      await checked(content, `/v1/files/${id}/content`, { key: t.secret }, 200);
      await checked(
        content,
        `/v1/files/${id}/content`,
        { key: t.secret, headers: { range: "bytes=0-9" } },
        206,
      );
      await refused(
        content,
        `/v1/files/${id}/content`,
        { key: t.secret, headers: { range: `bytes=${pdf.byteLength}-` } },
        416,
        "RANGE_NOT_SATISFIABLE",
      );
      await refused(content, `/v1/files/${id}/content`, {}, 401, "UNAUTHORIZED");

      const presign = "POST /v1/files/presign";
      const digest = createHash("sha256").update(pdf).digest("hex");
      const p = await checked(
        presign,
        "/v1/files/presign",
        { key: t.secret, json: { fileName: "p.pdf", fileSize: pdf.byteLength, sha256: digest } },
        201,
      );
      await refused(
        presign,
        "/v1/files/presign",
        { key: t.secret, json: { fileName: "p.pdf", fileSize: 0, sha256: digest } },
        400,
        "BAD_REQUEST",
      );
      await refused(presign, "/v1/files/presign", { json: {} }, 401, "UNAUTHORIZED");
      const finalize = "POST /v1/files/finalize";
      await refused(
        finalize,
        "/v1/files/finalize",
        { key: t.secret, json: { upload_id: p.body.upload_id } },
        409,
        "CONFLICT",
      );
      const receive = "PUT /v1/uploads/{token}";
      const path = new URL(p.body.url).pathname;
      await checked(
        receive,
        path,
        { body: new Uint8Array(pdf), headers: { "content-type": "application/pdf" } },
        200,
      );
      await refused(
        receive,
        path,
        { body: new Uint8Array(pdf), headers: { "content-type": "application/pdf" } },
        404,
        "NOT_FOUND",
      );
      await checked(
        finalize,
        "/v1/files/finalize",
        { key: t.secret, json: { upload_id: p.body.upload_id } },
        201,
      );
      await refused(
        finalize,
        "/v1/files/finalize",
        { json: { upload_id: p.body.upload_id } },
        401,
        "UNAUTHORIZED",
      );

      const del = "DELETE /v1/files/{id}";
      await checked(del, `/v1/files/${id}`, { key: t.secret }, 200);
      await refused(del, `/v1/files/${id}`, { key: t.secret }, 404, "NOT_FOUND");
      await refused(del, `/v1/files/${id}`, {}, 401, "UNAUTHORIZED");
    });
  });

  describe("host", () => {
    it("publish, list, read, update, stats, unpublish", async () => {
      const done = await uploadAndWait(server.url, t.secret, await reportPdf());
      const pub = "POST /v1/host";
      const site = { source: { document_id: done.id }, namespace: "openapi-site" };
      const created = await checked(
        pub,
        "/v1/host",
        { key: t.secret, json: { ...site, access: { password: "pw" } } },
        201,
      );
      expect(created.body.access.has_password).toBe(true);
      await refused(pub, "/v1/host", { key: t.secret, json: site }, 409, "CONFLICT");
      await refused(pub, "/v1/host", { key: t.secret, json: { source: {} } }, 400, "BAD_REQUEST");
      await refused(
        pub,
        "/v1/host",
        { key: t.secret, json: { ...site, namespace: "www" } },
        400,
        "BAD_REQUEST",
      );
      await refused(pub, "/v1/host", { key: other.secret, json: { source: site.source } }, 404, "NOT_FOUND");
      await refused(pub, "/v1/host", { json: { source: site.source } }, 401, "UNAUTHORIZED");
      await refused(pub, "/v1/host", { key: publishable, json: { source: site.source } }, 403, "FORBIDDEN");

      const list = "GET /v1/host";
      await checked(list, "/v1/host?limit=1", { key: t.secret }, 200);
      await refused(list, "/v1/host?limit=0", { key: t.secret }, 400, "BAD_REQUEST");
      await refused(list, "/v1/host", {}, 401, "UNAUTHORIZED");

      const get = "GET /v1/host/{namespace}";
      await checked(get, "/v1/host/openapi-site", { key: t.secret }, 200);
      await refused(get, "/v1/host/openapi-site", { key: other.secret }, 404, "NOT_FOUND");
      await refused(get, "/v1/host/openapi-site", {}, 401, "UNAUTHORIZED");

      const patch = "PATCH /v1/host/{namespace}";
      const change = { title: "T", access: { password: null, expires_at: "2099-01-01T00:00:00Z" } };
      await checked(patch, "/v1/host/openapi-site", { key: t.secret, json: change }, 200);
      const bad = { access: { expires_at: "soon" } };
      await refused(patch, "/v1/host/openapi-site", { key: t.secret, json: bad }, 400, "BAD_REQUEST");
      await refused(
        patch,
        "/v1/host/openapi-site",
        { key: other.secret, json: { title: "x" } },
        404,
        "NOT_FOUND",
      );
      await refused(patch, "/v1/host/openapi-site", { json: { title: "x" } }, 401, "UNAUTHORIZED");

      const stats = "GET /v1/host/{namespace}/stats";
      await checked(stats, "/v1/host/openapi-site/stats?days=3", { key: t.secret }, 200);
      await refused(stats, "/v1/host/openapi-site/stats?days=400", { key: t.secret }, 400, "BAD_REQUEST");
      await refused(stats, "/v1/host/openapi-site/stats", {}, 401, "UNAUTHORIZED");

      const del = "DELETE /v1/host/{namespace}";
      await checked(del, "/v1/host/openapi-site", { key: t.secret }, 200);
      await refused(del, "/v1/host/openapi-site", { key: t.secret }, 404, "NOT_FOUND");
      await refused(del, "/v1/host/openapi-site", {}, 401, "UNAUTHORIZED");
    });
  });

  describe("conversions", () => {
    it("create from uploads and from stored files, list, read", async () => {
      await resetAnonymousBudget(server);
      const png = await imagePng(4, 2, { r: 0, g: 128, b: 255 });
      const form = (bytes: Uint8Array, fields: Record<string, string> = { kind: "image_to_pdf" }) => {
        const f = new FormData();
        for (const [k, v] of Object.entries(fields)) f.append(k, v);
        f.append("file", new Blob([new Uint8Array(bytes)]), "i.png");
        return f;
      };
      const create = "POST /v1/conversions";
      const made = await checked(create, "/v1/conversions", { key: t.secret, body: form(png) }, 202);
      const id = made.body.id as string;
      await refused(
        create,
        "/v1/conversions",
        { key: t.secret, body: form(heicBytes()) },
        415,
        "UNSUPPORTED_MEDIA_TYPE",
      );
      await refused(create, "/v1/conversions", { key: t.secret, body: form(png, {}) }, 400, "BAD_REQUEST");
      await refused(create, "/v1/conversions", { body: form(png) }, 401, "UNAUTHORIZED");
      await refused(create, "/v1/conversions", { key: publishable, body: form(png) }, 403, "FORBIDDEN");
      const stored = await call(server.url, "POST", "/v1/files", { key: t.secret, body: form(png) });
      expect(stored.body.contentType).toBe("image/png");
      const hostedConv = await checked(
        create,
        "/v1/conversions",
        {
          key: t.secret,
          json: {
            kind: "image_to_pdf",
            file_ids: [stored.body.id],
            page_size: "A4",
            host: { title: "Scan" },
          },
        },
        202,
      );
      await refused(
        create,
        "/v1/conversions",
        { key: other.secret, json: { kind: "image_to_pdf", file_ids: [stored.body.id] } },
        404,
        "NOT_FOUND",
      );
      await refused(
        create,
        "/v1/conversions",
        { key: t.secret, json: { kind: "image_to_pdf" } },
        400,
        "BAD_REQUEST",
      );

      const list = "GET /v1/conversions";
      await checked(list, "/v1/conversions?limit=1", { key: t.secret }, 200);
      await refused(list, "/v1/conversions?limit=0", { key: t.secret }, 400, "BAD_REQUEST");
      await refused(list, "/v1/conversions", {}, 401, "UNAUTHORIZED");

      const get = "GET /v1/conversions/{id}";
      await waitForConversion(server.url, t.secret, id);
      const done = await checked(get, `/v1/conversions/${id}`, { key: t.secret }, 200);
      expect(done.body.status).toBe("succeeded");
      // With `host`: the deployment in the answer.
      await waitForConversion(server.url, t.secret, hostedConv.body.id);
      const published = await checked(get, `/v1/conversions/${hostedConv.body.id}`, { key: t.secret }, 200);
      expect(published.body.deployment.title).toBe("Scan");
      await refused(
        create,
        "/v1/conversions",
        {
          key: t.secret,
          json: { kind: "image_to_pdf", file_ids: [stored.body.id], host: { namespace: "www" } },
        },
        400,
        "BAD_REQUEST",
      );
      await refused(get, `/v1/conversions/${id}`, { key: other.secret }, 404, "NOT_FOUND");
      await refused(get, `/v1/conversions/${id}`, {}, 401, "UNAUTHORIZED");
    });
  });

  describe("workflows", () => {
    it("lists workflows, runs one over uploads and documents, reads runs and results", async () => {
      await resetAnonymousBudget(server);
      const pdf = await textPdf([
        ["INVOICE", "Invoice No.: OA-7", "Subtotal: 10.00", "VAT 10%: 1.00", "Total: 11.00 EUR"],
      ]);
      await checked("GET /v1/workflows", "/v1/workflows", { key: t.secret }, 200);
      await refused("GET /v1/workflows", "/v1/workflows", {}, 401, "UNAUTHORIZED");
      const create = "POST /v1/workflows/{workflow_id}/runs";
      const path = "/v1/workflows/invoice-extraction/runs";
      const made = await checked(create, path, { key: t.secret, body: pdfForm(pdf, "inv.pdf") }, 202);
      const id = made.body.id as string;
      await refused(create, path, { key: t.secret, json: {} }, 400, "BAD_REQUEST");
      await refused(
        create,
        path,
        { key: t.secret, json: { document_ids: ["doc-0000000000000000"] } },
        404,
        "NOT_FOUND",
      );
      await refused(
        create,
        "/v1/workflows/payroll/runs",
        { key: t.secret, json: { document_ids: ["x"] } },
        404,
        "NOT_FOUND",
      );
      await refused(create, path, { key: publishable, json: { document_ids: ["x"] } }, 403, "FORBIDDEN");
      await refused(create, path, { body: pdfForm(pdf) }, 401, "UNAUTHORIZED");

      const results = "GET /v1/workflows/{workflow_id}/runs/{run_id}/{results_file}";
      const done = async () => {
        for (let i = 0; i < 600; i++) {
          const r = await call(server.url, "GET", `/v1/runs/${id}`, { key: t.secret });
          if (!["queued", "running"].includes(r.body.status)) return r;
          await new Promise((res) => setTimeout(res, 100));
        }
        throw new Error("run did not end");
      };
      // A run still queued (made here without a job, so no worker ends it first) has no results yet.
      await server.services.db.pool.query(
        `INSERT INTO runs (id, account_id, workflow, status) VALUES ('run_0penapiunfinishd', $1, 'invoice-extraction', 'queued')`,
        [t.accountId],
      );
      await refused(results, `${path}/run_0penapiunfinishd/results.json`, { key: t.secret }, 409, "CONFLICT");
      await done();
      for (const file of ["results.json", "results.csv", "results.xlsx", "results.xml"])
        await checked(results, `${path}/${id}/${file}`, { key: t.secret }, 200);
      await refused(results, `${path}/${id}/results.json`, { key: other.secret }, 404, "NOT_FOUND");
      await refused(results, `${path}/run_0000000000000000/results.csv`, { key: t.secret }, 404, "NOT_FOUND");

      const getOne = "GET /v1/workflows/{workflow_id}/runs/{run_id}";
      const run = await checked(getOne, `${path}/${id}`, { key: t.secret }, 200);
      expect(run.body.documents[0].data.invoice_id).toBe("OA-7");
      await refused(getOne, `${path}/${id}`, { key: other.secret }, 404, "NOT_FOUND");
      await checked("GET /v1/runs/{run_id}", `/v1/runs/${id}`, { key: t.secret }, 200);
      await refused("GET /v1/runs/{run_id}", `/v1/runs/${id}`, {}, 401, "UNAUTHORIZED");
      await checked("GET /v1/runs", "/v1/runs?limit=1", { key: t.secret }, 200);
      await refused("GET /v1/runs", "/v1/runs?limit=0", { key: t.secret }, 400, "BAD_REQUEST");
      await refused("GET /v1/runs", "/v1/runs", {}, 401, "UNAUTHORIZED");
      await checked("GET /v1/workflows/{workflow_id}/runs", `${path}?limit=5`, { key: t.secret }, 200);
      await refused("GET /v1/workflows/{workflow_id}/runs", path, {}, 401, "UNAUTHORIZED");
      await refused(getOne, `${path}/${id}`, {}, 401, "UNAUTHORIZED");
      await refused(results, `${path}/${id}/results.csv`, {}, 401, "UNAUTHORIZED");
      await refused(
        "GET /v1/workflows/{workflow_id}/runs",
        "/v1/workflows/payroll/runs",
        { key: t.secret },
        404,
        "NOT_FOUND",
      );
    }, 120_000);

    it("writes, reads and deletes a dynamic workflow", async () => {
      await resetAnonymousBudget(server);
      const write = "POST /v1/workflows";
      const steps = [
        { type: "extract", schema: { type: "object", properties: { total: { type: "number" } } } },
        { type: "validate", rules: [{ rule: "required", field: "/total" }] },
      ];
      const made = await checked(
        write,
        "/v1/workflows",
        { key: t.secret, json: { name: "Totals", steps } },
        201,
      );
      await refused(
        write,
        "/v1/workflows",
        { key: t.secret, json: { name: "x", steps: [{ type: "parse" }] } },
        400,
        "BAD_REQUEST",
      );
      await refused(
        write,
        "/v1/workflows",
        { key: publishable, json: { name: "x", steps } },
        403,
        "FORBIDDEN",
      );
      await refused(write, "/v1/workflows", { json: { name: "x", steps } }, 401, "UNAUTHORIZED");
      const one = "GET /v1/workflows/{workflow_id}";
      await checked(one, `/v1/workflows/${made.body.id}`, { key: t.secret }, 200);
      await checked(one, "/v1/workflows/invoice-extraction", { key: t.secret }, 200);
      await refused(one, `/v1/workflows/${made.body.id}`, { key: other.secret }, 404, "NOT_FOUND");
      await refused(one, "/v1/workflows/payroll", { key: t.secret }, 404, "NOT_FOUND");
      await refused(one, "/v1/workflows/invoice-extraction", {}, 401, "UNAUTHORIZED");
      await refused(
        "DELETE /v1/workflows/{workflow_id}",
        "/v1/workflows/invoice-extraction",
        {},
        401,
        "UNAUTHORIZED",
      );
      const remove = "DELETE /v1/workflows/{workflow_id}";
      await refused(remove, "/v1/workflows/invoice-extraction", { key: t.secret }, 403, "FORBIDDEN");
      await refused(remove, `/v1/workflows/${made.body.id}`, { key: other.secret }, 404, "NOT_FOUND");
      await checked(remove, `/v1/workflows/${made.body.id}`, { key: t.secret }, 200);
      await refused(remove, `/v1/workflows/${made.body.id}`, { key: t.secret }, 404, "NOT_FOUND");
    });
  });

  describe("tables and sql", () => {
    it("makes, writes, reads, exports and deletes a typed table; runs doc_sql", async () => {
      await resetAnonymousBudget(server);
      const make = "POST /v1/tables";
      const columns = [
        { name: "vendor", type: "text" },
        { name: "total", type: "numeric" },
      ];
      const made = await checked(
        make,
        "/v1/tables",
        { key: t.secret, json: { name: "totals", columns } },
        201,
      );
      const id = made.body.id as string;
      await refused(
        make,
        "/v1/tables",
        { key: t.secret, json: { name: "totals", columns } },
        409,
        "CONFLICT",
      );
      await refused(
        make,
        "/v1/tables",
        { key: t.secret, json: { name: "Bad Name", columns } },
        400,
        "BAD_REQUEST",
      );
      await refused(make, "/v1/tables", { key: publishable, json: { name: "x", columns } }, 403, "FORBIDDEN");
      await refused(make, "/v1/tables", { json: { name: "x", columns } }, 401, "UNAUTHORIZED");
      await checked("GET /v1/tables", "/v1/tables", { key: t.secret }, 200);
      await refused("GET /v1/tables", "/v1/tables", {}, 401, "UNAUTHORIZED");
      const one = "GET /v1/tables/{table_id}";
      await checked(one, `/v1/tables/${id}`, { key: t.secret }, 200);
      await refused(one, `/v1/tables/${id}`, { key: other.secret }, 404, "NOT_FOUND");
      const sql = "POST /v1/tables/{table_id}/sql";
      const insert = {
        query: "INSERT INTO totals (vendor, total) VALUES ($1, $2) RETURNING *",
        params: ["Contoso", 12.5],
      };
      await checked(sql, `/v1/tables/${id}/sql`, { key: t.secret, json: insert }, 200);
      await refused(
        sql,
        `/v1/tables/${id}/sql`,
        { key: t.secret, json: { query: "DROP TABLE totals" } },
        400,
        "BAD_REQUEST",
      );
      await refused(sql, `/v1/tables/${id}/sql`, { key: other.secret, json: insert }, 404, "NOT_FOUND");
      const rows = "GET /v1/tables/{table_id}/rows";
      await checked(rows, `/v1/tables/${id}/rows?limit=10`, { key: t.secret }, 200);
      await refused(rows, `/v1/tables/${id}/rows?limit=0`, { key: t.secret }, 400, "BAD_REQUEST");
      for (const file of ["rows.csv", "rows.xlsx", "rows.json"]) {
        await checked(
          `GET /v1/tables/{table_id}/${file}`,
          `/v1/tables/${id}/${file}`,
          { key: t.secret },
          200,
        );
        await refused(
          `GET /v1/tables/{table_id}/${file}`,
          `/v1/tables/${id}/${file}`,
          { key: other.secret },
          404,
          "NOT_FOUND",
        );
      }
      const empty = "DELETE /v1/tables/{table_id}/rows";
      await refused(empty, `/v1/tables/${id}/rows`, { key: other.secret }, 404, "NOT_FOUND");
      await checked(empty, `/v1/tables/${id}/rows`, { key: t.secret }, 200);
      const docSql = "POST /v1/sql";
      await checked(
        docSql,
        "/v1/sql",
        { key: t.secret, json: { query: "SELECT count(*) AS n FROM documents" } },
        200,
      );
      await refused(
        docSql,
        "/v1/sql",
        { key: t.secret, json: { query: "SELECT pg_sleep(1)" } },
        400,
        "BAD_REQUEST",
      );
      await refused(
        docSql,
        "/v1/sql",
        {
          key: t.secret,
          json: {
            query: "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r",
          },
        },
        422,
        "UNPROCESSABLE",
      );
      await resetAnonymousBudget(server);
      for (const [op, path] of [
        [one, `/v1/tables/${id}`],
        [sql, `/v1/tables/${id}/sql`],
        [rows, `/v1/tables/${id}/rows`],
        [empty, `/v1/tables/${id}/rows`],
        ["DELETE /v1/tables/{table_id}", `/v1/tables/${id}`],
        ["GET /v1/tables/{table_id}/rows.csv", `/v1/tables/${id}/rows.csv`],
        ["GET /v1/tables/{table_id}/rows.xlsx", `/v1/tables/${id}/rows.xlsx`],
        ["GET /v1/tables/{table_id}/rows.json", `/v1/tables/${id}/rows.json`],
      ] as const)
        await refused(op, path, op === sql ? { json: insert } : {}, 401, "UNAUTHORIZED");
      await refused(docSql, "/v1/sql", { json: { query: "SELECT 1" } }, 401, "UNAUTHORIZED");
      const remove = "DELETE /v1/tables/{table_id}";
      await refused(remove, `/v1/tables/${id}`, { key: other.secret }, 404, "NOT_FOUND");
      await checked(remove, `/v1/tables/${id}`, { key: t.secret }, 200);
      await refused(remove, `/v1/tables/${id}`, { key: t.secret }, 404, "NOT_FOUND");
    });
  });

  describe("agents and runs", () => {
    it("registers, versions, runs, follows, cancels and deletes an agent", async () => {
      await resetAnonymousBudget(server);
      const make = "POST /v1/agents";
      const made = await checked(
        make,
        "/v1/agents",
        { key: t.secret, json: { name: "Lister", system: "List." } },
        201,
      );
      const id = made.body.id as string;
      await refused(
        make,
        "/v1/agents",
        { key: t.secret, json: { name: "x", model: "nope" } },
        400,
        "BAD_REQUEST",
      );
      await refused(
        make,
        "/v1/agents",
        { key: t.secret, json: { name: "x", table_id: "tbl_0000000000000000" } },
        404,
        "NOT_FOUND",
      );
      await refused(make, "/v1/agents", { key: publishable, json: { name: "x" } }, 403, "FORBIDDEN");
      await refused(make, "/v1/agents", { json: { name: "x" } }, 401, "UNAUTHORIZED");
      await checked("GET /v1/agents", "/v1/agents", { key: t.secret }, 200);
      await refused("GET /v1/agents", "/v1/agents", {}, 401, "UNAUTHORIZED");
      const one = "GET /v1/agents/{id}";
      await checked(one, `/v1/agents/${id}`, { key: t.secret }, 200);
      await refused(one, `/v1/agents/${id}`, { key: other.secret }, 404, "NOT_FOUND");
      await refused(one, `/v1/agents/${id}`, {}, 401, "UNAUTHORIZED");
      const patch = "PATCH /v1/agents/{id}";
      await checked(patch, `/v1/agents/${id}`, { key: t.secret, json: { system: "List them all." } }, 200);
      await refused(
        patch,
        `/v1/agents/${id}`,
        { key: t.secret, json: { output_schema: { type: 7 } } },
        400,
        "BAD_REQUEST",
      );
      await refused(patch, `/v1/agents/${id}`, { json: { name: "y" } }, 401, "UNAUTHORIZED");
      const version = "GET /v1/agents/{id}/versions/{version}";
      await checked(version, `/v1/agents/${id}/versions/1`, { key: t.secret }, 200);
      await refused(version, `/v1/agents/${id}/versions/9`, { key: t.secret }, 404, "NOT_FOUND");
      await refused(version, `/v1/agents/${id}/versions/1`, {}, 401, "UNAUTHORIZED");
      const start = "POST /v1/agents/{id}/runs";
      const run = await checked(
        start,
        `/v1/agents/${id}/runs`,
        { key: t.secret, json: { input: "List the documents." } },
        202,
      );
      await refused(
        start,
        `/v1/agents/${id}/runs`,
        { key: t.secret, json: { input: "" } },
        400,
        "BAD_REQUEST",
      );
      await refused(
        start,
        `/v1/agents/${id}/runs`,
        { key: other.secret, json: { input: "x" } },
        404,
        "NOT_FOUND",
      );
      await refused(start, `/v1/agents/${id}/runs`, { json: { input: "x" } }, 401, "UNAUTHORIZED");
      const getRun = "GET /v1/runs/{run_id}";
      for (let i = 0; i < 100; i++) {
        const r = await checked(getRun, `/v1/runs/${run.body.id}`, { key: t.secret }, 200);
        if (["succeeded", "failed", "cancelled"].includes(r.body.status)) break;
        await new Promise((res) => setTimeout(res, 100));
      }
      await checked("GET /v1/runs", "/v1/runs?limit=50", { key: t.secret }, 200);
      const follow = "GET /v1/runs/{run_id}/events";
      await checked(follow, `/v1/runs/${run.body.id}/events`, { key: t.secret }, 200);
      await refused(follow, `/v1/runs/${run.body.id}/events`, { key: other.secret }, 404, "NOT_FOUND");
      await refused(follow, `/v1/runs/${run.body.id}/events`, {}, 401, "UNAUTHORIZED");
      const cancel = "POST /v1/runs/{run_id}/cancel";
      await refused(cancel, `/v1/runs/${run.body.id}/cancel`, { key: t.secret }, 409, "CONFLICT");
      await refused(cancel, `/v1/runs/${run.body.id}/cancel`, {}, 401, "UNAUTHORIZED");
      // A run still queued (made here without a job, so no worker takes it first) is cancelled.
      await server.services.db.pool.query(
        `INSERT INTO agent_runs (id, account_id, agent_id, agent_version, status, input) VALUES ('run_0penapiqueued000', $1, $2, 1, 'queued', 'x')`,
        [t.accountId, id],
      );
      await checked(cancel, "/v1/runs/run_0penapiqueued000/cancel", { key: t.secret }, 200);
      const remove = "DELETE /v1/agents/{id}";
      await refused(remove, `/v1/agents/${id}`, { key: other.secret }, 404, "NOT_FOUND");
      await refused(remove, `/v1/agents/${id}`, {}, 401, "UNAUTHORIZED");
      await checked(remove, `/v1/agents/${id}`, { key: t.secret }, 200);
    });
  });

  describe("answering", () => {
    let a: Tenant;
    let docId: string;
    const question = { messages: [{ role: "user", content: "What was the revenue of the South region?" }] };

    beforeAll(async () => {
      a = await createTenant(server.url, "openapi-answering");
      const done = await uploadAndWait(server.url, a.secret, await reportPdf());
      expect(done.phase).toBe("complete");
      docId = done.id;
      const grant = await call(server.url, "PUT", `/v1/documents/${docId}/config`, {
        key: a.secret,
        json: {
          access: {
            default_effect: "deny",
            grants: [
              { principal: { type: "owner" }, actions: ["admin"] },
              { principal: { type: "public" }, actions: ["query"] },
            ],
          },
        },
      });
      expect(grant.status).toBe(200);
      await resetAnonymousBudget(server);
    });

    it("chat completions, structured output and public resolve, with and without a key", async () => {
      const chat = "POST /v1/documents/{id}/chat/completions";
      const r = await checked(
        chat,
        `/v1/documents/${docId}/chat/completions`,
        { key: a.secret, json: question },
        200,
      );
      expect(r.body.choices[0].message.content).toContain("950");
      await checked(chat, `/v1/documents/${docId}/chat/completions`, { json: question }, 200);
      await refused(
        chat,
        `/v1/documents/${docId}/chat/completions`,
        { key: a.secret, json: { messages: [] } },
        400,
        "BAD_REQUEST",
      );
      // Without a key, a document that is not public (or does not exist) needs one.
      await refused(
        chat,
        "/v1/documents/doc-0000000000000000/chat/completions",
        { json: question },
        401,
        "UNAUTHORIZED",
      );
      await refused(
        chat,
        "/v1/documents/doc-0000000000000000/chat/completions",
        { key: a.secret, json: question },
        404,
        "NOT_FOUND",
      );

      const so = "POST /v1/documents/{id}/structured-output";
      const schema = { type: "object", properties: { region: { type: "string" } } };
      await checked(
        so,
        `/v1/documents/${docId}/structured-output`,
        { key: a.secret, json: { prompt: "x", schema } },
        200,
      );
      await checked(so, `/v1/documents/${docId}/structured-output`, { json: { prompt: "x", schema } }, 200);
      await refused(
        so,
        `/v1/documents/${docId}/structured-output`,
        { key: a.secret, json: { prompt: "x", schema: { type: 5 } } },
        400,
        "BAD_REQUEST",
      );
      await resetAnonymousBudget(server);

      const pub = "POST /v1/public/resolve/chat/completions";
      await checked(
        pub,
        "/v1/public/resolve/chat/completions",
        { json: { ...question, source: docId } },
        200,
      );
      await refused(
        pub,
        "/v1/public/resolve/chat/completions",
        { json: { ...question, source: "doc-0000000000000000" } },
        404,
        "NOT_FOUND",
      );
      await refused(pub, "/v1/public/resolve/chat/completions", { json: question }, 400, "BAD_REQUEST");
      await resetAnonymousBudget(server);
    });

    it("models, beside each chat base URL", async () => {
      const wrongKey = "svc_sk_not-a-real-key";
      for (const [op, path] of [
        ["GET /v1/models", "/v1/models"],
        ["GET /v1/public/resolve/models", "/v1/public/resolve/models"],
      ] as const) {
        const r = await checked(op, path, {}, 200);
        expect(r.body.data.map((m: any) => m.id)).toContain("default");
        await checked(op, path, { key: a.secret }, 200);
        await refused(op, path, { key: wrongKey }, 401, "UNAUTHORIZED");
      }
      const dm = "GET /v1/documents/{id}/models";
      await checked(dm, `/v1/documents/${docId}/models`, { key: a.secret }, 200);
      // The document grants `query` to the public, so its models are listed without a key too.
      await checked(dm, `/v1/documents/${docId}/models`, {}, 200);
      await refused(dm, "/v1/documents/doc-0000000000000000/models", {}, 401, "UNAUTHORIZED");
      await refused(dm, "/v1/documents/doc-0000000000000000/models", { key: a.secret }, 404, "NOT_FOUND");
      const cm = "GET /v1/collections/{id}/models";
      const c = await call(server.url, "POST", "/v1/collections", {
        key: a.secret,
        json: { name: "models-listed", document_ids: [docId] },
      });
      expect(c.status).toBe(201);
      await checked(cm, "/v1/collections/models-listed/models", { key: a.secret }, 200);
      await refused(cm, "/v1/collections/models-listed/models", {}, 401, "UNAUTHORIZED");
      await refused(cm, "/v1/collections/col-0000000000000000/models", { key: a.secret }, 404, "NOT_FOUND");
      await resetAnonymousBudget(server);
    });

    it("collection query", async () => {
      const op = "POST /v1/collections/{id}/query";
      const c = await call(server.url, "POST", "/v1/collections", {
        key: a.secret,
        json: { name: "asked", document_ids: [docId] },
      });
      expect(c.status).toBe(201);
      const r = await checked(
        op,
        "/v1/collections/asked/query",
        { key: a.secret, json: { query: "South revenue" } },
        200,
      );
      expect(r.body.sources[0]).toMatchObject({ doc_id: docId, page: 1 });
      const streamed = await checked(
        op,
        "/v1/collections/asked/query",
        { key: a.secret, json: { query: "South revenue", stream: true } },
        200,
      );
      expect(streamed.text).toContain("event: done");
      await refused(op, "/v1/collections/asked/query", { key: a.secret, json: {} }, 400, "BAD_REQUEST");
      await refused(op, "/v1/collections/asked/query", { json: { query: "x" } }, 401, "UNAUTHORIZED");
    });
  });

  it("a 429 matches too, with its Retry-After", async () => {
    // Unauthenticated callers get 60 standard requests a minute per address; go past them. The
    // loop bound allows for a window that turns over midway.
    let r: Reply | undefined;
    for (let i = 0; i < 200; i++) {
      r = await call(server.url, "GET", "/v1/account");
      if (r.status === 429) break;
    }
    expect(r?.status).toBe(429);
    const limited = await refused("GET /v1/account", "/v1/account", {}, 429, "RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("without credentials, the public reads succeed and every other operation answers 401", () => {
    for (const operation of covered) {
      const statuses = [...(exercisedAnonymously.get(operation) ?? [])];
      if (anonymousReads.includes(operation))
        expect(
          statuses.some((s) => s >= 200 && s < 300),
          `${operation}: no anonymous success (${statuses})`,
        ).toBe(true);
      else {
        expect(statuses, `${operation}: never sent without credentials`).toContain(401);
        expect(
          statuses.filter((s) => s < 400),
          `${operation} served a caller without credentials`,
        ).toEqual([]);
      }
    }
  });

  it("every covered operation was seen to succeed and to fail", () => {
    for (const operation of covered) {
      const statuses = [...(exercised.get(operation) ?? [])];
      expect(
        statuses.some((s) => s >= 200 && s < 300),
        `${operation}: no success validated`,
      ).toBe(true);
      expect(
        statuses.some((s) => s >= 400),
        `${operation}: no error validated`,
      ).toBe(true);
    }
  });
});
