import type { Prisma } from "../../generated/prisma/client.ts";
import type { BlobStore } from "../blobs/blob-store.ts";
import { pageImagePrefix } from "./blob-keys.ts";

/**
 * Deletes the pages, tables and passages of every generation but `generation`: run in the
 * transaction that makes `generation` the one reads serve, so a reader finds the old results or
 * the new ones, never a document with neither.
 */
export async function dropOldGenerationRows(
  tx: Prisma.TransactionClient,
  id: string,
  generation: number,
): Promise<void> {
  const older = { documentId: id, generation: { not: generation } };
  await tx.page.deleteMany({ where: older });
  await tx.documentTable.deleteMany({ where: older });
  await tx.passage.deleteMany({ where: older });
}

/** Page images of earlier extractions are no longer served: drops them from the store. */
export async function dropOldPageImages(blobs: BlobStore, id: string, generation: number): Promise<void> {
  const prefix = pageImagePrefix(id);
  for (const key of await blobs.list(prefix)) {
    if (!key.startsWith(`${prefix}g${generation}-`)) await blobs.delete(key);
  }
}
