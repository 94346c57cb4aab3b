import { z } from "../../core/zod.ts";
import { afterCursor, cursorInput, decodeCursor, pageOf } from "../cursor.ts";
import { defineOperation } from "../operation.ts";
import { type DocumentRecord, toDocumentRecord } from "./document-record.ts";
import { fullIdPattern } from "./find-document.ts";

export const MAX_PAGE_SIZE = 100;

/** The account's documents, newest first, a page at a time. */
export const listDocuments = defineOperation({
  name: "listDocuments",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    limit: z.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
    cursor: cursorInput.optional(),
  }),
  run: async (ctx, input): Promise<{ documents: DocumentRecord[]; nextCursor: string | null }> => {
    const { accountId } = ctx;
    const { limit } = input;
    const after = input.cursor ? decodeCursor(input.cursor, fullIdPattern) : null;
    const rows = await ctx.services.db.prisma.document.findMany({
      where: {
        accountId,
        ...afterCursor(after),
      },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take: limit + 1,
    });
    const { page, nextCursor } = pageOf(rows, limit);
    return { documents: page.map(toDocumentRecord), nextCursor };
  },
});
