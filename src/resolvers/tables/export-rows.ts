import type { Readable } from "node:stream";
import { csvChunks } from "../../core/exports/csv.ts";
import { type XlsxCell, xlsxStream } from "../../core/exports/xlsx.ts";
import { ROW_ID, type TableColumn } from "../../core/tables/table-columns.ts";
import { z } from "../../core/zod.ts";
import type { TypedTable } from "../../generated/prisma/client.ts";
import type { OperationContext } from "../context.ts";
import { defineOperation } from "../operation.ts";
import { findTable, tableRef } from "./table-record.ts";
import { readRows, type TableRow } from "./table-rows.ts";

// A typed table's rows as a download, read a batch at a time in row_id order while the client
// takes the output: an export of any size streams.

const BATCH = 500;

async function* batchesOf(ctx: OperationContext, table: TypedTable): AsyncGenerator<TableRow[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await readRows(ctx, table, after, BATCH);
    if (rows.length) yield rows;
    if (rows.length < BATCH) return;
    after = String(rows.at(-1)?.[ROW_ID]);
  }
}

const headerOf = (table: TypedTable) => [
  ROW_ID,
  ...(table.columns as unknown as TableColumn[]).map((c) => c.name),
];

/** A value as text: empty for null, JSON for objects and arrays. */
const asText = (v: unknown): string =>
  v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : String(v);

async function* mapped<T>(ctx: OperationContext, table: TypedTable, cell: (v: unknown) => T) {
  const header = headerOf(table);
  for await (const rows of batchesOf(ctx, table)) yield rows.map((r) => header.map((h) => cell(r[h])));
}

const exportInput = z.object({ ref: tableRef });

/** rows.csv: a header of row_id and the columns, then a record per row. */
export const typedTableRowsCsv = defineOperation({
  name: "typedTableRowsCsv",
  rateClass: "standard",
  caller: "secretKey",
  input: exportInput,
  run: async (ctx, input): Promise<{ name: string; chunks: AsyncIterable<string> }> => {
    const table = await findTable(ctx, input.ref);
    return { name: table.name, chunks: csvChunks(headerOf(table), mapped(ctx, table, asText)) };
  },
});

/** rows.xlsx: the same in one worksheet named for the table; numbers stay numbers. */
export const typedTableRowsXlsx = defineOperation({
  name: "typedTableRowsXlsx",
  rateClass: "standard",
  caller: "secretKey",
  input: exportInput,
  run: async (ctx, input): Promise<{ name: string; stream: Readable }> => {
    const table = await findTable(ctx, input.ref);
    const cell = (v: unknown): XlsxCell => (typeof v === "number" ? v : asText(v));
    return {
      name: table.name,
      stream: xlsxStream(table.name.slice(0, 31), headerOf(table), mapped(ctx, table, cell)),
    };
  },
});

/** rows.json: {table_id, name, rows: [{row_id, ...columns}]}, written as it is read. */
export const typedTableRowsJson = defineOperation({
  name: "typedTableRowsJson",
  rateClass: "standard",
  caller: "secretKey",
  input: exportInput,
  run: async (ctx, input): Promise<{ name: string; chunks: AsyncIterable<string> }> => {
    const table = await findTable(ctx, input.ref);
    async function* chunks() {
      yield `{"table_id":${JSON.stringify(table.id)},"name":${JSON.stringify(table.name)},"rows":[`;
      let first = true;
      for await (const rows of batchesOf(ctx, table)) {
        const text = rows.map((r) => JSON.stringify(r)).join(",");
        yield first ? text : `,${text}`;
        first = false;
      }
      yield "]}";
    }
    return { name: table.name, chunks: chunks() };
  },
});
