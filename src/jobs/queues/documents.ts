import type { Config } from "../../config.ts";
import type { PageImagePrerenderer } from "../../core/documents/prerender-page-images.ts";
import { EXTRACTION_QUEUE, type ExtractionJob } from "../../core/job-queue.ts";
import {
  attemptFailureReason,
  failExtractionForGood,
  recordAttemptFailure,
  runExtraction,
} from "../bodies/documents.ts";
import type { ExtractionActivity } from "../extraction-activity.ts";
import type { QueueModule } from "../queue-module.ts";

/** How much later than the extraction's own deadline the queue expires a job. */
const EXPIRY_MARGIN_SECONDS = 120;

export const extractionOptions = (config: Config) => ({
  retryLimit: config.jobRetryLimit,
  retryDelay: 2,
  retryBackoff: true,
  // The extraction stops itself at its own deadline and says why; expiry is the backstop for
  // a worker that could not, so it comes a little later.
  expireInSeconds: config.extractionTimeoutSeconds + EXPIRY_MARGIN_SECONDS,
  heartbeatSeconds: config.jobHeartbeatSeconds,
});

/**
 * Extraction of one document generation. A retry resumes after the last page written; the
 * extraction itself runs in a process of its own that is ended at its budget.
 */
export function extractionQueue(hooks: {
  activity: ExtractionActivity;
  prerender: PageImagePrerenderer;
}): QueueModule<ExtractionJob> {
  return {
    name: EXTRACTION_QUEUE,
    options: extractionOptions,
    concurrency: (config) => config.workerConcurrency,
    async handle(services, job) {
      hooks.activity.started();
      try {
        await runExtraction(services, job);
      } finally {
        hooks.activity.ended();
      }
      // Does nothing unless this generation finished and is the document's active one.
      hooks.prerender.enqueue(job);
    },
    async attemptFailed(services, job, err) {
      // Kept on the document so giving up can say why the last attempt failed.
      await recordAttemptFailure(services, job, err).catch(() => undefined);
      return attemptFailureReason(err);
    },
    async gaveUp(services, job) {
      const doc = await services.db.prisma.document.findUnique({ where: { id: job.documentId } });
      await failExtractionForGood(services, job, doc?.errorReason ?? "the worker stopped responding");
    },
  };
}
