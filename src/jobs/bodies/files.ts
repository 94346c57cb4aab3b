import type { Services } from "../../core/services.ts";
import { fileBlobPrefix } from "../../resolvers/files/file-record.ts";

/** Pending uploads past their expiry, with their bytes, a batch at a time; returns how many went. */
export async function sweepExpiredUploads(services: Services, batch = 100): Promise<number> {
  const expired = await services.db.prisma.storedFile.findMany({
    where: { status: "pending", expiresAt: { lt: new Date() } },
    select: { id: true },
    take: batch,
  });
  for (const { id } of expired) {
    // Bytes first: a failure leaves the row, and the next sweep tries again.
    await services.blobs.deletePrefix(fileBlobPrefix(id));
    await services.db.prisma.storedFile.deleteMany({ where: { id, status: "pending" } });
  }
  return expired.length;
}
