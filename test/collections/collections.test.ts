import ExcelJS from "exceljs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { uploadAndWait } from "../support/documents.ts";
import { call } from "../support/http.ts";
import { expectReplyMatchesOpenApi, type OpenApiDocument } from "../support/openapi.ts";
import { reportPdf, textPdf } from "../support/pdfs.ts";
import { type Endpoint, expectSecured, type Keys, securityFixture } from "../support/security.ts";
import { resetAnonymousBudget, type TestServer } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";

// Collections over real HTTP: create (ids given twice or present skipped), names in place of ids
// and unique per account, rename, members add/remove/list, delete leaving documents in place,
// streamed exports (markdown, CSV, XLSX read back with exceljs), limits, and the credential cases.

let server: TestServer;
let keys: Keys;
let report: any;
let letter: any;
let otherDoc: any;
let api: OpenApiDocument;

beforeAll(async () => {
  server = await sharedTestServer();
  keys = await securityFixture(server.url);
  api = (await call(server.url, "GET", "/openapi.json")).body;
  report = await uploadAndWait(server.url, keys.owner.secret, await reportPdf(), "report.pdf");
  letter = await uploadAndWait(
    server.url,
    keys.owner.secret,
    await textPdf([["Dear reader,", "the harvest was early this year."], ["Second page of the letter."]]),
    "letter, final.pdf",
  );
  otherDoc = await uploadAndWait(server.url, keys.other.secret, await textPdf([["Not yours."]]), "other.pdf");
});
afterAll(async () => {
  await server?.close();
});

// The security cases send dozens of requests without a valid key from 127.0.0.1, which share the
// address's budget (60 a minute): each test starts with it unspent, so a 429 never stands in for
// the answer under test.
beforeEach(async () => {
  await resetAnonymousBudget(server);
});

const owner = () => keys.owner.secret;

async function create(body: unknown, key = owner()) {
  return call(server.url, "POST", "/v1/collections", { key, json: body });
}

describe("collections", () => {
  it("creates with 201, skipping ids given twice, and reads back by id and by name", async () => {
    const r = await create({
      name: "Q3 filings",
      description: "Everything for the third quarter",
      document_ids: [report.id, report.id, letter.shortHash],
    });
    expect(r.status, r.text).toBe(201);
    expect(r.headers.get("location")).toBe(`/v1/collections/${r.body.id}`);
    expect(r.body).toMatchObject({
      name: "Q3 filings",
      description: "Everything for the third quarter",
      visibility: "private",
      document_count: 2,
    });
    expect(r.body.id).toMatch(/^col-[a-z0-9]{16}$/);
    expect(new Date(r.body.created_at).toISOString()).toBe(r.body.created_at);
    expectReplyMatchesOpenApi(api, "post", "/v1/collections", r);

    const byName = await call(server.url, "GET", `/v1/collections/${encodeURIComponent("Q3 filings")}`, {
      key: owner(),
    });
    expect(byName.status, byName.text).toBe(200);
    expect(byName.body.id).toBe(r.body.id);
    expectReplyMatchesOpenApi(api, "get", "/v1/collections/{id}", byName);

    const again = await create({ name: "Q3 filings" });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("CONFLICT");
    // Another account may use the same name.
    const theirs = await create({ name: "Q3 filings" }, keys.other.secret);
    expect(theirs.status, theirs.text).toBe(201);
  });

  it("refuses bad names, unknown documents and another account's documents, creating nothing", async () => {
    for (const name of ["", "   ", "x".repeat(101), "col-abcdefghijklmnop", "tab\there"]) {
      const r = await create({ name });
      expect(r.status, name).toBe(400);
      expect(r.body.error.code).toBe("BAD_REQUEST");
    }
    const unknown = await create({ name: "ghosts", document_ids: [report.id, "doc-0000000000000000"] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toContain("doc-0000000000000000");
    const foreign = await create({ name: "ghosts", document_ids: [otherDoc.id] });
    expect(foreign.status).toBe(404);
    const malformed = await create({ name: "ghosts", document_ids: ["../etc"] });
    expect(malformed.status).toBe(400);
    expect((await call(server.url, "GET", "/v1/collections/ghosts", { key: owner() })).status).toBe(404);
    const extra = await create({ name: "ghosts", colour: "red" });
    expect(extra.status).toBe(400);
  });

  it("lists newest first with a cursor", async () => {
    for (const n of ["page-a", "page-b", "page-c"]) expect((await create({ name: n })).status).toBe(201);
    const first = await call(server.url, "GET", "/v1/collections?limit=2", { key: owner() });
    expect(first.status).toBe(200);
    expectReplyMatchesOpenApi(api, "get", "/v1/collections", first);
    expect(first.body.data.map((c: any) => c.name)).toEqual(["page-c", "page-b"]);
    const seen = [...first.body.data];
    let cursor = first.body.next_cursor;
    while (cursor) {
      const next = await call(server.url, "GET", `/v1/collections?limit=2&cursor=${cursor}`, {
        key: owner(),
      });
      expect(next.status).toBe(200);
      seen.push(...next.body.data);
      cursor = next.body.next_cursor;
    }
    const names = seen.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(["page-a", "page-b", "page-c", "Q3 filings"]));
    expect(names).not.toContain("other"); // only this account's
    const bad = await call(server.url, "GET", "/v1/collections?cursor=nonsense", { key: owner() });
    expect(bad.status).toBe(400);
  });

  it("renames and redescribes; the old name stops resolving; a taken name is 409", async () => {
    const c = (await create({ name: "draft", description: "d" })).body;
    const r = await call(server.url, "PATCH", "/v1/collections/draft", {
      key: owner(),
      json: { name: "final" },
    });
    expect(r.status, r.text).toBe(200);
    expectReplyMatchesOpenApi(api, "patch", "/v1/collections/{id}", r);
    expect(r.body).toMatchObject({ id: c.id, name: "final", description: "d" });
    expect((await call(server.url, "GET", "/v1/collections/draft", { key: owner() })).status).toBe(404);
    const cleared = await call(server.url, "PATCH", `/v1/collections/${c.id}`, {
      key: owner(),
      json: { description: null },
    });
    expect(cleared.body.description).toBeNull();
    const taken = await call(server.url, "PATCH", "/v1/collections/final", {
      key: owner(),
      json: { name: "page-a" },
    });
    expect(taken.status).toBe(409);
    const empty = await call(server.url, "PATCH", "/v1/collections/final", { key: owner(), json: {} });
    expect(empty.status).toBe(400);
  });

  it("adds and removes documents by id, short hash or collection name; documents stay", async () => {
    const c = (await create({ name: "members" })).body;
    const add = await call(server.url, "POST", "/v1/collections/members/documents", {
      key: owner(),
      json: { document_ids: [report.id, letter.id] },
    });
    expect(add.status, add.text).toBe(200);
    expectReplyMatchesOpenApi(api, "post", "/v1/collections/{id}/documents", add);
    expect(add.body).toEqual({ ok: true, added: 2, document_count: 2 });
    const again = await call(server.url, "POST", `/v1/collections/${c.id}/documents`, {
      key: owner(),
      json: { document_ids: [report.shortHash] },
    });
    expect(again.body).toEqual({ ok: true, added: 0, document_count: 2 });

    const members = await call(server.url, "GET", "/v1/collections/members/documents?limit=1", {
      key: owner(),
    });
    expect(members.status).toBe(200);
    expectReplyMatchesOpenApi(api, "get", "/v1/collections/{id}/documents", members);
    expect(members.body.data).toHaveLength(1);
    expect(members.body.next_cursor).toBeTruthy();

    const foreign = await call(server.url, "POST", "/v1/collections/members/documents", {
      key: owner(),
      json: { document_ids: [otherDoc.id] },
    });
    expect(foreign.status).toBe(404);

    const removed = await call(server.url, "DELETE", "/v1/collections/members/documents", {
      key: owner(),
      json: { document_ids: [report.id, report.id, otherDoc.id] },
    });
    expect(removed.status, removed.text).toBe(200);
    expectReplyMatchesOpenApi(api, "delete", "/v1/collections/{id}/documents", removed);
    expect(removed.body).toEqual({ ok: true, removed: 1, document_count: 1 });
    const none = await call(server.url, "DELETE", "/v1/collections/members/documents", {
      key: owner(),
      json: { document_ids: [] },
    });
    expect(none.status).toBe(400);
    // The document is still there.
    expect((await call(server.url, "GET", `/v1/documents/${report.id}`, { key: owner() })).status).toBe(200);
  });

  it("deletes a collection, leaving its documents; deleting a document drops its membership", async () => {
    const c = (await create({ name: "short-lived", document_ids: [report.id] })).body;
    const d = await call(server.url, "DELETE", "/v1/collections/short-lived", { key: owner() });
    expect(d.status).toBe(200);
    expectReplyMatchesOpenApi(api, "delete", "/v1/collections/{id}", d);
    expect(d.body).toEqual({ deleted: true, id: c.id });
    expect((await call(server.url, "GET", `/v1/collections/${c.id}`, { key: owner() })).status).toBe(404);
    expect((await call(server.url, "GET", `/v1/documents/${report.id}`, { key: owner() })).status).toBe(200);

    const temp = await uploadAndWait(server.url, owner(), await textPdf([["temporary"]]), "temp.pdf");
    await create({ name: "with-temp", document_ids: [temp.id, letter.id] });
    expect((await call(server.url, "DELETE", `/v1/documents/${temp.id}`, { key: owner() })).status).toBe(200);
    const after = await call(server.url, "GET", "/v1/collections/with-temp", { key: owner() });
    expect(after.body.document_count).toBe(1);
  });
});

describe("collection exports", () => {
  beforeAll(async () => {
    expect((await create({ name: "export-me", document_ids: [report.id, letter.id] })).status).toBe(201);
  });

  it("full.md holds every document under its file name with page markers", async () => {
    const r = await call(server.url, "GET", "/v1/collections/export-me/full.md", { key: owner() });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("text/markdown");
    expect(r.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
    expectReplyMatchesOpenApi(api, "get", "/v1/collections/{id}/full.md", r);
    expect(r.text).toContain("# report.pdf");
    expect(r.text).toContain(`<!-- document ${report.id} -->`);
    expect(r.text).toContain("# letter, final.pdf");
    expect(r.text).toContain("the harvest was early this year.");
    expect(r.text).toContain("<!-- page 2 -->\n\nSecond page of the letter.");
    expect(r.text).toContain("| Region | Revenue | Growth |");
  });

  it("tables.csv has one record per table row with document and page columns", async () => {
    const r = await call(server.url, "GET", "/v1/collections/export-me/tables.csv", { key: owner() });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("text/csv");
    expectReplyMatchesOpenApi(api, "get", "/v1/collections/{id}/tables.csv", r);
    const lines = r.text.split("\r\n");
    expect(lines[0]).toBe("document_id,file_name,page,table_index,row,c1,c2,c3");
    expect(lines[1]).toBe(`${report.id},report.pdf,1,0,0,Region,Revenue,Growth`);
    expect(lines).toContain(`${report.id},report.pdf,1,0,3,"West, Coast","2,310",12%`);
    expect(lines.at(-1)).toBe("");
    expect(lines).toHaveLength(1 + 4 + 1);
  });

  it("tables.xlsx reads back with the same rows", async () => {
    const res = await fetch(`${server.url}/v1/collections/export-me/tables.xlsx`, {
      headers: { authorization: `Bearer ${owner()}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = book.getWorksheet("Tables");
    expect(sheet).toBeDefined();
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(["document_id", "file_name", "page", "table_index", "row", "c1", "c2", "c3"]);
    expect(rows[4]).toEqual([report.id, "report.pdf", 1, 0, 3, "West, Coast", "2,310", "12%"]);
    expect(rows).toHaveLength(5);
  });

  it("an empty collection exports a header only", async () => {
    await create({ name: "empty" });
    const csv = await call(server.url, "GET", "/v1/collections/empty/tables.csv", { key: owner() });
    expect(csv.text).toBe("document_id,file_name,page,table_index,row\r\n");
    const md = await call(server.url, "GET", "/v1/collections/empty/full.md", { key: owner() });
    expect(md.status).toBe(200);
    expect(md.text.trim()).toBe("");
  });
});

describe("collection security", () => {
  const endpoints: Endpoint[] = [
    { method: "POST", path: () => "/v1/collections", json: { name: "sec" }, needs: "secret" },
    { method: "GET", path: () => "/v1/collections", needs: "secret" },
    ...["", "/documents", "/full.md", "/tables.csv", "/tables.xlsx"].map(
      (suffix): Endpoint => ({
        method: "GET",
        path: () => `/v1/collections/secured${suffix}`,
        needs: "secret",
        ownedResource: true,
      }),
    ),
    {
      method: "PATCH",
      path: () => "/v1/collections/secured",
      json: { description: "x" },
      needs: "secret",
      ownedResource: true,
    },
    { method: "DELETE", path: () => "/v1/collections/secured", needs: "secret", ownedResource: true },
    {
      method: "POST",
      path: () => "/v1/collections/secured/documents",
      json: { document_ids: ["doc-0000000000000000"] },
      needs: "secret",
      ownedResource: true,
    },
    {
      method: "DELETE",
      path: () => "/v1/collections/secured/documents",
      json: { document_ids: ["doc-0000000000000000"] },
      needs: "secret",
      ownedResource: true,
    },
  ];

  beforeAll(async () => {
    expect((await create({ name: "secured", document_ids: [report.id] })).status).toBe(201);
  });

  for (const ep of endpoints) {
    it(`${ep.method} ${ep.path(undefined as never)} is secured`, async () => {
      await expectSecured(server.url, keys, ep);
    });
  }

  it("another account's collection id is 404 and its documents cannot be added", async () => {
    const mine = await call(server.url, "GET", "/v1/collections/secured", { key: owner() });
    const r = await call(server.url, "GET", `/v1/collections/${mine.body.id}`, { key: keys.other.secret });
    expect(r.status).toBe(404);
    const patch = await call(server.url, "PATCH", `/v1/collections/${mine.body.id}`, {
      key: keys.other.secret,
      json: { name: "stolen" },
    });
    expect(patch.status).toBe(404);
    expect((await call(server.url, "GET", "/v1/collections/secured", { key: owner() })).body.name).toBe(
      "secured",
    );
  });
});
