import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadAndWait } from "../support/documents.ts";
import { call } from "../support/http.ts";
import { textPdf } from "../support/pdfs.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";
import { createKey, createTenant, type Tenant } from "../support/tenant.ts";

// One CORS policy for REST and GraphQL, and the headers every response carries.

let server: TestServer;
let t: Tenant;
beforeAll(async () => {
  server = await sharedTestServer();
  t = await createTenant(server.url);
});
afterAll(async () => {
  await server?.close();
});

const preflight = (base: string, path: string, origin: string) =>
  fetch(`${base}${path}`, {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": "POST",
      "access-control-request-headers": "authorization, content-type",
    },
  });

describe("CORS", () => {
  it("answers preflights of REST and GraphQL alike, for any origin by default, never with credentials", async () => {
    for (const path of ["/v1/documents", "/graphql"]) {
      const r = await preflight(server.url, path, "https://app.example.com");
      expect(r.status, path).toBe(204);
      expect(r.headers.get("access-control-allow-origin")).toBe("*");
      expect(r.headers.get("access-control-allow-credentials")).toBeNull();
      expect(r.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
      expect(r.headers.get("access-control-allow-methods")).toContain("POST");
    }
  });

  it("lets a page read a REST answer with a publishable key, rate-limit headers included", async () => {
    const pk = await createKey(server.url, t, "publishable");
    const r = await fetch(`${server.url}/v1/account`, {
      headers: { origin: "https://app.example.com", authorization: `Bearer ${pk.secret}` },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    expect(r.headers.get("access-control-expose-headers")).toContain("X-RateLimit-Remaining");
  });

  it("does not echo an origin with credentials on /graphql", async () => {
    const r = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: {
        origin: "https://evil.example",
        authorization: `Bearer ${t.secret}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ query: "{ viewer { keyKind } }" }),
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("access-control-allow-credentials")).toBeNull();
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("with CORS_ORIGINS, allows only the origins listed", async () => {
    const listed = await startTestServer({ ROLE: "api", CORS_ORIGINS: "https://app.example.com" });
    try {
      const ok = await preflight(listed.url, "/graphql", "https://app.example.com");
      expect(ok.headers.get("access-control-allow-origin")).toBe("https://app.example.com");
      expect(ok.headers.get("vary")).toContain("Origin");
      const other = await preflight(listed.url, "/v1/documents", "https://evil.example");
      expect(other.headers.get("access-control-allow-origin")).toBeNull();
      // Actual requests, on a Hono-made answer (REST) and on a route's own Response (GraphQL): the
      // listed origin is allowed and told which headers it may read; the answer varies on Origin
      // whoever asks, beside what the route varies on.
      const tenant = await createTenant(listed.url, "cors");
      for (const origin of ["https://app.example.com", "https://evil.example", undefined]) {
        const headers = origin ? { origin } : undefined;
        const rest = await call(listed.url, "GET", "/v1/account", { key: tenant.secret, headers });
        const graphql = await call(listed.url, "POST", "/graphql", {
          key: tenant.secret,
          headers,
          json: { query: "{ viewer { keyKind } }" },
        });
        for (const r of [rest, graphql]) {
          expect(r.status).toBe(200);
          const allowed = origin === "https://app.example.com" ? origin : null;
          expect(r.headers.get("access-control-allow-origin")).toBe(allowed);
          if (allowed)
            expect(r.headers.get("access-control-expose-headers")).toContain("X-RateLimit-Remaining");
          expect(r.headers.get("vary")).toBe("Origin");
          expect(r.headers.get("x-request-id")).toBeTruthy();
        }
      }
    } finally {
      await listed.close();
    }
  });
});

describe("headers on every response", () => {
  it("nosniff on REST, errors and GraphQL; GraphQL never cacheable, its event streams included", async () => {
    const rest = await call(server.url, "GET", "/v1/account", { key: t.secret });
    expect(rest.headers.get("x-content-type-options")).toBe("nosniff");
    const missing = await call(server.url, "GET", "/v1/nothing-here", { key: t.secret });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-content-type-options")).toBe("nosniff");
    const gql = await call(server.url, "POST", "/graphql", {
      key: t.secret,
      json: { query: "{ viewer { keyKind } }" },
    });
    expect(gql.headers.get("x-content-type-options")).toBe("nosniff");
    expect(gql.headers.get("cache-control")).toBe("no-store");
    const abort = new AbortController();
    const sse = await fetch(`${server.url}/graphql`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${t.secret}`,
        "content-type": "application/json",
        accept: "text/event-stream",
      },
      body: JSON.stringify({ query: "subscription { apiKeyEvents { action keyId } }" }),
      signal: abort.signal,
    });
    expect(sse.headers.get("content-type")).toContain("text/event-stream");
    expect(sse.headers.get("cache-control")).toBe("no-store");
    abort.abort();
  });

  it("a response served through a public grant varies on the credential headers", async () => {
    const doc = await uploadAndWait(server.url, t.secret, await textPdf([["Open to all"]]));
    const grant = await call(server.url, "PUT", `/v1/documents/${doc.id}/config`, {
      key: t.secret,
      json: {
        access: {
          default_effect: "deny",
          grants: [
            { principal: { type: "owner" }, actions: ["admin"] },
            { principal: { type: "public" }, actions: ["read_content"] },
          ],
        },
      },
    });
    expect(grant.status, grant.text).toBe(200);
    const r = await call(server.url, "GET", `/v1/documents/${doc.id}/pages/1`);
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toMatch(/^public/);
    expect(r.headers.get("vary")).toBe("Authorization, X-Api-Key");
  });
});

describe("markdown of a PDF's text", () => {
  it("escapes what a renderer would take for HTML, and only that", async () => {
    const doc = await uploadAndWait(
      server.url,
      t.secret,
      await textPdf([["<script>alert(1)</script> then <!-- x --> and a < b"]]),
    );
    const page = await call(server.url, "GET", `/v1/documents/${doc.id}/pages/1`, { key: t.secret });
    expect(page.body.content).toBe("\\<script>alert(1)\\</script> then \\<!-- x --> and a < b");
  });
});
