import { z } from "@hono/zod-openapi";
import {
  MAX_RESULT_BYTES,
  MAX_RESULT_ROWS,
  MAX_SQL_CHARS,
  MAX_SQL_PARAMS,
  STATEMENT_TIMEOUT_MS,
} from "../core/sql/sql-limits.ts";
import type { SqlResult } from "../core/sql/sql-result.ts";

export const SqlResultSchema = z
  .object({
    command: z.string().openapi({ example: "SELECT" }),
    columns: z.array(z.string()),
    rows: z.array(z.array(z.unknown())).openapi({
      description:
        "Each row's values in the columns' order: numbers as JSON numbers (as strings when a double cannot hold them exactly), dates as YYYY-MM-DD, instants in ISO 8601 UTC, json as JSON.",
    }),
    row_count: z.number().int().openapi({
      description: "Rows returned; for INSERT, UPDATE or DELETE without RETURNING, rows affected.",
    }),
    truncated: z.boolean().openapi({
      description: `true when rows were left unread (at ${MAX_RESULT_ROWS} rows or ${MAX_RESULT_BYTES} bytes).`,
    }),
  })
  .openapi("SqlResult");

export const sqlJson = (r: SqlResult) => ({
  command: r.command,
  columns: r.columns,
  rows: r.rows,
  row_count: r.rowCount,
  truncated: r.truncated,
});

export const sandboxRules = `One statement per request (at most ${MAX_SQL_CHARS} characters, ${MAX_SQL_PARAMS} parameters bound as $1, $2...), checked on PostgreSQL's parse tree before it runs: relations named without a schema, only the functions and casts listed in docs/sql.md, no SET, locks, COPY or DDL. It runs as a role that owns nothing, for at most ${STATEMENT_TIMEOUT_MS / 1000} s. A statement refused or failing in the database is 400 with the reason; one cancelled at its time budget is 422.`;
