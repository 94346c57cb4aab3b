import { AppError } from "../../core/errors.ts";
import { runSandboxed } from "../../core/sql/run-sandboxed.ts";
import { SqlRefused } from "../../core/sql/sql-errors.ts";
import { sqlParams, sqlQuery } from "../../core/sql/sql-input.ts";
import type { SqlResult } from "../../core/sql/sql-result.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";

/** A refused or failed statement as the REST and GraphQL faces answer it: the writer's to fix (400), or over budget (422). */
export function sqlFailure(err: unknown): unknown {
  if (!(err instanceof SqlRefused)) return err;
  return new AppError(err.kind === "timeout" ? "UNPROCESSABLE" : "BAD_REQUEST", err.message);
}

/**
 * POST /v1/sql: doc_sql for a person or a script, the same tool an agent has: one SELECT over the
 * caller's documents through the read-only views (documents, pages, tables, table_cells,
 * passages), in the sandbox.
 */
export const runDocSql = defineOperation({
  name: "runDocSql",
  rateClass: "standard",
  caller: "secretKey",
  input: z.strictObject({ query: sqlQuery, params: sqlParams }),
  run: async (ctx, input): Promise<SqlResult> =>
    runSandboxed(
      ctx.services.db.sql,
      { tool: "doc_sql", accountId: ctx.accountId, documents: "all" },
      input.query,
      input.params,
    ).catch((err: unknown) => {
      throw sqlFailure(err);
    }),
});
