import { FILE_PAGES_QUEUE } from "../../core/job-queue.ts";
import type { OperationContext } from "../context.ts";

/** Asks a worker to count a ready file's pages; a file whose count could not be asked for keeps pages null. */
export async function countPagesLater(ctx: OperationContext, fileId: string): Promise<void> {
  await ctx.services.jobs
    .enqueue(FILE_PAGES_QUEUE, { fileId })
    .catch((err: Error) =>
      ctx.services.log.warn("counting a file's pages could not be queued", { fileId, error: err.message }),
    );
}
