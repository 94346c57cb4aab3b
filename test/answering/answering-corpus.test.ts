import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { uploadAndWait } from "../support/documents.ts";
import { call } from "../support/http.ts";
import type { TestServer } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// The built-in engine on real documents from ../shared/corpus/tables, whose table contents are
// known (manifest.json): a question about one row is answered with that row's values, cited on
// the page that holds them, across a collection of several corpus documents.

const corpus = path.resolve(import.meta.dirname, "../../../shared/corpus/tables");
type Case = { id: string; pdf: string; page: number; expected: { rows: string[][] } };
const manifest = JSON.parse(readFileSync(path.join(corpus, "manifest.json"), "utf8")) as Case[];
const caseOf = (id: string) => manifest.find((c) => c.id === id) as Case;

let server: TestServer;
let t: Tenant;
const docs = new Map<string, any>();

beforeAll(async () => {
  server = await sharedTestServer();
  t = await createTenant(server.url);
  for (const pdf of ["argentina_diputados_voting_record.pdf", "schools.pdf", "spanning_cells.pdf"]) {
    const d = await uploadAndWait(server.url, t.secret, readFileSync(path.join(corpus, pdf)), pdf);
    expect(d.phase).toBe("complete");
    docs.set(pdf, d);
  }
  const c = await call(server.url, "POST", "/v1/collections", {
    key: t.secret,
    json: { name: "corpus", document_ids: [...docs.values()].map((d) => d.id) },
  });
  expect(c.status).toBe(201);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

it("answers a question about one deputy, asked in the document's language, with the cell it asks for, cited by its row on the right page", async () => {
  const c = caseOf("tabula-argentina-diputados-voting-record");
  const row = c.expected.rows.find((r) => r[0]?.startsWith("ALBRIEU")) as string[];
  const r = await call(server.url, "POST", "/v1/collections/corpus/query", {
    key: t.secret,
    json: { query: "¿De qué provincia es ALBRIEU?" },
  });
  expect(r.status, r.text).toBe(200);
  // The question names one column (the province): the row's label and that cell, in a sentence;
  // the citation quotes the whole row.
  expect(r.body.answer).toContain(row[0]);
  expect(r.body.answer).toContain(row[2]); // the province
  expect(r.body.answer).not.toContain(row[1]); // the party, not asked for
  const cited = r.body.citations.find((x: any) => x.quote.includes("ALBRIEU"));
  for (const value of row) expect(cited.quote).toContain(value);
  expect(cited).toMatchObject({ document_id: docs.get(c.pdf).id, page: c.page });
  const page = await call(
    server.url,
    "GET",
    `/v1/documents/${cited.document_id}/pages/${cited.page}/markdown`,
    {
      key: t.secret,
    },
  );
  expect(page.text).toContain(cited.quote);
  expect(r.body.sources[0]).toEqual({ doc_id: docs.get(c.pdf).id, file_name: c.pdf, page: c.page });
});

it("answers from the right document of several: a school's address", async () => {
  const c = caseOf("tabula-schools");
  const row = c.expected.rows.find((r) => r[1] === "Lidstad") as string[];
  const r = await call(server.url, "POST", `/v1/documents/${docs.get(c.pdf).id}/chat/completions`, {
    key: t.secret,
    json: { messages: [{ role: "user", content: "What is the address of Lidstad?" }] },
  });
  expect(r.status, r.text).toBe(200);
  expect(r.body.choices[0].message.content).toContain(row[3]);
  expect(r.body.citations[0].page).toBe(c.page);
});
