import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../../generated/prisma/client.ts";
import { createSandboxPools, endSandboxPools, type SandboxPools } from "../sql/sandbox-pools.ts";

export type Database = {
  prisma: PrismaClient;
  /** The same pool Prisma uses, for the few statements Prisma cannot express (upserts with RETURNING of a counter). */
  pool: pg.Pool;
  /** Connections for sandboxed SQL (doc_sql, table_sql), apart so that slow statements cannot take the service's own. */
  sql: SandboxPools;
  close: () => Promise<void>;
};

export function connectDatabase(opts: {
  url: string;
  poolSize: number;
  sqlPoolSize: number;
  onQuery?: (sql: string) => void;
}): Database {
  const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize });
  // An idle client that loses its connection emits 'error' on the pool; unhandled, that would end
  // the process. The next checkout simply opens a new connection.
  pool.on("error", () => undefined);
  const sql = createSandboxPools(opts.url, opts.sqlPoolSize);
  const adapter = new PrismaPg(pool);
  const prisma = new PrismaClient({
    adapter,
    log: opts.onQuery ? [{ emit: "event", level: "query" }] : [],
  });
  if (opts.onQuery) {
    const onQuery = opts.onQuery;
    (prisma as unknown as { $on: (e: "query", cb: (ev: { query: string }) => void) => void }).$on(
      "query",
      (ev) => onQuery(ev.query),
    );
  }
  return {
    prisma,
    pool,
    sql,
    close: async () => {
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
      await endSandboxPools(sql);
    },
  };
}
