import { AppError } from "../../core/errors.ts";
import { newId } from "../../core/ids.ts";
import { tableSchemaOf } from "../../core/sql/run-sandboxed.ts";
import { createTableSql, tableColumns, tableName } from "../../core/tables/table-columns.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type TableRecord, toTableRecord } from "./table-record.ts";

/** Typed tables an account keeps at most. */
export const MAX_TABLES = 100;

/**
 * POST /v1/tables: a typed table (`tbl_…`), made as a real PostgreSQL table in the account's own
 * schema, with a `row_id` key and the declared columns. table_sql reads and writes it as SQL.
 */
export const createTypedTable = defineOperation({
  name: "createTypedTable",
  rateClass: "standard",
  caller: "secretKey",
  input: z.strictObject({
    name: tableName,
    description: z.string().max(1000).default(""),
    columns: tableColumns,
  }),
  run: async (ctx, input): Promise<TableRecord> => {
    const { prisma, pool } = ctx.services.db;
    const kept = await prisma.typedTable.count({ where: { accountId: ctx.accountId } });
    if (kept >= MAX_TABLES)
      throw new AppError(
        "CONFLICT",
        `The account keeps ${kept} tables, the most it may: delete one (DELETE /v1/tables/{id}) before adding another.`,
      );
    const id = newId("tbl_");
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      // One table made at a time per account: two first tables would both make the account's schema.
      await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [tableSchemaOf(ctx.accountId)]);
      const taken = await client.query(
        `INSERT INTO "typed_tables" (id, account_id, name, description, columns) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (account_id, name) DO NOTHING`,
        [id, ctx.accountId, input.name, input.description, JSON.stringify(input.columns)],
      );
      if (taken.rowCount === 0)
        throw new AppError(
          "CONFLICT",
          `The account has a table named ${input.name} already: choose another name.`,
        );
      for (const sql of createTableSql(tableSchemaOf(ctx.accountId), input.name, id, input.columns))
        await client.query(sql);
      await client.query("COMMIT");
    } catch (err) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    return toTableRecord(await prisma.typedTable.findUniqueOrThrow({ where: { id } }));
  },
});
