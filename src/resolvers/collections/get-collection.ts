import { AppError } from "../../core/errors.ts";
import type { OperationContext } from "../context.ts";
import { type CollectionRecord, toCollectionRecord, withDocumentCount } from "./collection-record.ts";
import { findCollection } from "./find-collection.ts";

export async function getCollection(
  ctx: OperationContext,
  input: { ref: string },
): Promise<CollectionRecord> {
  const c = await findCollection(ctx, input.ref);
  const row = await ctx.services.db.prisma.collection.findUnique({
    where: { id: c.id },
    include: withDocumentCount,
  });
  // Deleted between the two reads.
  if (!row) throw new AppError("NOT_FOUND", `Collection ${JSON.stringify(input.ref)} was not found.`);
  return toCollectionRecord(row);
}
