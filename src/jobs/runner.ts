import { type Job, PgBoss } from "pg-boss";
import type { Config } from "../config.ts";
import type { EventBus } from "../core/events/pubsub.ts";
import type { JobPayloads, JobQueue, QueueName } from "../core/job-queue.ts";
import type { Logger } from "../core/log.ts";
import type { Services } from "../core/services.ts";
import { deadLetterOf, type QueueModule, wakeTopicOf } from "./queue-module.ts";

/** How long an idle slot waits before looking again when no wake-up event arrives. */
const IDLE_POLL_MS = 1000;

/** Every queue of the service, and the options their modules ask for. */
export type QueueSpec = { name: string; options: QueueModule["options"] };

/** Each queue and its dead letter, made or brought to this start's options. */
export async function createQueues(
  boss: PgBoss,
  config: Config,
  queues: readonly QueueSpec[],
): Promise<void> {
  for (const q of queues) {
    await boss.createQueue(deadLetterOf(q.name), { retryLimit: 0 });
    const options = { ...q.options(config), deadLetter: deadLetterOf(q.name) };
    await boss.createQueue(q.name, options);
    // createQueue leaves an existing queue as it was; the configuration of this start wins.
    await boss.updateQueue(q.name, options);
  }
}

/**
 * pg-boss on the service's database (its own schema), with each queue and its dead letter made
 * (or brought to this start's options). Enqueueing publishes the queue's wake-up topic.
 */
export async function startJobQueue(
  url: string,
  config: Config,
  log: Logger,
  events: EventBus,
  queues: readonly QueueSpec[],
  opts: { supervise: boolean },
): Promise<{ boss: PgBoss; queue: JobQueue }> {
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
  await createQueues(boss, config, queues);
  const queue: JobQueue = {
    async enqueue<Q extends QueueName>(name: Q, data: JobPayloads[Q]) {
      await boss.send(name, data as object);
      await events.publish(wakeTopicOf(name), {}).catch(() => undefined);
    },
  };
  return { boss, queue };
}

/**
 * The worker role for a set of queues: `concurrency` slots per queue in this process. Each slot
 * fetches the next job as soon as it finishes one (pg-boss's own loop waits out its polling
 * interval after every job), heartbeats while it works, and sleeps only when the queue is
 * empty, until an enqueue event (NOTIFY) or the idle poll wakes it. Retries, expiry and the dead
 * letter stay pg-boss's; a dead-lettered job is handed to the module's `gaveUp`.
 */
export async function runQueues(
  boss: PgBoss,
  services: Services,
  modules: readonly QueueModule[],
): Promise<{ stop: () => Promise<void> }> {
  const { config, log, events } = services;
  let stopping = false;
  const loops: Promise<void>[] = [];
  const stoppers: (() => Promise<void>)[] = [];

  for (const m of modules) {
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
    const wakeups = await events.subscribe<unknown>(wakeTopicOf(m.name));
    loops.push(
      (async () => {
        for await (const _ of wakeups) wakeAll();
      })(),
    );
    stoppers.push(async () => {
      wakeAll();
      await wakeups.return?.();
    });

    const heartbeatMs = Math.max(1000, (m.options(config).heartbeatSeconds * 1000) / 3);
    const work = async (job: Job<unknown>) => {
      // Heartbeats tell the supervisor this worker is alive; a killed worker stops sending them
      // and its job goes back to the queue for another worker to resume.
      const beat = setInterval(() => void boss.touch(m.name, job.id).catch(() => undefined), heartbeatMs);
      try {
        await m.handle(services, job.data);
        await boss.complete(m.name, job.id);
      } catch (err) {
        log.warn("job attempt failed; it will be retried", {
          queue: m.name,
          job: job.data,
          error: (err as Error).message,
        });
        const reason = await m.attemptFailed(services, job.data, err).catch(() => (err as Error).message);
        await boss.fail(m.name, job.id, { message: reason }).catch(() => undefined);
      } finally {
        clearInterval(beat);
      }
    };
    const slot = async () => {
      while (!stopping) {
        let job: Job<unknown> | undefined;
        try {
          [job] = await boss.fetch<unknown>(m.name, { batchSize: 1 });
        } catch (err) {
          log.warn("fetching a job failed", { queue: m.name, error: (err as Error).message });
        }
        if (job) await work(job);
        else await idle();
      }
    };
    for (let i = 0; i < m.concurrency(config); i++) loops.push(slot());

    await boss.work<unknown>(
      deadLetterOf(m.name),
      { batchSize: 1, pollingIntervalSeconds: 2 },
      async ([job]) => {
        if (job) await m.gaveUp(services, job.data);
      },
    );
  }

  return {
    async stop() {
      stopping = true;
      for (const s of stoppers) await s();
      // A slot in the middle of a long job is not waited for long: its job stops beating and
      // another worker resumes it.
      await Promise.race([Promise.all(loops), new Promise((r) => setTimeout(r, 10_000).unref())]);
    },
  };
}
