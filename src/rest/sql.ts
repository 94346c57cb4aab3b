import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { runDocSql } from "../resolvers/sql/run-doc-sql.ts";
import type { AppEnv } from "../web/env.ts";
import type { RestFace } from "./bind-route.ts";
import { errorResponses, jsonBody, jsonResponse } from "./shared-schemas.ts";
import { SqlResultSchema, sandboxRules, sqlJson } from "./sql-schemas.ts";

const docSql = createRoute({
  method: "post",
  path: "/v1/sql",
  tags: ["SQL"],
  summary: "Read your documents with SQL (doc_sql)",
  description: `The doc_sql tool an agent has, for people and scripts: one SELECT over read-only views of the account's documents: \`documents\` (id, file_name, phase, page_count, size_bytes, sha256, created_at, completed_at), \`pages\` (document_id, page_number, markdown, text, width, height, method), \`tables\` (document_id, table_index, page_number, pages, row_count, column_count, markdown), \`table_cells\` (document_id, table_index, row_number, column_number, is_header, header, text, numeric_value; row 1 is the header row) and \`passages\` (document_id, page_number, position, start_offset, end_offset, text, language, tsv: search it with \`tsv @@ websearch_to_tsquery('simple', $1)\`, or the passage's language). ${sandboxRules}`,
  request: jsonBody(
    z
      .object({
        query: runDocSql.input.shape.query.openapi({
          example: "SELECT document_id, page_number FROM pages WHERE text ILIKE $1 LIMIT 10",
        }),
        params: runDocSql.input.shape.params.optional(),
      })
      .strict()
      .openapi("SqlRequest"),
  ),
  responses: {
    200: jsonResponse(SqlResultSchema, "The statement's result."),
    ...errorResponses("FORBIDDEN", "UNPROCESSABLE", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"),
  },
});

export function registerSqlRoutes(app: OpenAPIHono<AppEnv>, { ctxOf, bind }: RestFace) {
  app.openapi(bind(docSql, runDocSql), async (c) => {
    const b = c.req.valid("json");
    return c.json(sqlJson(await runDocSql.invoke(ctxOf(c), { query: b.query, params: b.params })), 200);
  });
}
