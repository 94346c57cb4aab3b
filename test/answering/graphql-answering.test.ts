import ExcelJS from "exceljs";
import { createClient } from "graphql-sse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadAndWait } from "../support/documents.ts";
import { factReportPdf, invoicePdf } from "../support/fact-pdfs.ts";
import { gql } from "../support/http.ts";
import type { TestServer } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";
import { createKey, createTenant, type Tenant } from "../support/tenant.ts";

// The GraphQL twins of collections and answering: the collection lifecycle and exports, chat,
// structured output and the collection answer, queried and streamed over graphql-sse; errors
// carry the same codes as REST.

let server: TestServer;
let t: Tenant;
let other: Tenant;
let report: any;
let invoice: any;
let invoiceFacts: any;

beforeAll(async () => {
  server = await sharedTestServer();
  t = await createTenant(server.url, "gql-answering");
  other = await createTenant(server.url, "gql-answering-other");
  report = await uploadAndWait(server.url, t.secret, (await factReportPdf()).bytes, "report.pdf");
  const i = await invoicePdf();
  invoiceFacts = i.facts;
  invoice = await uploadAndWait(server.url, t.secret, i.bytes, "invoice.pdf");
});
afterAll(async () => {
  await server?.close();
});

const codeOf = (r: any) => r.body.errors?.[0]?.extensions?.code;

describe("collections in GraphQL", () => {
  it("create, rename, members, exports, delete", async () => {
    const created = await gql(
      server.url,
      `mutation($ids: [String!]) { createCollection(name: "g1", description: "d", documentIds: $ids) { id name documentCount visibility } }`,
      { key: t.secret, variables: { ids: [report.id, report.id] } },
    );
    expect(created.body.errors).toBeUndefined();
    expect(created.body.data.createCollection).toMatchObject({
      name: "g1",
      documentCount: 1,
      visibility: "private",
    });
    const id = created.body.data.createCollection.id;

    const dup = await gql(server.url, `mutation { createCollection(name: "g1") { id } }`, { key: t.secret });
    expect(codeOf(dup)).toBe("CONFLICT");

    const added = await gql(
      server.url,
      `mutation($ids: [String!]!) { addCollectionDocuments(id: "g1", documentIds: $ids) { added documentCount } }`,
      { key: t.secret, variables: { ids: [invoice.id, report.id] } },
    );
    expect(added.body.data.addCollectionDocuments).toEqual({ added: 1, documentCount: 2 });

    const renamed = await gql(
      server.url,
      `mutation { updateCollection(id: "g1", name: "g2") { id name description } }`,
      {
        key: t.secret,
      },
    );
    expect(renamed.body.data.updateCollection).toEqual({ id, name: "g2", description: "d" });

    const read = await gql(
      server.url,
      `{ collection(id: "g2") { id documentCount documents(first: 1) { edges { node { id } } pageInfo { hasNextPage endCursor } } markdown tablesCsv tablesXlsxBase64 } collections { edges { node { name } } pageInfo { hasNextPage } } }`,
      { key: t.secret },
    );
    expect(read.body.errors).toBeUndefined();
    const c = read.body.data.collection;
    expect(c.documentCount).toBe(2);
    expect(c.documents.edges).toHaveLength(1);
    expect(c.documents.pageInfo).toMatchObject({ hasNextPage: true, endCursor: expect.any(String) });
    // The next page, after that cursor, holds the other document.
    const rest = await gql(
      server.url,
      `{ collection(id: "g2") { documents(first: 5, after: "${c.documents.pageInfo.endCursor}") { edges { node { id } } pageInfo { hasNextPage } } } }`,
      { key: t.secret },
    );
    expect(rest.body.data.collection.documents.edges).toHaveLength(1);
    expect(rest.body.data.collection.documents.edges[0].node.id).not.toBe(c.documents.edges[0].node.id);
    expect(rest.body.data.collection.documents.pageInfo.hasNextPage).toBe(false);
    expect(c.markdown).toContain("# report.pdf");
    expect(c.markdown).toContain("Headcount at the end of 2025 was 1,240 employees.");
    expect(c.tablesCsv.split("\r\n")[0]).toMatch(/^document_id,file_name,page,table_index,row,c1/);
    expect(c.tablesCsv).toContain(`${report.id},report.pdf,2,`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(c.tablesXlsxBase64, "base64") as never);
    expect(book.getWorksheet("Tables")?.rowCount).toBe(c.tablesCsv.trim().split("\r\n").length);
    expect(read.body.data.collections.edges.map((x: any) => x.node.name)).toEqual(["g2"]);
    // Exports are whole files: one collection at a time, not once per item of a list.
    const listed = await gql(server.url, "{ collections { edges { node { tablesCsv } } } }", {
      key: t.secret,
    });
    expect(codeOf(listed)).toBe("BAD_REQUEST");

    const removed = await gql(
      server.url,
      `mutation($ids: [String!]!) { removeCollectionDocuments(id: "g2", documentIds: $ids) { removed documentCount } }`,
      { key: t.secret, variables: { ids: [invoice.id] } },
    );
    expect(removed.body.data.removeCollectionDocuments).toEqual({ removed: 1, documentCount: 1 });

    // Another account sees nothing; a publishable key is refused; no key is 401.
    expect(codeOf(await gql(server.url, `{ collection(id: "${id}") { id } }`, { key: other.secret }))).toBe(
      "NOT_FOUND",
    );
    const pk = (await createKey(server.url, t, "publishable")).secret;
    expect(codeOf(await gql(server.url, `{ collection(id: "${id}") { id } }`, { key: pk }))).toBe(
      "FORBIDDEN",
    );
    const anon = await gql(server.url, `{ collections { pageInfo { hasNextPage } } }`);
    expect(codeOf(anon)).toBe("UNAUTHORIZED");

    const deleted = await gql(server.url, `mutation { deleteCollection(id: "g2") { deleted id } }`, {
      key: t.secret,
    });
    expect(deleted.body.data.deleteCollection).toEqual({ deleted: true, id });
  });
});

describe("answering in GraphQL", () => {
  beforeAll(async () => {
    const r = await gql(
      server.url,
      `mutation($ids: [String!]) { createCollection(name: "asked", documentIds: $ids) { id } }`,
      { key: t.secret, variables: { ids: [report.id, invoice.id] } },
    );
    expect(r.body.errors).toBeUndefined();
  });

  it("chatCompletion answers with citations, counted as expensive", async () => {
    const r = await gql(
      server.url,
      `query($id: ID!, $m: [ChatMessageInput!]!) { chatCompletion(documentId: $id, messages: $m) { content finishReason citations { index page quote documentId } } }`,
      {
        key: t.secret,
        variables: { id: report.id, m: [{ role: "user", content: "What was the staff turnover?" }] },
      },
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.headers.get("x-ratelimit-limit")).toBe("30");
    const a = r.body.data.chatCompletion;
    expect(a.content).toContain("9.5%");
    expect(a.citations.find((c: any) => c.quote.includes("9.5%"))?.page).toBe(3);
    const bad = await gql(
      server.url,
      `query($id: ID!) { chatCompletion(documentId: $id, messages: [], model: "nope") { content } }`,
      { key: t.secret, variables: { id: report.id } },
    );
    expect(codeOf(bad)).toBe("BAD_REQUEST");
    const hidden = await gql(
      server.url,
      `query($id: ID!) { chatCompletion(documentId: $id, messages: [{role: user, content: "x"}]) { content } }`,
      { key: other.secret, variables: { id: report.id } },
    );
    expect(codeOf(hidden)).toBe("NOT_FOUND");
  });

  it("counts an expensive field reached through fragments as expensive, and refuses two in one operation", async () => {
    const vars = { id: report.id, m: [{ role: "user", content: "turnover" }] };
    const inline = await gql(
      server.url,
      `query($id: ID!, $m: [ChatMessageInput!]!) { ... on Query { chatCompletion(documentId: $id, messages: $m) { content } } }`,
      { key: t.secret, variables: vars },
    );
    expect(inline.body.errors).toBeUndefined();
    expect(inline.headers.get("x-ratelimit-limit")).toBe("30");
    const named = await gql(
      server.url,
      `query($id: ID!, $m: [ChatMessageInput!]!) { ...Ask } fragment Ask on Query { chatCompletion(documentId: $id, messages: $m) { content } }`,
      { key: t.secret, variables: vars },
    );
    expect(named.body.errors).toBeUndefined();
    expect(named.headers.get("x-ratelimit-limit")).toBe("30");
    const aliased = await gql(
      server.url,
      `query($id: ID!, $m: [ChatMessageInput!]!) { a: chatCompletion(documentId: $id, messages: $m) { content } ... on Query { b: chatCompletion(documentId: $id, messages: $m) { content } } }`,
      { key: t.secret, variables: vars },
    );
    expect(codeOf(aliased)).toBe("BAD_REQUEST");
    expect(aliased.body.data ?? null).toBeNull();
  });

  it("counts publicChatCompletion as expensive, and refuses two in one operation (aliases)", async () => {
    const one = await gql(
      server.url,
      `{ publicChatCompletion(source: "qqqqqq", messages: [{role: user, content: "x"}]) { content } }`,
    );
    expect(codeOf(one), JSON.stringify(one.body)).toBe("NOT_FOUND");
    expect(one.headers.get("x-ratelimit-limit")).toBe("5");
    const aliased = await gql(
      server.url,
      `{ a: publicChatCompletion(source: "s", messages: [{role: user, content: "x"}]) { content } b: publicChatCompletion(source: "s", messages: [{role: user, content: "x"}]) { content } }`,
    );
    expect(codeOf(aliased)).toBe("BAD_REQUEST");
    expect(aliased.body.errors[0].message).toMatch(/one expensive field/);
  });

  it("structuredOutput fills the schema with sources", async () => {
    const r = await gql(
      server.url,
      `query($id: ID!, $s: JSON!) { structuredOutput(documentId: $id, prompt: "invoice", schema: $s) { data valid sources { path page } missing { path reason } } }`,
      {
        key: t.secret,
        variables: {
          id: invoice.id,
          s: {
            type: "object",
            properties: { invoice_number: { type: "string" }, total: { type: "number" } },
          },
        },
      },
    );
    expect(r.body.errors).toBeUndefined();
    const o = r.body.data.structuredOutput;
    expect(o.valid).toBe(true);
    expect(o.data).toEqual({ invoice_number: invoiceFacts.invoice_number, total: invoiceFacts.total });
    expect(o.sources.find((s: any) => s.path === "/total").page).toBe(1);
    const invalid = await gql(
      server.url,
      `query($id: ID!) { structuredOutput(documentId: $id, prompt: "x", schema: {type: "nonsense"}) { valid } }`,
      { key: t.secret, variables: { id: invoice.id } },
    );
    expect(codeOf(invalid)).toBe("BAD_REQUEST");
  });

  it("collectionAnswer as a query and as a subscription streaming pieces over graphql-sse", async () => {
    const q = await gql(
      server.url,
      `{ collectionAnswer(id: "asked", query: "headcount at the end of 2025") { answer sources { documentId fileName page } } }`,
      { key: t.secret },
    );
    expect(q.body.errors).toBeUndefined();
    expect(q.body.data.collectionAnswer.answer).toContain("1,240");
    expect(q.body.data.collectionAnswer.sources).toContainEqual({
      documentId: report.id,
      fileName: "report.pdf",
      page: 3,
    });

    const client = createClient({
      url: `${server.url}/graphql/stream`,
      singleConnection: true,
      headers: { authorization: `Bearer ${t.secret}` },
      retryAttempts: 0,
    });
    const events: any[] = [];
    try {
      for await (const r of client.iterate({
        query: `subscription { collectionAnswer(id: "asked", query: "headcount at the end of 2025") { kind delta answer sources { page } } }`,
      })) {
        expect(r.errors).toBeUndefined();
        events.push((r.data as any).collectionAnswer);
      }
    } finally {
      client.dispose();
    }
    const kinds = events.map((e) => e.kind);
    expect(kinds.at(-1)).toBe("done");
    expect(kinds.at(-2)).toBe("sources");
    expect(kinds.filter((k) => k === "answer").length).toBeGreaterThan(0);
    const text = events
      .filter((e) => e.kind === "answer")
      .map((e) => e.delta)
      .join("");
    expect(text).toBe(events.at(-1).answer);
    expect(q.body.data.collectionAnswer.answer).toBe(text);
  });
});
