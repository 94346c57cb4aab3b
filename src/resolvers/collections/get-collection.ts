import type { OperationContext } from "../context.ts";
import { type CollectionRecord, toCollectionRecord, withDocumentCount } from "./collection-record.ts";
import { collectionNotFound, collectionWhere, requireCollectionsAccess } from "./find-collection.ts";

/** The caller's collection with its member count, in one read. */
export async function getCollection(
  ctx: OperationContext,
  input: { ref: string },
): Promise<CollectionRecord> {
  const accountId = requireCollectionsAccess(ctx);
  const row = await ctx.services.db.prisma.collection.findFirst({
    where: collectionWhere(accountId, input.ref),
    include: withDocumentCount,
  });
  if (!row) throw collectionNotFound(input.ref);
  return toCollectionRecord(row);
}
