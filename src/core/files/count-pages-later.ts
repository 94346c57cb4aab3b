import { FILE_PAGES_QUEUE } from "../job-queue.ts";
import type { Services } from "../services.ts";

/** Asks a worker to count a ready file's pages; a file whose count could not be asked for keeps pages null. */
export async function countPagesLater(services: Services, fileId: string): Promise<void> {
  await services.jobs
    .enqueue(FILE_PAGES_QUEUE, { fileId })
    .catch((err: Error) =>
      services.log.warn("counting a file's pages could not be queued", { fileId, error: err.message }),
    );
}
