import type { Config } from "../../config.ts";
import { CONVERSION_QUEUE, type ConversionJob } from "../../core/job-queue.ts";
import { MAX_CONVERSION_INPUTS } from "../../resolvers/conversions/create-conversion.ts";
import { giveUpConversion, recordConversionAttempt, runConversion } from "../bodies/conversions.ts";
import type { QueueModule } from "../queue-module.ts";

/** How much later than the longest a conversion can take the queue expires its job. */
const EXPIRY_MARGIN_SECONDS = 120;

export const conversionOptions = (config: Config) => ({
  retryLimit: config.jobRetryLimit,
  retryDelay: 2,
  retryBackoff: true,
  // Every step of a conversion has its budget and ends itself; expiry is the backstop for a
  // worker that could not: past the budgets of the largest conversion (a header and a page per
  // image, and the PDF written), with a margin.
  expireInSeconds: config.conversionImageSeconds * (2 * MAX_CONVERSION_INPUTS + 1) + EXPIRY_MARGIN_SECONDS,
  heartbeatSeconds: config.jobHeartbeatSeconds,
});

/**
 * Images into one PDF. The decoding runs in a process of its own that is killed at its time
 * budget; a broken input ends the conversion failed, naming it, without a retry (it would fail
 * the same way). Other failures (the store, the database) are retried.
 */
export const conversionQueue: QueueModule<ConversionJob> = {
  name: CONVERSION_QUEUE,
  options: conversionOptions,
  concurrency: (config) => config.workerConcurrency,
  handle: runConversion,
  attemptFailed: recordConversionAttempt,
  gaveUp: giveUpConversion,
};
