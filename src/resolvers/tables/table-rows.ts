import { badCursor } from "../../core/db/cursor.ts";
import { firstOf } from "../../core/db/keyset.ts";
import { tableSchemaOf } from "../../core/sql/run-sandboxed.ts";
import { sandboxTypes } from "../../core/sql/sql-types.ts";
import { qualifiedTable, ROW_ID, type TableColumn } from "../../core/tables/table-columns.ts";
import { z } from "../../core/zod.ts";
import type { TypedTable } from "../../generated/prisma/client.ts";
import type { OperationContext } from "../context.ts";
import { defineOperation } from "../operation.ts";
import { findTable, tableRef } from "./table-record.ts";

export const MAX_ROWS_PAGE = 500;

/** A row as the API shows it: row_id, then the declared columns by name. */
export type TableRow = Record<string, unknown>;

/** A page cursor over rows: the last row_id read, opaque to clients. */
const encodeRowCursor = (rowId: number | string) => Buffer.from(`r:${rowId}`).toString("base64url");
function decodeRowCursor(cursor: string): string {
  const m = /^r:([0-9]{1,19})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!m?.[1]) throw badCursor();
  return m[1];
}

/**
 * Rows of a typed table in row_id order, `limit` at a time after `after` (a row_id). Read with
 * the service's role: the caller's own table, found by findTable, whatever table_sql wrote.
 */
export async function readRows(
  ctx: OperationContext,
  table: TypedTable,
  after: string | null,
  limit: number,
): Promise<TableRow[]> {
  const columns = table.columns as unknown as TableColumn[];
  const list = [ROW_ID, ...columns.map((c) => c.name)].map((n) => `"${n}"`).join(", ");
  const target = qualifiedTable(tableSchemaOf(table.accountId), table.name);
  const { rows } = await ctx.services.db.pool.query({
    text: `SELECT ${list} FROM ${target} WHERE "${ROW_ID}" > $1 ORDER BY "${ROW_ID}" LIMIT $2`,
    values: [after ?? "0", limit],
    types: sandboxTypes,
  });
  return rows as TableRow[];
}

/** GET /v1/tables/{id}/rows: a page of rows, oldest first. */
export const listTypedTableRows = defineOperation({
  name: "listTypedTableRows",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    ref: tableRef,
    limit: z.number().int().min(1).max(MAX_ROWS_PAGE).default(100),
    cursor: z.string().max(100).optional(),
  }),
  run: async (ctx, input): Promise<{ rows: TableRow[]; nextCursor: string | null }> => {
    const table = await findTable(ctx, input.ref);
    const after = input.cursor ? decodeRowCursor(input.cursor) : null;
    const rows = await readRows(ctx, table, after, input.limit + 1);
    const { page, nextCursor } = firstOf(rows, input.limit, (last) =>
      encodeRowCursor(last[ROW_ID] as number),
    );
    return { rows: page, nextCursor };
  },
});

/** DELETE /v1/tables/{id}/rows: every row goes; the table and its columns stay. */
export const deleteTypedTableRows = defineOperation({
  name: "deleteTypedTableRows",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: tableRef }),
  run: async (ctx, input): Promise<{ id: string; deleted: number }> => {
    const table = await findTable(ctx, input.ref);
    const target = qualifiedTable(tableSchemaOf(table.accountId), table.name);
    const r = await ctx.services.db.pool.query(`DELETE FROM ${target}`);
    return { id: table.id, deleted: r.rowCount ?? 0 };
  },
});
