import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServices } from "../../src/build-services.ts";
import { loadConfig } from "../../src/config.ts";
import { migrate } from "../../src/core/db/migrate.ts";
import { createLogger } from "../../src/core/log.ts";
import type { QueueModule } from "../../src/jobs/queue-module.ts";
import { createQueues, runQueues } from "../../src/jobs/runner.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";

// A queue other than extraction, run by the same runner, gets the same behaviour: a failed
// attempt is retried, and a job that fails every attempt is given up through the dead letter.

type Payload = { id: string; failures: number };

let db: TestDatabase;
let built: Awaited<ReturnType<typeof buildServices>>;
const attempts = new Map<string, number>();
const failed: string[] = [];
const gaveUp: string[] = [];
const done: string[] = [];

const flaky: QueueModule<Payload> = {
  name: "test-flaky",
  options: () => ({
    retryLimit: 2,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 60,
    heartbeatSeconds: 10,
  }),
  concurrency: () => 2,
  async handle(_services, job) {
    const n = (attempts.get(job.id) ?? 0) + 1;
    attempts.set(job.id, n);
    if (n <= job.failures) throw new Error(`attempt ${n} of ${job.id} fails`);
    done.push(job.id);
  },
  async attemptFailed(_services, job, err) {
    failed.push(job.id);
    return `kept: ${(err as Error).message}`;
  },
  async gaveUp(_services, job) {
    gaveUp.push(job.id);
  },
};

async function until(check: () => boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  await migrate(db.url);
  const config = loadConfig({ DATABASE_URL: db.url, LOG_LEVEL: "silent" });
  built = await buildServices(db.url, config, createLogger("silent"), { supervise: true, poolSize: 3 });
  await createQueues(built.boss, config, [flaky]);
}, 60_000);

afterAll(async () => {
  await built?.close();
  await db?.drop();
});

describe("the job runner", () => {
  it("retries a failed attempt and gives a job up after its last, for any queue", async () => {
    const runner = await runQueues(built.boss, built.services, [flaky]);
    try {
      await built.boss.send("test-flaky", { id: "once", failures: 1 });
      await built.boss.send("test-flaky", { id: "never", failures: 99 });
      await built.boss.send("test-flaky", { id: "fine", failures: 0 });
      await until(() => done.includes("once") && done.includes("fine") && gaveUp.includes("never"));
      expect(attempts.get("once")).toBe(2);
      expect(attempts.get("fine")).toBe(1);
      // retryLimit 2: three attempts, then the dead letter, once.
      expect(attempts.get("never")).toBe(3);
      expect(failed.filter((id) => id === "never")).toHaveLength(3);
      expect(gaveUp).toEqual(["never"]);
      const [row] = await built.services.db.pool
        .query<{ output: { message?: string } }>(
          "SELECT output FROM pgboss.job WHERE name = 'test-flaky' AND data->>'id' = 'never'",
        )
        .then((r) => r.rows);
      expect(row?.output?.message).toBe("kept: attempt 3 of never fails");
    } finally {
      await runner.stop();
    }
  }, 60_000);
});
