import { newestFirstPage, pageInput } from "../../core/db/keyset.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type DocumentRecord, fullIdPattern, toDocumentRecord } from "./document-record.ts";

export const MAX_PAGE_SIZE = 100;

/** The account's documents, newest first, a page at a time. */
export const listDocuments = defineOperation({
  name: "listDocuments",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object(pageInput(MAX_PAGE_SIZE)),
  run: async (ctx, input): Promise<{ documents: DocumentRecord[]; nextCursor: string | null }> => {
    const { page, nextCursor } = await newestFirstPage(input, {
      idPattern: fullIdPattern,
      where: { accountId: ctx.accountId },
      read: (query) => ctx.services.db.prisma.document.findMany(query),
    });
    return { documents: page.map(toDocumentRecord), nextCursor };
  },
});
