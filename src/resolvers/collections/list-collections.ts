import { z } from "../../core/zod.ts";
import { afterCursor, cursorInput, decodeCursor, pageOf } from "../cursor.ts";
import { defineOperation } from "../operation.ts";
import { type CollectionRecord, toCollectionRecord, withDocumentCount } from "./collection-record.ts";
import { collectionIdPattern } from "./find-collection.ts";

export const MAX_COLLECTIONS_PAGE = 100;

/** The account's collections, newest first, a page at a time. */
export const listCollections = defineOperation({
  name: "listCollections",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    limit: z.number().int().min(1).max(MAX_COLLECTIONS_PAGE).default(20),
    cursor: cursorInput.optional(),
  }),
  run: async (ctx, input): Promise<{ collections: CollectionRecord[]; nextCursor: string | null }> => {
    const { accountId } = ctx;
    const { limit } = input;
    const after = input.cursor ? decodeCursor(input.cursor, collectionIdPattern) : null;
    const rows = await ctx.services.db.prisma.collection.findMany({
      where: { accountId, ...afterCursor(after) },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      include: withDocumentCount,
      take: limit + 1,
    });
    const { page, nextCursor } = pageOf(rows, limit);
    return { collections: page.map(toCollectionRecord), nextCursor };
  },
});
