import type { PgBoss } from "pg-boss";
import { failExtractionForGood, runExtraction } from "../core/documents/run-extraction.ts";
import type { ExtractionJob } from "../core/jobs.ts";
import type { Services } from "../core/services.ts";
import { EXTRACT_DEAD_QUEUE, EXTRACT_QUEUE } from "./boss.ts";

/**
 * The worker role: extraction jobs, WORKER_CONCURRENCY at a time in this process. Handlers are
 * thin; the work is in src/core/documents/run-extraction.ts.
 */
export async function startWorker(boss: PgBoss, services: Services): Promise<void> {
  const { config, db, log } = services;
  await boss.work<ExtractionJob>(
    EXTRACT_QUEUE,
    { localConcurrency: config.workerConcurrency, batchSize: 1, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (!job) return;
      try {
        await runExtraction(services, job.data);
      } catch (err) {
        const message = (err as Error).message;
        log.warn("extraction attempt failed; it will be retried", {
          documentId: job.data.documentId,
          error: message,
        });
        // Kept on the document so the dead-letter handler can say why the last attempt failed.
        await db.prisma.document
          .updateMany({
            where: { id: job.data.documentId, workingGeneration: job.data.generation },
            data: { errorReason: message },
          })
          .catch(() => undefined);
        throw err;
      }
    },
  );
  await boss.work<ExtractionJob>(
    EXTRACT_DEAD_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 2 },
    async ([job]) => {
      if (!job) return;
      const doc = await db.prisma.document.findUnique({ where: { id: job.data.documentId } });
      await failExtractionForGood(services, job.data, doc?.errorReason ?? "the worker stopped responding");
    },
  );
}
