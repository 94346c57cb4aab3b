import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadAndWait } from "../support/documents.ts";
import { call, gql, type Reply } from "../support/http.ts";
import { type OpenApiDocument, operationsOf } from "../support/openapi.ts";
import { pngBytes, reportPdf, textPdf } from "../support/pdfs.ts";
import { startTestServer, type TestServer, WORKER_SECRET } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// Whatever a client sends, the answer is a 4xx in the one error envelope (SPEC 7), with a request
// id and no caching, and never a 500, a stack trace or a piece of SQL. The JSON body limit is
// lowered to 1 KiB and the upload limit to 16 KiB so the size rules can be tried with small bodies.

const LIMIT = 1024;
const UPLOAD_LIMIT = 16 * 1024;
const operator = { "x-document-agent-secret": WORKER_SECRET };

let server: TestServer;
let t: Tenant;

beforeAll(async () => {
  server = await startTestServer({
    MAX_JSON_BODY_BYTES: String(LIMIT),
    MAX_UPLOAD_BYTES: String(UPLOAD_LIMIT),
  });
  t = await createTenant(server.url, "bad-input");
});
afterAll(async () => {
  await server?.close();
});

type Raw = { status: number; headers: Headers; text: string };

/** No internals in a body: no stack frames, no SQL, no ORM, no source paths. */
function expectNoLeak(text: string) {
  expect(text).not.toMatch(/^\s*at \S/m);
  expect(text).not.toMatch(/\bat \S+ \(\S+:\d+:\d+\)/);
  expect(text).not.toMatch(/\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b/);
  expect(text.toLowerCase()).not.toContain("prisma");
  expect(text).not.toContain("node_modules");
  expect(text).not.toMatch(/\.(ts|js|mjs|cjs):\d+/);
  expect(text).not.toMatch(/"stack"/);
}

/** What every response carries: a request id, and no caching of a private answer. */
function expectPrivateHeaders(r: Raw) {
  expect(r.headers.get("x-request-id")).toMatch(/^[\w.-]{1,100}$/);
  expect(r.headers.get("cache-control")).toBe("no-store");
}

/**
 * A refusal in the envelope `{error: {code, message}}` and nothing else; on the OpenAI-compatible
 * chat routes also OpenAI's `type` and `param`.
 */
function expectError(r: Raw & { body?: any }, status: number, code: string, dialect?: "openai"): string {
  expect(r.status, r.text).toBe(status);
  expect(r.headers.get("content-type")).toMatch(/^application\/json/);
  const body = r.body ?? JSON.parse(r.text);
  expect(Object.keys(body)).toEqual(["error"]);
  expect(Object.keys(body.error).sort()).toEqual(
    dialect === "openai" ? ["code", "message", "param", "type"] : ["code", "message"],
  );
  if (dialect === "openai") expect(typeof body.error.type).toBe("string");
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe("string");
  expect(body.error.message.length).toBeGreaterThan(0);
  expectPrivateHeaders(r);
  expectNoLeak(r.text);
  return body.error.message as string;
}

/** A GraphQL refusal: the code in errors[0].extensions.code, never a 500. */
function expectGraphQLError(r: Reply, code: string) {
  expect(r.status, r.text).toBeLessThan(500);
  expect(r.body?.errors?.[0]?.extensions?.code, r.text).toBe(code);
  expect(typeof r.body.errors[0].message).toBe("string");
  expectPrivateHeaders(r);
  expectNoLeak(r.text);
}

const post = (path: string, contentType: string | undefined, body: BodyInit, headers = {}) =>
  call(server.url, "POST", path, {
    key: t.secret,
    headers: { ...(contentType ? { "content-type": contentType } : {}), ...headers },
    body,
  });

/**
 * A request over a connection of its own, written in the chunks given, so the test controls
 * Content-Length and Transfer-Encoding exactly. The server may answer before the body is all
 * sent; the answer is what counts.
 */
function rawRequest(
  path: string,
  headers: Record<string, string>,
  chunks: string[],
  method = "POST",
): Promise<Raw> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      { host: url.hostname, port: url.port, path, method, headers, agent: false },
      (res) => {
        answered = true;
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          text += c;
        });
        res.on("end", () => {
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") h.set(k, v);
          resolve({ status: res.statusCode ?? 0, headers: h, text });
        });
      },
    );
    req.on("error", (e) => {
      if (!answered) reject(e);
    });
    for (const c of chunks) req.write(c);
    req.end();
  });
}

/** A JSON object of exactly `n` bytes: {"name":"x","pad":"ppp…"}. */
const jsonOfLength = (n: number) => `{"name":"x","pad":"${"p".repeat(n - 21)}"}`;

describe("malformed JSON", () => {
  const broken = [
    "{",
    "{bad}",
    '{"name": "x",}',
    "{'name': 'x'}",
    "nul",
    '{"name": "x"} trailing',
    "\u0000",
    "",
  ];
  for (const body of broken) {
    it(`refuses ${JSON.stringify(body)} with 400`, async () => {
      expectError(await post("/v1/keys", "application/json", body), 400, "BAD_REQUEST");
    });
  }

  it("refuses it on the operator route too", async () => {
    const r = await call(server.url, "POST", "/v1/accounts", {
      headers: { ...operator, "content-type": "application/json" },
      body: '{"name": ',
    });
    expectError(r, 400, "BAD_REQUEST");
  });

  it("refuses JSON that is not an object, naming the body", async () => {
    for (const body of [
      "null",
      "[]",
      '"name"',
      "42",
      "true",
      "1e999",
      `${"[".repeat(400)}${"]".repeat(400)}`,
    ]) {
      const message = expectError(await post("/v1/keys", "application/json", body), 400, "BAD_REQUEST");
      expect(message).toMatch(/body/);
    }
  });
});

describe("content types", () => {
  it("refuses text/plain and form bodies with 415 before reading them", async () => {
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "application/xml",
      "text/html",
      "application/octet-stream",
    ]) {
      const r = await post("/v1/keys", type, type.includes("form") ? "name=x" : '{"name":"x"}');
      const message = expectError(r, 415, "UNSUPPORTED_MEDIA_TYPE");
      expect(message).toContain(type);
    }
    const op = await call(server.url, "POST", "/v1/accounts", {
      headers: { ...operator, "content-type": "text/plain" },
      body: '{"name":"x"}',
    });
    expectError(op, 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  it("refuses a body without any Content-Type with 415", async () => {
    const r = await post("/v1/keys", undefined, new TextEncoder().encode('{"name":"x"}'));
    expect(expectError(r, 415, "UNSUPPORTED_MEDIA_TYPE")).toMatch(/no Content-Type/);
  });

  it("refuses multipart on a JSON route with 415, not 400", async () => {
    const form = new FormData();
    form.set("name", "x");
    expectError(await post("/v1/keys", undefined, form), 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  it("refuses a non-JSON body on GraphQL with 415", async () => {
    const r = await call(server.url, "POST", "/graphql", {
      key: t.secret,
      headers: { "content-type": "text/plain" },
      body: "{ viewer { keyKind } }",
    });
    expectError(r, 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  it("accepts JSON with parameters and in any case", async () => {
    for (const type of ["application/json; charset=utf-8", "APPLICATION/JSON", "application/vnd.api+json"]) {
      const r = await post("/v1/keys", type, '{"name":"ct"}');
      expect(r.status, `${type}: ${r.text}`).toBe(201);
      expectPrivateHeaders(r);
    }
  });
});

describe("missing body", () => {
  it("answers 400 naming the required field", async () => {
    const none = await call(server.url, "POST", "/v1/keys", { key: t.secret });
    expect(expectError(none, 400, "BAD_REQUEST")).toContain("'name'");
    const jsonButEmpty = await call(server.url, "POST", "/v1/keys", {
      key: t.secret,
      headers: { "content-type": "application/json" },
    });
    expectError(jsonButEmpty, 400, "BAD_REQUEST");
    const account = await call(server.url, "POST", "/v1/accounts", { headers: operator });
    expect(expectError(account, 400, "BAD_REQUEST")).toContain("'name'");
  });
});

describe("unknown fields and wrong values", () => {
  it("refuses unknown fields, naming them", async () => {
    const one = await call(server.url, "POST", "/v1/keys", {
      key: t.secret,
      json: { name: "x", admin: true },
    });
    expect(expectError(one, 400, "BAD_REQUEST")).toContain("'admin'");
    const two = await call(server.url, "POST", "/v1/keys", {
      key: t.secret,
      json: { name: "x", scopes: ["*"], owner: "me" },
    });
    const message = expectError(two, 400, "BAD_REQUEST");
    expect(message).toContain("'scopes'");
    expect(message).toContain("'owner'");
    const account = await call(server.url, "POST", "/v1/accounts", {
      headers: operator,
      json: { name: "x", plan: "enterprise" },
    });
    expect(expectError(account, 400, "BAD_REQUEST")).toContain("'plan'");
  });

  it("refuses prototype-pollution keys as unknown fields", async () => {
    for (const body of [
      '{"name":"x","__proto__":{"admin":true}}',
      '{"name":"x","constructor":{"prototype":{}}}',
    ]) {
      const message = expectError(await post("/v1/keys", "application/json", body), 400, "BAD_REQUEST");
      expect(message).toMatch(/'(__proto__|constructor)'/);
    }
  });

  const wrong: [string, unknown, string][] = [
    ["a number as name", { name: 5 }, "name"],
    ["null as name", { name: null }, "name"],
    ["an array as name", { name: ["x"] }, "name"],
    ["an object as name", { name: { $gt: "" } }, "name"],
    ["an empty name", { name: "" }, "name"],
    ["a blank name", { name: "   " }, "name"],
    ["a name of 101 characters", { name: "n".repeat(101) }, "name"],
    ["an unknown kind", { name: "x", kind: "root" }, "kind"],
    ["a number as kind", { name: "x", kind: 1 }, "kind"],
  ];
  for (const [what, json, field] of wrong) {
    it(`refuses ${what}, naming '${field}'`, async () => {
      const r = await call(server.url, "POST", "/v1/keys", { key: t.secret, json });
      expect(expectError(r, 400, "BAD_REQUEST")).toContain(`'${field}'`);
    });
  }

  it("refuses a bad account name and a bad query parameter, naming them", async () => {
    for (const name of ["", "a".repeat(201), 3]) {
      const r = await call(server.url, "POST", "/v1/accounts", { headers: operator, json: { name } });
      expect(expectError(r, 400, "BAD_REQUEST")).toContain("'name'");
    }
    const q = await call(server.url, "GET", "/v1/keys?include_revoked=yes", { key: t.secret });
    expect(expectError(q, 400, "BAD_REQUEST")).toContain("'include_revoked'");
  });

  it("refuses text PostgreSQL cannot store (NUL) with 400, on every face", async () => {
    const key = await call(server.url, "POST", "/v1/keys", { key: t.secret, json: { name: "a\u0000b" } });
    expectError(key, 400, "BAD_REQUEST");
    const account = await call(server.url, "POST", "/v1/accounts", {
      headers: operator,
      json: { name: "a\u0000b" },
    });
    expectError(account, 400, "BAD_REQUEST");
    expectError(await call(server.url, "DELETE", "/v1/keys/key_%00", { key: t.secret }), 400, "BAD_REQUEST");
    expectError(
      await call(server.url, "POST", "/v1/keys/key_%00/rotate", { key: t.secret }),
      400,
      "BAD_REQUEST",
    );
    const g = await gql(server.url, "mutation($n: String!) { createApiKey(name: $n) { secret } }", {
      key: t.secret,
      variables: { n: "a\u0000" },
    });
    expectGraphQLError(g, "BAD_REQUEST");
  });
});

describe("body size", () => {
  it("refuses a body over the limit with 413, and asks the client to close the connection", async () => {
    const r = await post("/v1/keys", "application/json", JSON.stringify({ name: "x".repeat(5000) }));
    expect(expectError(r, 413, "PAYLOAD_TOO_LARGE")).toContain(String(LIMIT));
    expect(r.headers.get("connection")).toBe("close");
    // And the service goes on serving.
    expect((await call(server.url, "GET", "/v1/account", { key: t.secret })).status).toBe(200);
  });

  it("counts bytes, not characters, and the limit itself is allowed", async () => {
    // Exactly at the limit: read, then refused for the unknown field, not for its size.
    expectError(await post("/v1/keys", "application/json", jsonOfLength(LIMIT)), 400, "BAD_REQUEST");
    expectError(
      await post("/v1/keys", "application/json", jsonOfLength(LIMIT + 1)),
      413,
      "PAYLOAD_TOO_LARGE",
    );
    // 400 three-byte characters are 1,200 bytes though only 400 characters.
    const wide = JSON.stringify({ name: "€".repeat(400) });
    expect(wide.length).toBeLessThan(LIMIT);
    expectError(await post("/v1/keys", "application/json", wide), 413, "PAYLOAD_TOO_LARGE");
  });

  it("refuses a chunked body without Content-Length once it passes the limit", async () => {
    const body = JSON.stringify({ name: "x".repeat(5000) });
    const chunks = body.match(/[\s\S]{1,700}/g) ?? [];
    const r = await rawRequest(
      "/v1/keys",
      {
        authorization: `Bearer ${t.secret}`,
        "content-type": "application/json",
        "transfer-encoding": "chunked",
      },
      chunks,
    );
    expectError(r, 413, "PAYLOAD_TOO_LARGE");
  });

  it("accepts a small chunked body", async () => {
    const r = await rawRequest(
      "/v1/keys",
      {
        authorization: `Bearer ${t.secret}`,
        "content-type": "application/json",
        "transfer-encoding": "chunked",
      },
      ['{"name":', '"chunked"}'],
    );
    expect(r.status, r.text).toBe(201);
    expect(JSON.parse(r.text).key.name).toBe("chunked");
  });

  it("refuses a declared Content-Length over the limit without waiting for the body", async () => {
    const r = await rawRequest(
      "/v1/keys",
      { authorization: `Bearer ${t.secret}`, "content-type": "application/json", "content-length": "100000" },
      ["{}"],
    );
    expectError(r, 413, "PAYLOAD_TOO_LARGE");
  });

  it("applies the limit to GraphQL and to the operator route", async () => {
    const g = await gql(server.url, "{ viewer { keyKind } }", {
      key: t.secret,
      variables: { pad: "p".repeat(5000) },
    });
    expectError(g, 413, "PAYLOAD_TOO_LARGE");
    const a = await call(server.url, "POST", "/v1/accounts", {
      headers: operator,
      json: { name: "n".repeat(5000) },
    });
    expectError(a, 413, "PAYLOAD_TOO_LARGE");
  });
});

describe("unknown routes", () => {
  it("answers 404 NOT_FOUND in the envelope, with or without a key", async () => {
    const cases: [string, string, string | undefined][] = [
      ["GET", "/v1/nope", t.secret],
      ["GET", "/nope", undefined],
      ["PUT", "/v1/keys", t.secret],
      ["GET", "/v1/keys/key_abc", t.secret],
      ["DELETE", "/v1/keys", t.secret],
      ["GET", "/v1/keys/", t.secret],
      ["GET", "/v2/keys", t.secret],
    ];
    for (const [method, path, key] of cases) {
      const r = await call(server.url, method, path, { key });
      expect(expectError(r, 404, "NOT_FOUND")).toContain("/openapi.json");
    }
  });

  it("answers odd ids on real routes with 404, not an error of ours", async () => {
    for (const id of [
      "%",
      "%zz",
      "%C0%AF",
      "..%2F..%2Faccount",
      "'%20OR%201=1--",
      "%F0%9F%94%91",
      "a".repeat(2000),
    ]) {
      expectError(await call(server.url, "DELETE", `/v1/keys/${id}`, { key: t.secret }), 404, "NOT_FOUND");
      expectError(
        await call(server.url, "POST", `/v1/keys/${id}/rotate`, { key: t.secret }),
        404,
        "NOT_FOUND",
      );
    }
  });
});

describe("GraphQL", () => {
  it("labels a syntax error BAD_REQUEST", async () => {
    expectGraphQLError(await gql(server.url, "{ viewer {", { key: t.secret }), "BAD_REQUEST");
    // With the GraphQL-over-HTTP media type the status says it too.
    const strict = await call(server.url, "POST", "/graphql", {
      key: t.secret,
      headers: { accept: "application/graphql-response+json" },
      json: { query: "{ viewer {" },
    });
    expect(strict.status).toBe(400);
    expectGraphQLError(strict, "BAD_REQUEST");
  });

  it("labels an unknown field or argument BAD_REQUEST", async () => {
    expectGraphQLError(await gql(server.url, "{ nope }", { key: t.secret }), "BAD_REQUEST");
    // Twice: the second answer comes from the validation cache.
    expectGraphQLError(await gql(server.url, "{ nope }", { key: t.secret }), "BAD_REQUEST");
    expectGraphQLError(
      await gql(server.url, "{ apiKeys(bogus: 1) { id } }", { key: t.secret }),
      "BAD_REQUEST",
    );
    expectGraphQLError(await gql(server.url, "{ viewer { secretField } }", { key: t.secret }), "BAD_REQUEST");
  });

  it("labels bad variables BAD_REQUEST, not INTERNAL", async () => {
    const mutation = "mutation($id: ID!) { revokeApiKey(id: $id) { id } }";
    expectGraphQLError(
      await gql(server.url, mutation, { key: t.secret, variables: { id: { a: 1 } } }),
      "BAD_REQUEST",
    );
    expectGraphQLError(await gql(server.url, mutation, { key: t.secret }), "BAD_REQUEST");
    expectGraphQLError(
      await gql(server.url, "query($b: Boolean) { apiKeys(includeRevoked: $b) { id } }", {
        key: t.secret,
        variables: { b: "yes" },
      }),
      "BAD_REQUEST",
    );
  });

  it("labels a malformed request BAD_REQUEST", async () => {
    const badJson = await call(server.url, "POST", "/graphql", {
      key: t.secret,
      headers: { "content-type": "application/json" },
      body: "{bad",
    });
    expect(badJson.status).toBe(400);
    expectGraphQLError(badJson, "BAD_REQUEST");
    for (const body of ["{}", '{"query": 5}', "[]"]) {
      const r = await call(server.url, "POST", "/graphql", {
        key: t.secret,
        headers: { "content-type": "application/json" },
        body,
      });
      expectGraphQLError(r, "BAD_REQUEST");
    }
  });
});

describe("headers on every response", () => {
  it("carries a fresh request id and no-store on successes and failures alike", async () => {
    const replies = [
      await call(server.url, "GET", "/v1/account", { key: t.secret }),
      await call(server.url, "GET", "/v1/keys", { key: t.secret }),
      await call(server.url, "POST", "/v1/keys", { key: t.secret, json: { name: "h" } }),
      await call(server.url, "GET", "/v1/keys", {}),
      await call(server.url, "GET", "/v1/nope", { key: t.secret }),
      await post("/v1/keys", "text/plain", "x"),
      await post("/v1/keys", "application/json", jsonOfLength(2 * LIMIT)),
      await gql(server.url, "{ viewer { keyKind } }", { key: t.secret }),
      await gql(server.url, "{ nope }", { key: t.secret }),
      await call(server.url, "GET", "/health"),
    ];
    for (const r of replies) {
      expect(r.status).toBeLessThan(500);
      expectPrivateHeaders(r);
    }
    const ids = replies.map((r) => r.headers.get("x-request-id"));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("lets the public OpenAPI document be cached", async () => {
    const r = await call(server.url, "GET", "/openapi.json");
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toMatch(/^public\b/);
    expect(r.headers.get("x-request-id")).toBeTruthy();
  });

  it("echoes a sane client request id, on errors and GraphQL too", async () => {
    const id = "trace-42.abc_DEF";
    const headers = { "x-request-id": id };
    const replies = [
      await call(server.url, "GET", "/v1/account", { key: t.secret, headers }),
      await call(server.url, "GET", "/v1/nope", { key: t.secret, headers }),
      await call(server.url, "POST", "/v1/keys", { key: t.secret, headers, json: { name: "x", bogus: 1 } }),
      await post("/v1/keys", "application/json", jsonOfLength(2 * LIMIT), headers),
      await gql(server.url, "{ viewer { keyKind } }", { key: t.secret, headers }),
    ];
    for (const r of replies) expect(r.headers.get("x-request-id")).toBe(id);
  });

  it("replaces an insane one", async () => {
    for (const given of ["has space", "a".repeat(101), "<script>", "a/b", "x;y", ""]) {
      const r = await call(server.url, "GET", "/v1/account", {
        key: t.secret,
        headers: { "x-request-id": given },
      });
      const id = r.headers.get("x-request-id");
      expect(id).not.toBe(given);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe("document routes", () => {
  let dt: Tenant; // owns the documents the tests below try to break
  let id: string; // complete, one page, one table
  let cutId: string; // a truncated PDF: in error, never opened, no page count
  const pdfHeaders = () => ({ authorization: `Bearer ${dt.secret}` });

  beforeAll(async () => {
    dt = await createTenant(server.url, "bad-input-documents");
    const report = await reportPdf();
    const [whole, cut] = await Promise.all([
      uploadAndWait(server.url, dt.secret, report),
      uploadAndWait(server.url, dt.secret, report.subarray(0, 400)),
    ]);
    expect([whole.phase, cut.phase, cut.pagesTotal]).toEqual(["complete", "error", null]);
    id = whole.id;
    cutId = cut.id;
  });

  /** The document is as uploaded: nothing a refused request sent has moved it. */
  async function expectUntouched() {
    const record = await call(server.url, "GET", `/v1/documents/${id}`, { key: dt.secret });
    expect(record.body).toMatchObject({ phase: "complete", strategy: "auto", capabilities: ["tables"] });
    const config = await call(server.url, "GET", `/v1/documents/${id}/config`, { key: dt.secret });
    expect(config.body).toMatchObject({ title: null, language: null, metadata: {} });
    expect(config.body.access.grants).toEqual([{ principal: { type: "owner" }, actions: ["admin"] }]);
    const ingest = await call(server.url, "GET", `/v1/documents/${id}/ingest`, { key: dt.secret });
    expect(ingest.body.records).toEqual([]);
  }

  it("answers hostile ids on every document route with 404, or 400 past 100 characters", async () => {
    // A tenant of its own: this spends a few hundred requests of one key's budget.
    const sweeper = await createTenant(server.url, "bad-input-ids");
    const doc = (await call(server.url, "GET", "/openapi.json")).body as OpenApiDocument;
    const routes = operationsOf(doc).filter((o) => o.path.startsWith("/v1/documents/{id}"));
    expect(routes.length).toBeGreaterThanOrEqual(13);
    const ids: [string, number][] = [
      ["doc-0000000000000000", 404],
      ["zzzzzz", 404],
      ["%00", 404],
      [`doc-${"%00".repeat(16)}`, 404],
      ["%00".repeat(100), 404],
      ["%00".repeat(101), 400],
      [`${id}%00`, 404],
      [`${id.slice(4, 10)}%00`, 404],
      ["%", 404],
      ["%zz", 404],
      ["%C0%AF", 404],
      ["%ED%A0%80", 404],
      ["..%2F..%2Fkeys", 404],
      ["'%20OR%201=1--", 404],
      ["%F0%9F%94%91", 404],
      ["a".repeat(100), 404],
      ["a".repeat(101), 400],
      ["a".repeat(5000), 400],
    ];
    // A body valid for the route, so only the id can be what is wrong.
    const validBodies: Record<string, unknown> = {
      "/v1/documents/{id}/chat/completions": { messages: [{ role: "user", content: "hello" }] },
      "/v1/documents/{id}/structured-output": { prompt: "x", schema: { type: "object" } },
    };
    for (const { method, path, op } of routes) {
      const json = op.requestBody?.content?.["application/json"]
        ? JSON.stringify(validBodies[path] ?? {})
        : undefined;
      // Chat and structured output are expensive (30 a minute): each route starts with the budget unspent.
      await server.services.db.pool.query("DELETE FROM rate_limit_windows WHERE bucket LIKE $1", [
        `key:${sweeper.keyId}:%`,
      ]);
      for (const [hostile, status] of ids) {
        const p = path
          .replace("{id}", hostile)
          .replace("{page_number}", "1")
          .replace("{index}", "0")
          .replace("{figure}", "0");
        const r = await call(server.url, method.toUpperCase(), p, {
          key: sweeper.secret,
          ...(json ? { headers: { "content-type": "application/json" }, body: json } : {}),
        });
        const what = `${method.toUpperCase()} ${p.slice(0, 120)}`;
        expect(r.status, `${what}: ${r.text}`).toBe(status);
        const dialect = path.endsWith("/chat/completions") ? "openai" : undefined;
        const message = expectError(r, status, status === 404 ? "NOT_FOUND" : "BAD_REQUEST", dialect);
        if (status === 400) expect(message, what).toContain("'id'");
      }
    }
  });

  it("answers hostile document ids in an ingest body the same way", async () => {
    const cases: [unknown, number][] = [
      ["doc-0000000000000000", 404],
      ["\u0000", 404],
      [`doc-${"\u0000".repeat(16)}`, 404],
      [`${id}\u0000`, 404],
      ["\u0000".repeat(100), 404],
      ["\u0000".repeat(101), 400],
      ["../../keys", 404],
      ["' OR 1=1 --", 404],
      ["a".repeat(101), 400],
      ["", 400],
      ["\ud800", 400],
      [5, 400],
      [null, 400],
      [[id], 400],
      [{ $ne: null }, 400],
    ];
    for (const [documentId, status] of cases) {
      const r = await call(server.url, "POST", "/v1/documents/ingest", {
        key: dt.secret,
        json: { document_id: documentId },
      });
      expectError(r, status, status === 404 ? "NOT_FOUND" : "BAD_REQUEST");
    }
    await expectUntouched();
  });

  it("answers bad page numbers with 400, and pages that do not exist with 404", async () => {
    const cases: [string, number][] = [
      ["0", 404],
      ["-1", 404],
      ["2", 404],
      ["2147483647", 404],
      ["2147483648", 400],
      ["99999999999", 400],
      ["1e400", 400],
      ["abc", 400],
      ["1.5", 400],
      ["NaN", 400],
      ["Infinity", 400],
      ["-Infinity", 400],
      ["%00", 400],
      ["1%00", 400],
      ["%F0%9F%94%91", 400],
      ["9".repeat(400), 400],
    ];
    for (const suffix of ["", "/markdown", "/image.png"]) {
      for (const [n, status] of cases) {
        const r = await call(server.url, "GET", `/v1/documents/${id}/pages/${n}${suffix}`, {
          key: dt.secret,
        });
        const message = expectError(r, status, status === 404 ? "NOT_FOUND" : "BAD_REQUEST");
        if (status === 400) expect(message).toContain("'page_number'");
      }
      // A document that was never opened knows no page count: any page in range is not ready.
      for (const n of ["1", "2147483647"])
        expectError(
          await call(server.url, "GET", `/v1/documents/${cutId}/pages/${n}${suffix}`, { key: dt.secret }),
          409,
          "CONFLICT",
        );
      expectError(
        await call(server.url, "GET", `/v1/documents/${cutId}/pages/99999999999${suffix}`, {
          key: dt.secret,
        }),
        400,
        "BAD_REQUEST",
      );
    }
  });

  it("answers bad table indexes with 400, and tables that do not exist with 404", async () => {
    const cases: [string, number][] = [
      ["1", 404],
      ["2147483647", 404],
      ["2147483648", 400],
      ["99999999999", 400],
      ["-1", 400],
      ["1.5", 400],
      ["x", 400],
      ["NaN", 400],
      ["%00", 400],
      ["9".repeat(400), 400],
    ];
    for (const [n, status] of cases) {
      for (const doc of [id, cutId]) {
        const r = await call(server.url, "GET", `/v1/documents/${doc}/entities/tables/${n}`, {
          key: dt.secret,
        });
        const message = expectError(r, status, status === 404 ? "NOT_FOUND" : "BAD_REQUEST");
        if (status === 400) expect(message).toContain("'index'");
      }
    }
  });

  it("refuses bad query values with 400, naming the parameter", async () => {
    const cursorOf = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
    const cases: [string, string][] = [
      ...["NaN", "Infinity", "-1", "0", "0.24", "4.01", "50", "", "abc", "1e400", "%00"].map(
        (v): [string, string] => [`/v1/documents/${id}/pages/1/image.png?scale=${v}`, "scale"],
      ),
      ...["pdf", "", "JSON", "csv%00", "csv&format=html", "%F0%9F%94%91"].map((v): [string, string] => [
        `/v1/documents/${id}/entities/tables/0?format=${v}`,
        "format",
      ]),
      ...["-1", "501", "1.5", "x", "1e400"].map((v): [string, string] => [
        `/v1/documents/${id}/entities/tables?limit=${v}`,
        "limit",
      ]),
      ...["-1", "x", "1.5", "1e400"].map((v): [string, string] => [
        `/v1/documents/${id}/entities/tables?offset=${v}`,
        "offset",
      ]),
      ...["0", "101", "-1", "x", "1.5", ""].map((v): [string, string] => [
        `/v1/documents?limit=${v}`,
        "limit",
      ]),
      ...[
        "garbage",
        "%00",
        "a".repeat(201),
        cursorOf(["-271821-04-20T00:00:00.000Z", "doc-x"]),
        cursorOf(["+275760-09-13T00:00:00.000Z", "doc-x"]),
        cursorOf(["2026-01-01", "doc-x"]),
        cursorOf(["2026-01-01T00:00:00.000Z", "\u0000"]),
        cursorOf(["2026-01-01T00:00:00.000Z", 5]),
        cursorOf([1, 2]),
        cursorOf({}),
        cursorOf(null),
        cursorOf("x"),
      ].map((v): [string, string] => [`/v1/documents?cursor=${v}`, "cursor"]),
      ...["-1", "x", "1.5", "99999999999", "1e400"].map((v): [string, string] => [
        `/v1/documents/${id}/ingest?after_seq=${v}`,
        "after_seq",
      ]),
      ...["0", "501", "x"].map((v): [string, string] => [`/v1/documents/${id}/ingest?limit=${v}`, "limit"]),
    ];
    for (const [path, name] of cases) {
      const r = await call(server.url, "GET", path, { key: dt.secret });
      expect(r.status, `${path.slice(0, 120)}: ${r.text}`).toBe(400);
      expect(expectError(r, 400, "BAD_REQUEST"), path.slice(0, 120)).toContain(name);
    }
  });

  it("refuses numbers written loosely (hex, a sign, spaces, leading zeros, nothing) with 400", async () => {
    const loose = ["0x1", "+1", "%201", "1%20", "00001", "01", ""];
    const cases: [string, string][] = [
      ...loose.map((v): [string, string] => [`/v1/documents/${id}/pages/${v || "%20"}`, "page_number"]),
      ...loose.map((v): [string, string] => [`/v1/documents/${id}/entities/tables/${v || "%20"}`, "index"]),
      ...loose.map((v): [string, string] => [`/v1/documents?limit=${v}`, "limit"]),
      ...loose.map((v): [string, string] => [`/v1/documents/${id}/entities/tables?limit=${v}`, "limit"]),
      ...loose.map((v): [string, string] => [`/v1/collections?limit=${v}`, "limit"]),
      ...loose.map((v): [string, string] => [`/v1/documents/${id}/ingest?after_seq=${v}`, "after_seq"]),
      ...["0x2", "+1.5", "1.5e0", "%201.5", ""].map((v): [string, string] => [
        `/v1/documents/${id}/pages/1/image.png?scale=${v}`,
        "scale",
      ]),
    ];
    for (const [path, name] of cases) {
      const r = await call(server.url, "GET", path, { key: dt.secret });
      expect(r.status, `${path}: ${r.text}`).toBe(400);
      expect(expectError(r, 400, "BAD_REQUEST"), path).toContain(name);
    }
    // Written plainly, the same values are read.
    expect((await call(server.url, "GET", `/v1/documents/${id}/pages/1`, { key: dt.secret })).status).toBe(
      200,
    );
    expect((await call(server.url, "GET", "/v1/documents?limit=1", { key: dt.secret })).status).toBe(200);
  });

  it("refuses bad JSON bodies on ingest, config and reparse with 400, and nothing moves", async () => {
    const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
    const anywhere = [
      "{",
      "{bad}",
      '{"a":1,}',
      "nul",
      "\u0000",
      "[]",
      "null",
      '"x"',
      "42",
      "1e999",
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{}}}',
    ];
    const routes: [string, string, string[]][] = [
      [
        "POST",
        "/v1/documents/ingest",
        [
          "{}",
          '{"document_id":5}',
          `{"document_id":"${id}","extra":1}`,
          `{"document_id":"${id}","payload":[1]}`,
          `{"document_id":"${id}","payload":null}`,
          `{"document_id":"${id}","payload":"text"}`,
          `{"document_id":"${id}","vendor":"\\u0000"}`,
          `{"document_id":"${id}","vendor":"${"v".repeat(201)}"}`,
          `{"document_id":"${id}","payload":{"a":"\\u0000"}}`,
          `{"document_id":"${id}","payload":{"\\u0000":1}}`,
          `{"document_id":"${id}","payload":{"a":"\\ud800"}}`,
          `{"document_id":"${id}","payload":{"\\udfff":1}}`,
          `{"document_id":"${id}","payload":{"a":${deep(100)}}}`,
          `{"document_id":"${id}","capabilities":{"search":${deep(100)}}}`,
          `{"document_id":"${id}","pdf_sha256":"zz"}`,
          `{"document_id":"${id}","pdf_sha256":"${"0".repeat(64)}\\u0000"}`,
          `{"document_id":"${id}","capabilities":{"telepathy":1}}`,
          `{"document_id":"${id}","capabilities":[]}`,
          `{"document_id":"${id}","__proto__":{"admin":true}}`,
        ],
      ],
      [
        "PUT",
        `/v1/documents/${id}/config`,
        [
          '{"titel":"x"}',
          '{"access":null}',
          '{"access":{"default_effect":"allow","grants":[]}}',
          '{"access":{"default_effect":"deny","grants":[{"principal":{"type":"public"},"actions":["admin"]}]}}',
          '{"access":{"default_effect":"deny","grants":[{"principal":{"type":"root"},"actions":["admin"]}]}}',
          '{"title":5}',
          `{"title":"${"t".repeat(201)}"}`,
          '{"title":"\\u0000"}',
          '{"title":"\\ud800"}',
          '{"language":"english"}',
          '{"language":"e\\u0000"}',
          '{"metadata":{"a":1}}',
          '{"metadata":"x"}',
          '{"metadata":{"\\u0000":"x"}}',
          '{"metadata":{"a":"\\udc00"}}',
          `{"metadata":${JSON.stringify(Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, ""])))}}`,
          `{"metadata":{"a":${deep(100)}}}`,
          '{"strategy":"magic"}',
          '{"strategy":null}',
        ],
      ],
      [
        "POST",
        `/v1/documents/${id}/reparse`,
        [
          '{"strategy":5}',
          '{"strategy":"magic"}',
          '{"strategy":"\\u0000"}',
          '{"strategy":"\\ud800"}',
          '{"capabilities":["tables"]}',
          '{"capabilities":"tables,magic"}',
          '{"capabilities":"\\u0000"}',
          '{"extra":1}',
        ],
      ],
    ];
    for (const [method, path, own] of routes) {
      for (const body of [...anywhere, ...own]) {
        const r = await call(server.url, method, path, {
          key: dt.secret,
          headers: { "content-type": "application/json" },
          body,
        });
        expect(r.status, `${method} ${path} ${body.slice(0, 80)}: ${r.text}`).toBe(400);
        expectError(r, 400, "BAD_REQUEST");
      }
      // With no body where one is required, or an empty one declared as JSON.
      if (method !== "POST" || path.endsWith("/ingest"))
        expectError(await call(server.url, method, path, { key: dt.secret }), 400, "BAD_REQUEST");
      expectError(
        await call(server.url, method, path, {
          key: dt.secret,
          headers: { "content-type": "application/json" },
        }),
        400,
        "BAD_REQUEST",
      );
      // Over the 1 KiB limit, declared or not.
      expectError(
        await call(server.url, method, path, { key: dt.secret, json: { pad: "p".repeat(2 * LIMIT) } }),
        413,
        "PAYLOAD_TOO_LARGE",
      );
      const chunked = await rawRequest(
        path,
        {
          authorization: `Bearer ${dt.secret}`,
          "content-type": "application/json",
          "transfer-encoding": "chunked",
        },
        [`{"pad":"${"p".repeat(700)}`, `${"p".repeat(700)}"}`],
        method,
      );
      expectError(chunked, 413, "PAYLOAD_TOO_LARGE");
      // Not JSON at all.
      for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/xml"])
        expectError(
          await call(server.url, method, path, {
            key: dt.secret,
            headers: { "content-type": type },
            body: "{}",
          }),
          415,
          "UNSUPPORTED_MEDIA_TYPE",
        );
    }
    // A chunked body is read like any other: its strategy is checked, not ignored.
    const chunkedReparse = await rawRequest(
      `/v1/documents/${id}/reparse`,
      {
        authorization: `Bearer ${dt.secret}`,
        "content-type": "application/json",
        "transfer-encoding": "chunked",
      },
      ['{"strategy":', '"magic"}'],
    );
    expectError(chunkedReparse, 400, "BAD_REQUEST");
    await expectUntouched();
  });

  it("refuses uploads that are not a multipart PDF, with 415, 400 or 413", async () => {
    // An account of its own: uploads are expensive (30 a minute per key).
    const up = await createTenant(server.url, "bad-input-uploads");
    const pdf = await textPdf([["upload"]]);
    const send = (body: BodyInit, headers: Record<string, string> = {}) =>
      call(server.url, "POST", "/v1/documents", { key: up.secret, headers, body });
    const form = (parts: [string, Blob | string, string?][]) => {
      const f = new FormData();
      for (const [name, value, fileName] of parts)
        if (typeof value === "string") f.append(name, value);
        else f.append(name, value, fileName);
      return f;
    };
    const file = (bytes: Uint8Array) => new Blob([new Uint8Array(bytes)], { type: "application/pdf" });

    for (const [type, body] of [
      ["application/pdf", new Uint8Array(pdf)],
      ["application/octet-stream", new Uint8Array(pdf)],
      ["text/plain", "%PDF-1.7"],
      ["application/x-www-form-urlencoded", "file=x.pdf"],
    ] as const)
      expectError(await send(body, { "content-type": type }), 415, "UNSUPPORTED_MEDIA_TYPE");
    // JSON is read as a stored file's id: anything else is 400 naming the field.
    const json = await send('{"file":"x.pdf"}', { "content-type": "application/json" });
    expect(expectError(json, 400, "BAD_REQUEST")).toContain("file_id");
    expectError(await send(new Uint8Array(pdf)), 415, "UNSUPPORTED_MEDIA_TYPE");

    // Multipart that does not parse, or holds no usable file part.
    const broken = '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-';
    expectError(
      await send(broken, { "content-type": "multipart/form-data; boundary=xyz" }),
      400,
      "BAD_REQUEST",
    );
    expectError(await send("garbage", { "content-type": "multipart/form-data" }), 400, "BAD_REQUEST");
    for (const parts of [
      [],
      [["file", "just text"]],
      [["document", file(pdf), "a.pdf"]],
      [
        ["file", file(pdf), "a.pdf"],
        ["file", file(pdf), "b.pdf"],
      ],
      [["file", file(new Uint8Array(0)), "empty.pdf"]],
      [["file", file(pdf), "a\u0000b.pdf"]],
    ] as [string, Blob | string, string?][][])
      expectError(await send(form(parts)), 400, "BAD_REQUEST");

    // Not a PDF by its first bytes, whatever the name and type say.
    for (const bytes of [
      pngBytes(),
      new TextEncoder().encode("<!doctype html><html><body>not a PDF</body></html>"),
      new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array(100).fill(0)]),
      new Uint8Array(2000),
    ])
      expectError(await send(form([["file", file(bytes), "x.pdf"]])), 415, "UNSUPPORTED_MEDIA_TYPE");

    // Over MAX_UPLOAD_BYTES: the file itself, then a body too large to read at all.
    const big = new Uint8Array(UPLOAD_LIMIT + 1);
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    expect(
      expectError(await send(form([["file", file(big), "big.pdf"]])), 413, "PAYLOAD_TOO_LARGE"),
    ).toContain(String(UPLOAD_LIMIT));
    const huge = new Uint8Array(UPLOAD_LIMIT + 200 * 1024);
    huge.set(new TextEncoder().encode("%PDF-1.7\n"));
    const tooLarge = await send(form([["file", file(huge), "huge.pdf"]]));
    expectError(tooLarge, 413, "PAYLOAD_TOO_LARGE");
    expect(tooLarge.headers.get("connection")).toBe("close");
    const declared = await rawRequest(
      "/v1/documents",
      {
        authorization: `Bearer ${up.secret}`,
        "content-type": "multipart/form-data; boundary=xyz",
        "content-length": String(50 * 1024 * 1024),
      },
      ["--xyz\r\n"],
    );
    expectError(declared, 413, "PAYLOAD_TOO_LARGE");

    // None of it made a document, and the service goes on accepting a good one.
    expect((await call(server.url, "GET", "/v1/documents", { key: up.secret })).body.data).toEqual([]);
    const ok = await send(form([["file", file(pdf), "ok.pdf"]]));
    expect(ok.status, ok.text).toBe(202);
  });

  it("never serves a stack trace or internals from a document route", async () => {
    // The reads that succeed carry no internals either (markdown, CSV, HTML).
    for (const p of [
      "/full.md",
      "/pages/1",
      "/pages/1/markdown",
      "/entities/tables",
      "/entities/tables/0?format=csv",
      "/entities/tables/0?format=html",
    ]) {
      const r = await call(server.url, "GET", `/v1/documents/${id}${p}`, { key: dt.secret });
      expect(r.status, p).toBe(200);
      expect(r.headers.get("x-request-id")).toBeTruthy();
      expect(r.headers.get("cache-control")).toMatch(/^private/);
      expectNoLeak(r.text);
    }
    const png = await fetch(`${server.url}/v1/documents/${id}/pages/1/image.png?scale=0.25`, {
      headers: pdfHeaders(),
    });
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
  });
});

describe("never a 500", () => {
  it("sweeps every documented operation with hostile ids, bodies and credentials", async () => {
    const doc = (await call(server.url, "GET", "/openapi.json")).body as OpenApiDocument;
    const ids = [
      "key_doesnotexist00",
      "%00",
      "%",
      "'; DROP TABLE api_keys; --",
      "%F0%9F%94%91",
      "a".repeat(1500),
    ];
    const bodies = [
      '{"name":"\\u0000"}',
      '{"name":"\\ud800"}',
      '{"name":{"$ne":null}}',
      '{"name":"x","__proto__":{"admin":true}}',
      "1e999",
      '{"name":"x","kind":null}',
      "[{}]",
    ];
    const replies: [string, Raw][] = [];
    const oddCredentials: Record<string, string>[] = [
      { authorization: "Bearer" },
      { authorization: "Bearer a b c" },
      { authorization: `Bearer svc_sk_${"k".repeat(8000)}` },
      { "x-api-key": "'; SELECT pg_sleep(5); --" },
      { ...operator, "x-account-id": "' OR 1=1 --" },
    ];
    // The description itself is public and cacheable (openapi.test.ts), unlike every operation.
    const operations = operationsOf(doc).filter((o) => o.path !== "/openapi.json");
    for (const [index, { method, path, op }] of operations.entries()) {
      const auth: { key?: string; headers: Record<string, string> } = op.security?.some(
        (s) => "operatorSecret" in s,
      )
        ? { headers: operator }
        : { key: t.secret, headers: {} };
      const paths = path.includes("{") ? ids.map((id) => path.replace(/\{[^}]+\}/g, id)) : [path];
      const sendsBody = ["post", "put", "patch", "delete"].includes(method);
      for (const p of paths) {
        // Bodies only with the fake id, so the sweep never rotates or revokes a real key.
        const withBodies = sendsBody && (p === path || p.includes("key_doesnotexist00"));
        const variants: (string | undefined)[] = withBodies ? [undefined, ...bodies] : [undefined];
        for (const body of variants) {
          const r = await call(server.url, method.toUpperCase(), p, {
            ...auth,
            headers: { ...auth.headers, ...(body ? { "content-type": "application/json" } : {}) },
            body,
          });
          replies.push([`${method.toUpperCase()} ${p.slice(0, 80)} ${body ?? "(no body)"}`, r]);
        }
      }
      // Odd credentials: refused with 401, never more. Each refusal spends the unauthenticated
      // budget (60 a minute per address), so the first operation gets them all and every other
      // one the next in turn.
      const credentials = index === 0 ? oddCredentials : [oddCredentials[index % oddCredentials.length]!];
      for (const headers of credentials) {
        const r = await call(server.url, method.toUpperCase(), path.replace(/\{[^}]+\}/g, "key_x"), {
          headers,
        });
        replies.push([`${method.toUpperCase()} ${path} with ${Object.keys(headers).join("+")}`, r]);
        expect(r.status, `${method} ${path} ${JSON.stringify(headers).slice(0, 60)}: ${r.text}`).toBe(401);
      }
    }
    expect(replies.length).toBeGreaterThan(50);
    for (const [what, r] of replies) {
      expect(r.status, `${what}: ${r.text}`).toBeLessThan(500);
      expectPrivateHeaders(r);
      expectNoLeak(r.text);
      if (r.status >= 400) expect(JSON.parse(r.text).error.code, what).toMatch(/^[A-Z_]+$/);
    }
  });
});
