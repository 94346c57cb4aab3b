import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../src/core/log.ts";
import { type RunningService, startService } from "../../src/service.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

export const WORKER_SECRET = "test-worker-secret-0123456789";

export type TestServer = RunningService & {
  url: string;
  database: TestDatabase;
  /** Stops the server and drops its database. */
  close: () => Promise<void>;
};

/** The real service on a free loopback port over its own fresh database. */
export async function startTestServer(
  env: Record<string, string> = {},
  database?: TestDatabase,
): Promise<TestServer> {
  const db = database ?? (await createTestDatabase());
  const config = loadConfig({
    DATABASE_URL: db.url,
    PORT: "0",
    HOST: "127.0.0.1",
    WORKER_SECRET,
    LOG_LEVEL: "silent",
    DB_POOL_SIZE: "5",
    ...env,
  });
  const running = await startService(config, createLogger(config.logLevel));
  if (!running.url) throw new Error("test server has no API role");
  return {
    ...running,
    url: running.url,
    database: db,
    close: async () => {
      await running.stop();
      if (!database) await db.drop();
    },
  };
}
