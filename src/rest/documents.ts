import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { type AccessPolicy, policyFromWire, policyToWire } from "../core/auth/access-policy.ts";
import { capabilityFlags, strategies } from "../core/documents/phases.ts";
import { AppError } from "../core/errors.ts";
import { invalidInput } from "../core/validation.ts";
import { approveReview } from "../resolvers/documents/approve-review.ts";
import { deleteDocument } from "../resolvers/documents/delete-document.ts";
import {
  type DocumentConfig,
  documentConfigSchema,
  getDocumentConfig,
  setDocumentConfig,
} from "../resolvers/documents/document-config.ts";
import { documentRef, documentWire } from "../resolvers/documents/document-record.ts";
import { getDocument } from "../resolvers/documents/get-document.ts";
import {
  appendIngestRecord,
  ingestCapabilityKeys,
  listIngestRecords,
} from "../resolvers/documents/ingest.ts";
import { listDocuments } from "../resolvers/documents/list-documents.ts";
import { reparseDocument } from "../resolvers/documents/reparse-document.ts";
import { uploadDocument } from "../resolvers/documents/upload-document.ts";
import { fileRef } from "../resolvers/files/file-record.ts";
import type { AppEnv } from "../web/env.ts";
import { streamUpload } from "../web/multipart-stream.ts";
import type { RestFace } from "./bind-route.ts";
import { AccessPolicySchema } from "./documents-access-schemas.ts";
import { DocRefParam, DocumentSchema } from "./documents-schemas.ts";
import {
  errorResponses,
  integerParameter,
  jsonBody,
  jsonResponse,
  pageOf,
  pageQuery,
  setCacheControl,
} from "./shared-schemas.ts";

const uploaded = jsonResponse(
  z
    .object({
      id: z.string(),
      status: z.literal("queued"),
      phase: z.literal("queued"),
      fileName: z.string(),
      shortHash: z.string(),
    })
    .openapi("UploadedDocument"),
  "Accepted: the document is queued for extraction. Location names it.",
);

const DocumentFromFile = z.object({ file_id: fileRef }).strict();

const { $schema: _, ...fileIdSchema } = z.toJSONSchema(fileRef) as Record<string, unknown>;
const documentFromFileSchema = {
  type: "object" as const,
  required: ["file_id"],
  additionalProperties: false,
  properties: { file_id: { ...fileIdSchema, description: "A stored file's id (`file_…`)." } },
};

/** The JSON form of an upload, checked as the route validators check bodies. */
async function fileIdOf(c: { req: { json: () => Promise<unknown> } }): Promise<string> {
  const body = await c.req.json().catch(() => {
    throw new AppError("BAD_REQUEST", "The body is not valid JSON.");
  });
  const parsed = DocumentFromFile.safeParse(body);
  if (!parsed.success) throw invalidInput(parsed.error.issues, "body");
  return parsed.data.file_id;
}

const upload = createRoute({
  method: "post",
  path: "/v1/documents",
  tags: ["Documents"],
  summary: "Upload a PDF; extraction starts in the background",
  description:
    "Multipart form data with the PDF in a part named `file` (streamed to the store as it arrives), or JSON `{file_id}` to parse a stored file (POST /v1/files) without sending it again: the document keeps its own copy and records the file. Answers 202 at once with the document queued; poll GET /v1/documents/{id} (or subscribe in GraphQL) until the phase is terminal. Refused: an empty file (400), a file that is not a PDF by its first bytes (415), a file over MAX_UPLOAD_BYTES (413), a file id of another account or none (404), a pending file (409). Counts as an expensive operation.",
  request: {
    body: {
      required: true,
      content: {
        // Described, not validated here: the part is streamed by the handler.
        "multipart/form-data": {
          schema: {
            type: "object",
            required: ["file"],
            properties: { file: { type: "string", format: "binary", description: "The PDF." } },
          },
        },
        // Described as plain JSON Schema, validated by the handler: a route validator would also
        // run on the multipart form.
        "application/json": { schema: documentFromFileSchema },
      },
    },
  },
  responses: {
    202: {
      ...uploaded,
      headers: {
        ...uploaded.headers,
        Location: {
          schema: { type: "string" as const },
          description: "The document's path, /v1/documents/{id}.",
        },
      },
    },
    ...errorResponses(
      "FORBIDDEN",
      "NOT_FOUND",
      "CONFLICT",
      "PAYLOAD_TOO_LARGE",
      "UNSUPPORTED_MEDIA_TYPE",
      "STORAGE_UNAVAILABLE",
    ),
  },
});

const list = createRoute({
  method: "get",
  path: "/v1/documents",
  tags: ["Documents"],
  summary: "The account's documents, newest first, with cursor pagination",
  request: {
    query: z.object(pageQuery(listDocuments.input.shape.limit, "Documents per page.")),
  },
  responses: {
    200: jsonResponse(
      pageOf(DocumentSchema, "DocumentList"),
      "A page of documents; next_cursor is null on the last page.",
    ),
    ...errorResponses("FORBIDDEN"),
  },
});

const get = createRoute({
  method: "get",
  path: "/v1/documents/{id}",
  tags: ["Documents"],
  summary: "A document's status and metadata; poll until the phase is terminal",
  request: { params: DocRefParam },
  responses: {
    200: jsonResponse(DocumentSchema, "The document."),
    ...errorResponses("FORBIDDEN", "NOT_FOUND", "CONFLICT"),
  },
});

const remove = createRoute({
  method: "delete",
  path: "/v1/documents/{id}",
  tags: ["Documents"],
  summary: "Delete a document with its content, images and exports (not reversible)",
  request: { params: DocRefParam },
  responses: {
    200: jsonResponse(
      z.object({ deleted: z.boolean(), id: z.string() }).openapi("DeletedDocument"),
      "Deleted.",
    ),
    // The route takes no body, but one sent must still be JSON and within the limit.
    ...errorResponses("FORBIDDEN", "NOT_FOUND", "CONFLICT", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"),
  },
});

const reparse = createRoute({
  method: "post",
  path: "/v1/documents/{id}/reparse",
  tags: ["Documents"],
  summary: "Start a fresh extraction; previous results stay readable until it succeeds",
  description: `strategy: one of ${strategies.join(", ")}. capabilities: comma-separated flags among ${capabilityFlags.join(", ")} (default: tables).`,
  request: {
    params: DocRefParam,
    body: {
      required: false,
      content: {
        "application/json": {
          schema: z
            .object({
              strategy: reparseDocument.input.shape.strategy.openapi({ enum: [...strategies] }),
              capabilities: reparseDocument.input.shape.capabilities.openapi({
                example: "tables,page_images",
              }),
            })
            .strict()
            .openapi("ReparseRequest"),
        },
      },
    },
  },
  responses: {
    202: jsonResponse(
      z.object({ id: z.string(), phase: z.string() }).openapi("ReparseAccepted"),
      "Accepted: extraction restarted.",
    ),
    ...errorResponses("FORBIDDEN", "NOT_FOUND", "CONFLICT", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"),
  },
});

const configField = documentConfigSchema.shape;

const ConfigSchema = z
  .object({
    access: AccessPolicySchema,
    title: z.string().nullable(),
    language: z.string().nullable(),
    metadata: z.record(z.string(), z.string()),
    strategy: z.enum(strategies),
  })
  .openapi("DocumentConfig");

/**
 * A configuration as the SPEC spells it: the policy in its wire form. WirePolicy types principals
 * and actions as strings; from a checked policy they are the ones the schema lists.
 */
const configJson = (cfg: DocumentConfig) => ({
  ...cfg,
  access: policyToWire(cfg.access) as z.infer<typeof AccessPolicySchema>,
});

const getConfig = createRoute({
  method: "get",
  path: "/v1/documents/{id}/config",
  tags: ["Documents"],
  summary: "The document's configuration and access policy",
  request: { params: DocRefParam },
  responses: {
    200: jsonResponse(ConfigSchema, "The configuration."),
    ...errorResponses("FORBIDDEN", "NOT_FOUND", "CONFLICT"),
  },
});

const putConfig = createRoute({
  method: "put",
  path: "/v1/documents/{id}/config",
  tags: ["Documents"],
  summary: "Replace the document's configuration and access policy",
  description:
    "The whole configuration is replaced: fields left out return to their defaults (access: owner only; title, language: null; metadata: {}; strategy: auto). A `public` grant opens the granted reads to callers without a key, served with Cache-Control: public.",
  request: {
    params: DocRefParam,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: z
            .object({
              access: AccessPolicySchema.optional(),
              title: configField.title,
              language: configField.language,
              metadata: configField.metadata,
              strategy: configField.strategy,
            })
            .strict()
            .openapi("DocumentConfigInput"),
        },
      },
    },
  },
  responses: {
    200: jsonResponse(ConfigSchema, "The configuration now in force."),
    ...errorResponses("FORBIDDEN", "NOT_FOUND", "CONFLICT", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"),
  },
});

const approve = createRoute({
  method: "post",
  path: "/v1/documents/{id}/review/approve",
  tags: ["Documents"],
  summary: "Accept an extraction awaiting review: the document moves to complete",
  request: { params: DocRefParam },
  responses: {
    200: jsonResponse(DocumentSchema, "The approved document."),
    ...errorResponses("FORBIDDEN", "NOT_FOUND", "CONFLICT", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"),
  },
});

const IngestInput = z
  .object({
    document_id: documentRef,
    vendor: appendIngestRecord.input.shape.vendor,
    payload: z.record(z.string(), z.unknown()).optional(),
    pdf_sha256: appendIngestRecord.input.shape.pdfSha256,
    capabilities: z
      .object(Object.fromEntries(ingestCapabilityKeys.map((k) => [k, z.unknown().optional()])))
      .strict()
      .optional(),
  })
  .strict()
  .openapi("IngestRequest");

const ingest = createRoute({
  method: "post",
  path: "/v1/documents/ingest",
  tags: ["Documents"],
  summary: "Append a vendor's raw extraction output to a document (never overwrites)",
  description:
    "Each call appends one record with the next `seq` (1, 2, 3… per document, no gaps). A pdf_sha256 that does not match the document's PDF is refused with 409 CONFLICT.",
  request: jsonBody(IngestInput),
  responses: {
    200: jsonResponse(
      z.object({ ok: z.boolean(), seq: z.number().int(), document_id: z.string() }).openapi("IngestResult"),
      "Appended.",
    ),
    ...errorResponses("FORBIDDEN", "NOT_FOUND", "CONFLICT", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"),
  },
});

const ingestList = createRoute({
  method: "get",
  path: "/v1/documents/{id}/ingest",
  tags: ["Documents"],
  summary: "The vendor records appended to a document, in seq order",
  request: {
    params: DocRefParam,
    query: z.object({
      after_seq: integerParameter(listIngestRecords.input.shape.afterSeq).openapi({
        description: "Only records with a greater seq.",
      }),
      limit: integerParameter(listIngestRecords.input.shape.limit).openapi({
        description: "Records per page.",
      }),
    }),
  },
  responses: {
    200: jsonResponse(
      z
        .object({
          document_id: z.string(),
          records: z.array(
            z.object({
              seq: z.number().int(),
              vendor: z.string().nullable(),
              payload: z.unknown(),
              pdf_sha256: z.string().nullable(),
              capabilities: z.unknown(),
              created_at: z.string().openapi({ format: "date-time" }),
            }),
          ),
        })
        .openapi("IngestRecordList"),
      "The records.",
    ),
    ...errorResponses("FORBIDDEN", "NOT_FOUND", "CONFLICT"),
  },
});

export function registerDocumentRoutes(app: OpenAPIHono<AppEnv>, { ctxOf, bind }: RestFace) {
  app.openapi(bind(upload, uploadDocument), async (c) => {
    const json = (c.req.header("content-type") ?? "").toLowerCase().startsWith("application/json");
    const d = json
      ? await uploadDocument.invoke(ctxOf(c), { fileId: await fileIdOf(c) })
      : await (async () => {
          const part = await streamUpload(c.req.raw, "file");
          return uploadDocument.invoke(ctxOf(c), { fileName: part.fileName, body: part.body });
        })();
    c.header("Location", `/v1/documents/${d.id}`);
    return c.json(
      {
        id: d.id,
        status: "queued" as const,
        phase: "queued" as const,
        fileName: d.fileName,
        shortHash: d.shortHash,
      },
      202,
    );
  });
  app.openapi(bind(list, listDocuments), async (c) => {
    const q = c.req.valid("query");
    const r = await listDocuments.invoke(ctxOf(c), { limit: q.limit, cursor: q.cursor });
    return c.json({ data: r.documents.map(documentWire), next_cursor: r.nextCursor }, 200);
  });
  // Registered before /v1/documents/{id} would matter only for GET; ingest is a POST, so no clash.
  app.openapi(bind(ingest, appendIngestRecord), async (c) => {
    const b = c.req.valid("json");
    const r = await appendIngestRecord.invoke(ctxOf(c), {
      ref: b.document_id,
      vendor: b.vendor,
      payload: b.payload,
      pdfSha256: b.pdf_sha256,
      capabilities: b.capabilities as Record<string, unknown> | undefined,
    });
    return c.json({ ok: true, seq: r.seq, document_id: r.documentId }, 200);
  });
  app.openapi(bind(get, getDocument), async (c) => {
    const r = await getDocument.invoke(ctxOf(c), { ref: c.req.valid("param").id });
    setCacheControl(c, r.viaPublic, 5);
    return c.json(documentWire(r.document), 200);
  });
  app.openapi(bind(remove, deleteDocument), async (c) =>
    c.json(await deleteDocument.invoke(ctxOf(c), { ref: c.req.valid("param").id }), 200),
  );
  app.openapi(bind(reparse, reparseDocument), async (c) => {
    // The validator gives {} when no body was sent; a chunked body (no Content-Length) counts too.
    const body = c.req.valid("json");
    const r = await reparseDocument.invoke(ctxOf(c), { ref: c.req.valid("param").id, ...body });
    return c.json({ id: r.id, phase: r.phase }, 202);
  });
  app.openapi(bind(getConfig, getDocumentConfig), async (c) =>
    c.json(configJson(await getDocumentConfig.invoke(ctxOf(c), { ref: c.req.valid("param").id })), 200),
  );
  app.openapi(bind(putConfig, setDocumentConfig), async (c) => {
    // The JSON validator passes a request with no body as {}, which would reset every field.
    if (!c.req.header("content-type")) {
      throw new AppError(
        "BAD_REQUEST",
        "Invalid request: send the configuration as a JSON body ({} resets every field to its default).",
      );
    }
    const { access, ...rest } = c.req.valid("json");
    const r = await setDocumentConfig.invoke(ctxOf(c), {
      ref: c.req.valid("param").id,
      // Checked against the policy's rules by the operation.
      config: { ...rest, ...(access ? { access: policyFromWire(access) as AccessPolicy } : {}) },
    });
    return c.json(configJson(r), 200);
  });
  app.openapi(bind(approve, approveReview), async (c) =>
    c.json(documentWire(await approveReview.invoke(ctxOf(c), { ref: c.req.valid("param").id })), 200),
  );
  app.openapi(bind(ingestList, listIngestRecords), async (c) => {
    const q = c.req.valid("query");
    const r = await listIngestRecords.invoke(ctxOf(c), {
      ref: c.req.valid("param").id,
      afterSeq: q.after_seq,
      limit: q.limit,
    });
    return c.json(
      {
        document_id: r.documentId,
        records: r.records.map((x) => ({
          seq: x.seq,
          vendor: x.vendor,
          payload: x.payload,
          pdf_sha256: x.pdfSha256,
          capabilities: x.capabilities,
          created_at: x.createdAt.toISOString(),
        })),
      },
      200,
    );
  });
}
