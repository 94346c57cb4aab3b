// What the operations need of the job queue: put work on a queue by name. The queues themselves
// (retries, heartbeats, dead letters, their handlers) are in src/jobs.

export type ExtractionJob = { documentId: string; generation: number };

export const EXTRACTION_QUEUE = "extract-document";

/** A stored file whose pages are to be counted. */
export type FilePagesJob = { fileId: string };

export const FILE_PAGES_QUEUE = "count-file-pages";

/** A conversion to run. */
export type ConversionJob = { conversionId: string };

export const CONVERSION_QUEUE = "run-conversion";

/** A workflow run to read once its documents are parsed. */
export type WorkflowRunJob = { runId: string };

export const WORKFLOW_RUN_QUEUE = "run-workflow";

/** An agent run to carry out. */
export type AgentRunJob = { runId: string };

export const AGENT_RUN_QUEUE = "run-agent";

/** The payload each queue carries, by queue name. */
export type JobPayloads = {
  [EXTRACTION_QUEUE]: ExtractionJob;
  [FILE_PAGES_QUEUE]: FilePagesJob;
  [CONVERSION_QUEUE]: ConversionJob;
  [WORKFLOW_RUN_QUEUE]: WorkflowRunJob;
  [AGENT_RUN_QUEUE]: AgentRunJob;
};
export type QueueName = keyof JobPayloads;

export type JobQueue = {
  enqueue<Q extends QueueName>(queue: Q, data: JobPayloads[Q]): Promise<void>;
};
