import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledOperations } from "../../src/schema/server/graphql-compiled.ts";
import { knownOperationAnswers } from "../../src/schema/server/graphql-known-operation.ts";
import { uploadAndWait } from "../support/documents.ts";
import { call, gql, type Reply } from "../support/http.ts";
import { reportPdf } from "../support/pdfs.ts";
import { resetRateBudgets, startTestServer, type TestServer } from "../support/server.ts";
import { createKey, createTenant, type Tenant } from "../support/tenant.ts";

// A document sent a second time runs as a compiled function (src/schema/server/graphql-compiled.ts); the
// first time it runs on graphql's executor; from the third time on, the compiled text skips
// yoga's pipeline (src/schema/server/graphql-known-operation.ts). Each query here is sent four times: the
// answers must be the same, whatever runs them, successes, field errors and request errors alike.

let server: TestServer;
let t: Tenant;
let other: Tenant;
let documentId: string;

beforeAll(async () => {
  server = await startTestServer();
  t = await createTenant(server.url);
  other = await createTenant(server.url, "other");
  await createKey(server.url, t, "publishable", "pk");
  const done = await uploadAndWait(server.url, t.secret, await reportPdf(), "report.pdf");
  expect(done.phase).toBe("complete");
  documentId = done.id;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** Headers whose values differ from one request to the next. */
const varying = new Set([
  "date",
  "x-request-id",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "retry-after",
]);

/** What must not differ between runs: the status, the headers sent, the errors and the data. */
function answerOf(r: Reply) {
  const headers = [...r.headers].filter(([k]) => !varying.has(k)).sort();
  const sent = [...r.headers.keys()].sort();
  return { status: r.status, body: r.body, headers, sent };
}

async function sameEachTime(query: string, variables: Record<string, unknown> = {}, key = t.secret) {
  const before = compiledOperations();
  const knownBefore = knownOperationAnswers();
  const first = await gql(server.url, query, { key, variables });
  for (let i = 0; i < 3; i++)
    expect(answerOf(await gql(server.url, query, { key, variables }))).toEqual(answerOf(first));
  return {
    answer: first,
    compiled: compiledOperations() - before,
    known: knownOperationAnswers() - knownBefore,
  };
}

describe("compiled GraphQL operations", () => {
  it("answer lists, nested objects, scalars and aliases as the executor does", async () => {
    const { answer, compiled, known } = await sameEachTime(
      `query Keys { apiKeys { id name kind prefix createdAt lastUsedAt } me: viewer { keyKind account { id name } } }`,
    );
    expect(compiled).toBe(1);
    expect(known).toBe(2);
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.apiKeys).toHaveLength(2);
    expect(answer.body.data.me.keyKind).toBe("secret");
  });

  it("answer a document's pages, tables and elements with variables, fragments and @include/@skip", async () => {
    const query = `
      query Doc($id: ID!, $withText: Boolean!, $skipTables: Boolean!) {
        document(id: $id) {
          ...Head
          pages(from: 1, to: 2) { number markdown @include(if: $withText) elements { type text bbox } }
          tables(limit: 2) @skip(if: $skipTables) { index page rows bbox }
        }
      }
      fragment Head on Document { id fileName phase pagesTotal createdAt sizeBytes }`;
    for (const vars of [
      { withText: true, skipTables: false },
      { withText: false, skipTables: true },
    ]) {
      const { answer, known } = await sameEachTime(query, { id: documentId, ...vars });
      expect(known).toBeGreaterThanOrEqual(2);
      expect(answer.body.errors).toBeUndefined();
      const doc = answer.body.data.document;
      expect(doc.id).toBe(documentId);
      expect(doc.pages[0].number).toBe(1);
      expect("markdown" in doc.pages[0]).toBe(vars.withText);
      expect("tables" in doc).toBe(!vars.skipTables);
    }
  });

  it("answer field errors with their code and path, beside the fields that succeeded", async () => {
    const { answer, compiled, known } = await sameEachTime(
      `query Missing { viewer { keyKind } document(id: "doc_0123456789abcdef") { id } }`,
    );
    expect(compiled).toBe(1);
    expect(known).toBe(2);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors[0]).toMatchObject({ path: ["document"], extensions: { code: "NOT_FOUND" } });
    // Another account's document is not found either.
    const { answer: foreign } = await sameEachTime(
      `query Foreign($id: ID!) { document(id: $id) { id } }`,
      { id: documentId },
      other.secret,
    );
    expect(foreign.body.errors[0].extensions.code).toBe("NOT_FOUND");
  });

  it("refuse bad variables and a publishable key's reach as the executor does", async () => {
    const { answer } = await sameEachTime(
      `query Bad($n: Int) { documents(first: $n) { edges { cursor } } }`,
      {
        n: "ten",
      },
    );
    expect(answer.body.errors[0].extensions.code).toBe("BAD_REQUEST");
    expect(answer.body.errors[0].message).toContain("$n");
    const { answer: limited } = await sameEachTime(
      `query Big($n: Int) { documents(first: $n) { edges { cursor } } }`,
      {
        n: 100_000,
      },
    );
    expect(limited.body.errors[0].extensions.code).toBe("BAD_REQUEST");
    const pk = await createKey(server.url, t, "publishable", "reader");
    const { answer: refused } = await sameEachTime(`{ apiKeys { id } }`, {}, pk.secret);
    expect(refused.body.errors[0].extensions.code).toBe("FORBIDDEN");
  });

  it("run a variable inside a JSON argument, which the compiler does not take, on the executor", async () => {
    await resetRateBudgets(server);
    const before = compiledOperations();
    const query = `query Out($id: ID!, $t: String) { structuredOutput(documentId: $id, prompt: "x", schema: {type: $t}) { valid } }`;
    const { answer, known } = await sameEachTime(query, { id: documentId, t: "nonsense" });
    expect(answer.body.errors[0].extensions.code).toBe("BAD_REQUEST");
    expect(compiledOperations()).toBe(before);
    expect(known).toBe(0);
  });

  it("keep written strings as data: quotes, backticks and template marks in arguments", async () => {
    // In GraphQL: \" is a quote, \u0060 a backtick; ${ and ' are written as they are.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the template mark is the point.
    const hostile = 'x\\"); globalThis.pwned = 1; (\\" \\u0060 ${globalThis.pwned = 2} \\u0060 \' \\\\';
    const { answer, compiled } = await sameEachTime(
      `query Hostile { a: collection(id: "${hostile}") { id } b: deployment(namespace: "${hostile}") { namespace } }`,
    );
    expect(compiled).toBe(1);
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors[0].extensions.code).toBe("NOT_FOUND");
    expect((globalThis as { pwned?: unknown }).pwned).toBeUndefined();
  });

  it("count and authenticate a known text each time: no key, a wrong key, a revoked key, an exhausted budget", async () => {
    const query = `query Who { viewer { keyKind account { id } } }`;
    const known = knownOperationAnswers();
    const ok = await gql(server.url, query, { key: t.secret });
    await gql(server.url, query, { key: t.secret });
    expect(ok.status).toBe(200);
    // Each refusal is first answered on the executor's path (another text) and must read the same
    // on the known text's path.
    const reference = `query Who2 { viewer { keyKind account { id } } }`;
    const key = await createKey(server.url, t, "secret", "short-lived");
    for (const creds of [{ key: "sk_live_wrong" }, { headers: { authorization: "Bearer nonsense" } }, {}]) {
      const expected = answerOf(await gql(server.url, reference, creds));
      const got = answerOf(await gql(server.url, query, creds));
      expect(got.status).toBe(expected.status);
      expect(got.body).toEqual(expected.body);
      expect(got.headers).toEqual(expected.headers);
    }
    expect((await gql(server.url, query, { key: key.secret })).status).toBe(200);
    expect((await gql(server.url, reference, {})).body.errors[0].extensions.code).toBe("UNAUTHORIZED");
    // A key revoked between two sendings of the text is refused by the next one.
    const revoked = await call(server.url, "DELETE", `/v1/keys/${key.id}`, { key: t.secret });
    expect(revoked.status).toBeLessThan(300);
    const after = await gql(server.url, query, { key: key.secret });
    expect(after.status).toBe(401);
    expect(after.body.errors[0].extensions.code).toBe("UNAUTHORIZED");
    // Another account's key reads its own account through the same text.
    const theirs = await gql(server.url, query, { key: other.secret });
    expect(theirs.body.data.viewer.account.id).toBe(other.accountId);
    expect(knownOperationAnswers() - known).toBeGreaterThanOrEqual(5);
    // The budget is counted on this path too: spent, the text is answered 429 with Retry-After.
    await resetRateBudgets(server);
    let last: Reply | undefined;
    for (let i = 0; i < 700 && last?.status !== 429; i++)
      last = await gql(server.url, query, { key: t.secret });
    expect(last?.status).toBe(429);
    expect(last?.headers.get("retry-after")).toBeTruthy();
    expect(last?.body.errors[0].extensions.code).toBe("RATE_LIMITED");
    await resetRateBudgets(server);
  });

  it("answer an empty operation name as the executor does, once the text is known", async () => {
    const query = `{ viewer { keyKind } }`;
    for (let i = 0; i < 3; i++) expect((await gql(server.url, query, { key: t.secret })).status).toBe(200);
    const named = (operationName: string) =>
      call(server.url, "POST", "/graphql", { key: t.secret, json: { query, operationName } });
    const reference = await call(server.url, "POST", "/graphql", {
      key: t.secret,
      json: { query: `{ viewer { keyKind account { id } } }`, operationName: "" },
    });
    const empty = await named("");
    expect(empty.status).toBe(reference.status);
    expect(empty.body.data?.viewer).toBeUndefined();
    expect(empty.body.errors?.[0]?.extensions?.code).toBe(reference.body.errors?.[0]?.extensions?.code);
  });

  it("compile a document only when it comes again", async () => {
    const before = compiledOperations();
    const once = await gql(server.url, `query Once${Date.now()} { viewer { keyKind } }`, { key: t.secret });
    expect(once.status).toBe(200);
    expect(compiledOperations()).toBe(before);
  });
});
