import { newId } from "../../core/ids.ts";
import type { OperationContext } from "../context.ts";
import {
  documentsNotFound,
  MAX_COLLECTION_DOCUMENTS,
  resolveOwnDocuments,
  tooManyDocuments,
} from "./collection-members.ts";
import { type CollectionRecord, toCollectionRecord, withDocumentCount } from "./collection-record.ts";
import { collectionName, isUniqueViolation, nameTaken, requireCollectionsAccess } from "./find-collection.ts";

/**
 * Creates a collection, with its first documents when named (SPEC: an id given twice is added
 * once). A name already used in the account is CONFLICT; an id naming no document of the account
 * is NOT_FOUND and nothing is created.
 */
export async function createCollection(
  ctx: OperationContext,
  input: {
    name: string;
    description?: string | null | undefined;
    documentIds?: readonly string[] | undefined;
  },
): Promise<CollectionRecord> {
  const accountId = requireCollectionsAccess(ctx);
  const name = collectionName(input.name);
  const { ids, missing } = await resolveOwnDocuments(ctx, accountId, input.documentIds ?? []);
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
        documents: { createMany: { data: ids.map((documentId) => ({ documentId })), skipDuplicates: true } },
      },
      include: withDocumentCount,
    });
    return toCollectionRecord(created);
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(name);
    throw err;
  }
}
