import { readFileSync } from "node:fs";
import type { ExecutionResult } from "graphql-sse";
import { createClient } from "graphql-sse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operationsFile, renderOperations, renderSchema, schemaFile } from "../../codegen.ts";
import { ApiKeyEventsDocument, type ApiKeyEventsSubscription } from "../../operations/generated.ts";
import { MAX_QUERY_DEPTH, nestingDepth } from "../../src/schema/server/graphql.ts";
import { call, gql } from "../support/http.ts";
import { type ServiceProcess, spawnService } from "../support/process.ts";
import { startTestServer, type TestServer, WORKER_SECRET } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

describe("generated GraphQL files", () => {
  it("schema.graphql is current (run `npm run generate` after changing the schema)", () => {
    expect(readFileSync(schemaFile, "utf8")).toBe(renderSchema());
  });
  it("operations/generated.ts is current", async () => {
    expect(readFileSync(operationsFile, "utf8")).toBe(await renderOperations());
  });
});

describe("subscriptions across processes", () => {
  let server: TestServer;
  let other: ServiceProcess;
  let tenant: Tenant;

  beforeAll(async () => {
    server = await startTestServer();
    other = await spawnService({ DATABASE_URL: server.database.url, WORKER_SECRET });
    await other.waitUntilHealthy();
    tenant = await createTenant(server.url);
  });
  afterAll(async () => {
    await other?.kill();
    await server?.close();
  });

  for (const singleConnection of [false, true]) {
    it(`the official graphql-sse client (${singleConnection ? "single" : "distinct"} connection mode) sees key events raised by another process`, async () => {
      const client = createClient({
        url: `${server.url}${singleConnection ? "/graphql/stream" : "/graphql"}`,
        singleConnection,
        headers: { authorization: `Bearer ${tenant.secret}` },
        retryAttempts: 0,
      });
      const received: ExecutionResult<ApiKeyEventsSubscription, unknown>[] = [];
      const created: string[] = [];
      try {
        const iterator = client.iterate<ApiKeyEventsSubscription>({ query: String(ApiKeyEventsDocument) });
        const first = iterator.next();
        // The subscriber is listening once the server has processed the subscription, which the
        // client does not signal; keep raising events in the other process until one arrives.
        const deadline = Date.now() + 20_000;
        let next: IteratorResult<ExecutionResult<ApiKeyEventsSubscription, unknown>> | undefined;
        while (!next && Date.now() < deadline) {
          const r = await call(other.url, "POST", "/v1/keys", {
            key: tenant.secret,
            json: { name: "from-b" },
          });
          expect(r.status).toBe(201);
          created.push(r.body.key.id);
          next = await Promise.race([
            first,
            new Promise<undefined>((res) => setTimeout(() => res(undefined), 300)),
          ]);
        }
        expect(next?.value).toBeDefined();
        received.push(next?.value as ExecutionResult<ApiKeyEventsSubscription, unknown>);
        await iterator.return?.();
      } finally {
        client.dispose();
      }
      const event = received[0]?.data?.apiKeyEvents;
      expect(event?.action).toBe("created");
      expect(created).toContain(event?.keyId);
    });
  }

  it("refuses a subscription without a key", async () => {
    const client = createClient({
      url: `${server.url}/graphql/stream`,
      singleConnection: true,
      retryAttempts: 0,
    });
    try {
      const iterator = client.iterate({ query: String(ApiKeyEventsDocument) });
      await expect(iterator.next()).rejects.toBeDefined();
    } finally {
      client.dispose();
    }
  });

  it("does not deliver another account's events", async () => {
    const mine = await createTenant(server.url);
    const theirs = await createTenant(server.url);
    const client = createClient({
      url: `${server.url}/graphql`,
      headers: { authorization: `Bearer ${mine.secret}` },
      retryAttempts: 0,
    });
    try {
      const iterator = client.iterate<ApiKeyEventsSubscription>({ query: String(ApiKeyEventsDocument) });
      const first = iterator.next();
      let got: IteratorResult<ExecutionResult<ApiKeyEventsSubscription, unknown>> | undefined;
      const mineCreated: string[] = [];
      const deadline = Date.now() + 20_000;
      while (!got && Date.now() < deadline) {
        // The other account's event is raised first each round, so it would arrive first if leaked.
        await call(other.url, "POST", "/v1/keys", { key: theirs.secret, json: { name: "theirs" } });
        const r = await call(other.url, "POST", "/v1/keys", { key: mine.secret, json: { name: "mine" } });
        mineCreated.push(r.body.key.id);
        got = await Promise.race([
          first,
          new Promise<undefined>((res) => setTimeout(() => res(undefined), 300)),
        ]);
      }
      expect(mineCreated).toContain(got?.value?.data?.apiKeyEvents.keyId);
      await iterator.return?.();
    } finally {
      client.dispose();
    }
  });
});

describe("query depth", () => {
  let s: TestServer;
  let key: string;
  beforeAll(async () => {
    s = await startTestServer({ ROLE: "api" });
    key = (await createTenant(s.url)).secret;
  });
  afterAll(async () => {
    await s?.close();
  });

  it("refuses a 10,000-deep selection set as BAD_REQUEST before parsing it (the parser's stack would overflow)", async () => {
    const deep = `{ ${"viewer { ".repeat(10_000)}keyKind${" }".repeat(10_000)} }`;
    // With the GraphQL-over-HTTP media type, the status says it too.
    const r = await call(s.url, "POST", "/graphql", {
      key,
      headers: { accept: "application/graphql-response+json" },
      json: { query: deep },
    });
    expect(r.status, r.text.slice(0, 300)).toBe(400);
    expect(r.body.errors[0].extensions.code).toBe("BAD_REQUEST");
    expect(r.body.errors[0].message).toBe(
      `The query nests deeper than ${MAX_QUERY_DEPTH} levels; flatten it.`,
    );
    const ok = await gql(s.url, `{ viewer { keyKind } }`, { key });
    expect(ok.body.errors).toBeUndefined();
  });

  it("measures depth outside strings and comments", () => {
    expect(nestingDepth(`{ a(x: "{{{{[[[") { b } } # {{{{{`)).toBe(2);
    expect(nestingDepth(`{ a(x: """ {{{ \\""" """) }`)).toBe(2);
    expect(nestingDepth(`{ a(x: "\\"{{") }`)).toBe(2);
  });
});
