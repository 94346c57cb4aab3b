import { createClient, type ExecutionResult } from "graphql-sse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DeleteDocumentDocument,
  DocumentProgressDocument,
  type DocumentProgressSubscription,
  DocumentsDocument,
  DocumentWithContentDocument,
  ReparseDocumentDocument,
  SetDocumentConfigDocument,
  UploadDocumentDocument,
} from "../../operations/generated.ts";
import { upload, waitForTerminal } from "../support/documents.ts";
import { call, gql } from "../support/http.ts";
import { longPdf, reportPdf } from "../support/pdfs.ts";
import { type ServiceProcess, spawnService } from "../support/process.ts";
import { startTestServer, type TestServer, WORKER_SECRET } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

let server: TestServer;
let worker: ServiceProcess;
let t: Tenant;
let queries = 0;

/** The GraphQL multipart request spec: operations, map, then the file part. */
async function gqlUpload(key: string, bytes: Uint8Array, fileName = "g.pdf") {
  const form = new FormData();
  form.append(
    "operations",
    JSON.stringify({ query: String(UploadDocumentDocument), variables: { file: null } }),
  );
  form.append("map", JSON.stringify({ 0: ["variables.file"] }));
  form.append("0", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), fileName);
  return call(server.url, "POST", "/graphql", { key, body: form });
}

beforeAll(async () => {
  // The API here; extraction in a separate worker process, so progress events cross processes.
  server = await startTestServer({ ROLE: "api" }, undefined, { onQuery: () => queries++ });
  worker = await spawnService({
    ROLE: "worker",
    DATABASE_URL: server.database.url,
    BLOB_DIR: server.blobDir,
    WORKER_SECRET,
  });
  t = await createTenant(server.url);
});
afterAll(async () => {
  await worker?.kill();
  await server?.close();
});

describe("documents over GraphQL", () => {
  it("uploads with the multipart request spec (an expensive operation) and reads pages and tables", async () => {
    const up = await gqlUpload(t.secret, await reportPdf(), "report.pdf");
    expect(up.status, up.text).toBe(200);
    expect(up.body.errors, up.text).toBeUndefined();
    expect(up.headers.get("x-ratelimit-limit")).toBe("30");
    const created = up.body.data.uploadDocument;
    expect(created).toMatchObject({ phase: "queued", status: "queued", fileName: "report.pdf" });
    await waitForTerminal(server.url, t.secret, created.id);

    const r = await gql(server.url, String(DocumentWithContentDocument), {
      key: t.secret,
      variables: { id: created.id },
    });
    const doc = r.body.data.document;
    expect(doc).toMatchObject({
      id: created.id,
      phase: "complete",
      status: "done",
      pagesTotal: 1,
      pagesCompleted: 1,
    });
    expect(doc.pages).toHaveLength(1);
    expect(doc.pages[0].markdown).toMatch(/^# Quarterly Report/);
    expect(doc.tables[0].rows[1]).toEqual(["North", "1,200", "4%"]);
    expect(doc.tables[0].csv).toContain('"West, Coast","2,310",12%\r\n');
    // REST and GraphQL show the same content.
    const rest = await call(server.url, "GET", `/v1/documents/${created.id}/pages/1`, { key: t.secret });
    expect(rest.body.content).toBe(doc.pages[0].markdown);
    const byShort = await gql(server.url, String(DocumentWithContentDocument), {
      key: t.secret,
      variables: { id: doc.shortHash, from: 2 },
    });
    expect(byShort.body.data.document.pages).toEqual([]);
  });

  it("reparses, configures and deletes with the same rules as REST", async () => {
    const up = await gqlUpload(t.secret, await reportPdf());
    const id = up.body.data.uploadDocument.id;
    await waitForTerminal(server.url, t.secret, id);
    const bad = await gql(server.url, String(ReparseDocumentDocument), {
      key: t.secret,
      variables: { id, strategy: "magic" },
    });
    expect(bad.body.errors[0].extensions.code).toBe("BAD_REQUEST");
    const re = await gql(server.url, String(ReparseDocumentDocument), {
      key: t.secret,
      variables: { id, capabilities: "page_images" },
    });
    expect(re.body.data.reparseDocument).toMatchObject({
      id,
      phase: "extracting",
      capabilities: ["page_images"],
    });
    await waitForTerminal(server.url, t.secret, id);

    const config = {
      title: "Q3",
      access: {
        defaultEffect: "deny",
        grants: [
          { principal: { type: "owner" }, actions: ["admin"] },
          { principal: { type: "public" }, actions: ["read_content"] },
        ],
      },
    };
    const set = await gql(server.url, String(SetDocumentConfigDocument), {
      key: t.secret,
      variables: { id, config },
    });
    expect(set.body.data.setDocumentConfig.title).toBe("Q3");
    expect(set.body.data.setDocumentConfig.access.grants[1]).toEqual({
      principal: { type: "public", keyId: null },
      actions: ["read_content"],
    });
    // Now readable without a key.
    const anon = await gql(server.url, String(DocumentWithContentDocument), { variables: { id } });
    expect(anon.body.data.document.pages[0].markdown).toContain("Quarterly Report");
    const badConfig = await gql(server.url, String(SetDocumentConfigDocument), {
      key: t.secret,
      variables: {
        id,
        config: {
          access: { defaultEffect: "deny", grants: [{ principal: { type: "public" }, actions: ["admin"] }] },
        },
      },
    });
    expect(badConfig.body.errors[0].extensions.code).toBe("BAD_REQUEST");
    expect(badConfig.body.errors[0].message).toMatch(/may be granted only/);
    // Text PostgreSQL cannot store in jsonb is the client's mistake on this face too, as in REST.
    for (const unstorable of [
      { title: "\ud800" },
      { metadata: { a: "\udc00" } },
      { metadata: { "\udfff": "x" } },
    ]) {
      const r = await gql(server.url, String(SetDocumentConfigDocument), {
        key: t.secret,
        variables: { id, config: unstorable },
      });
      expect(r.body.errors?.[0]?.extensions.code, r.text).toBe("BAD_REQUEST");
    }

    const other = await createTenant(server.url);
    const foreign = await gql(server.url, String(DeleteDocumentDocument), {
      key: other.secret,
      variables: { id },
    });
    expect(foreign.body.errors[0].extensions.code).toBe("FORBIDDEN"); // visible through the public grant, not deletable
    const del = await gql(server.url, String(DeleteDocumentDocument), { key: t.secret, variables: { id } });
    expect(del.body.data.deleteDocument).toEqual({ deleted: true, id });
    const gone = await gql(server.url, String(DocumentWithContentDocument), {
      key: t.secret,
      variables: { id },
    });
    expect(gone.body.errors[0].extensions.code).toBe("NOT_FOUND");
  });

  it("streams phase and page progress raised by a worker in another process to the graphql-sse client", async () => {
    const pages = 40;
    const up = await call(server.url, "POST", "/v1/documents", { key: t.secret, body: new FormData() });
    expect(up.status).toBe(400); // sanity: an upload with no file part is refused
    const created = await upload(server.url, t.secret, await longPdf(pages), { fileName: "long.pdf" });
    expect(created.status, created.text).toBe(202);
    const id = created.body.id as string;

    const client = createClient({
      url: `${server.url}/graphql/stream`,
      singleConnection: true,
      headers: { authorization: `Bearer ${t.secret}` },
      retryAttempts: 0,
    });
    const events: NonNullable<DocumentProgressSubscription["documentProgress"]>[] = [];
    try {
      for await (const r of client.iterate({
        query: String(DocumentProgressDocument),
        variables: { id },
      }) as AsyncIterable<ExecutionResult<DocumentProgressSubscription, unknown>>) {
        expect(r.errors).toBeUndefined();
        if (r.data) events.push(r.data.documentProgress);
      }
    } finally {
      client.dispose();
    }
    // The stream ends by itself at the terminal phase.
    expect(events[events.length - 1]).toEqual({
      id,
      phase: "complete",
      pagesCompleted: pages,
      pagesTotal: pages,
    });
    const progress = events.filter((e) => e.phase === "extracting").map((e) => e.pagesCompleted);
    expect(progress.length).toBeGreaterThan(1);
    for (let i = 1; i < progress.length; i++)
      expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1] as number);
  });

  it("reads a document's pages from the record its parent field read, not the document again", async () => {
    const tenant = await createTenant(server.url, "parent-record");
    const id = "doc-parentrecord0001";
    await server.services.db.prisma.document.create({
      data: {
        id,
        accountId: tenant.accountId,
        shortHash: "prnt01",
        fileName: "parent.pdf",
        sizeBytes: 10n,
        sha256: "0".repeat(64),
        blobKey: "",
        phase: "complete",
        pagesTotal: 2,
        pagesCompleted: 2,
        access: { default_effect: "deny", grants: [] },
        pages: {
          create: [1, 2].map((n) => ({
            generation: 1,
            pageNumber: n,
            markdown: `p${n}`,
            text: `p${n}`,
            width: 1,
            height: 1,
            method: "text",
          })),
        },
      },
    });
    const counted = async (query: string) => {
      // The fewest of three: a key's last use is written at most once a minute, in any of them.
      let fewest = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 3; i++) {
        queries = 0;
        const r = await gql(server.url, query, { key: tenant.secret, variables: { id } });
        expect(r.body.errors, r.text).toBeUndefined();
        fewest = Math.min(fewest, queries);
      }
      return fewest;
    };
    const alone = await counted("query ($id: ID!) { document(id: $id) { id } }");
    const withPages = await counted(
      "query ($id: ID!) { document(id: $id) { id pages { number markdown } } }",
    );
    // The pages' statement and nothing else: the document row is not read a second time.
    expect(withPages - alone).toBe(1);
  });

  it("lists 50 documents with their pages in a fixed number of SQL queries (no N+1)", async () => {
    const tenant = await createTenant(server.url, "n-plus-one");
    const { prisma } = server.services.db;
    for (let i = 0; i < 50; i++) {
      const id = `doc-nplusone${String(i).padStart(8, "0")}`;
      await prisma.document.create({
        data: {
          id,
          accountId: tenant.accountId,
          shortHash: id.slice(4, 10) + String(i),
          fileName: `f${i}.pdf`,
          sizeBytes: 10n,
          sha256: "0".repeat(64),
          blobKey: "",
          phase: "complete",
          pagesTotal: 2,
          pagesCompleted: 2,
          access: { default_effect: "deny", grants: [] },
          pages: {
            create: [1, 2].map((n) => ({
              generation: 1,
              pageNumber: n,
              markdown: `p${n}`,
              text: `p${n}`,
              width: 1,
              height: 1,
              method: "text",
            })),
          },
        },
      });
    }
    queries = 0;
    const r = await gql(server.url, String(DocumentsDocument), {
      key: tenant.secret,
      variables: { first: 50 },
    });
    const edges = r.body.data.documents.edges;
    expect(edges).toHaveLength(50);
    expect(edges.every((e: any) => e.node.pages.length === 2)).toBe(true);
    // One statement for the documents and one for all their pages; N+1 would be 51.
    // At least one: a counter that never fired would make the bound meaningless.
    expect(queries).toBeGreaterThan(0);
    expect(queries).toBeLessThanOrEqual(3);

    const next = await gql(server.url, String(DocumentsDocument), {
      key: tenant.secret,
      variables: { first: 20, after: edges[19].cursor },
    });
    expect(next.body.data.documents.edges[0].node.id).toBe(edges[20].node.id);

    // The same operations, caps and cursors as REST: a page holds at most 100, and so do the
    // tables of one document; paging goes forward only.
    const tooMany = await gql(server.url, "{ documents(first: 101) { edges { cursor } } }", {
      key: tenant.secret,
    });
    expect(tooMany.body.errors[0].extensions.code).toBe("BAD_REQUEST");
    const backwards = await gql(server.url, "{ documents(last: 5) { edges { cursor } } }", {
      key: tenant.secret,
    });
    expect(backwards.body.errors[0].extensions.code).toBe("BAD_REQUEST");
    const tables = await gql(
      server.url,
      `{ document(id: "${edges[0].node.id}") { tables(limit: 501) { index } } }`,
      { key: tenant.secret },
    );
    expect(tables.body.errors[0].extensions.code).toBe("BAD_REQUEST");
    const rest = await call(server.url, "GET", `/v1/documents?limit=20&cursor=${edges[19].cursor}`, {
      key: tenant.secret,
    });
    expect(rest.body.data[0].id).toBe(edges[20].node.id);
  });
});
