import type pg from "pg";
import Cursor from "pg-cursor";
import { checkStatement, type StatementRules } from "./check-statement.ts";
import type { SandboxPools } from "./sandbox-pools.ts";
import { SqlRefused } from "./sql-errors.ts";
import {
  CLIENT_GRACE_MS,
  LOCK_TIMEOUT_MS,
  MAX_RESULT_BYTES,
  MAX_RESULT_ROWS,
  STATEMENT_TIMEOUT_MS,
} from "./sql-limits.ts";
import type { SqlResult } from "./sql-result.ts";
import { sandboxTypes } from "./sql-types.ts";

/** The doc_sql views, as a statement names them, and their columns (prisma/migrations/*_sql_views_flat). */
export const docSqlViews: Readonly<Record<string, readonly string[]>> = {
  documents: ["id", "file_name", "phase", "page_count", "size_bytes", "sha256", "created_at", "completed_at"],
  pages: ["document_id", "page_number", "markdown", "text", "width", "height", "method"],
  tables: ["document_id", "table_index", "page_number", "pages", "row_count", "column_count", "markdown"],
  table_cells: [
    "document_id",
    "table_index",
    "row_number",
    "column_number",
    "is_header",
    "header",
    "text",
    "numeric_value",
  ],
  passages: [
    "document_id",
    "page_number",
    "position",
    "start_offset",
    "end_offset",
    "text",
    "language",
    "tsv",
  ],
};
const docSqlRules: StatementRules = {
  mode: "read",
  relations: new Set(Object.keys(docSqlViews)),
  columns: new Set(Object.values(docSqlViews).flat()),
  tool: "doc_sql",
};

/** Whose data a statement sees, and through which tool. */
export type SandboxScope =
  | {
      tool: "doc_sql";
      accountId: string;
      /** "all": every document of the account; else these (a run's documents). */
      documents: "all" | readonly string[];
    }
  | {
      tool: "table_sql";
      accountId: string;
      tableId: string;
      /** The table's name, the only relation the statement may name. */
      tableName: string;
      /** Its columns' names (row_id among them). */
      columns: readonly string[];
      /** The account's schema of typed tables. */
      schema: string;
    };

export type SqlParam = string | number | boolean | null;

/** Where a typed table of the account lives: a schema of the account's own. */
export const tableSchemaOf = (accountId: string) => `qt_${accountId}`;

const rulesOf = (scope: SandboxScope): StatementRules =>
  scope.tool === "doc_sql"
    ? docSqlRules
    : {
        mode: "write",
        relations: new Set([scope.tableName]),
        columns: new Set(scope.columns),
        tool: "table_sql",
      };

/**
 * The transaction's start: the scope as transaction-local settings (made by the service's role,
 * before the switch), then the sandbox role. The budget is the connection's own (sandbox-pools.ts).
 * The statement checker refuses SET, RESET, set_config and SET ROLE, so nothing the statement says
 * changes them.
 */
function prelude(client: pg.PoolClient, scope: SandboxScope): string {
  const lit = (s: string) => client.escapeLiteral(s);
  const settings: [string, string][] = [["quire.sql_account", scope.accountId]];
  if (scope.tool === "doc_sql") {
    // A run's documents are read through views of their own, filtered by the list as well.
    if (scope.documents === "all") settings.push(["search_path", "quire_sql, pg_catalog, pg_temp"]);
    else
      settings.push(
        ["quire.sql_documents", scope.documents.join(",")],
        ["search_path", "quire_sql_run, pg_catalog, pg_temp"],
      );
  } else {
    settings.push(
      ["quire.sql_table", scope.tableId],
      ["search_path", `${client.escapeIdentifier(scope.schema)}, pg_catalog, pg_temp`],
    );
  }
  const sets = settings.map(([k, v]) => `set_config(${lit(k)}, ${lit(v)}, true)`).join(", ");
  const role = scope.tool === "doc_sql" ? "quire_sql_reader" : "quire_table_writer";
  return `BEGIN${scope.tool === "doc_sql" ? " READ ONLY" : ""}; SELECT ${sets}; SET LOCAL ROLE ${role}`;
}

type CursorResult = { fields?: { name: string }[]; rowCount: number | null; command: string | null };
const readBatch = (cursor: Cursor, n: number) =>
  new Promise<unknown[][]>((resolve, reject) => {
    cursor.read(n, (err, rows) => (err ? reject(err) : resolve(rows as unknown[][])));
  });

const jsonSafe = (v: unknown): unknown => {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
  if (Buffer.isBuffer(v)) return `\\x${v.toString("hex")}`;
  if (typeof v === "bigint") return v.toString();
  return v;
};

/** What a database error tells the statement's writer; the cancel of the budget is said as such. */
function databaseError(err: unknown, tool: string): SqlRefused {
  const e = err as { code?: string; message?: string; hint?: string; position?: string };
  if (e.code === "57014")
    return new SqlRefused(
      `${tool}: the statement ran longer than ${STATEMENT_TIMEOUT_MS / 1000} s and was cancelled.`,
      "timeout",
    );
  if (e.code === "55P03")
    return new SqlRefused(
      `${tool}: the statement waited longer than ${LOCK_TIMEOUT_MS / 1000} s for a lock and gave up.`,
      "timeout",
    );
  if (e.code === "42501") return new SqlRefused(`${tool}: permission denied: ${e.message ?? ""}.`, "failed");
  const where = e.position ? ` (at character ${e.position})` : "";
  const hint = e.hint ? ` Hint: ${e.hint}` : "";
  return new SqlRefused(`${tool}: ${e.message ?? String(err)}${where}.${hint}`, "failed");
}

/** Rows made JSON-safe and cut at MAX_RESULT_ROWS and MAX_RESULT_BYTES. */
class RowCap {
  readonly rows: unknown[][] = [];
  truncated = false;
  private bytes = 0;

  /** Takes rows until the cap; false once it is reached. */
  take(batch: readonly unknown[][]): boolean {
    for (const raw of batch) {
      const row = raw.map(jsonSafe);
      this.bytes += JSON.stringify(row).length + 1;
      if (this.rows.length >= MAX_RESULT_ROWS || this.bytes > MAX_RESULT_BYTES) {
        this.truncated = true;
        return false;
      }
      this.rows.push(row);
    }
    return true;
  }
}

/**
 * A connection of the sandbox for one statement, given up at the deadline: the database's own
 * timeout should fire first; this one is for a database that does not answer.
 */
async function withConnection<T>(
  pool: pg.Pool,
  tool: string,
  use: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  // A connection ended at the deadline reports the end as an error event: heard here, not left to end the process.
  const ignore = () => undefined;
  client.on("error", ignore);
  let broken: SqlRefused | undefined;
  const deadline = setTimeout(() => {
    broken = new SqlRefused(
      `${tool}: the database did not answer in time; the statement was abandoned.`,
      "timeout",
    );
    const pid = (client as unknown as { processID?: number }).processID;
    if (pid !== undefined) void pool.query("SELECT pg_cancel_backend($1)", [pid]).catch(() => undefined);
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  }, STATEMENT_TIMEOUT_MS + CLIENT_GRACE_MS);
  try {
    return await use(client);
  } catch (err) {
    throw broken ?? (err instanceof SqlRefused ? err : databaseError(err, tool));
  } finally {
    clearTimeout(deadline);
    client.off("error", ignore);
    client.release(broken);
  }
}

/**
 * doc_sql: the transaction's start, the statement and COMMIT written at once on a pipelined
 * connection, one round trip (a failed statement turns the COMMIT into a rollback). Rows are
 * capped by a LIMIT around the statement, checked again as it is sent.
 */
async function runRead(pool: pg.Pool, scope: SandboxScope, statement: string, params: readonly SqlParam[]) {
  // The newlines end a trailing -- comment of the statement's own.
  const capped = `SELECT * FROM (\n${statement}\n) AS quire_result LIMIT ${MAX_RESULT_ROWS + 1}`;
  await checkStatement(capped, rulesOf(scope));
  return withConnection(pool, scope.tool, async (client) => {
    const [start, statement, end] = await Promise.allSettled([
      client.query(prelude(client, scope)),
      client.query<unknown[]>({ text: capped, values: [...params], rowMode: "array", types: sandboxTypes }),
      client.query("COMMIT"),
    ]);
    for (const step of [start, statement, end]) if (step.status === "rejected") throw step.reason;
    const r = (statement as PromiseFulfilledResult<pg.QueryResult<unknown[]>>).value;
    const cap = new RowCap();
    cap.take(r.rows);
    return {
      command: "SELECT",
      columns: r.fields.map((f) => f.name),
      rows: cap.rows,
      rowCount: cap.rows.length,
      truncated: cap.truncated,
    };
  });
}

/** table_sql: the statement read through a cursor, its rows capped as they arrive; the connection reset after. */
async function runWrite(pool: pg.Pool, scope: SandboxScope, sql: string, params: readonly SqlParam[]) {
  return withConnection(pool, scope.tool, async (client) => {
    try {
      await client.query(prelude(client, scope));
      const cursor = client.query(new Cursor(sql, [...params], { rowMode: "array", types: sandboxTypes }));
      const cap = new RowCap();
      for (;;) {
        const batch = await readBatch(cursor, Math.min(200, MAX_RESULT_ROWS + 1 - cap.rows.length));
        if (!batch.length || !cap.take(batch)) break;
      }
      // The cursor's result holds the columns and, once the statement completed, its command tag.
      const result = (cursor as unknown as { _result: CursorResult })._result;
      await cursor.close();
      await client.query("COMMIT");
      const command = result.command ?? "SELECT";
      return {
        command,
        columns: (result.fields ?? []).map((f) => f.name),
        rows: cap.rows,
        rowCount: cap.rows.length || (command === "SELECT" ? 0 : (result.rowCount ?? 0)),
        truncated: cap.truncated,
      };
    } catch (err) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw err;
    } finally {
      // The connection goes back to the pool as it was opened, whatever the statement did to it.
      await client.query("DISCARD ALL").catch(() => undefined);
    }
  });
}

/**
 * Runs one model- or person-written statement in the sandbox: checked on its parse tree, then
 * sent alone (the extended protocol takes one statement) in a transaction of its own, as a role
 * that owns nothing, with the scope set by the service and the budget of the connection. At most
 * MAX_RESULT_ROWS rows and MAX_RESULT_BYTES are given. Every failure is a SqlRefused whose message
 * is for the writer.
 */
export async function runSandboxed(
  pools: SandboxPools,
  scope: SandboxScope,
  sql: string,
  params: readonly SqlParam[] = [],
): Promise<SqlResult> {
  const statement = await checkStatement(sql, rulesOf(scope));
  return scope.tool === "doc_sql"
    ? runRead(pools.read, scope, statement, params)
    : runWrite(pools.write, scope, sql, params);
}
