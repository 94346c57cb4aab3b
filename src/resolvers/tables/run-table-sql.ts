import { runSandboxed, tableSchemaOf } from "../../core/sql/run-sandboxed.ts";
import { sqlParams, sqlQuery } from "../../core/sql/sql-input.ts";
import type { SqlResult } from "../../core/sql/sql-result.ts";
import { columnNames } from "../../core/tables/table-columns.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { sqlFailure } from "../sql/run-doc-sql.ts";
import { findTable, tableRef } from "./table-record.ts";

/**
 * POST /v1/tables/{id}/sql: table_sql on one typed table, the tool an agent bound to it has: one
 * SELECT, INSERT, UPDATE or DELETE naming that table only, in the sandbox.
 */
export const runTableSql = defineOperation({
  name: "runTableSql",
  rateClass: "standard",
  caller: "secretKey",
  input: z.strictObject({ ref: tableRef, query: sqlQuery, params: sqlParams }),
  run: async (ctx, input): Promise<SqlResult> => {
    const table = await findTable(ctx, input.ref);
    return runSandboxed(
      ctx.services.db.sql,
      {
        tool: "table_sql",
        accountId: ctx.accountId,
        tableId: table.id,
        tableName: table.name,
        columns: columnNames(table),
        schema: tableSchemaOf(ctx.accountId),
      },
      input.query,
      input.params,
    ).catch((err: unknown) => {
      throw sqlFailure(err);
    });
  },
});
