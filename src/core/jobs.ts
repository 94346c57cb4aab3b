/** What the operations need of the job queue; implemented with pg-boss in src/jobs. */
export type JobQueue = {
  enqueueExtraction: (job: ExtractionJob) => Promise<void>;
};

export type ExtractionJob = { documentId: string; generation: number };
