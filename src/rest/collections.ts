import { Readable } from "node:stream";
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import {
  addCollectionDocuments,
  listCollectionDocuments,
  removeCollectionDocuments,
} from "../resolvers/collections/collection-documents.ts";
import { MAX_COLLECTION_NAME } from "../resolvers/collections/collection-input.ts";
import { collectionRef, collectionWire } from "../resolvers/collections/collection-record.ts";
import { createCollection } from "../resolvers/collections/create-collection.ts";
import { deleteCollection } from "../resolvers/collections/delete-collection.ts";
import {
  collectionMarkdown,
  collectionTablesCsv,
  collectionTablesXlsx,
} from "../resolvers/collections/export-collection.ts";
import { getCollection } from "../resolvers/collections/get-collection.ts";
import { listCollections } from "../resolvers/collections/list-collections.ts";
import { MAX_COLLECTION_DOCUMENTS, MAX_IDS_PER_REQUEST } from "../resolvers/collections/members-input.ts";
import { updateCollection } from "../resolvers/collections/update-collection.ts";
import {
  documentRef,
  documentWire,
  fullIdPattern,
  shortHashPattern,
} from "../resolvers/documents/document-record.ts";
import type { AppEnv } from "../web/env.ts";
import type { RestFace } from "./bind-route.ts";
import { DocumentSchema } from "./documents-schemas.ts";
import { download, textStream } from "./downloads.ts";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  mediaResponse,
  pageOf,
  pageQuery,
} from "./shared-schemas.ts";

const tags = ["Collections"];
const limits = `Names are unique within an account (1–${MAX_COLLECTION_NAME} characters, not of the form col-…). A collection holds at most ${MAX_COLLECTION_DOCUMENTS} documents; one request adds or removes at most ${MAX_IDS_PER_REQUEST}. Collections are used with secret keys only.`;

export const CollectionRefParam = z.object({
  id: collectionRef.openapi({
    param: { name: "id", in: "path" },
    description: "The collection id (`col-…`) or its name (URL-encoded).",
    example: "col-4f8a0c2k9m1x7q3z",
  }),
});

export const CollectionSchema = z
  .object({
    id: z.string().openapi({ example: "col-4f8a0c2k9m1x7q3z" }),
    name: z.string(),
    description: z.string().nullable(),
    visibility: z.literal("private"),
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
    document_count: z.number().int(),
  })
  .openapi("Collection");

const DocumentIds = z
  .array(documentRef.openapi({ pattern: `${fullIdPattern.source}|${shortHashPattern.source}` }))
  .max(MAX_IDS_PER_REQUEST)
  .openapi({ description: "Document ids (`doc-…`) or short hashes of the account's documents." });

const mutationErrors = () =>
  errorResponses("FORBIDDEN", "NOT_FOUND", "CONFLICT", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE");

const create = createRoute({
  method: "post",
  path: "/v1/collections",
  tags,
  summary: "Create a collection, optionally with documents",
  description: `Ids given twice, or already present, are added once. An id that names no document of the account is 404 and nothing is created; a name already used is 409. ${limits}`,
  request: jsonBody(
    z
      .object({
        name: createCollection.input.shape.name,
        description: createCollection.input.shape.description,
        document_ids: DocumentIds.optional(),
      })
      .strict()
      .openapi("CollectionCreate"),
  ),
  responses: { 201: jsonResponse(CollectionSchema, "Created."), ...mutationErrors() },
});

const list = createRoute({
  method: "get",
  path: "/v1/collections",
  tags,
  summary: "The account's collections, newest first, with cursor pagination",
  request: {
    query: z.object(pageQuery(listCollections.input.shape.limit, "Collections per page.")),
  },
  responses: {
    200: jsonResponse(
      pageOf(CollectionSchema, "CollectionList"),
      "A page of collections; next_cursor is null on the last page.",
    ),
    ...errorResponses("FORBIDDEN"),
  },
});

const get = createRoute({
  method: "get",
  path: "/v1/collections/{id}",
  tags,
  summary: "A collection",
  request: { params: CollectionRefParam },
  responses: {
    200: jsonResponse(CollectionSchema, "The collection."),
    ...errorResponses("FORBIDDEN", "NOT_FOUND"),
  },
});

const update = createRoute({
  method: "patch",
  path: "/v1/collections/{id}",
  tags,
  summary: "Rename a collection or change its description",
  description: "Fields left out stay as they are; `description: null` clears it. A name already used is 409.",
  request: {
    params: CollectionRefParam,
    ...jsonBody(
      z
        .object({
          name: updateCollection.input.shape.name,
          description: updateCollection.input.shape.description,
        })
        .strict()
        // The operation refuses a change of nothing; the schema says so.
        .openapi("CollectionUpdate", { minProperties: 1 }),
    ),
  },
  responses: { 200: jsonResponse(CollectionSchema, "The collection as now stored."), ...mutationErrors() },
});

const remove = createRoute({
  method: "delete",
  path: "/v1/collections/{id}",
  tags,
  summary: "Delete a collection (its documents stay in the account)",
  request: { params: CollectionRefParam },
  responses: {
    200: jsonResponse(
      z.object({ deleted: z.boolean(), id: z.string() }).openapi("DeletedCollection"),
      "Deleted.",
    ),
    ...mutationErrors(),
  },
});

const MembersChange = z.object({ document_ids: DocumentIds.min(1) }).strict();

const addDocs = createRoute({
  method: "post",
  path: "/v1/collections/{id}/documents",
  tags,
  summary: "Add documents to a collection",
  description: `Documents already in the collection are skipped. All or nothing: an id naming no document of the account is 404, a total over ${MAX_COLLECTION_DOCUMENTS} is 409.`,
  request: { params: CollectionRefParam, ...jsonBody(MembersChange.openapi("CollectionDocumentsAdd")) },
  responses: {
    200: jsonResponse(
      z
        .object({ ok: z.boolean(), added: z.number().int(), document_count: z.number().int() })
        .openapi("CollectionDocumentsAdded"),
      "Added.",
    ),
    ...mutationErrors(),
  },
});

const removeDocs = createRoute({
  method: "delete",
  path: "/v1/collections/{id}/documents",
  tags,
  summary: "Remove documents from a collection (they stay in the account)",
  description: "Ids not in the collection are not counted in `removed`.",
  request: { params: CollectionRefParam, ...jsonBody(MembersChange.openapi("CollectionDocumentsRemove")) },
  responses: {
    200: jsonResponse(
      z
        .object({ ok: z.boolean(), removed: z.number().int(), document_count: z.number().int() })
        .openapi("CollectionDocumentsRemoved"),
      "Removed.",
    ),
    ...mutationErrors(),
  },
});

const listDocs = createRoute({
  method: "get",
  path: "/v1/collections/{id}/documents",
  tags,
  summary: "The collection's documents, newest first, with cursor pagination",
  request: {
    params: CollectionRefParam,
    query: z.object(pageQuery(listCollectionDocuments.input.shape.limit, "Documents per page.")),
  },
  responses: {
    200: jsonResponse(pageOf(DocumentSchema, "CollectionDocumentList"), "A page of documents."),
    ...errorResponses("FORBIDDEN", "NOT_FOUND"),
  },
});

const text = { schema: { type: "string" } };

const exportMd = createRoute({
  method: "get",
  path: "/v1/collections/{id}/full.md",
  tags,
  summary: "Every document of the collection as one markdown file",
  description:
    "Documents in id order, each under `# <file name>` and `<!-- document <id> -->`, its pages preceded by `<!-- page N -->` as in GET /v1/documents/{id}/full.md. A document still being extracted contributes the pages it has. Streamed.",
  request: { params: CollectionRefParam },
  responses: {
    200: mediaResponse({ "text/markdown": text }, "The markdown."),
    ...errorResponses("FORBIDDEN", "NOT_FOUND"),
  },
});

const tableColumns =
  "Columns: document_id, file_name, page (where the table starts), table_index, row (0 is the table's header row), then c1…cN, the cells, padded to the widest table. A spanning cell's text stands in its first position.";

const exportCsv = createRoute({
  method: "get",
  path: "/v1/collections/{id}/tables.csv",
  tags,
  summary: "Every table of every document of the collection as one CSV",
  description: `RFC 4180, UTF-8, CRLF. ${tableColumns} Streamed.`,
  request: { params: CollectionRefParam },
  responses: {
    200: mediaResponse({ "text/csv": text }, "The CSV."),
    ...errorResponses("FORBIDDEN", "NOT_FOUND"),
  },
});

const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const exportXlsx = createRoute({
  method: "get",
  path: "/v1/collections/{id}/tables.xlsx",
  tags,
  summary: "Every table of every document of the collection as one XLSX worksheet",
  description: `One worksheet named Tables with the rows of tables.csv (page, table_index and row as numbers). ${tableColumns} Streamed.`,
  request: { params: CollectionRefParam },
  responses: {
    200: mediaResponse({ [xlsxType]: { schema: { type: "string", format: "binary" } } }, "The workbook."),
    ...errorResponses("FORBIDDEN", "NOT_FOUND"),
  },
});

export function registerCollectionRoutes(app: OpenAPIHono<AppEnv>, { ctxOf, bind }: RestFace) {
  app.openapi(bind(create, createCollection), async (c) => {
    const b = c.req.valid("json");
    const r = await createCollection.invoke(ctxOf(c), {
      name: b.name,
      description: b.description,
      documentIds: b.document_ids,
    });
    c.header("Location", `/v1/collections/${r.id}`);
    return c.json(collectionWire(r), 201);
  });
  app.openapi(bind(list, listCollections), async (c) => {
    const q = c.req.valid("query");
    const r = await listCollections.invoke(ctxOf(c), { limit: q.limit, cursor: q.cursor });
    return c.json({ data: r.collections.map(collectionWire), next_cursor: r.nextCursor }, 200);
  });
  app.openapi(bind(get, getCollection), async (c) =>
    c.json(collectionWire(await getCollection.invoke(ctxOf(c), { ref: c.req.valid("param").id })), 200),
  );
  app.openapi(bind(update, updateCollection), async (c) => {
    const b = c.req.valid("json");
    const r = await updateCollection.invoke(ctxOf(c), {
      ref: c.req.valid("param").id,
      name: b.name,
      description: b.description,
    });
    return c.json(collectionWire(r), 200);
  });
  app.openapi(bind(remove, deleteCollection), async (c) =>
    c.json(await deleteCollection.invoke(ctxOf(c), { ref: c.req.valid("param").id }), 200),
  );
  app.openapi(bind(addDocs, addCollectionDocuments), async (c) => {
    const r = await addCollectionDocuments.invoke(ctxOf(c), {
      ref: c.req.valid("param").id,
      documentIds: c.req.valid("json").document_ids,
    });
    return c.json({ ok: r.ok, added: r.added, document_count: r.documentCount }, 200);
  });
  app.openapi(bind(removeDocs, removeCollectionDocuments), async (c) => {
    const r = await removeCollectionDocuments.invoke(ctxOf(c), {
      ref: c.req.valid("param").id,
      documentIds: c.req.valid("json").document_ids,
    });
    return c.json({ ok: r.ok, removed: r.removed, document_count: r.documentCount }, 200);
  });
  app.openapi(bind(listDocs, listCollectionDocuments), async (c) => {
    const q = c.req.valid("query");
    const r = await listCollectionDocuments.invoke(ctxOf(c), {
      ref: c.req.valid("param").id,
      limit: q.limit,
      cursor: q.cursor,
    });
    return c.json({ data: r.documents.map(documentWire), next_cursor: r.nextCursor }, 200);
  });
  app.openapi(bind(exportMd, collectionMarkdown), async (c) => {
    const chunks = await collectionMarkdown.invoke(ctxOf(c), { ref: c.req.valid("param").id });
    return download(c, textStream(chunks), "text/markdown; charset=utf-8", "collection.md") as never;
  });
  app.openapi(bind(exportCsv, collectionTablesCsv), async (c) => {
    const chunks = await collectionTablesCsv.invoke(ctxOf(c), { ref: c.req.valid("param").id });
    return download(c, textStream(chunks), "text/csv; charset=utf-8", "tables.csv") as never;
  });
  app.openapi(bind(exportXlsx, collectionTablesXlsx), async (c) => {
    const stream = await collectionTablesXlsx.invoke(ctxOf(c), { ref: c.req.valid("param").id });
    return download(
      c,
      Readable.toWeb(stream) as ReadableStream<Uint8Array>,
      xlsxType,
      "tables.xlsx",
    ) as never;
  });
}
