import type { Job, PgBoss } from "pg-boss";
import {
  type PageImagePrerenderer,
  storedDocumentPrerenderer,
} from "../core/documents/prerender-page-images.ts";
import {
  attemptFailureReason,
  failExtractionForGood,
  recordAttemptFailure,
  runExtraction,
} from "../core/documents/run-extraction.ts";
import type { ExtractionJob } from "../core/jobs.ts";
import type { Services } from "../core/services.ts";
import { EXTRACT_DEAD_QUEUE, EXTRACT_QUEUE, JOBS_TOPIC } from "./boss.ts";
import { ExtractionActivity } from "./extraction-activity.ts";

/** How long an idle slot waits before looking again when no wake-up event arrives. */
const IDLE_POLL_MS = 1000;
/** How long after the last extraction ended background page images may start. */
const QUIET_BEFORE_IMAGES_MS = 2000;

/**
 * The worker role: WORKER_CONCURRENCY extraction slots in this process. Each slot fetches the
 * next job as soon as it finishes one (pg-boss's own loop waits out its polling interval after
 * every job, which capped short documents at two a second a slot), heartbeats while it works,
 * and sleeps only when the queue is empty, until an enqueue event (NOTIFY) or the idle poll wakes
 * it. Retries, expiry and the dead letter stay pg-boss's. Handlers are thin: the work is in
 * src/core/documents/run-extraction.ts.
 */
export async function startWorker(
  boss: PgBoss,
  services: Services,
): Promise<{ prerender: PageImagePrerenderer; stop: () => Promise<void> }> {
  const { config, db, log, events } = services;
  let stopping = false;
  const activity = new ExtractionActivity(QUIET_BEFORE_IMAGES_MS);
  const prerender = storedDocumentPrerenderer(services, config.prerenderPages, activity.busy);
  const sleepers = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of sleepers) wake();
    sleepers.clear();
  };
  const idle = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        sleepers.delete(resolve);
        resolve();
      }, IDLE_POLL_MS);
      sleepers.add(() => {
        clearTimeout(timer);
        resolve();
      });
    });

  const wakeups = await events.subscribe<unknown>(JOBS_TOPIC);
  const listening = (async () => {
    for await (const _ of wakeups) wakeAll();
  })();

  const work = async (job: Job<ExtractionJob>) => {
    // Heartbeats tell the supervisor this worker is alive; a killed worker stops sending them
    // and its job goes back to the queue for another worker to resume.
    const beat = setInterval(
      () => void boss.touch(EXTRACT_QUEUE, job.id).catch(() => undefined),
      Math.max(1000, (config.jobHeartbeatSeconds * 1000) / 3),
    );
    activity.started();
    try {
      await runExtraction(services, job.data);
      await boss.complete(EXTRACT_QUEUE, job.id);
      // Does nothing unless this generation finished and is the document's active one.
      prerender.enqueue(job.data);
    } catch (err) {
      const message = (err as Error).message;
      log.warn("extraction attempt failed; it will be retried", {
        documentId: job.data.documentId,
        error: message,
      });
      // Kept on the document so the dead-letter handler can say why the last attempt failed.
      await recordAttemptFailure(services, job.data, err).catch(() => undefined);
      await boss.fail(EXTRACT_QUEUE, job.id, { message: attemptFailureReason(err) }).catch(() => undefined);
    } finally {
      activity.ended();
      clearInterval(beat);
    }
  };

  const slot = async () => {
    while (!stopping) {
      let job: Job<ExtractionJob> | undefined;
      try {
        [job] = await boss.fetch<ExtractionJob>(EXTRACT_QUEUE, { batchSize: 1 });
      } catch (err) {
        log.warn("fetching a job failed", { error: (err as Error).message });
      }
      if (job) await work(job);
      else await idle();
    }
  };
  const slots = Array.from({ length: config.workerConcurrency }, () => slot());

  await boss.work<ExtractionJob>(
    EXTRACT_DEAD_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 2 },
    async ([job]) => {
      if (!job) return;
      const doc = await db.prisma.document.findUnique({ where: { id: job.data.documentId } });
      await failExtractionForGood(services, job.data, doc?.errorReason ?? "the worker stopped responding");
    },
  );

  return {
    prerender,
    async stop() {
      stopping = true;
      wakeAll();
      await wakeups.return?.();
      // A slot in the middle of a long document is not waited for long: its job stops beating
      // and another worker resumes it after the last page written. Background page images stop
      // after the page under way, within the same wait.
      await Promise.race([
        Promise.all([...slots, listening, prerender.stop()]),
        new Promise((r) => setTimeout(r, 10_000).unref()),
      ]);
    },
  };
}
