import type pg from "pg";
import type { Services } from "./services.ts";

const BOOTSTRAP_LOCK_KEY = 7_311_042_018;

/**
 * On the first start of an empty database: one account and its first secret key (made by the
 * operation the service passes in), whose secret is returned so main can print it once. Under an advisory lock, so two processes starting
 * together create one account, not two.
 */
export async function bootstrapFirstAccount(
  services: Services,
  createAccount: (name: string) => Promise<{ accountId: string; secret: string }>,
): Promise<{ accountId: string; secret: string } | null> {
  const client: pg.PoolClient = await services.db.pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [BOOTSTRAP_LOCK_KEY]);
    const { rows } = await client.query<{ n: string }>("SELECT count(*) AS n FROM accounts");
    if (Number(rows[0]?.n) > 0) return null;
    return await createAccount("default");
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [BOOTSTRAP_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
