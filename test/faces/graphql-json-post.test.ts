import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// A POST of one JSON query skips yoga's HTTP layers (src/schema/server/graphql-json-post.ts). Its answers
// must be the ones yoga's full path gives: the same requests are sent both ways (an Accept header
// the short path does not take sends a request down the full one) and compared.

let server: TestServer;
let t: Tenant;

beforeAll(async () => {
  server = await sharedTestServer();
  t = await createTenant(server.url);
});
afterAll(async () => {
  await server?.close();
});

async function post(body: string, accept: string, key?: string) {
  const headers: Record<string, string> = { "content-type": "application/json", accept };
  if (key) headers.authorization = `Bearer ${key}`;
  const res = await fetch(`${server.url}/graphql`, { method: "POST", headers, body });
  const text = await res.text();
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    limit: res.headers.get("x-ratelimit-limit"),
    body: text,
  };
}

const cases: [string, string, boolean][] = [
  ["a query", JSON.stringify({ query: "{ viewer { keyKind account { name } } }" }), true],
  ["a list", JSON.stringify({ query: "{ apiKeys { name kind } }" }), true],
  [
    "variables and an operation name",
    JSON.stringify({
      query: "query A($r: Boolean) { apiKeys(includeRevoked: $r) { name } } query B { viewer { keyKind } }",
      variables: { r: true },
      operationName: "A",
    }),
    true,
  ],
  ["a field error", JSON.stringify({ query: '{ document(id: "doc-0000000000000000") { id } }' }), true],
  ["a syntax error", JSON.stringify({ query: "{ viewer {" }), true],
  ["a validation error", JSON.stringify({ query: "{ nothing }" }), true],
  [
    "bad variables",
    JSON.stringify({
      query: "query($r: Boolean) { apiKeys(includeRevoked: $r) { name } }",
      variables: { r: "yes" },
    }),
    true,
  ],
  ["no query", JSON.stringify({}), true],
  ["a query that is not a string", JSON.stringify({ query: 5 }), true],
  ["no key for a key's field", JSON.stringify({ query: "{ apiKeys { name } }" }), false],
  [
    "two expensive fields",
    JSON.stringify({
      query:
        '{ a: chatCompletion(documentId: "x", messages: []) { content } b: chatCompletion(documentId: "x", messages: []) { content } }',
    }),
    true,
  ],
];

describe("the short path for a JSON POST", () => {
  for (const accept of ["application/json", "application/graphql-response+json", "*/*"]) {
    it.each(cases)(`answers %s as yoga does (Accept: ${accept})`, async (_name, body, withKey) => {
      const key = withKey ? t.secret : undefined;
      const short = await post(body, accept, key);
      // A list of media types is not taken by the short path.
      const full = await post(body, `${accept}, application/x-quire-full-path`, key);
      expect(short.status).toBe(full.status);
      expect(short.type).toBe(full.type);
      expect(short.limit).toBe(full.limit);
      expect(JSON.parse(short.body)).toEqual(JSON.parse(full.body));
    });
  }

  it("answers a wrong key with 401 and a body that is not JSON with 400, both ways", async () => {
    for (const accept of ["application/json", "application/json, application/x-quire-full-path"]) {
      expect(
        (await post(JSON.stringify({ query: "{ viewer { keyKind } }" }), accept, "svc_sk_wrong")).status,
      ).toBe(401);
      expect((await post("{bad", accept, t.secret)).status).toBe(400);
    }
  });
});
