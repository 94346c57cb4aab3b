import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type CollectionRecord, toCollectionRecord, withDocumentCount } from "./collection-record.ts";
import { collectionNotFound, collectionRef, collectionWhere } from "./find-collection.ts";

/** The caller's collection with its member count, in one read. */
export const getCollection = defineOperation({
  name: "getCollection",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: collectionRef }),
  run: async (ctx, input): Promise<CollectionRecord> => {
    const { accountId } = ctx;
    const row = await ctx.services.db.prisma.collection.findFirst({
      where: collectionWhere(accountId, input.ref),
      include: withDocumentCount,
    });
    if (!row) throw collectionNotFound(input.ref);
    return toCollectionRecord(row);
  },
});
