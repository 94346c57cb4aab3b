import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Config } from "../../config.ts";
import { countImagePages } from "../../core/conversions/convert-images.ts";
import { FILE_PAGES_QUEUE, type FilePagesJob } from "../../core/job-queue.ts";
import type { Services } from "../../core/services.ts";
import type { QueueModule } from "../queue-module.ts";

export const filePagesOptions = (config: Config) => ({
  retryLimit: config.jobRetryLimit,
  retryDelay: 2,
  retryBackoff: true,
  expireInSeconds: 600,
  heartbeatSeconds: config.jobHeartbeatSeconds,
});

/**
 * Counts a stored file's pages. A PDF is opened in an extraction process, a TIFF's header read in
 * a conversion process (each with its budgets, never on a service's event loop), here in the
 * worker rather than while the upload is received, so an upload's bytes are never held whole in
 * the API. Other images have one page, recorded when they are stored. A file that cannot be read
 * keeps `pages` null.
 */
export async function countFilePages(services: Services, job: FilePagesJob): Promise<void> {
  const file = await services.db.prisma.storedFile.findUnique({ where: { id: job.fileId } });
  if (file?.status !== "ready" || file.pages !== null) return;
  const bytes = await services.blobs.get(file.blobKey);
  if (!bytes) return;
  let pages: number | null = null;
  try {
    if (file.contentType.startsWith("image/")) pages = await imagePages(services, bytes);
    else {
      const session = await services.extractor.open(bytes, { strategy: "auto", capabilities: [] });
      pages = session.pageCount;
      await session.close();
    }
  } catch (err) {
    services.log.info("a stored file's pages cannot be counted", { fileId: file.id, error: String(err) });
    return;
  }
  await services.db.prisma.storedFile.updateMany({ where: { id: file.id, pages: null }, data: { pages } });
}

async function imagePages(services: Services, bytes: Uint8Array): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "quire-image-"));
  try {
    const file = path.join(dir, "image");
    await writeFile(file, bytes);
    return await countImagePages(file, services.config.conversionImageSeconds * 1000);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const filePagesQueue: QueueModule<FilePagesJob> = {
  name: FILE_PAGES_QUEUE,
  options: filePagesOptions,
  concurrency: () => 1,
  handle: countFilePages,
  attemptFailed: async (_services, _job, err) => String(err),
  gaveUp: async () => undefined,
};
