import type { Config } from "../../config.ts";
import { WORKFLOW_RUN_QUEUE, type WorkflowRunJob } from "../../core/job-queue.ts";
import { giveUpRun, recordRunAttempt, runWorkflow } from "../bodies/workflows.ts";
import type { QueueModule } from "../queue-module.ts";

/** A run waits for its documents' parses: as long as the longest extraction may take, and reading after. */
const RUN_EXPIRY_SECONDS = 6 * 60 * 60;

export const workflowRunOptions = (config: Config) => ({
  retryLimit: config.jobRetryLimit,
  retryDelay: 2,
  retryBackoff: true,
  expireInSeconds: RUN_EXPIRY_SECONDS,
  heartbeatSeconds: config.jobHeartbeatSeconds,
});

/**
 * Workflow runs: each waits for its documents' parses (run by the extraction queue's own slots)
 * and reads them as they end. Reading is quick and in-process; a failure (the database, a model)
 * is retried, and documents read before are not read again.
 */
export const workflowRunQueue: QueueModule<WorkflowRunJob> = {
  name: WORKFLOW_RUN_QUEUE,
  options: workflowRunOptions,
  concurrency: (config) => config.workerConcurrency,
  handle: runWorkflow,
  attemptFailed: recordRunAttempt,
  gaveUp: giveUpRun,
};
