import { newestFirstPage, pageInput } from "../../core/db/keyset.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type FileRecord, fileIdPattern, toFileRecord } from "./file-record.ts";

export const MAX_FILES_PAGE = 100;

/** The account's files, newest first, a page at a time (pending uploads too). */
export const listFiles = defineOperation({
  name: "listFiles",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object(pageInput(MAX_FILES_PAGE)),
  run: async (ctx, input): Promise<{ files: FileRecord[]; nextCursor: string | null }> => {
    const { page, nextCursor } = await newestFirstPage(input, {
      idPattern: fileIdPattern,
      where: { accountId: ctx.accountId },
      read: (query) => ctx.services.db.prisma.storedFile.findMany(query),
    });
    return { files: page.map(toFileRecord), nextCursor };
  },
});
