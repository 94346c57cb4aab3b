import type { OperationContext } from "../context.ts";
import { type CollectionRecord, toCollectionRecord, withDocumentCount } from "./collection-record.ts";
import { findCollection } from "./find-collection.ts";

export async function getCollection(
  ctx: OperationContext,
  input: { ref: string },
): Promise<CollectionRecord> {
  const c = await findCollection(ctx, input.ref);
  const row = await ctx.services.db.prisma.collection.findUniqueOrThrow({
    where: { id: c.id },
    include: withDocumentCount,
  });
  return toCollectionRecord(row);
}
