import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import {
  type CollectionRecord,
  collectionRef,
  collections,
  toCollectionRecord,
  withDocumentCount,
} from "./collection-record.ts";

/** The caller's collection with its member count, in one read. */
export const getCollection = defineOperation({
  name: "getCollection",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: collectionRef }),
  run: async (ctx, input): Promise<CollectionRecord> => {
    const row = await collections.findWith(ctx, input.ref, (prisma, where) =>
      prisma.collection.findFirst({ where, include: withDocumentCount }),
    );
    return toCollectionRecord(row);
  },
});
