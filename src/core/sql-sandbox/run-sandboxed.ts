import type pg from "pg";
import Cursor from "pg-cursor";
import { checkStatement, type StatementRules } from "./check-statement.ts";
import { SqlRefused } from "./sql-errors.ts";
import {
  CLIENT_GRACE_MS,
  LOCK_TIMEOUT_MS,
  MAX_RESULT_BYTES,
  MAX_RESULT_ROWS,
  STATEMENT_TIMEOUT_MS,
  WORK_MEM,
} from "./sql-limits.ts";
import type { SqlResult } from "./sql-result.ts";
import { sandboxTypes } from "./sql-types.ts";

/** The doc_sql views, as a statement names them, and their columns (prisma/migrations/*_sql_sandbox). */
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
 * The transaction's start, sent as one round trip: the scope and budget as transaction-local
 * settings (made by the service's role, before the switch), then the sandbox role. The statement
 * checker refuses SET, RESET, set_config and SET ROLE, so nothing the statement says changes them.
 */
function prelude(client: pg.PoolClient, scope: SandboxScope): string {
  const lit = (s: string) => client.escapeLiteral(s);
  const settings: [string, string][] = [
    ["statement_timeout", String(STATEMENT_TIMEOUT_MS)],
    ["lock_timeout", String(LOCK_TIMEOUT_MS)],
    ["idle_in_transaction_session_timeout", String(STATEMENT_TIMEOUT_MS + CLIENT_GRACE_MS)],
    ["work_mem", WORK_MEM],
    // The statement checker reads strings as standard SQL does; the server must too.
    ["standard_conforming_strings", "on"],
    ["quire.sql_account", scope.accountId],
  ];
  if (scope.tool === "doc_sql") {
    settings.push(
      ["quire.sql_documents", scope.documents === "all" ? "*" : scope.documents.join(",")],
      ["search_path", "quire_sql, pg_catalog, pg_temp"],
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

/**
 * Runs one model- or person-written statement in the sandbox: checked on its parse tree, then
 * sent alone (the extended protocol takes one statement) in a transaction of its own, as a role
 * that owns nothing, with the scope and budget set by the service. At most MAX_RESULT_ROWS rows
 * and MAX_RESULT_BYTES are read. Every failure is a SqlRefused whose message is for the writer.
 */
export async function runSandboxed(
  pool: pg.Pool,
  scope: SandboxScope,
  sql: string,
  params: readonly SqlParam[] = [],
): Promise<SqlResult> {
  await checkStatement(sql, rulesOf(scope));
  const client = await pool.connect();
  // A connection ended at the deadline reports the end as an error event: heard here, not left to end the process.
  const ignore = () => undefined;
  client.on("error", ignore);
  let broken: Error | undefined;
  // The database's own timeout should fire first; this one is for a database that does not answer.
  const deadline = setTimeout(() => {
    broken = new SqlRefused(
      `${scope.tool}: the database did not answer in time; the statement was abandoned.`,
      "timeout",
    );
    const pid = (client as unknown as { processID?: number }).processID;
    if (pid !== undefined) void pool.query("SELECT pg_cancel_backend($1)", [pid]).catch(() => undefined);
    (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  }, STATEMENT_TIMEOUT_MS + CLIENT_GRACE_MS);
  try {
    await client.query(prelude(client, scope));
    const cursor = client.query(new Cursor(sql, [...params], { rowMode: "array", types: sandboxTypes }));
    const rows: unknown[][] = [];
    let bytes = 0;
    let truncated = false;
    for (;;) {
      const batch = await readBatch(cursor, Math.min(200, MAX_RESULT_ROWS + 1 - rows.length));
      if (!batch.length) break;
      for (const raw of batch) {
        const row = raw.map(jsonSafe);
        bytes += JSON.stringify(row).length + 1;
        if (rows.length >= MAX_RESULT_ROWS || bytes > MAX_RESULT_BYTES) {
          truncated = true;
          break;
        }
        rows.push(row);
      }
      if (truncated) break;
    }
    // The cursor's result holds the columns and, once the statement completed, its command tag.
    const result = (cursor as unknown as { _result: CursorResult })._result;
    await cursor.close();
    await client.query("COMMIT");
    // A writer's connection goes back to the pool as it was opened, whatever the statement did to it.
    if (scope.tool === "table_sql") await client.query("DISCARD ALL");
    const command = result.command ?? "SELECT";
    return {
      command,
      columns: (result.fields ?? []).map((f) => f.name),
      rows,
      rowCount: rows.length || (command === "SELECT" ? 0 : (result.rowCount ?? 0)),
      truncated,
    };
  } catch (err) {
    if (!broken) await client.query("ROLLBACK").catch(() => undefined);
    throw broken ?? (err instanceof SqlRefused ? err : databaseError(err, scope.tool));
  } finally {
    clearTimeout(deadline);
    client.off("error", ignore);
    client.release(broken);
  }
}
