import type { OperationContext } from "../context.ts";
import { afterCursor, decodeCursor, pageOf } from "../cursor.ts";
import { type CollectionRecord, toCollectionRecord, withDocumentCount } from "./collection-record.ts";
import { collectionIdPattern, requireCollectionsAccess } from "./find-collection.ts";

export const MAX_COLLECTIONS_PAGE = 100;

/** The account's collections, newest first, a page at a time. */
export async function listCollections(
  ctx: OperationContext,
  input: { limit: number; cursor?: string | undefined },
): Promise<{ collections: CollectionRecord[]; nextCursor: string | null }> {
  const accountId = requireCollectionsAccess(ctx);
  const limit = Math.min(Math.max(1, input.limit), MAX_COLLECTIONS_PAGE);
  const after = input.cursor ? decodeCursor(input.cursor, collectionIdPattern) : null;
  const rows = await ctx.services.db.prisma.collection.findMany({
    where: { accountId, ...afterCursor(after) },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    include: withDocumentCount,
    take: limit + 1,
  });
  const { page, nextCursor } = pageOf(rows, limit);
  return { collections: page.map(toCollectionRecord), nextCursor };
}
