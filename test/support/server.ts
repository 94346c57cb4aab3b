import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../src/core/log.ts";
import { type RunningService, startService } from "../../src/start-service.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

export const WORKER_SECRET = "test-worker-secret-0123456789";

export type TestServer = RunningService & {
  url: string;
  blobDir: string;
  database: TestDatabase;
  /** Stops the server and drops its database. */
  close: () => Promise<void>;
};

/** The real service on a free loopback port over its own fresh database. */
export async function startTestServer(
  env: Record<string, string> = {},
  database?: TestDatabase,
  opts: { onQuery?: (sql: string) => void } = {},
): Promise<TestServer> {
  const db = database ?? (await createTestDatabase());
  // Each server gets its own blob directory, so tests can look into "the store" and see only theirs.
  const blobDir =
    env.BLOB_DIR ?? mkdtempSync(path.join(process.env.TEST_RUN_DIR ?? os.tmpdir(), "quire-blobs-"));
  const config = loadConfig({
    DATABASE_URL: db.url,
    BLOB_DIR: blobDir,
    PORT: "0",
    HOST: "127.0.0.1",
    WORKER_SECRET,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    DB_POOL_SIZE: "5",
    // Background page images off unless a test asks for them: they would render every page of
    // every test document and change what tests that count stored images see.
    PRERENDER_PAGES: "0",
    // The security matrices of the test files send hundreds of wrong credentials from one
    // address; the throttle on them has its own test (client-address.test.ts).
    AUTH_FAILURES_PER_MINUTE: "1000000",
    ...env,
  });
  const running = await startService(config, createLogger(config.logLevel), opts).catch(
    async (err: unknown) => {
      if (!database) await db.drop();
      if (!env.BLOB_DIR) rmSync(blobDir, { recursive: true, force: true });
      throw err;
    },
  );
  if (!running.url) throw new Error("test server has no API role");
  return {
    ...running,
    url: running.url,
    blobDir,
    database: db,
    close: async () => {
      await running.stop();
      if (!env.BLOB_DIR) rmSync(blobDir, { recursive: true, force: true });
      // Not waited for: PostgreSQL takes a few seconds to let the closed connections go, and the
      // run's global teardown drops whatever is left.
      if (!database) void db.drop().catch(() => undefined);
    },
  };
}

/**
 * Forgets what callers without a key have spent of their per-address budget (60 standard
 * requests a minute), so a file that sends many anonymous requests does not run into 429.
 */
export async function resetAnonymousBudget(server: TestServer): Promise<void> {
  await server.services.db.pool.query("DELETE FROM rate_limit_windows WHERE bucket LIKE 'ip:%'");
}

/**
 * Forgets what every caller has spent of its rate budget, for tests that send more requests than
 * a minute's budget to exercise something other than the rate limiter.
 */
export async function resetRateBudgets(server: TestServer): Promise<void> {
  await server.services.db.pool.query("DELETE FROM rate_limit_windows");
}

/**
 * Waits, when fewer than `seconds` are left of the current minute, for the next to begin: rate
 * budgets are counted in minute windows, and a test that spends one whole must not straddle a turn.
 */
export async function clearOfMinuteTurn(seconds: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < seconds * 1000) await new Promise((r) => setTimeout(r, left + 250));
}
