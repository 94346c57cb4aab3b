import { PgBoss } from "pg-boss";
import type { Config } from "../config.ts";
import type { ExtractionJob, JobQueue } from "../core/jobs.ts";
import type { Logger } from "../core/log.ts";

export const EXTRACT_QUEUE = "extract-document";
/** Jobs that failed every retry land here; its handler marks the document `error`. */
export const EXTRACT_DEAD_QUEUE = "extract-document-dead";
/** Published on every enqueue, so idle worker slots start at once instead of at their next poll. */
export const JOBS_TOPIC = "jobs:extract";
const EXPIRY_MARGIN_SECONDS = 120;

/**
 * pg-boss on the service's database (its own schema). The extraction queue retries with backoff,
 * expires a job that runs too long, and needs a heartbeat from the worker: a worker that dies
 * stops beating, the supervisor fails the job after heartbeatSeconds, and another worker picks
 * up the retry, which resumes after the last page written.
 */
export async function startBoss(url: string, config: Config, log: Logger, opts: { supervise: boolean }) {
  const boss = new PgBoss({
    connectionString: url,
    schema: "pgboss",
    supervise: opts.supervise,
    superviseIntervalSeconds: config.jobSuperviseSeconds,
    monitorIntervalSeconds: config.jobSuperviseSeconds,
    schedule: false,
    max: 4,
  });
  boss.on("error", (err: Error) => log.error("job queue error", { error: err.message }));
  await boss.start();
  await boss.createQueue(EXTRACT_DEAD_QUEUE, { retryLimit: 0 });
  const options = {
    retryLimit: config.jobRetryLimit,
    retryDelay: 2,
    retryBackoff: true,
    // The extraction stops itself at its own deadline and says why; expiry is the backstop for
    // a worker that could not, so it comes a little later.
    expireInSeconds: config.extractionTimeoutSeconds + EXPIRY_MARGIN_SECONDS,
    heartbeatSeconds: config.jobHeartbeatSeconds,
    deadLetter: EXTRACT_DEAD_QUEUE,
  };
  await boss.createQueue(EXTRACT_QUEUE, options);
  // createQueue leaves an existing queue as it was; the configuration of this start wins.
  await boss.updateQueue(EXTRACT_QUEUE, options);
  const queue: JobQueue = {
    async enqueueExtraction(job: ExtractionJob) {
      await boss.send(EXTRACT_QUEUE, job);
    },
  };
  return { boss, queue };
}
