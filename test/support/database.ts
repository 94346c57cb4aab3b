import { randomBytes } from "node:crypto";
import pg from "pg";

// Each test file gets its own database on the machine's PostgreSQL (127.0.0.1:5432), created
// here and dropped afterwards, so files run in parallel without seeing each other's rows.
// TEST_PG_URL points elsewhere when needed.
const adminUrl = process.env.TEST_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export type TestDatabase = { url: string; name: string; drop: () => Promise<void> };

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `quire_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
