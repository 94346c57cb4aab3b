import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

/** prisma/migrations of the project, found upwards from this module (src/ in development, dist/ when built). */
function findMigrationsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = path.join(dir, "prisma", "migrations");
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("prisma/migrations not found above the running module");
    dir = parent;
  }
}

export const migrationsDir = findMigrationsDir();

// Any number to tell our lock apart from other users of advisory locks on the same database.
const MIGRATION_LOCK_KEY = 7_311_042_017;

export type Migration = { name: string; sql: string; checksum: string };

export function listMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/**
 * Applies the SQL migrations not yet applied, each in its own transaction, under a session
 * advisory lock so that several processes starting at once against one database take turns:
 * the first applies, the others find nothing left to do. Returns the names it applied.
 */
export async function migrate(databaseUrl: string, dir = migrationsDir): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_quire_migrations" (
      "name" TEXT PRIMARY KEY,
      "checksum" TEXT NOT NULL,
      "applied_at" TIMESTAMPTZ NOT NULL DEFAULT now()
    )`);
    const { rows } = await client.query<{ name: string; checksum: string }>(
      `SELECT name, checksum FROM "_quire_migrations"`,
    );
    const applied = new Map(rows.map((r) => [r.name, r.checksum]));
    const done: string[] = [];
    for (const m of listMigrations(dir)) {
      const seen = applied.get(m.name);
      if (seen !== undefined) {
        if (seen !== m.checksum) {
          throw new Error(
            `Migration ${m.name} was changed after it was applied; add a new migration instead of editing it.`,
          );
        }
        continue;
      }
      await client.query("BEGIN");
      try {
        await client.query(m.sql);
        await client.query(`INSERT INTO "_quire_migrations" (name, checksum) VALUES ($1, $2)`, [
          m.name,
          m.checksum,
        ]);
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
      }
      done.push(m.name);
    }
    return done;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
