import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import {
  collectionName,
  isUniqueViolation,
  MAX_COLLECTION_DESCRIPTION,
  nameTaken,
} from "./collection-input.ts";
import {
  type CollectionRecord,
  collectionRef,
  findCollection,
  toCollectionRecord,
  withDocumentCount,
} from "./collection-record.ts";

/** Renames a collection and/or changes its description (null clears it); fields left out stay. */
export const updateCollection = defineOperation({
  name: "updateCollection",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    ref: collectionRef,
    name: collectionName.optional(),
    description: z.string().max(MAX_COLLECTION_DESCRIPTION).nullish(),
  }),
  run: async (ctx, input): Promise<CollectionRecord> => {
    const c = await findCollection(ctx, input.ref);
    if (input.name === undefined && input.description === undefined)
      throw new AppError("BAD_REQUEST", "Nothing to change: send a name, a description, or both.");
    const { name } = input;
    try {
      const row = await ctx.services.db.prisma.collection.update({
        where: { id: c.id },
        data: {
          ...(name !== undefined ? { name } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
        },
        include: withDocumentCount,
      });
      return toCollectionRecord(row);
    } catch (err) {
      if (isUniqueViolation(err) && name !== undefined) throw nameTaken(name);
      throw err;
    }
  },
});
