import { PassThrough, type Readable } from "node:stream";
import ExcelJS from "exceljs";
import { z } from "zod";
import { csvRecord } from "../../core/tables/table-formats.ts";
import { type TableGrid, textRows } from "../../core/tables/table-model.ts";
import type { OperationContext } from "../context.ts";
import { pageBlock } from "../documents/read-pages.ts";
import { defineOperation } from "../operation.ts";
import { collectionRef, findCollection } from "./find-collection.ts";

// Exports of a whole collection: every document's markdown as one file, every table as one
// sheet with the document and page each row comes from. They stream: documents are read a batch
// at a time, so a collection of thousands of documents never sits in memory at once.

/** Documents read per query while exporting. */
const BATCH = 50;

type Member = { id: string; fileName: string; activeGeneration: number; completedAt: Date | null };

async function* membersOf(ctx: OperationContext, collectionId: string): AsyncGenerator<Member[]> {
  let after: string | undefined;
  for (;;) {
    const batch = await ctx.services.db.prisma.document.findMany({
      where: { collections: { some: { collectionId } }, ...(after ? { id: { gt: after } } : {}) },
      orderBy: { id: "asc" },
      take: BATCH,
      select: { id: true, fileName: true, activeGeneration: true, completedAt: true },
    });
    if (!batch.length) return;
    yield batch;
    after = batch[batch.length - 1]?.id;
  }
}

/** Pages or tables read per query while exporting: a batch of long documents is read in parts. */
const ROWS_PER_READ = 500;

/** Rows read ROWS_PER_READ at a time, each read starting after the last row of the one before (keyset). */
async function* inParts<R>(read: (after: R | undefined, take: number) => Promise<R[]>): AsyncGenerator<R> {
  let after: R | undefined;
  for (;;) {
    const rows = await read(after, ROWS_PER_READ);
    yield* rows;
    if (rows.length < ROWS_PER_READ) return;
    after = rows[rows.length - 1];
  }
}

/** The active generation of each member of a batch, as a filter. */
const ofMembers = (batch: Member[]) => ({
  OR: batch.map((d) => ({ documentId: d.id, generation: d.activeGeneration })),
});

/** The pages of a batch of members, in (document id, page) order. */
const pagesOf = (ctx: OperationContext, batch: Member[]) =>
  inParts<{ documentId: string; pageNumber: number; markdown: string }>((after, take) =>
    ctx.services.db.prisma.page.findMany({
      where: {
        AND: [
          ofMembers(batch),
          after
            ? {
                OR: [
                  { documentId: { gt: after.documentId } },
                  { documentId: after.documentId, pageNumber: { gt: after.pageNumber } },
                ],
              }
            : {},
        ],
      },
      orderBy: [{ documentId: "asc" }, { pageNumber: "asc" }],
      take,
      select: { documentId: true, pageNumber: true, markdown: true },
    }),
  );

/**
 * The markdown of every document, in document id order: a `# file name` heading with an HTML
 * comment naming the document, then its pages as GET /v1/documents/{id}/full.md gives them.
 * A document not extracted yet shows the pages it has (a note says so).
 */
export const collectionMarkdown = defineOperation({
  name: "collectionMarkdown",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: collectionRef }),
  run: async (ctx, input): Promise<AsyncIterable<string>> => {
    const c = await findCollection(ctx, input.ref);
    return (async function* () {
      let first = true;
      for await (const batch of membersOf(ctx, c.id)) {
        // Members and their pages come in the same document id order: one pass over both.
        const pages = pagesOf(ctx, batch);
        let next = await pages.next();
        for (const d of batch) {
          const head = `${first ? "" : "\n\n"}# ${d.fileName.replace(/\s+/g, " ")}\n\n<!-- document ${d.id} -->`;
          first = false;
          const note = d.completedAt === null ? "\n\n<!-- extraction not complete: pages so far -->" : "";
          yield `${head}${note}`;
          for (; !next.done && next.value.documentId === d.id; next = await pages.next())
            yield `\n\n${pageBlock(next.value)}`;
        }
      }
      yield "\n";
    })();
  },
});

export type ExportedTable = {
  documentId: string;
  fileName: string;
  page: number;
  tableIndex: number;
  rows: string[][];
};

/** The fixed columns before a table's own cells, in both table exports. */
export const tableExportColumns = ["document_id", "file_name", "page", "table_index", "row"] as const;

async function* tablesOf(ctx: OperationContext, collectionId: string): AsyncGenerator<ExportedTable> {
  for await (const batch of membersOf(ctx, collectionId)) {
    const names = new Map(batch.map((d) => [d.id, d.fileName]));
    const tables = inParts<{ documentId: string; pageNumber: number; tableIndex: number; cells: unknown }>(
      (after, take) =>
        ctx.services.db.prisma.documentTable.findMany({
          where: {
            AND: [
              ofMembers(batch),
              after
                ? {
                    OR: [
                      { documentId: { gt: after.documentId } },
                      { documentId: after.documentId, tableIndex: { gt: after.tableIndex } },
                    ],
                  }
                : {},
            ],
          },
          orderBy: [{ documentId: "asc" }, { tableIndex: "asc" }],
          take,
          select: { documentId: true, pageNumber: true, tableIndex: true, cells: true },
        }),
    );
    for await (const t of tables) {
      yield {
        documentId: t.documentId,
        fileName: names.get(t.documentId) ?? "",
        page: t.pageNumber,
        tableIndex: t.tableIndex,
        rows: textRows(t.cells as TableGrid),
      };
    }
  }
}

/** The widest row of any table of the collection, so every CSV record has the same number of fields (RFC 4180). */
async function widestTable(ctx: OperationContext, collectionId: string): Promise<number> {
  const [row] = await ctx.services.db.pool
    .query<{ width: number | null }>(
      `SELECT max(jsonb_array_length(r.row)) AS width
       FROM collection_documents cd
       JOIN documents d ON d.id = cd.document_id
       JOIN document_tables t ON t.document_id = d.id AND t.generation = d.active_generation
       CROSS JOIN LATERAL jsonb_array_elements(
         CASE WHEN jsonb_typeof(t.cells) = 'array' THEN t.cells ELSE '[]'::jsonb END) AS r(row)
       WHERE cd.collection_id = $1 AND jsonb_typeof(r.row) = 'array'`,
      [collectionId],
    )
    .then((r) => r.rows);
  return row?.width ?? 0;
}

/**
 * Every table of every document as one CSV: document_id, file_name, page, table_index, row (0 is
 * the table's header row), then the cells, padded to the widest table.
 */
export const collectionTablesCsv = defineOperation({
  name: "collectionTablesCsv",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: collectionRef }),
  run: async (ctx, input): Promise<AsyncIterable<string>> => {
    const c = await findCollection(ctx, input.ref);
    const width = await widestTable(ctx, c.id);
    return (async function* () {
      const cellColumns = Array.from({ length: width }, (_, i) => `c${i + 1}`);
      yield csvRecord([...tableExportColumns, ...cellColumns]);
      for await (const t of tablesOf(ctx, c.id)) {
        let out = "";
        t.rows.forEach((cells, r) => {
          const padded = Array.from({ length: width }, (_, i) => cells[i] ?? "");
          out += csvRecord([
            t.documentId,
            t.fileName,
            String(t.page),
            String(t.tableIndex),
            String(r),
            ...padded,
          ]);
        });
        yield out;
      }
    })();
  },
});

/** The same rows as the CSV in one worksheet ("Tables"), numbers of the fixed columns as numbers. */
export const collectionTablesXlsx = defineOperation({
  name: "collectionTablesXlsx",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: collectionRef }),
  run: async (ctx, input): Promise<Readable> => {
    const c = await findCollection(ctx, input.ref);
    const width = await widestTable(ctx, c.id);
    const out = new PassThrough();
    // The streaming writer commits each row as it is added, so memory stays flat however many rows.
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = book.addWorksheet("Tables");
    // Rows go out as fast as the client reads them: after each table, wait while the output is
    // full; a client that went away ends the export (and its reads of the database).
    const drained = () =>
      new Promise<void>((resolve) => {
        const done = () => {
          out.off("drain", done);
          out.off("close", done);
          resolve();
        };
        out.on("drain", done);
        out.on("close", done);
      });
    const write = async () => {
      sheet.addRow([...tableExportColumns, ...Array.from({ length: width }, (_, i) => `c${i + 1}`)]).commit();
      for await (const t of tablesOf(ctx, c.id)) {
        if (out.destroyed) return;
        t.rows.forEach((cells, r) => {
          sheet.addRow([t.documentId, t.fileName, t.page, t.tableIndex, r, ...cells]).commit();
        });
        if (out.writableNeedDrain) await drained();
      }
      if (out.destroyed) return;
      sheet.commit();
      await book.commit();
    };
    write().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
    return out;
  },
});
