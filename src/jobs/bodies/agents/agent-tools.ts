import { STEP_ROWS_KEPT, TOOL_RESULT_CHARS } from "../../../core/agents/agent-limits.ts";
import type { ToolDefinition } from "../../../core/answering/answer-types.ts";
import type { Services } from "../../../core/services.ts";
import { DOC_SQL_GUIDE } from "../../../core/sql/doc-sql-guide.ts";
import { runSandboxed, type SqlParam, tableSchemaOf } from "../../../core/sql/run-sandboxed.ts";
import { SqlRefused } from "../../../core/sql/sql-errors.ts";
import type { SqlResult } from "../../../core/sql/sql-result.ts";
import { columnNames, type TableColumn } from "../../../core/tables/table-columns.ts";
import type { TypedTable } from "../../../generated/prisma/client.ts";
import type { RunLog } from "../../../resolvers/agents/agent-step-record.ts";

// doc_sql and table_sql as an agent's tools: what the model is told of them, and a call run in
// the sandbox and written down as a step. A refused or failing statement is the tool's result,
// for the model to read and correct; it never ends the run.

/** What a run's tools may reach: the account, the run's documents, the bound table. */
export type ToolScope = {
  accountId: string;
  /** The run's documents, or "all" of the account's. */
  documents: "all" | readonly string[];
  table: TypedTable | null;
};

const sqlParameters = {
  type: "object",
  properties: {
    query: {
      type: "string",
      description: "One SQL statement. Values go in params, referred to as $1, $2...",
    },
    params: {
      type: "array",
      items: { type: ["string", "number", "boolean", "null"] },
      description: "Values for $1, $2... in the query.",
    },
  },
  required: ["query"],
  additionalProperties: false,
};

export function toolDefinitions(table: TypedTable | null): ToolDefinition[] {
  const tools: ToolDefinition[] = [
    { name: "doc_sql", description: DOC_SQL_GUIDE, parameters: sqlParameters },
  ];
  if (table) {
    const cols = (table.columns as unknown as TableColumn[])
      .map(
        (c) =>
          `${c.name} ${c.type}${c.nullable ? "" : " not null"}${c.description ? ` (${c.description})` : ""}`,
      )
      .join(", ");
    tools.push({
      name: "table_sql",
      description: `table_sql runs one SELECT, INSERT, UPDATE or DELETE on the table ${table.name}(row_id bigint key, ${cols}) and nothing else. Put values in params.`,
      parameters: sqlParameters,
    });
  }
  return tools;
}

/** A result as a step keeps it: the first STEP_ROWS_KEPT rows. */
export const keptResult = (r: SqlResult): Record<string, unknown> => ({
  command: r.command,
  columns: r.columns,
  rows: r.rows.slice(0, STEP_ROWS_KEPT),
  rowCount: r.rowCount,
  truncated: r.truncated || r.rows.length > STEP_ROWS_KEPT,
});

/** A result as the model reads it: JSON, cut to TOOL_RESULT_CHARS. */
export function resultText(r: SqlResult): string {
  const text = JSON.stringify({
    columns: r.columns,
    rows: r.rows,
    row_count: r.rowCount,
    truncated: r.truncated,
  });
  return text.length <= TOOL_RESULT_CHARS
    ? text
    : `${text.slice(0, TOOL_RESULT_CHARS)}... (cut at ${TOOL_RESULT_CHARS} characters: ask for fewer rows or columns)`;
}

export type ToolOutcome = { ok: true; result: SqlResult; text: string } | { ok: false; text: string };

/** One call of a tool by name with its JSON arguments, run and written down as a step. */
export async function callTool(
  services: Services,
  scope: ToolScope,
  log: RunLog,
  name: string,
  argumentsText: string,
): Promise<ToolOutcome> {
  const startedAt = new Date();
  let query = "";
  let params: SqlParam[] = [];
  const fail = async (message: string): Promise<ToolOutcome> => {
    await log.step({ kind: "tool", tool: name, sql: query || undefined, params, error: message, startedAt });
    return { ok: false, text: JSON.stringify({ error: message }) };
  };
  try {
    const args = JSON.parse(argumentsText) as { query?: unknown; params?: unknown };
    if (typeof args.query !== "string") return fail(`${name}: the arguments must hold "query", a string.`);
    query = args.query;
    if (args.params !== undefined && !Array.isArray(args.params))
      return fail(`${name}: "params" must be an array.`);
    params = ((args.params as unknown[] | undefined) ?? []).map((p) =>
      p === null || ["string", "number", "boolean"].includes(typeof p) ? (p as SqlParam) : JSON.stringify(p),
    );
  } catch {
    return fail(`${name}: the arguments are not JSON.`);
  }
  const pool = services.db.sql;
  let result: SqlResult;
  try {
    if (name === "doc_sql") {
      result = await runSandboxed(
        pool,
        { tool: "doc_sql", accountId: scope.accountId, documents: scope.documents },
        query,
        params,
      );
    } else if (name === "table_sql" && scope.table) {
      result = await runSandboxed(
        pool,
        {
          tool: "table_sql",
          accountId: scope.accountId,
          tableId: scope.table.id,
          tableName: scope.table.name,
          columns: columnNames(scope.table),
          schema: tableSchemaOf(scope.accountId),
        },
        query,
        params,
      );
    } else {
      return fail(
        `There is no tool ${name}: the tools are ${scope.table ? "doc_sql and table_sql" : "doc_sql"}.`,
      );
    }
  } catch (err) {
    if (err instanceof SqlRefused) return fail(err.message);
    throw err;
  }
  await log.step({ kind: "tool", tool: name, sql: query, params, result: keptResult(result), startedAt });
  return { ok: true, result, text: resultText(result) };
}
