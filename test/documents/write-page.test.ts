import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitPassages } from "../../src/core/answering/passages.ts";
import { writePage } from "../../src/core/documents/write-page.ts";
import { uploadAndWait } from "../support/documents.ts";
import { textPdf } from "../support/pdfs.ts";
import type { TestServer } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// The one statement that stores an extracted page (src/core/documents/write-page.ts), against the
// real database: what it writes, what it refuses to write, and text PostgreSQL's jsonb would refuse.

let server: TestServer;
let t: Tenant;
beforeAll(async () => {
  server = await sharedTestServer();
  t = await createTenant(server.url);
});
afterAll(async () => server?.close());

const q = async (sql: string, params: unknown[]) => (await server.services.db.pool.query(sql, params)).rows;

describe("writePage", () => {
  it("stores the page, its tables, the table it grows and its passages, and moves the document's progress", async () => {
    const doc = await uploadAndWait(server.url, t.secret, await textPdf([["One page."]]));
    const [{ working_generation: generation }] = await q(
      "SELECT working_generation FROM documents WHERE id = $1",
      [doc.id],
    );
    const markdown =
      "# Costs\n\nThe costs rose in every region this year.\n\n| Region | Cost |\n|---|---|\n| West | 12 |";
    const grid = [
      [{ text: "Region" }, { text: "Cost" }],
      [{ text: "West" }, { text: "12" }],
    ];
    const written = await writePage(server.services.db.prisma, {
      documentId: doc.id,
      generation,
      page: {
        pageNumber: 7,
        markdown,
        text: "The costs rose",
        width: 612,
        height: 791.5,
        method: "text",
        elements: [],
      },
      tables: [{ index: 3, bbox: [72, 100.5, 540, 300], cells: grid, markdown: "| Region | Cost |" }],
      grown: { index: 0, cells: grid, pages: [1, 7], markdown: "| grown |" },
      passages: splitPassages(markdown),
      tsConfig: "english",
    });
    expect(written).toBe(true);
    expect(
      await q(
        "SELECT markdown, width, height, method FROM pages WHERE document_id = $1 AND page_number = 7",
        [doc.id],
      ),
    ).toEqual([{ markdown, width: 612, height: 791.5, method: "text" }]);
    const [table] = await q(
      "SELECT page_number, pages, bbox, cells, markdown FROM document_tables WHERE document_id = $1 AND table_index = 3",
      [doc.id],
    );
    expect(table).toEqual({
      page_number: 7,
      pages: [7],
      bbox: [72, 100.5, 540, 300],
      cells: grid,
      markdown: "| Region | Cost |",
    });
    const passages = await q(
      "SELECT position, start_offset, end_offset, text, ts_config, tsv @@ to_tsquery('english', 'region') AS found FROM passages WHERE document_id = $1 AND page_number = 7 ORDER BY position",
      [doc.id],
    );
    expect(passages.map((p) => [p.position, p.start_offset, p.end_offset, p.text, p.ts_config])).toEqual(
      splitPassages(markdown).map((p) => [p.position, p.start, p.end, p.text, "english"]),
    );
    expect(passages.some((p) => p.found)).toBe(true);
    expect(
      (await q("SELECT pages_completed FROM documents WHERE id = $1", [doc.id]))[0].pages_completed,
    ).toBe(7);

    // The next page continues table 3: its grid and pages grow, no new table is made.
    const longer = [...grid, [{ text: "East" }, { text: "9" }]];
    expect(
      await writePage(server.services.db.prisma, {
        documentId: doc.id,
        generation,
        page: {
          pageNumber: 8,
          markdown: "| East | 9 |",
          text: "East 9",
          width: 612,
          height: 792,
          method: "text",
          elements: [],
        },
        tables: [],
        grown: { index: 3, cells: longer, pages: [7, 8], markdown: "| grown |" },
        passages: [],
        tsConfig: "english",
      }),
    ).toBe(true);
    expect(
      await q("SELECT table_index, pages, cells, markdown FROM document_tables WHERE document_id = $1", [
        doc.id,
      ]),
    ).toEqual([{ table_index: 3, pages: [7, 8], cells: longer, markdown: "| grown |" }]);
  });

  it("writes nothing and says so when the extraction is no longer the document's working one", async () => {
    const doc = await uploadAndWait(server.url, t.secret, await textPdf([["One page."]]));
    const before = await q("SELECT pages_completed FROM documents WHERE id = $1", [doc.id]);
    const written = await writePage(server.services.db.prisma, {
      documentId: doc.id,
      generation: 99,
      page: {
        pageNumber: 2,
        markdown: "late",
        text: "late",
        width: 1,
        height: 1,
        method: "text",
        elements: [],
      },
      tables: [{ index: 5, bbox: [0, 0, 1, 1], cells: [], markdown: "" }],
      passages: splitPassages("late words"),
      tsConfig: "simple",
    });
    expect(written).toBe(false);
    expect(
      await q("SELECT count(*)::int AS n FROM pages WHERE document_id = $1 AND page_number = 2", [doc.id]),
    ).toEqual([{ n: 0 }]);
    expect(
      await q("SELECT count(*)::int AS n FROM document_tables WHERE document_id = $1", [doc.id]),
    ).toEqual([{ n: 0 }]);
    expect(
      await q("SELECT count(*)::int AS n FROM passages WHERE document_id = $1 AND page_number = 2", [doc.id]),
    ).toEqual([{ n: 0 }]);
    expect(await q("SELECT pages_completed FROM documents WHERE id = $1", [doc.id])).toEqual(before);
  });

  it("stores a lone surrogate of a broken font's text as U+FFFD in tables and passages", async () => {
    const doc = await uploadAndWait(server.url, t.secret, await textPdf([["One page."]]));
    const [{ working_generation: generation }] = await q(
      "SELECT working_generation FROM documents WHERE id = $1",
      [doc.id],
    );
    const broken = "Total \uD835 due";
    const written = await writePage(server.services.db.prisma, {
      documentId: doc.id,
      generation,
      page: {
        pageNumber: 3,
        markdown: broken,
        text: broken,
        width: 1,
        height: 1,
        method: "text",
        elements: [],
      },
      tables: [{ index: 0, bbox: [0, 0, 1, 1], cells: [[{ text: broken }]], markdown: broken }],
      passages: splitPassages(broken),
      tsConfig: "simple",
    });
    expect(written).toBe(true);
    const [table] = await q("SELECT cells FROM document_tables WHERE document_id = $1 AND table_index = 0", [
      doc.id,
    ]);
    expect(table.cells).toEqual([[{ text: "Total \uFFFD due" }]]);
    const [passage] = await q("SELECT text FROM passages WHERE document_id = $1 AND page_number = 3", [
      doc.id,
    ]);
    expect(passage.text).toBe("Total \uFFFD due");
  });
});
