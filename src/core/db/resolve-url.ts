import pg from "pg";
import type { Config } from "../../config.ts";
import type { Logger } from "../log.ts";

export type DatabaseHandle = { url: string; embedded: boolean; stop: () => Promise<void> };

/** Whether a PostgreSQL server answers at this URL within a second. */
export async function reachable(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL under the data directory. A second
 * process on the same data directory (a worker beside the API, or the keys CLI) finds the
 * embedded server already running and shares it instead of starting another.
 */
export async function resolveDatabase(config: Config, log: Logger): Promise<DatabaseHandle> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, stop: async () => undefined };
  const url = `postgresql://postgres:postgres@127.0.0.1:${config.embeddedPgPort}/quire`;
  if (await reachable(url)) return { url, embedded: true, stop: async () => undefined };
  // Loaded only when used: the library installs process exit hooks as soon as it is imported.
  const { startEmbeddedPostgres } = await import("./embedded.ts");
  const db = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, log });
  return { url: db.url, embedded: true, stop: db.stop };
}
