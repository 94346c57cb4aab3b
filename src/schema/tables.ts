import type { SqlResult } from "../core/sql/sql-result.ts";
import { columnTypes } from "../core/tables/table-columns.ts";
import { runDocSql } from "../resolvers/sql/run-doc-sql.ts";
import { createTypedTable } from "../resolvers/tables/create-table.ts";
import { deleteTypedTable } from "../resolvers/tables/delete-table.ts";
import { getTypedTable } from "../resolvers/tables/get-table.ts";
import { listTypedTables } from "../resolvers/tables/list-tables.ts";
import { runTableSql } from "../resolvers/tables/run-table-sql.ts";
import type { TableRecord } from "../resolvers/tables/table-record.ts";
import { listTypedTableRows } from "../resolvers/tables/table-rows.ts";
import { builder } from "./builder.ts";
import { sizedBy } from "./cost.ts";
import { servedBy } from "./served-by.ts";

// Typed tables and the SQL tools over GraphQL, the twins of /v1/tables and /v1/sql.

const ColumnTypeEnum = builder.enumType("TypedTableColumnType", { values: columnTypes });

type Column = TableRecord["columns"][number];
const ColumnType = builder.objectRef<Column>("TypedTableColumn").implement({
  fields: (t) => ({
    name: t.exposeString("name"),
    type: t.field({ type: ColumnTypeEnum, resolve: (c) => c.type }),
    nullable: t.exposeBoolean("nullable"),
    description: t.exposeString("description"),
  }),
});

const TypedTableType = builder.objectRef<TableRecord>("TypedTable").implement({
  description: "A typed table: a real PostgreSQL table that agents fill (twin of GET /v1/tables/{id}).",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    description: t.exposeString("description"),
    columns: t.field({ type: [ColumnType], resolve: (r) => r.columns }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const TypedTableRows = builder
  .objectRef<{ rows: Record<string, unknown>[]; nextCursor: string | null }>("TypedTableRows")
  .implement({
    fields: (t) => ({
      rows: t.field({ type: "JSON", description: "Rows as {row_id, ...columns}.", resolve: (r) => r.rows }),
      nextCursor: t.exposeString("nextCursor", { nullable: true }),
    }),
  });

export const SqlResultType = builder.objectRef<SqlResult>("SqlResult").implement({
  description: "What a doc_sql or table_sql statement answered.",
  fields: (t) => ({
    command: t.exposeString("command"),
    columns: t.exposeStringList("columns"),
    rows: t.field({
      type: "JSON",
      description: "Rows as arrays in the columns' order.",
      resolve: (r) => r.rows,
    }),
    rowCount: t.exposeInt("rowCount"),
    truncated: t.exposeBoolean("truncated"),
  }),
});

const DeletedTypedTable = builder.objectRef<{ id: string; deleted: boolean }>("DeletedTypedTable").implement({
  fields: (t) => ({ id: t.exposeID("id"), deleted: t.exposeBoolean("deleted") }),
});

const ColumnInput = builder.inputType("TypedTableColumnInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    type: t.field({ type: ColumnTypeEnum, required: true }),
    nullable: t.boolean({ required: false }),
    description: t.string({ required: false }),
  }),
});

builder.queryFields((t) => ({
  typedTables: t.field({
    type: [TypedTableType],
    extensions: servedBy(listTypedTables),
    description: "The account's typed tables, newest first. Needs a secret key.",
    resolve: (_root, _args, ctx) => listTypedTables.invoke(ctx, {}),
  }),
  typedTable: t.field({
    type: TypedTableType,
    extensions: servedBy(getTypedTable),
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getTypedTable.invoke(ctx, { ref: String(args.id) }),
  }),
  typedTableRows: t.field({
    type: TypedTableRows,
    extensions: {
      ...servedBy(listTypedTableRows),
      ...sizedBy(listTypedTableRows.input.shape.limit, "limit"),
    },
    description: "A page of a typed table's rows in row_id order (twin of GET /v1/tables/{id}/rows).",
    args: {
      id: t.arg.id({ required: true }),
      limit: t.arg.int({ required: false }),
      cursor: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      listTypedTableRows.invoke(ctx, {
        ref: String(args.id),
        limit: args.limit ?? undefined,
        cursor: args.cursor ?? undefined,
      }),
  }),
}));

const params = (list: unknown) => (Array.isArray(list) ? list : undefined) as never;

builder.mutationFields((t) => ({
  createTypedTable: t.field({
    type: TypedTableType,
    extensions: servedBy(createTypedTable),
    description: "Makes a typed table (twin of POST /v1/tables).",
    args: {
      name: t.arg.string({ required: true }),
      description: t.arg.string({ required: false }),
      columns: t.arg({ type: [ColumnInput], required: true }),
    },
    resolve: (_root, args, ctx) =>
      createTypedTable.invoke(ctx, {
        name: args.name,
        description: args.description ?? undefined,
        columns: args.columns.map((c) => ({
          name: c.name,
          type: c.type,
          nullable: c.nullable ?? undefined,
          description: c.description ?? undefined,
        })),
      }),
  }),
  deleteTypedTable: t.field({
    type: DeletedTypedTable,
    extensions: servedBy(deleteTypedTable),
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deleteTypedTable.invoke(ctx, { ref: String(args.id) }),
  }),
  docSql: t.field({
    type: SqlResultType,
    extensions: servedBy(runDocSql),
    description:
      "doc_sql for the caller: one SELECT over the views of the account's documents (twin of POST /v1/sql).",
    args: { query: t.arg.string({ required: true }), params: t.arg({ type: "JSON", required: false }) },
    resolve: (_root, args, ctx) => runDocSql.invoke(ctx, { query: args.query, params: params(args.params) }),
  }),
  tableSql: t.field({
    type: SqlResultType,
    extensions: servedBy(runTableSql),
    description: "table_sql on one typed table (twin of POST /v1/tables/{id}/sql).",
    args: {
      id: t.arg.id({ required: true }),
      query: t.arg.string({ required: true }),
      params: t.arg({ type: "JSON", required: false }),
    },
    resolve: (_root, args, ctx) =>
      runTableSql.invoke(ctx, { ref: String(args.id), query: args.query, params: params(args.params) }),
  }),
}));
