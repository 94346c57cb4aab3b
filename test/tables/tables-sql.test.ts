import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSandboxed } from "../../src/core/sql/run-sandboxed.ts";
import { uploadAndWait } from "../support/documents.ts";
import { call, gql } from "../support/http.ts";
import { reportPdf } from "../support/pdfs.ts";
import { expectError, expectSecured, type Keys, securityFixture } from "../support/security.ts";
import { resetAnonymousBudget, startTestServer, type TestServer } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// Typed tables and SQL through the real server: a table made as a real PostgreSQL table, written
// and read by table_sql, listed, exported and emptied; doc_sql over a parsed PDF; every route's
// security cases.

const invoiceColumns = [
  { name: "vendor", type: "text", nullable: false, description: "Who sent the invoice" },
  { name: "total", type: "numeric" },
  { name: "items", type: "integer" },
  { name: "paid", type: "boolean" },
  { name: "issued", type: "date" },
  { name: "seen_at", type: "timestamp" },
  { name: "extra", type: "json" },
];

describe("typed tables and SQL", () => {
  let server: TestServer;
  let t: Tenant;
  let keys: Keys;
  let docId: string;
  beforeAll(async () => {
    server = await startTestServer();
    t = await createTenant(server.url, "tables");
    keys = await securityFixture(server.url);
    docId = (await uploadAndWait(server.url, t.secret, await reportPdf(), "report.pdf")).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (path: string, json: unknown, key = t.secret) => call(server.url, "POST", path, { key, json });
  const sql = (tableId: string, query: string, params?: unknown[]) =>
    post(`/v1/tables/${tableId}/sql`, params ? { query, params } : { query });

  it("makes a typed table as a real PostgreSQL table and refuses bad declarations", async () => {
    const r = await post("/v1/tables", {
      name: "invoices",
      description: "One row per invoice",
      columns: invoiceColumns,
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body.id).toMatch(/^tbl_[a-z0-9]{16}$/);
    expect(r.headers.get("location")).toBe(`/v1/tables/${r.body.id}`);
    expect(r.body.columns.map((c: { name: string }) => c.name)).toEqual(invoiceColumns.map((c) => c.name));
    expect(r.body.columns[1]).toEqual({ name: "total", type: "numeric", nullable: true, description: "" });
    const { rows } = await server.services.db.pool.query(
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'invoices' ORDER BY ordinal_position`,
      [`qt_${t.accountId}`],
    );
    expect(rows.map((c) => `${c.column_name}:${c.data_type}`)).toEqual([
      "row_id:bigint",
      "vendor:text",
      "total:numeric",
      "items:bigint",
      "paid:boolean",
      "issued:date",
      "seen_at:timestamp with time zone",
      "extra:jsonb",
    ]);

    expectError(await post("/v1/tables", { name: "invoices", columns: invoiceColumns }), 409, "CONFLICT");
    const bad: [unknown, RegExp][] = [
      [{ name: "Invoices", columns: invoiceColumns }, /name/],
      [{ name: "x; drop table y", columns: invoiceColumns }, /name/],
      [{ name: "t2", columns: [] }, /columns/],
      [{ name: "t2", columns: [{ name: "row_id", type: "text" }] }, /row_id/],
      [{ name: "t2", columns: [{ name: "a", type: "varchar" }] }, /text, integer/],
      [
        {
          name: "t2",
          columns: [
            { name: "a", type: "text" },
            { name: "a", type: "text" },
          ],
        },
        /unique/,
      ],
      [{ name: "t2", columns: [{ name: 'a"b', type: "text" }] }, /lower-case/],
    ];
    for (const [body, message] of bad) {
      const b = await post("/v1/tables", body);
      expectError(b, 400, "BAD_REQUEST", JSON.stringify(body));
      expect(b.body.error.message).toMatch(message);
    }
    const listed = await call(server.url, "GET", "/v1/tables", { key: t.secret });
    expect(listed.body.data.map((x: { name: string }) => x.name)).toEqual(["invoices"]);
  });

  it("writes and reads a table with table_sql, pages its rows, exports and empties it", async () => {
    const made = await post("/v1/tables", { name: "ledger", columns: invoiceColumns });
    const id = made.body.id as string;
    const ins = await sql(
      id,
      "INSERT INTO ledger (vendor, total, items, paid, issued, seen_at, extra) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING row_id, total",
      ["Contoso", 1234.5, 3, true, "2026-04-02", "2026-04-02T10:00:00Z", '{"po":"A-1"}'],
    );
    expect(ins.status, ins.text).toBe(200);
    expect(ins.body).toMatchObject({
      command: "INSERT",
      columns: ["row_id", "total"],
      rows: [[1, 1234.5]],
      row_count: 1,
    });
    for (let i = 0; i < 4; i++)
      expect(
        (await sql(id, "INSERT INTO ledger (vendor, total) VALUES ($1, $2)", [`V${i}`, i])).body.row_count,
      ).toBe(1);
    const up = await sql(id, "UPDATE ledger SET paid = false WHERE vendor LIKE 'V%'");
    expect(up.body).toMatchObject({ command: "UPDATE", row_count: 4, rows: [] });
    const sel = await sql(id, "SELECT vendor, issued, seen_at, extra FROM ledger WHERE row_id = 1");
    expect(sel.body.rows).toEqual([["Contoso", "2026-04-02", "2026-04-02T10:00:00.000Z", { po: "A-1" }]]);
    // The declared NOT NULL holds; the database's words come back as a 400.
    const notNull = await sql(id, "INSERT INTO ledger (total) VALUES (1)");
    expectError(notNull, 400, "BAD_REQUEST");
    expect(notNull.body.error.message).toMatch(/table_sql: .*null value in column "vendor"/);

    const page1 = await call(server.url, "GET", `/v1/tables/${id}/rows?limit=2`, { key: t.secret });
    expect(page1.status, page1.text).toBe(200);
    expect(page1.body.data.map((r: { row_id: number }) => r.row_id)).toEqual([1, 2]);
    expect(page1.body.data[0]).toMatchObject({
      vendor: "Contoso",
      total: 1234.5,
      items: 3,
      paid: true,
      issued: "2026-04-02",
    });
    const page2 = await call(
      server.url,
      "GET",
      `/v1/tables/${id}/rows?limit=2&cursor=${page1.body.next_cursor}`,
      { key: t.secret },
    );
    expect(page2.body.data.map((r: { row_id: number }) => r.row_id)).toEqual([3, 4]);
    const page3 = await call(
      server.url,
      "GET",
      `/v1/tables/${id}/rows?limit=2&cursor=${page2.body.next_cursor}`,
      { key: t.secret },
    );
    expect(page3.body.data.map((r: { row_id: number }) => r.row_id)).toEqual([5]);
    expect(page3.body.next_cursor).toBeNull();
    expectError(
      await call(server.url, "GET", `/v1/tables/${id}/rows?cursor=bm9wZQ`, { key: t.secret }),
      400,
      "BAD_REQUEST",
    );

    const csv = await call(server.url, "GET", `/v1/tables/${id}/rows.csv`, { key: t.secret });
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    expect(csv.text.split("\r\n")[0]).toBe("row_id,vendor,total,items,paid,issued,seen_at,extra");
    expect(csv.text.split("\r\n")[1]).toBe(
      '1,Contoso,1234.5,3,true,2026-04-02,2026-04-02T10:00:00.000Z,"{""po"":""A-1""}"',
    );
    const json = await call(server.url, "GET", `/v1/tables/${id}/rows.json`, { key: t.secret });
    expect(json.body.rows).toHaveLength(5);
    expect(json.body.rows[4]).toMatchObject({ row_id: 5, vendor: "V3", total: 3, paid: false });
    const xlsx = await fetch(`${server.url}/v1/tables/${id}/rows.xlsx`, {
      headers: { authorization: `Bearer ${t.secret}` },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheet = book.getWorksheet("ledger");
    expect(sheet?.rowCount).toBe(6);
    expect(sheet?.getRow(2).getCell(3).value).toBe(1234.5);

    const emptied = await call(server.url, "DELETE", `/v1/tables/${id}/rows`, { key: t.secret });
    expect(emptied.body).toEqual({ id, deleted: 5 });
    expect((await call(server.url, "GET", `/v1/tables/${id}/rows`, { key: t.secret })).body.data).toEqual([]);
    const gone = await call(server.url, "DELETE", `/v1/tables/${id}`, { key: t.secret });
    expect(gone.body).toEqual({ id, deleted: true });
    expectError(await call(server.url, "GET", `/v1/tables/${id}`, { key: t.secret }), 404, "NOT_FOUND");
    const { rows } = await server.services.db.pool.query("SELECT to_regclass($1) AS t", [
      `qt_${t.accountId}.ledger`,
    ]);
    expect(rows[0].t).toBeNull();
  });

  it("reads the caller's documents with doc_sql: pages, tables, cells with numbers, passages", async () => {
    const pages = await post("/v1/sql", {
      query:
        "SELECT d.file_name, p.page_number, p.text FROM pages p JOIN documents d ON d.id = p.document_id",
    });
    expect(pages.status, pages.text).toBe(200);
    expect(pages.body.columns).toEqual(["file_name", "page_number", "text"]);
    expect(pages.body.rows[0][0]).toBe("report.pdf");
    expect(pages.body.rows[0][2]).toContain("Quarterly Report");
    const cells = await post("/v1/sql", {
      query:
        "SELECT header, text, numeric_value FROM table_cells WHERE document_id = $1 AND NOT is_header AND header = 'Revenue' ORDER BY row_number",
      params: [docId],
    });
    expect(cells.body.rows).toEqual([
      ["Revenue", "1,200", 1200],
      ["Revenue", "950", 950],
      ["Revenue", "2,310", 2310],
    ]);
    const search = await post("/v1/sql", {
      query:
        "SELECT page_number, text, language FROM passages WHERE tsv @@ websearch_to_tsquery('simple', $1)",
      params: ["revenue grew"],
    });
    expect(search.body.rows).toEqual([[1, expect.stringContaining("Revenue grew"), "simple"]]);
    // The same search through passages_matching, which the passages' index serves.
    const matching = await post("/v1/sql", {
      query: "SELECT document_id, page_number FROM passages_matching(websearch_to_tsquery('simple', $1))",
      params: ["revenue grew"],
    });
    expect(matching.body.rows).toEqual([[docId, 1]]);
    const theirMatches = await post(
      "/v1/sql",
      { query: "SELECT count(*) FROM passages_matching(websearch_to_tsquery('simple', 'revenue'))" },
      keys.other.secret,
    );
    expect(theirMatches.body.rows).toEqual([[0]]);
    // The first matches in reading order, limited inside the function: the same rows as the
    // one-argument form ordered and cut, none for 0 or less, none of another account's.
    const many = "to_tsquery('simple', 'the | revenue | quarterly | report')";
    const everyMatch = await post("/v1/sql", {
      query: `SELECT document_id, page_number, position FROM passages_matching(${many}) ORDER BY 1, 2, 3`,
    });
    expect(everyMatch.body.rows.length).toBeGreaterThan(1);
    const first = await post("/v1/sql", {
      query: `SELECT document_id, page_number, position FROM passages_matching(${many}, $1)`,
      params: [1],
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body.rows).toEqual(everyMatch.body.rows.slice(0, 1));
    for (const maxRows of [0, -5]) {
      const none = await post("/v1/sql", {
        query: `SELECT count(*) FROM passages_matching(${many}, $1)`,
        params: [maxRows],
      });
      expect(none.body.rows).toEqual([[0]]);
    }
    const theirFirst = await post(
      "/v1/sql",
      { query: `SELECT count(*) FROM passages_matching(${many}, 10)` },
      keys.other.secret,
    );
    expect(theirFirst.body.rows).toEqual([[0]]);
    // Within a run's documents (the views and function of quire_sql_run): that document, or none.
    const inRun = (documents: string[]) =>
      runSandboxed(
        server.services.db.sql,
        { tool: "doc_sql", accountId: t.accountId, documents },
        "SELECT document_id FROM passages_matching(websearch_to_tsquery('simple', 'revenue')) UNION SELECT id FROM documents",
      );
    expect((await inRun([docId])).rows).toEqual([[docId]]);
    expect((await inRun(["doc-notinthisrun0000"])).rows).toEqual([]);
    // The first matches within a run: the run's document's, or none.
    const firstInRun = (documents: string[]) =>
      runSandboxed(
        server.services.db.sql,
        { tool: "doc_sql", accountId: t.accountId, documents },
        `SELECT document_id, page_number, position FROM passages_matching(${many}, 1)`,
      );
    expect((await firstInRun([docId])).rows).toEqual(everyMatch.body.rows.slice(0, 1));
    expect((await firstInRun(["doc-notinthisrun0000"])).rows).toEqual([]);
    // A statement ended by a semicolon (and a comment after it), with text beyond ASCII before it.
    const ended = await post("/v1/sql", {
      query: "SELECT 'Größe — €' AS label, count(*) AS n FROM documents; -- that is all",
    });
    expect(ended.status, ended.text).toBe(200);
    expect(ended.body).toMatchObject({ columns: ["label", "n"], rows: [["Größe — €", 1]] });
    // Another account sees none of it, by any id.
    const other = await post("/v1/sql", { query: "SELECT count(*) FROM documents" }, keys.other.secret);
    expect(other.body.rows).toEqual([[0]]);
    const guessed = await post(
      "/v1/sql",
      { query: "SELECT * FROM pages WHERE document_id = $1", params: [docId] },
      keys.other.secret,
    );
    expect(guessed.body.rows).toEqual([]);
  });

  it("caps a result's rows and says so", async () => {
    const r = await post("/v1/sql", {
      query:
        "SELECT a.n * 1000 + b.n FROM (SELECT row_number() OVER () AS n FROM table_cells) a, (SELECT row_number() OVER () AS n FROM table_cells) b, (SELECT row_number() OVER () AS n FROM table_cells) c",
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.rows).toHaveLength(1000);
    expect(r.body.truncated).toBe(true);
  });

  it("has GraphQL twins: createTypedTable, tableSql, typedTableRows, docSql, deleteTypedTable", async () => {
    const made = await gql(
      server.url,
      `mutation { createTypedTable(name: "gql_rows", columns: [{name: "label", type: text, nullable: false}, {name: "n", type: integer}]) { id name columns { name type nullable } } }`,
      { key: t.secret },
    );
    expect(made.body.errors, made.text).toBeUndefined();
    const id = made.body.data.createTypedTable.id as string;
    expect(made.body.data.createTypedTable.columns).toEqual([
      { name: "label", type: "text", nullable: false },
      { name: "n", type: "integer", nullable: true },
    ]);
    const wrote = await gql(
      server.url,
      `mutation($id: ID!, $p: JSON) { tableSql(id: $id, query: "INSERT INTO gql_rows (label, n) VALUES ($1, $2) RETURNING row_id", params: $p) { command rows rowCount } }`,
      { key: t.secret, variables: { id, p: ["a", 7] } },
    );
    expect(wrote.body.data.tableSql).toEqual({ command: "INSERT", rows: [[1]], rowCount: 1 });
    const rows = await gql(
      server.url,
      `query($id: ID!) { typedTableRows(id: $id, limit: 10) { rows nextCursor } }`,
      { key: t.secret, variables: { id } },
    );
    expect(rows.body.data.typedTableRows).toEqual({
      rows: [{ row_id: 1, label: "a", n: 7 }],
      nextCursor: null,
    });
    const read = await gql(
      server.url,
      `mutation { docSql(query: "SELECT count(*) FROM documents") { columns rows } }`,
      { key: t.secret },
    );
    expect(read.body.data.docSql).toEqual({ columns: ["count"], rows: [[1]] });
    const refused = await gql(server.url, `mutation { docSql(query: "SELECT pg_sleep(1)") { rows } }`, {
      key: t.secret,
    });
    expect(refused.body.errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");
    expect(refused.body.errors?.[0]?.message).toMatch(/pg_sleep/);
    const theirs = await gql(server.url, `query($id: ID!) { typedTable(id: $id) { id } }`, {
      key: keys.other.secret,
      variables: { id },
    });
    expect(theirs.body.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const gone = await gql(server.url, `mutation($id: ID!) { deleteTypedTable(id: $id) { id deleted } }`, {
      key: t.secret,
      variables: { id },
    });
    expect(gone.body.data.deleteTypedTable).toEqual({ id, deleted: true });
  });

  it("secures every route: keys, accounts, the publishable key", async () => {
    const owned = await post(
      "/v1/tables",
      { name: "secured", columns: [{ name: "a", type: "text" }] },
      keys.owner.secret,
    );
    const id = owned.body.id as string;
    const ownedPaths: [string, (o: Tenant) => string, unknown?][] = [
      ["GET", () => `/v1/tables/${id}`],
      ["GET", () => `/v1/tables/${id}/rows`],
      ["GET", () => `/v1/tables/${id}/rows.csv`],
      ["GET", () => `/v1/tables/${id}/rows.json`],
      ["GET", () => `/v1/tables/${id}/rows.xlsx`],
      ["POST", () => `/v1/tables/${id}/sql`, { query: "SELECT * FROM secured" }],
      ["DELETE", () => `/v1/tables/${id}/rows`],
      ["DELETE", () => `/v1/tables/${id}`],
    ];
    for (const [method, path, json] of ownedPaths) {
      await resetAnonymousBudget(server);
      await expectSecured(server.url, keys, { method, path, json, needs: "secret", ownedResource: true });
    }
    await resetAnonymousBudget(server);
    await expectSecured(server.url, keys, { method: "GET", path: () => "/v1/tables", needs: "secret" });
    await expectSecured(server.url, keys, {
      method: "POST",
      path: () => "/v1/tables",
      json: { name: "x", columns: [{ name: "a", type: "text" }] },
      needs: "secret",
    });
    await resetAnonymousBudget(server);
    await expectSecured(server.url, keys, {
      method: "POST",
      path: () => "/v1/sql",
      json: { query: "SELECT 1" },
      needs: "secret",
    });
    // The owner's table is untouched by all of it.
    expect((await call(server.url, "GET", `/v1/tables/${id}`, { key: keys.owner.secret })).status).toBe(200);
  });
});
