import { AppError } from "../../core/errors.ts";
import type { TableGrid } from "../../core/tables/table-model.ts";
import type { DocumentTable } from "../../generated/prisma/client.ts";
import type { OperationContext } from "../context.ts";
import { findDocument } from "./find-document.ts";

export type TableRecord = {
  index: number;
  page: number;
  pages: number[];
  bbox: number[];
  grid: TableGrid;
  markdown: string;
};

export const MAX_TABLES_PAGE = 500;

const toTableRecord = (t: DocumentTable): TableRecord => ({
  index: t.tableIndex,
  page: t.pageNumber,
  pages: t.pages,
  bbox: t.bbox,
  grid: t.cells as TableGrid,
  markdown: t.markdown,
});

export async function listTables(
  ctx: OperationContext,
  input: { ref: string; limit?: number | undefined; offset?: number | undefined },
): Promise<{ tables: TableRecord[]; total: number; viaPublic: boolean }> {
  const { doc, viaPublic } = await findDocument(ctx, input.ref, "read_content");
  const where = { documentId: doc.id, generation: doc.activeGeneration };
  const { prisma } = ctx.services.db;
  const [rows, total] = await Promise.all([
    prisma.documentTable.findMany({
      where,
      orderBy: { tableIndex: "asc" },
      skip: input.offset ?? 0,
      take: Math.min(input.limit ?? MAX_TABLES_PAGE, MAX_TABLES_PAGE),
    }),
    prisma.documentTable.count({ where }),
  ]);
  return {
    tables: rows.map(toTableRecord),
    total,
    viaPublic,
  };
}

export async function getTable(
  ctx: OperationContext,
  input: { ref: string; index: number },
): Promise<{ table: TableRecord; viaPublic: boolean }> {
  const { doc, viaPublic } = await findDocument(ctx, input.ref, "read_content");
  const t = await ctx.services.db.prisma.documentTable.findUnique({
    where: {
      documentId_generation_tableIndex: {
        documentId: doc.id,
        generation: doc.activeGeneration,
        tableIndex: input.index,
      },
    },
  });
  if (!t) {
    const total = await ctx.services.db.prisma.documentTable.count({
      where: { documentId: doc.id, generation: doc.activeGeneration },
    });
    throw new AppError(
      "NOT_FOUND",
      `Table ${input.index} does not exist: the document has ${total} tables (numbered from 0).`,
    );
  }
  return {
    table: toTableRecord(t),
    viaPublic,
  };
}
