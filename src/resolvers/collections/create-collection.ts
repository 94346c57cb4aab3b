import { newId } from "../../core/ids.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import {
  collectionName,
  isUniqueViolation,
  MAX_COLLECTION_DESCRIPTION,
  nameTaken,
} from "./collection-input.ts";
import { type CollectionRecord, toCollectionRecord, withDocumentCount } from "./collection-record.ts";
import {
  documentsNotFound,
  MAX_COLLECTION_DOCUMENTS,
  MAX_IDS_PER_REQUEST,
  resolveOwnDocuments,
  tooManyDocuments,
} from "./members-input.ts";

/**
 * Creates a collection, with its first documents when named (SPEC: an id given twice is added
 * once). A name already used in the account is CONFLICT; an id naming no document of the account
 * is NOT_FOUND and nothing is created.
 */
export const createCollection = defineOperation({
  name: "createCollection",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    name: collectionName,
    description: z.string().max(MAX_COLLECTION_DESCRIPTION).nullish(),
    documentIds: z.array(z.string()).max(MAX_IDS_PER_REQUEST).default([]),
  }),
  run: async (ctx, input): Promise<CollectionRecord> => {
    const { accountId } = ctx;
    const { name } = input;
    const { ids, missing } = await resolveOwnDocuments(ctx, accountId, input.documentIds);
    if (missing.length) throw documentsNotFound(missing);
    if (ids.length > MAX_COLLECTION_DOCUMENTS) throw tooManyDocuments(ids.length);
    const id = newId("col-");
    try {
      const created = await ctx.services.db.prisma.collection.create({
        data: {
          id,
          accountId,
          name,
          description: input.description ?? null,
          documents: {
            createMany: { data: ids.map((documentId) => ({ documentId })), skipDuplicates: true },
          },
        },
        include: withDocumentCount,
      });
      return toCollectionRecord(created);
    } catch (err) {
      if (isUniqueViolation(err)) throw nameTaken(name);
      throw err;
    }
  },
});
