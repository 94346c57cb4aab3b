import pg from "pg";
import { CLIENT_GRACE_MS, LOCK_TIMEOUT_MS, STATEMENT_TIMEOUT_MS, WORK_MEM } from "./sql-limits.ts";

/**
 * Connections for sandboxed SQL, apart from the service's own so that slow statements cannot take
 * its connections. doc_sql's are pipelined (the transaction's start, the statement and its end are
 * written at once: one round trip); table_sql's read a cursor (its rows capped as they arrive),
 * which a pipelined connection cannot.
 */
export type SandboxPools = { read: pg.Pool; write: pg.Pool };

/**
 * Every sandbox connection starts with the statement's budget as its session's defaults (the
 * startup packet's options), so no transaction has to set them; the checker refuses every way
 * a statement could change them, and a writer's connection is reset to them after each use.
 */
const budget = [
  `statement_timeout=${STATEMENT_TIMEOUT_MS}`,
  `lock_timeout=${LOCK_TIMEOUT_MS}`,
  `idle_in_transaction_session_timeout=${STATEMENT_TIMEOUT_MS + CLIENT_GRACE_MS}`,
  `work_mem=${WORK_MEM}`,
  // The statement checker reads strings as standard SQL does; the server must too.
  "standard_conforming_strings=on",
]
  .map((s) => `-c ${s}`)
  .join(" ");

export function createSandboxPools(url: string, size: number): SandboxPools {
  const pools = {
    read: new pg.Pool({ connectionString: url, max: size, options: budget, pipeline: true } as pg.PoolConfig),
    write: new pg.Pool({ connectionString: url, max: size, options: budget }),
  };
  // An idle connection that is lost emits 'error' on its pool; the next checkout opens another.
  for (const p of Object.values(pools)) p.on("error", () => undefined);
  return pools;
}

export async function endSandboxPools(pools: SandboxPools): Promise<void> {
  await Promise.all(Object.values(pools).map((p) => p.end().catch(() => undefined)));
}
