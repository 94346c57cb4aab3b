import { z } from "../../core/zod.ts";
import { afterCursor, cursorInput, decodeCursor, pageOf } from "../cursor.ts";
import { defineOperation } from "../operation.ts";
import { type FileRecord, toFileRecord } from "./file-record.ts";
import { fileIdPattern } from "./find-file.ts";

export const MAX_FILES_PAGE = 100;

/** The account's files, newest first, a page at a time (pending uploads too). */
export const listFiles = defineOperation({
  name: "listFiles",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    limit: z.number().int().min(1).max(MAX_FILES_PAGE).default(20),
    cursor: cursorInput.optional(),
  }),
  run: async (ctx, input): Promise<{ files: FileRecord[]; nextCursor: string | null }> => {
    const after = input.cursor ? decodeCursor(input.cursor, fileIdPattern) : null;
    const rows = await ctx.services.db.prisma.storedFile.findMany({
      where: { accountId: ctx.accountId, ...afterCursor(after) },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take: input.limit + 1,
    });
    const { page, nextCursor } = pageOf(rows, input.limit);
    return { files: page.map(toFileRecord), nextCursor };
  },
});
