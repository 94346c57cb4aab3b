import type { Config } from "../config.ts";
import type { Services } from "../core/services.ts";

/** pg-boss's options for a queue, as a module asks for them. */
export type QueueOptions = {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  /** The backstop for a handler that could not stop itself. */
  expireInSeconds: number;
  /** A job whose worker stops beating for this long goes back to the queue. */
  heartbeatSeconds: number;
};

/**
 * One queue: its name, options and handler. The runner gives every queue the same behaviour:
 * slots that fetch the next job at once, heartbeats while a job runs, retries with backoff, a
 * dead-letter queue whose handler gives up for good, and a wake-up on every enqueue. A handler
 * is thin: the work is in src/core, in a process or thread that can be ended (the extraction is),
 * so a stuck job costs its own budget and never the worker.
 */
// biome-ignore lint/suspicious/noExplicitAny: a list of modules holds every payload type
export type QueueModule<T = any> = {
  name: string;
  options: (config: Config) => QueueOptions;
  /** Jobs one worker process runs at a time. */
  concurrency: (config: Config) => number;
  handle: (services: Services, data: T) => Promise<void>;
  /** An attempt failed and will be retried (or dead-lettered): keep why; returns the reason for the queue. */
  attemptFailed: (services: Services, data: T, err: unknown) => Promise<string>;
  /** Every attempt failed, or the worker died on the last: the job ends for good. */
  gaveUp: (services: Services, data: T) => Promise<void>;
};

/** The dead-letter queue of a queue. */
export const deadLetterOf = (name: string) => `${name}-dead`;
/** Published on every enqueue of a queue, so idle slots start at once instead of at their next poll. */
export const wakeTopicOf = (name: string) => `jobs:${name}`;
