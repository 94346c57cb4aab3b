import { newestFirstPage, pageInput } from "../../core/db/keyset.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { collectionIdPattern } from "./collection-input.ts";
import { type CollectionRecord, toCollectionRecord, withDocumentCount } from "./collection-record.ts";

export const MAX_COLLECTIONS_PAGE = 100;

/** The account's collections, newest first, a page at a time. */
export const listCollections = defineOperation({
  name: "listCollections",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object(pageInput(MAX_COLLECTIONS_PAGE)),
  run: async (ctx, input): Promise<{ collections: CollectionRecord[]; nextCursor: string | null }> => {
    const { page, nextCursor } = await newestFirstPage(input, {
      idPattern: collectionIdPattern,
      where: { accountId: ctx.accountId },
      read: (query) => ctx.services.db.prisma.collection.findMany({ ...query, include: withDocumentCount }),
    });
    return { collections: page.map(toCollectionRecord), nextCursor };
  },
});
