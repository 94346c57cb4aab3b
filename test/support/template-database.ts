import pg from "pg";
import { PgBoss } from "pg-boss";
import { loadConfig } from "../../src/config.ts";
import { migrate } from "../../src/core/db/migrate.ts";
import { queueSpecs } from "../../src/jobs/queues/index.ts";
import { createQueues } from "../../src/jobs/runner.ts";
import { adminQuery, adminUrl, runPrefix, type TestDatabase, testDatabase } from "./database.ts";

/**
 * The database every test database of one run is copied from: the migrations applied and
 * pg-boss's schema and queues made once, instead of once per file. Named for the run
 * (TEST_PG_RUN), since several runs may share one PostgreSQL.
 */
export async function createTemplateDatabase(): Promise<TestDatabase> {
  const db = testDatabase(`${runPrefix()}template`);
  await adminQuery(`CREATE DATABASE "${db.name}"`);
  try {
    await migrate(db.url);
    // The same start the service makes (src/jobs/runner.ts), so its own finds nothing to add.
    const boss = new PgBoss({
      connectionString: db.url,
      schema: "pgboss",
      supervise: false,
      schedule: false,
    });
    await boss.start();
    try {
      await createQueues(boss, loadConfig({ DATABASE_URL: db.url }), queueSpecs);
    } finally {
      await boss.stop({ graceful: false });
    }
  } catch (err) {
    await db.drop();
    throw err;
  }
  return db;
}

/**
 * Drops every database of this run still there, the template last: those of servers whose
 * worker exited without stopping them, and those whose drop was still under way.
 */
export async function dropRunDatabases(): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  let names: string[];
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname LIKE '%template'",
      [runPrefix()],
    );
    names = rows.map((r) => r.datname);
  } finally {
    await admin.end();
  }
  for (const name of names) await testDatabase(name).drop();
}
