import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorStatus } from "../src/core/errors.ts";
import { call, type Reply } from "./support/http.ts";
import {
  expectReplyMatchesOpenApi,
  type OpenApiDocument,
  openApiMismatches,
  operationsOf,
  resolvePointer,
} from "./support/openapi.ts";
import { startTestServer, type TestServer, WORKER_SECRET } from "./support/server.ts";
import { createKey, createTenant, type Tenant } from "./support/tenant.ts";

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
];

const operator = { "x-document-agent-secret": WORKER_SECRET };

let server: TestServer;
let doc: OpenApiDocument;
let docReply: Reply;

/** The statuses each operation was seen to answer (and matched the document with), for the last test. */
const exercised = new Map<string, Set<number>>();

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
  if (!exercised.has(operation)) exercised.set(operation, new Set());
  exercised.get(operation)?.add(r.status);
  return r;
}

function expectCode(r: Reply, code: keyof typeof errorStatus) {
  expect(r.body?.error?.code, r.text).toBe(code);
}

beforeAll(async () => {
  server = await startTestServer();
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
    expect(untested, "documented operations without a test in test/openapi.test.ts").toEqual([]);
    expect(stale, "operations in the covered list that the document no longer has").toEqual([]);
  });

  it("is OpenAPI 3.1 at version 1.14.0, public and cacheable", () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.version).toBe("1.14.0");
    expect(typeof doc.info.title).toBe("string");
    expect(docReply.headers.get("content-type")).toMatch(/^application\/json/);
    expect(docReply.headers.get("cache-control")).toMatch(/^public\b/);
    expect(docReply.headers.get("x-request-id")).toBeTruthy();
    // Every path sits under /v1 (SPEC 9).
    for (const path of Object.keys(doc.paths)) expect(path).toMatch(/^\/v1\//);
  });

  it("declares the three ways to authenticate, and every operation uses them", () => {
    const schemes = doc.components?.securitySchemes ?? {};
    expect(schemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(schemes.apiKeyHeader).toMatchObject({ type: "apiKey", in: "header", name: "x-api-key" });
    expect(schemes.workerSecret).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "x-document-agent-secret",
    });
    for (const { key, op } of operationsOf(doc)) {
      expect(op.security?.length, `${key} has no security requirement`).toBeGreaterThan(0);
      for (const requirement of op.security ?? [])
        for (const name of Object.keys(requirement)) expect(Object.keys(schemes), key).toContain(name);
    }
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
        const schema = response.content?.["application/json"]?.schema;
        expect(schema, `${key} ${status} has no application/json schema`).toBeDefined();
        if (Number(status) >= 400) {
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

    expectCode(
      await checked(op, "/v1/accounts", { headers: operator, json: { name: "x", plan: "gold" } }, 400),
      "BAD_REQUEST",
    );
    expectCode(
      await checked(op, "/v1/accounts", { headers: operator, json: { name: "" } }, 400),
      "BAD_REQUEST",
    );
    expectCode(await checked(op, "/v1/accounts", { json: { name: "x" } }, 401), "UNAUTHORIZED");
    expectCode(
      await checked(
        op,
        "/v1/accounts",
        { headers: { "x-document-agent-secret": "not-the-secret-at-all" }, json: { name: "x" } },
        401,
      ),
      "UNAUTHORIZED",
    );
    expectCode(await checked(op, "/v1/accounts", { key: t.secret, json: { name: "x" } }, 403), "FORBIDDEN");
    expectCode(
      await checked(
        op,
        "/v1/accounts",
        { headers: { ...operator, "content-type": "text/plain" }, body: "name=x" },
        415,
      ),
      "UNSUPPORTED_MEDIA_TYPE",
    );
    // Over the default JSON limit of 1 MiB.
    expectCode(
      await checked(op, "/v1/accounts", { headers: operator, json: { name: "x".repeat(1_100_000) } }, 413),
      "PAYLOAD_TOO_LARGE",
    );
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

    expectCode(await checked(op, "/v1/account", {}, 401), "UNAUTHORIZED");
    expectCode(await checked(op, "/v1/account", { key: "svc_sk_no-such-key" }, 401), "UNAUTHORIZED");
    // The operator must say which account it acts for.
    expectCode(await checked(op, "/v1/account", { headers: operator }, 400), "BAD_REQUEST");
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

    expectCode(await checked(op, "/v1/keys?include_revoked=maybe", { key: t.secret }, 400), "BAD_REQUEST");
    expectCode(await checked(op, "/v1/keys", {}, 401), "UNAUTHORIZED");
    expectCode(await checked(op, "/v1/keys", { key: publishable }, 403), "FORBIDDEN");
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

    expectCode(
      await checked(op, "/v1/keys", { key: t.secret, json: { name: "x", root: true } }, 400),
      "BAD_REQUEST",
    );
    expectCode(await checked(op, "/v1/keys", { key: t.secret, json: { name: 7 } }, 400), "BAD_REQUEST");
    expectCode(
      await checked(
        op,
        "/v1/keys",
        { key: t.secret, headers: { "content-type": "application/json" }, body: "{" },
        400,
      ),
      "BAD_REQUEST",
    );
    expectCode(await checked(op, "/v1/keys", { json: { name: "x" } }, 401), "UNAUTHORIZED");
    expectCode(await checked(op, "/v1/keys", { key: publishable, json: { name: "x" } }, 403), "FORBIDDEN");
    expectCode(
      await checked(
        op,
        "/v1/keys",
        { key: t.secret, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "name=x" },
        415,
      ),
      "UNSUPPORTED_MEDIA_TYPE",
    );
    // A multipart body reaches the route's own validator, which answers the same 415.
    const form = new FormData();
    form.set("name", "x");
    expectCode(await checked(op, "/v1/keys", { key: t.secret, body: form }, 415), "UNSUPPORTED_MEDIA_TYPE");
    expectCode(
      await checked(op, "/v1/keys", { key: t.secret, json: { name: "x".repeat(1_100_000) } }, 413),
      "PAYLOAD_TOO_LARGE",
    );
  });

  it("POST /v1/keys/{id}/rotate", async () => {
    const op = "POST /v1/keys/{id}/rotate";
    const k = await createKey(server.url, t, "secret", "rotate-me");
    const rotated = await checked(op, `/v1/keys/${k.id}/rotate`, { key: t.secret }, 200);
    expect(rotated.body.key.name).toBe("rotate-me");
    expect(rotated.body.key.id).not.toBe(k.id);

    expectCode(await checked(op, `/v1/keys/${k.id}/rotate`, { key: t.secret }, 409), "CONFLICT");
    expectCode(await checked(op, "/v1/keys/key_doesnotexist00/rotate", { key: t.secret }, 404), "NOT_FOUND");
    // Another account's key is not found either: ids of other accounts leak nothing.
    expectCode(await checked(op, `/v1/keys/${other.keyId}/rotate`, { key: t.secret }, 404), "NOT_FOUND");
    expectCode(await checked(op, `/v1/keys/${k.id}/rotate`, {}, 401), "UNAUTHORIZED");
    expectCode(
      await checked(op, `/v1/keys/${rotated.body.key.id}/rotate`, { key: publishable }, 403),
      "FORBIDDEN",
    );
    // The route takes no body, but one sent must still be JSON.
    expectCode(
      await checked(
        op,
        `/v1/keys/${rotated.body.key.id}/rotate`,
        { key: t.secret, headers: { "content-type": "text/plain" }, body: "please" },
        415,
      ),
      "UNSUPPORTED_MEDIA_TYPE",
    );
    // A NUL character cannot name any key: a malformed request, not a failure of ours.
    expectCode(await checked(op, "/v1/keys/key_%00/rotate", { key: t.secret }, 400), "BAD_REQUEST");
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
    expectCode(await checked(op, `/v1/keys/${lonely.keyId}`, { key: lonely.secret }, 409), "CONFLICT");
    expectCode(await checked(op, "/v1/keys/key_doesnotexist00", { key: t.secret }, 404), "NOT_FOUND");
    expectCode(await checked(op, `/v1/keys/${other.keyId}`, { key: t.secret }, 404), "NOT_FOUND");
    expectCode(await checked(op, `/v1/keys/${t.keyId}`, {}, 401), "UNAUTHORIZED");
    expectCode(await checked(op, `/v1/keys/${t.keyId}`, { key: publishable }, 403), "FORBIDDEN");
    expectCode(
      await checked(
        op,
        `/v1/keys/${t.keyId}`,
        { key: t.secret, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "a=b" },
        415,
      ),
      "UNSUPPORTED_MEDIA_TYPE",
    );
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
    const limited = await checked("GET /v1/account", "/v1/account", {}, 429);
    expectCode(limited, "RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
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
