import { MAX_INT } from "../../core/db/int4.ts";
import { AppError } from "../../core/errors.ts";
import type { TableGrid } from "../../core/extraction/table-model.ts";
import { z } from "../../core/zod.ts";
import type { DocumentTable } from "../../generated/prisma/client.ts";
import { defineOperation } from "../operation.ts";
import { documentRef, findDocument } from "./document-record.ts";

export type TableRecord = {
  index: number;
  page: number;
  pages: number[];
  bbox: number[];
  grid: TableGrid;
  markdown: string;
};

export const MAX_TABLES_PAGE = 500;

export const toTableRecord = (t: DocumentTable): TableRecord => ({
  index: t.tableIndex,
  page: t.pageNumber,
  pages: t.pages,
  bbox: t.bbox,
  grid: t.cells as TableGrid,
  markdown: t.markdown,
});

export const listTables = defineOperation({
  name: "listTables",
  rateClass: "standard",
  caller: "anyone",
  input: z.object({
    ref: documentRef,
    limit: z.number().int().min(0).max(MAX_TABLES_PAGE).default(MAX_TABLES_PAGE),
    offset: z.number().int().min(0).max(MAX_INT).default(0),
  }),
  run: async (ctx, input): Promise<{ tables: TableRecord[]; total: number; viaPublic: boolean }> => {
    const { doc, viaPublic } = await findDocument(ctx, input.ref, "read_content");
    const where = { documentId: doc.id, generation: doc.activeGeneration };
    const { prisma } = ctx.services.db;
    const [rows, total] = await Promise.all([
      prisma.documentTable.findMany({
        where,
        orderBy: { tableIndex: "asc" },
        skip: input.offset,
        take: input.limit,
      }),
      prisma.documentTable.count({ where }),
    ]);
    return {
      tables: rows.map(toTableRecord),
      total,
      viaPublic,
    };
  },
});

export const getTable = defineOperation({
  name: "getTable",
  rateClass: "standard",
  caller: "anyone",
  input: z.object({ ref: documentRef, index: z.number().int().min(-MAX_INT).max(MAX_INT) }),
  run: async (ctx, input): Promise<{ table: TableRecord; viaPublic: boolean }> => {
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
  },
});
