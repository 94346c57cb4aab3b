import { AppError } from "../../core/errors.ts";
import { tableSchemaOf } from "../../core/sql/run-sandboxed.ts";
import { qualifiedTable } from "../../core/tables/table-columns.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { findTable, tableRef } from "./table-record.ts";

/** DELETE /v1/tables/{id}: the table and its rows go, in one transaction with its registry row. */
export const deleteTypedTable = defineOperation({
  name: "deleteTypedTable",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: tableRef }),
  run: async (ctx, input): Promise<{ id: string; deleted: true }> => {
    const table = await findTable(ctx, input.ref);
    const bound = await ctx.services.db.prisma.agent.findFirst({
      where: { tableId: table.id },
      select: { id: true },
    });
    if (bound)
      throw new AppError(
        "CONFLICT",
        `Table ${table.id} is bound to agent ${bound.id}: unbind it (PATCH /v1/agents/${bound.id} with table_id null) or delete the agent first.`,
      );
    const client = await ctx.services.db.pool.connect();
    try {
      await client.query("BEGIN");
      await client.query(`DELETE FROM "typed_tables" WHERE id = $1 AND account_id = $2`, [
        table.id,
        ctx.accountId,
      ]);
      await client.query(`DROP TABLE IF EXISTS ${qualifiedTable(tableSchemaOf(ctx.accountId), table.name)}`);
      await client.query("COMMIT");
    } catch (err) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
    return { id: table.id, deleted: true };
  },
});
