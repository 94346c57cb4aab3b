import { randomBytes } from "node:crypto";
import pg from "pg";

// Each test file gets its own database on the machine's PostgreSQL (127.0.0.1:5432), created
// here and dropped afterwards, so files run in parallel without seeing each other's rows.
// TEST_PG_URL points elsewhere when needed. Read when used: the global setup sets it (and the
// template's name) after this module may already have been loaded.
export function adminUrl(): string {
  return process.env.TEST_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
}

export type TestDatabase = { url: string; name: string; drop: () => Promise<void> };

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs one statement on the server's maintenance database (CREATE / DROP DATABASE). */
export async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A database with this name on the test server, and the way to drop it. */
export function testDatabase(name: string): TestDatabase {
  return {
    url: withDatabase(adminUrl(), name),
    name,
    drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** The names of this run's databases begin with this, so its global teardown finds what is left. */
export function runPrefix(): string {
  return `quire_test_${process.env.TEST_PG_RUN ?? "norun"}_`;
}

/**
 * A fresh database for one test file: a copy of the run's template, already migrated and with
 * pg-boss's schema, so the service's start-up finds nothing to do. `empty` for the tests of
 * migrating itself. Outside a vitest run (the benchmarks) there is no template: the database is
 * empty and the service migrates it when it starts.
 */
export async function createTestDatabase(opts: { empty?: boolean } = {}): Promise<TestDatabase> {
  const name = `${runPrefix()}${randomBytes(6).toString("hex")}`;
  const template = opts.empty ? undefined : process.env.TEST_PG_TEMPLATE;
  await adminQuery(
    template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`,
  );
  return testDatabase(name);
}
