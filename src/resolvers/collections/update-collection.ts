import { AppError } from "../../core/errors.ts";
import type { OperationContext } from "../context.ts";
import { type CollectionRecord, toCollectionRecord, withDocumentCount } from "./collection-record.ts";
import { collectionName, findCollection, isUniqueViolation, nameTaken } from "./find-collection.ts";

/** Renames a collection and/or changes its description (null clears it); fields left out stay. */
export async function updateCollection(
  ctx: OperationContext,
  input: { ref: string; name?: string | undefined; description?: string | null | undefined },
): Promise<CollectionRecord> {
  const c = await findCollection(ctx, input.ref);
  if (input.name === undefined && input.description === undefined)
    throw new AppError("BAD_REQUEST", "Nothing to change: send a name, a description, or both.");
  const name = input.name === undefined ? undefined : collectionName(input.name);
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
}
