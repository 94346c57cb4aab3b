import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { collectionRef, findCollection } from "./collection-record.ts";

/** Deletes the collection; its documents stay in the account. */
export const deleteCollection = defineOperation({
  name: "deleteCollection",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: collectionRef }),
  run: async (ctx, input): Promise<{ deleted: true; id: string }> => {
    const c = await findCollection(ctx, input.ref);
    // deleteMany: a concurrent delete of the same collection is not an error of this caller's.
    await ctx.services.db.prisma.collection.deleteMany({ where: { id: c.id } });
    return { deleted: true, id: c.id };
  },
});
