import { getIntrospectionQuery, parse } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PAGES_PER_READ } from "../../src/resolvers/documents/pages-of-documents.ts";
import {
  checkQueryShape,
  MAX_ALIASES,
  MAX_FIELDS,
  MAX_QUERY_COST,
  MAX_SELECTION_DEPTH,
} from "../../src/schema/server/graphql-cost.ts";
import { uploadAndWait } from "../support/documents.ts";
import { call, gql, type Reply } from "../support/http.ts";
import { longPdf } from "../support/pdfs.ts";
import { resetAnonymousBudget, startTestServer, type TestServer } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

const codeOf = (r: Reply) => r.body.errors?.[0]?.extensions?.code;
const remaining = (r: Reply) => Number(r.headers.get("x-ratelimit-remaining"));

/** `n` copies of a selection under distinct aliases. */
const aliased = (n: number, selection: string) =>
  Array.from({ length: n }, (_, i) => `a${i}: ${selection}`).join("\n");

describe("GraphQL query limits and cost", () => {
  let server: TestServer;
  let t: Tenant;
  let docId: string;

  beforeAll(async () => {
    server = await startTestServer();
    t = await createTenant(server.url);
    docId = (await uploadAndWait(server.url, t.secret, await longPdf(36), "long.pdf")).id;
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it("refuses 1,000 aliased mutations before any of them runs", async () => {
    const r = await gql(server.url, `mutation { ${aliased(1000, 'createCollection(name: "x") { id }')} }`, {
      key: t.secret,
    });
    expect(r.status).toBe(400);
    expect(codeOf(r)).toBe("BAD_REQUEST");
    expect(r.body.errors[0].message).toContain(`more than ${MAX_ALIASES} aliases`);
    expect(r.body.data ?? null).toBeNull();
    // Nothing ran: no collection exists.
    const list = await call(server.url, "GET", "/v1/collections", { key: t.secret });
    expect(list.body.data).toEqual([]);
    // Still a request: counted and answered with the rate-limit headers.
    expect(r.headers.get("x-ratelimit-limit")).toBe("600");
  });

  it("refuses 1,000 aliases of an expensive field without counting an answer", async () => {
    const before = await gql(server.url, `{ viewer { keyId } }`, { key: t.secret });
    const r = await gql(
      server.url,
      `{ ${aliased(1000, 'collectionAnswer(id: "c", query: "q") { answer }')} }`,
      {
        key: t.secret,
      },
    );
    expect(r.status).toBe(400);
    expect(codeOf(r)).toBe("BAD_REQUEST");
    // Counted as one standard request, not in the expensive class.
    expect(r.headers.get("x-ratelimit-limit")).toBe("600");
    expect(remaining(before) - remaining(r)).toBe(1);
  });

  it("refuses selections nested too deep, even in introspection", async () => {
    let q = "name";
    for (let i = 0; i < MAX_SELECTION_DEPTH; i++) q = `fields { type { ${q} } }`;
    const deep = `{ __schema { types { ${q} } } }`;
    const r = await gql(server.url, deep, { key: t.secret });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].message).toContain(`deeper than ${MAX_SELECTION_DEPTH} levels`);
  });

  it("refuses fragments that multiply fields, in bounded time", () => {
    // Each fragment spreads the one below it twice: 2^30 fields if expanded in full.
    const levels = 30;
    const fragments = Array.from(
      { length: levels },
      (_, i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`,
    ).join("\n");
    const doc = parse(`{ ...F0 } ${fragments} fragment F${levels} on Query { viewer { keyId } }`);
    expect(() => checkQueryShape(doc)).toThrow(`more than ${MAX_FIELDS} fields`);
  });

  it("the standard introspection query fits the limits", () => {
    expect(() => checkQueryShape(parse(getIntrospectionQuery({ descriptions: true })))).not.toThrow();
  });

  it("prices the large-response shape (a document's pages and tables, every text) and refuses it repeated", async () => {
    const one = `document(id: "${docId}") { pages { markdown text } tables { markdown csv html rows } }`;
    const before = await gql(server.url, `{ viewer { keyId } }`, { key: t.secret });
    const single = await gql(server.url, `{ ${one} }`, { key: t.secret });
    expect(single.status).toBe(200);
    expect(single.body.data.document.pages).toHaveLength(36);
    // 1 (document) + 1 (pages) + 100 pages x 2 texts x 0.01 + 1 (tables) + 500 tables x 4 texts x 0.01.
    expect(remaining(before) - remaining(single)).toBe(25);
    const repeated = await gql(server.url, `{ ${aliased(21, one)} }`, { key: t.secret });
    expect(repeated.status).toBe(400);
    expect(codeOf(repeated)).toBe("BAD_REQUEST");
    expect(repeated.body.errors[0].message).toContain("costs 525 points");
    expect(repeated.body.errors[0].message).toContain(`at most ${MAX_QUERY_COST}`);
    const many = await gql(server.url, `{ ${aliased(300, one)} }`, { key: t.secret });
    expect(many.status).toBe(400);
    expect(many.body.errors[0].message).toContain("aliases");
  });

  it("charges the rate budget by cost: a document's pages cost what reading them over REST would", async () => {
    // Both requests in one rate window: at a minute's turn the budget starts afresh between them.
    const sameWindow = async () => {
      const first = await gql(server.url, `{ viewer { keyId } }`, { key: t.secret });
      const pages = await gql(
        server.url,
        `query($id: ID!) { document(id: $id) { pages { number markdown } } }`,
        {
          key: t.secret,
          variables: { id: docId },
        },
      );
      return { first, pages };
    };
    let { first, pages } = await sameWindow();
    if (first.headers.get("x-ratelimit-reset") !== pages.headers.get("x-ratelimit-reset"))
      ({ first, pages } = await sameWindow());
    expect(pages.status).toBe(200);
    expect(pages.body.data.document.pages).toHaveLength(36);
    // document 1 + pages 1 + 100 markdown values at 0.01 (the range asked for, `to` left out).
    expect(remaining(first) - remaining(pages)).toBe(1 + 1 + MAX_PAGES_PER_READ / 100);
    const narrow = await gql(
      server.url,
      `query($id: ID!) { document(id: $id) { pages(from: 3, to: 4) { number markdown } } }`,
      { key: t.secret, variables: { id: docId } },
    );
    expect(narrow.body.data.document.pages.map((p: { number: number }) => p.number)).toEqual([3, 4]);
    // 2.02 rounded up.
    expect(remaining(pages) - remaining(narrow)).toBe(3);
    // A list's size comes from its page-size argument, a variable too.
    const listed = await gql(
      server.url,
      `query($n: Int) { documents(first: $n) { edges { node { id pages(from: 1, to: 50) { text } } } } }`,
      { key: t.secret, variables: { n: 40 } },
    );
    expect(listed.status).toBe(200);
    // 1 + 40 x (1 + 50 x 0.01).
    expect(remaining(narrow) - remaining(listed)).toBe(61);
  });

  it("refuses a page range wider than a read allows, naming it", async () => {
    const r = await gql(
      server.url,
      `query($id: ID!) { document(id: $id) { pages(from: 1, to: 101) { number } } }`,
      {
        key: t.secret,
        variables: { id: docId },
      },
    );
    expect(r.body.errors[0].extensions.code).toBe("BAD_REQUEST");
    expect(r.body.errors[0].message).toContain(`${MAX_PAGES_PER_READ} at a time`);
  });

  it("answers a result over the response size limit with an error instead", async () => {
    const small = await startTestServer({ GRAPHQL_MAX_RESPONSE_BYTES: "2000" }, server.database);
    try {
      const q = `query($id: ID!) { document(id: $id) { pages(from: 1, to: 20) { markdown } } }`;
      const r = await gql(small.url, q, { key: t.secret, variables: { id: docId } });
      expect(r.status).toBe(400);
      expect(codeOf(r)).toBe("BAD_REQUEST");
      expect(r.body.errors[0].message).toContain("GRAPHQL_MAX_RESPONSE_BYTES");
      expect(r.headers.get("x-request-id")).toBeTruthy();
      const fits = await gql(small.url, `{ viewer { keyId } }`, { key: t.secret });
      expect(fits.status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it("holds callers without a key to their smaller budget, and introspection needs a key", async () => {
    await resetAnonymousBudget(server);
    const costly = await gql(
      server.url,
      `{ ${aliased(3, `document(id: "${docId}") { pages { markdown text } tables { markdown csv html rows } }`)} }`,
    );
    expect(costly.status).toBe(400);
    expect(costly.body.errors[0].message).toContain("without an API key");
    const intro = await gql(server.url, `{ __schema { queryType { name } } }`);
    expect(intro.status).toBe(401);
    expect(codeOf(intro)).toBe("UNAUTHORIZED");
    const typename = await gql(server.url, `{ __typename }`);
    expect(typename.status).toBe(200);
    expect(typename.body.data).toEqual({ __typename: "Query" });
    const keyed = await gql(server.url, getIntrospectionQuery(), { key: t.secret });
    expect(keyed.status).toBe(200);
    expect(keyed.body.data.__schema.queryType.name).toBe("Query");
  });
});
