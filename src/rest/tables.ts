import { Readable } from "node:stream";
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { columnTypes, MAX_COLUMNS, ROW_ID } from "../core/tables/table-columns.ts";
import { createTypedTable, MAX_TABLES } from "../resolvers/tables/create-table.ts";
import { deleteTypedTable } from "../resolvers/tables/delete-table.ts";
import {
  typedTableRowsCsv,
  typedTableRowsJson,
  typedTableRowsXlsx,
} from "../resolvers/tables/export-rows.ts";
import { getTypedTable } from "../resolvers/tables/get-table.ts";
import { listTypedTables } from "../resolvers/tables/list-tables.ts";
import { runTableSql } from "../resolvers/tables/run-table-sql.ts";
import { tableRef, tableWire } from "../resolvers/tables/table-record.ts";
import { deleteTypedTableRows, listTypedTableRows, MAX_ROWS_PAGE } from "../resolvers/tables/table-rows.ts";
import type { AppEnv } from "../web/env.ts";
import type { RestFace } from "./bind-route.ts";
import { download, textStream, XLSX_TYPE } from "./downloads.ts";
import { errorResponses, integerParameter, jsonBody, jsonResponse, mediaResponse } from "./shared-schemas.ts";
import { SqlResultSchema, sandboxRules, sqlJson } from "./sql-schemas.ts";

const tags = ["Tables"];

const ColumnSchema = z
  .object({
    name: z.string(),
    type: z.enum(columnTypes),
    nullable: z.boolean(),
    description: z.string(),
  })
  .openapi("TypedTableColumn");

const TableSchema = z
  .object({
    id: z.string().openapi({ example: "tbl_4f8a0c2k9m1x7q3z" }),
    name: z.string(),
    description: z.string(),
    columns: z.array(ColumnSchema),
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("TypedTable");

const TableParam = z.object({
  table_id: tableRef.openapi({ param: { name: "table_id", in: "path" }, example: "tbl_4f8a0c2k9m1x7q3z" }),
});

const create = createRoute({
  method: "post",
  path: "/v1/tables",
  tags,
  summary: "Make a typed table (a real PostgreSQL table agents and table_sql write to)",
  description: `Column types: ${columnTypes.join(", ")} (integer is 64-bit, timestamp keeps its zone, json is jsonb). Names start with a lower-case letter and hold a-z, 0-9 and _ (at most 63); \`${ROW_ID}\` is taken by the key every table has. 1 to ${MAX_COLUMNS} columns. An account keeps at most ${MAX_TABLES} tables, names unique among them (409).`,
  request: jsonBody(
    z
      .object({
        name: createTypedTable.input.shape.name,
        description: createTypedTable.input.shape.description.optional(),
        columns: createTypedTable.input.shape.columns,
      })
      .strict()
      .openapi("TypedTableCreate"),
  ),
  responses: {
    201: jsonResponse(TableSchema, "Created. Location names it."),
    ...errorResponses("FORBIDDEN", "CONFLICT", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"),
  },
});

const list = createRoute({
  method: "get",
  path: "/v1/tables",
  tags,
  summary: "The account's typed tables, newest first",
  responses: {
    200: jsonResponse(
      z.object({ data: z.array(TableSchema) }).openapi("TypedTableList"),
      "Every table of the account.",
    ),
    ...errorResponses("FORBIDDEN"),
  },
});

const getOne = createRoute({
  method: "get",
  path: "/v1/tables/{table_id}",
  tags,
  summary: "One typed table with its columns",
  request: { params: TableParam },
  responses: { 200: jsonResponse(TableSchema, "The table."), ...errorResponses("FORBIDDEN", "NOT_FOUND") },
});

const deleteOne = createRoute({
  method: "delete",
  path: "/v1/tables/{table_id}",
  tags,
  summary: "Delete a typed table and its rows",
  request: { params: TableParam },
  responses: {
    200: jsonResponse(
      z.object({ id: z.string(), deleted: z.literal(true) }).openapi("TypedTableDeleted"),
      "Deleted.",
    ),
    ...errorResponses("FORBIDDEN", "NOT_FOUND", "CONFLICT", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"),
  },
});

const RowList = z
  .object({
    data: z.array(z.record(z.string(), z.unknown())).openapi({
      description: `Rows in ${ROW_ID} order, each {${ROW_ID}, ...columns by name}.`,
    }),
    next_cursor: z.string().nullable(),
  })
  .openapi("TypedTableRowList");

const rows = createRoute({
  method: "get",
  path: "/v1/tables/{table_id}/rows",
  tags,
  summary: "A page of a typed table's rows, oldest first",
  request: {
    params: TableParam,
    query: z.object({
      limit: integerParameter(listTypedTableRows.input.shape.limit).openapi({
        description: `At most ${MAX_ROWS_PAGE}.`,
      }),
      cursor: listTypedTableRows.input.shape.cursor.openapi({
        description: "next_cursor of the previous page.",
      }),
    }),
  },
  responses: { 200: jsonResponse(RowList, "A page of rows."), ...errorResponses("FORBIDDEN", "NOT_FOUND") },
});

const deleteRows = createRoute({
  method: "delete",
  path: "/v1/tables/{table_id}/rows",
  tags,
  summary: "Delete every row of a typed table (the table stays)",
  request: { params: TableParam },
  responses: {
    200: jsonResponse(
      z.object({ id: z.string(), deleted: z.number().int() }).openapi("TypedTableRowsDeleted"),
      "The number of rows deleted.",
    ),
    ...errorResponses("FORBIDDEN", "NOT_FOUND", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"),
  },
});

const binary = { schema: { type: "string", format: "binary" } };

/** The route of one download of every row, streamed as it is read. */
const exportRoute = (
  file: string,
  type: string,
  summary: string,
  description: string,
  schema: object = binary.schema,
) =>
  createRoute({
    method: "get",
    path: `/v1/tables/{table_id}/${file}`,
    tags,
    summary,
    description,
    request: { params: TableParam },
    responses: {
      200: mediaResponse({ [type]: { schema } }, "The rows, as an attachment."),
      ...errorResponses("FORBIDDEN", "NOT_FOUND"),
    },
  });

const exportCsv = exportRoute(
  "rows.csv",
  "text/csv",
  "Every row of a typed table as CSV",
  `RFC 4180, UTF-8: a header of ${ROW_ID} and the columns, then a record per row in ${ROW_ID} order; json values as JSON text; fields a spreadsheet would run as formulas neutralised.`,
);
const exportXlsx = exportRoute(
  "rows.xlsx",
  XLSX_TYPE,
  "Every row of a typed table as XLSX",
  "One worksheet named for the table; numbers stay numbers.",
);
const exportJson = exportRoute(
  "rows.json",
  "application/json",
  "Every row of a typed table as JSON",
  `{table_id, name, rows: [{${ROW_ID}, ...columns}]}, written as it is read.`,
  {
    type: "object",
    required: ["table_id", "name", "rows"],
    properties: {
      table_id: { type: "string" },
      name: { type: "string" },
      rows: { type: "array", items: { type: "object", additionalProperties: true } },
    },
  },
);

const tableSql = createRoute({
  method: "post",
  path: "/v1/tables/{table_id}/sql",
  tags,
  summary: "Read and write one typed table with SQL (table_sql)",
  description: `The table_sql tool an agent bound to the table has: one SELECT, INSERT, UPDATE or DELETE (RETURNING allowed) naming this table only, by its name. ${sandboxRules}`,
  request: {
    params: TableParam,
    ...jsonBody(
      z
        .object({
          query: runTableSql.input.shape.query.openapi({
            example: "INSERT INTO invoices (vendor, total) VALUES ($1, $2) RETURNING row_id",
          }),
          params: runTableSql.input.shape.params.optional(),
        })
        .strict()
        .openapi("TypedTableSqlRequest"),
    ),
  },
  responses: {
    200: jsonResponse(SqlResultSchema, "The statement's result."),
    ...errorResponses(
      "FORBIDDEN",
      "NOT_FOUND",
      "UNPROCESSABLE",
      "UNSUPPORTED_MEDIA_TYPE",
      "PAYLOAD_TOO_LARGE",
    ),
  },
});

export function registerTableRoutes(app: OpenAPIHono<AppEnv>, { ctxOf, bind }: RestFace) {
  app.openapi(bind(create, createTypedTable), async (c) => {
    const t = await createTypedTable.invoke(ctxOf(c), c.req.valid("json"));
    c.header("Location", `/v1/tables/${t.id}`);
    return c.json(tableWire(t), 201);
  });
  app.openapi(bind(list, listTypedTables), async (c) =>
    c.json({ data: (await listTypedTables.invoke(ctxOf(c), {})).map(tableWire) }, 200),
  );
  app.openapi(bind(getOne, getTypedTable), async (c) =>
    c.json(tableWire(await getTypedTable.invoke(ctxOf(c), { ref: c.req.valid("param").table_id })), 200),
  );
  app.openapi(bind(deleteOne, deleteTypedTable), async (c) =>
    c.json(await deleteTypedTable.invoke(ctxOf(c), { ref: c.req.valid("param").table_id }), 200),
  );
  app.openapi(bind(rows, listTypedTableRows), async (c) => {
    const q = c.req.valid("query");
    const r = await listTypedTableRows.invoke(ctxOf(c), {
      ref: c.req.valid("param").table_id,
      limit: q.limit,
      cursor: q.cursor,
    });
    return c.json({ data: r.rows, next_cursor: r.nextCursor }, 200);
  });
  app.openapi(bind(deleteRows, deleteTypedTableRows), async (c) =>
    c.json(await deleteTypedTableRows.invoke(ctxOf(c), { ref: c.req.valid("param").table_id }), 200),
  );
  app.openapi(bind(tableSql, runTableSql), async (c) => {
    const b = c.req.valid("json");
    const r = await runTableSql.invoke(ctxOf(c), {
      ref: c.req.valid("param").table_id,
      query: b.query,
      params: b.params,
    });
    return c.json(sqlJson(r), 200);
  });
  app.openapi(bind(exportCsv, typedTableRowsCsv), async (c) => {
    const r = await typedTableRowsCsv.invoke(ctxOf(c), { ref: c.req.valid("param").table_id });
    return download(c, textStream(r.chunks), "text/csv; charset=utf-8", `${r.name}.csv`) as never;
  });
  app.openapi(bind(exportXlsx, typedTableRowsXlsx), async (c) => {
    const r = await typedTableRowsXlsx.invoke(ctxOf(c), { ref: c.req.valid("param").table_id });
    const body = Readable.toWeb(r.stream) as ReadableStream<Uint8Array>;
    return download(c, body, XLSX_TYPE, `${r.name}.xlsx`) as never;
  });
  app.openapi(bind(exportJson, typedTableRowsJson), async (c) => {
    const r = await typedTableRowsJson.invoke(ctxOf(c), { ref: c.req.valid("param").table_id });
    return download(c, textStream(r.chunks), "application/json", `${r.name}.json`) as never;
  });
}
