import { afterAll, beforeAll, expect, it } from "vitest";
import { backfillPassages } from "../../src/core/answering/backfill-passages.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { uploadAndWait } from "../support/documents.ts";
import { factReportPdf } from "../support/fact-pdfs.ts";
import { call } from "../support/http.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// Documents extracted before passages existed: their pages are cut into passages at worker
// start-up (and by backfillPassages directly), the same passages extraction would have written,
// after which they can be asked.

let db: TestDatabase;
let server: TestServer;
let t: Tenant;
let doc: any;

const passagesOf = async (s: TestServer, id: string) =>
  (
    await s.services.db.pool.query(
      "SELECT page_number, position, start_offset, end_offset, text, ts_config FROM passages WHERE document_id = $1 ORDER BY page_number, position",
      [id],
    )
  ).rows;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startTestServer({}, db);
  t = await createTenant(server.url);
  doc = await uploadAndWait(server.url, t.secret, (await factReportPdf()).bytes, "old.pdf");
});
afterAll(async () => {
  await server?.close();
  await db?.drop();
});

it("rebuilds exactly the passages extraction wrote, once, and leaves complete documents alone", async () => {
  const written = await passagesOf(server, doc.id);
  expect(written.length).toBeGreaterThan(2);
  await server.services.db.pool.query("DELETE FROM passages WHERE document_id = $1", [doc.id]);
  expect(await passagesOf(server, doc.id)).toEqual([]);
  const pages = await backfillPassages(server.services);
  expect(pages).toBe(3);
  expect(await passagesOf(server, doc.id)).toEqual(written);
  // Nothing left to do.
  expect(await backfillPassages(server.services)).toBe(0);
});

it("runs at worker start-up, after which the document can be asked", async () => {
  await server.services.db.pool.query("DELETE FROM passages WHERE document_id = $1", [doc.id]);
  const ask = () =>
    call(server.url, "POST", `/v1/documents/${doc.id}/chat/completions`, {
      key: t.secret,
      json: { messages: [{ role: "user", content: "What was the headcount?" }] },
    });
  expect((await ask()).body.citations).toEqual([]);
  await server.close().catch(() => undefined);
  server = await startTestServer({}, db);
  for (let i = 0; i < 100 && (await passagesOf(server, doc.id)).length === 0; i++)
    await new Promise((r) => setTimeout(r, 50));
  const r = await ask();
  expect(r.body.choices[0].message.content).toContain("1,240");
  expect(r.body.citations[0].page).toBe(3);
});
