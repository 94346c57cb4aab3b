import type { Readable } from "node:stream";
import { keysetPages, keysetRows } from "../../core/db/keyset.ts";
import { csvChunks } from "../../core/exports/csv.ts";
import { xlsxStream } from "../../core/exports/xlsx.ts";
import { type TableGrid, textRows } from "../../core/extraction/table-model.ts";
import { z } from "../../core/zod.ts";
import type { OperationContext } from "../context.ts";
import { pageBlock, toPageMarkdown } from "../documents/page-record.ts";
import { defineOperation } from "../operation.ts";
import { collectionRef, findCollection } from "./collection-record.ts";

// Exports of a whole collection: every document's markdown as one file, every table as one
// sheet with the document and page each row comes from. They stream: documents are read a batch
// at a time, so a collection of thousands of documents never sits in memory at once.

/** Documents read per query while exporting. */
const BATCH = 50;

type Member = { id: string; fileName: string; activeGeneration: number; completedAt: Date | null };

const membersOf = (ctx: OperationContext, collectionId: string): AsyncGenerator<Member[]> =>
  keysetPages<Member>(BATCH, (after, take) =>
    ctx.services.db.prisma.document.findMany({
      where: { collections: { some: { collectionId } }, ...(after ? { id: { gt: after.id } } : {}) },
      orderBy: { id: "asc" },
      take,
      select: { id: true, fileName: true, activeGeneration: true, completedAt: true },
    }),
  );

/** Pages or tables read per query while exporting: a batch of long documents is read in parts. */
const ROWS_PER_READ = 500;

/** The active generation of each member of a batch, as a filter. */
const ofMembers = (batch: Member[]) => ({
  OR: batch.map((d) => ({ documentId: d.id, generation: d.activeGeneration })),
});

/** The pages of a batch of members, in (document id, page) order. */
const pagesOf = (ctx: OperationContext, batch: Member[]) =>
  keysetRows<{ documentId: string; pageNumber: number; markdown: string }>(ROWS_PER_READ, (after, take) =>
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
            yield `\n\n${pageBlock(toPageMarkdown(next.value))}`;
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
    const tables = keysetRows<{ documentId: string; pageNumber: number; tableIndex: number; cells: unknown }>(
      ROWS_PER_READ,
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

const exportHeader = (width: number) => [
  ...tableExportColumns,
  ...Array.from({ length: width }, (_, i) => `c${i + 1}`),
];

/** Each table's rows as CSV fields: the fixed columns, then the cells padded to `width`. */
async function* exportRows(tables: AsyncIterable<ExportedTable>, width: number): AsyncGenerator<string[][]> {
  for await (const t of tables)
    yield t.rows.map((cells, r) => [
      t.documentId,
      t.fileName,
      String(t.page),
      String(t.tableIndex),
      String(r),
      ...Array.from({ length: width }, (_, i) => cells[i] ?? ""),
    ]);
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
    return csvChunks(exportHeader(width), exportRows(tablesOf(ctx, c.id), width));
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
    // Numbers of the fixed columns stay numbers in the sheet; cells are not padded.
    const rows = async function* () {
      for await (const t of tablesOf(ctx, c.id))
        yield t.rows.map((cells, r) => [t.documentId, t.fileName, t.page, t.tableIndex, r, ...cells]);
    };
    return xlsxStream("Tables", exportHeader(width), rows());
  },
});
