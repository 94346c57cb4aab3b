import type { OperationContext } from "../context.ts";
import { findCollection } from "./find-collection.ts";

/** Deletes the collection; its documents stay in the account. */
export async function deleteCollection(
  ctx: OperationContext,
  input: { ref: string },
): Promise<{ deleted: true; id: string }> {
  const c = await findCollection(ctx, input.ref);
  // deleteMany: a concurrent delete of the same collection is not an error of this caller's.
  await ctx.services.db.prisma.collection.deleteMany({ where: { id: c.id } });
  return { deleted: true, id: c.id };
}
