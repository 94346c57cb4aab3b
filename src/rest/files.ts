import { Readable } from "node:stream";
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { AppError } from "../core/errors.ts";
import { imageContentTypes, storedContentTypes } from "../core/files/file-type.ts";
import { deleteFile } from "../resolvers/files/delete-file.ts";
import { readFileContent } from "../resolvers/files/file-content.ts";
import { fileRef, fileWire, PENDING_CONTENT_TYPE } from "../resolvers/files/file-record.ts";
import { finalizeFileUpload } from "../resolvers/files/finalize-upload.ts";
import { getFile } from "../resolvers/files/get-file.ts";
import { listFiles, MAX_FILES_PAGE } from "../resolvers/files/list-files.ts";
import { presignFileUpload, uploadUrl } from "../resolvers/files/presign-upload.ts";
import { receiveUpload } from "../resolvers/files/receive-upload.ts";
import { uploadFile } from "../resolvers/files/upload-file.ts";
import { uploadIdInput } from "../resolvers/files/upload-record.ts";
import { bytesResponse, rangeOf } from "../web/byte-response.ts";
import type { AppEnv } from "../web/env.ts";
import { streamUpload } from "../web/multipart-stream.ts";
import type { RestFace } from "./bind-route.ts";
import {
  errorResponses,
  iso,
  jsonBody,
  jsonResponse,
  mediaResponse,
  pageOf,
  pageQuery,
} from "./shared-schemas.ts";

const tags = ["Files"];

const FileRefParam = z.object({
  id: fileRef.openapi({
    param: { name: "id", in: "path" },
    description: "The file id (`file_…`).",
    example: "file_4f8a0c2k9m1x7q3z",
  }),
});

export const FileSchema = z
  .object({
    id: z.string().openapi({ example: "file_4f8a0c2k9m1x7q3z" }),
    fileName: z.string().openapi({
      description:
        "The name it was uploaded with: its last path segment, without control characters, at most 255 characters.",
    }),
    size: z.number().int().openapi({ description: "Bytes." }),
    sha256: z.string().openapi({ description: "SHA-256 of the bytes, hex." }),
    contentType: z.enum([...storedContentTypes, PENDING_CONTENT_TYPE]).openapi({
      description: `What the bytes are, told from their first bytes (never from the name): application/pdf or an image (${Object.values(imageContentTypes).join(", ")}); ${PENDING_CONTENT_TYPE} while a presigned upload is pending.`,
    }),
    pages: z.number().int().nullable().openapi({
      description:
        "Pages, counted by a worker just after the file is ready (a PDF in an extraction process with its budgets; an image has 1, a TIFF one per page); null until then, or when the file cannot be read.",
    }),
    status: z.enum(["pending", "ready"]).openapi({
      description: "`pending`: a presigned upload not finalized yet; `ready`: stored and readable.",
    }),
    created_at: z.string().openapi({ format: "date-time" }),
    expires_at: z.string().nullable().openapi({
      format: "date-time",
      description: "When a pending upload stops being accepted; null once ready.",
    }),
  })
  .openapi("File");

const upload = createRoute({
  method: "post",
  path: "/v1/files",
  tags,
  summary: "Store a PDF or an image (parsing is not started)",
  description:
    "Multipart form data with the file in a part named `file` (text fields, if any, before it): a PDF, or a JPEG, PNG, TIFF, WebP or GIF image, told by its first bytes (never by its name or part header) and recorded with its contentType. The bytes are streamed to the store while their SHA-256 is computed; nothing is held whole in memory. Refused: an empty file (400), one that is neither a PDF nor an accepted image (415; HEIC/HEIF too, with a message saying to convert it to JPEG first), one over MAX_UPLOAD_BYTES (413); a refused or interrupted upload leaves nothing behind. To parse a stored PDF later, POST /v1/documents with its id; to make a PDF of stored images, POST /v1/conversions.",
  request: {
    body: {
      required: true,
      content: {
        // Described, not validated here: the part is streamed by the handler (a form validator
        // would read the whole body first).
        "multipart/form-data": {
          schema: {
            type: "object",
            required: ["file"],
            properties: { file: { type: "string", format: "binary", description: "The PDF or image." } },
          },
        },
      },
    },
  },
  responses: {
    201: jsonResponse(FileSchema, "The stored file."),
    ...errorResponses("FORBIDDEN", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE", "STORAGE_UNAVAILABLE"),
  },
});

const list = createRoute({
  method: "get",
  path: "/v1/files",
  tags,
  summary: "The account's files, newest first, with cursor pagination",
  request: {
    query: z.object(pageQuery(listFiles.input.shape.limit, `At most ${MAX_FILES_PAGE}.`)),
  },
  responses: {
    200: jsonResponse(
      pageOf(FileSchema, "FileList"),
      "A page of files; next_cursor is null on the last page.",
    ),
    ...errorResponses("FORBIDDEN"),
  },
});

const get = createRoute({
  method: "get",
  path: "/v1/files/{id}",
  tags,
  summary: "A file's record",
  request: { params: FileRefParam },
  responses: { 200: jsonResponse(FileSchema, "The file."), ...errorResponses("FORBIDDEN", "NOT_FOUND") },
});

const remove = createRoute({
  method: "delete",
  path: "/v1/files/{id}",
  tags,
  summary: "Delete a file and its bytes",
  description: "Documents parsed from the file keep their own copy and forget their source.",
  request: { params: FileRefParam },
  responses: {
    200: jsonResponse(
      z.object({ id: z.string(), deleted: z.literal(true) }).openapi("DeletedFile"),
      "The file was deleted.",
    ),
    ...errorResponses(
      "FORBIDDEN",
      "NOT_FOUND",
      "CONFLICT",
      "UNSUPPORTED_MEDIA_TYPE",
      "PAYLOAD_TOO_LARGE",
      "STORAGE_UNAVAILABLE",
    ),
  },
});

const contentHeaders = {
  "Content-Disposition": {
    schema: { type: "string" as const },
    description: "attachment, with the file's name.",
  },
  ETag: { schema: { type: "string" as const }, description: "The file's SHA-256, quoted." },
  "Accept-Ranges": { schema: { type: "string" as const }, description: "bytes" },
};

const pdfBody = Object.fromEntries(
  storedContentTypes.map((t) => [t, { schema: { type: "string" as const, format: "binary" } }]),
);

const content = createRoute({
  method: "get",
  path: "/v1/files/{id}/content",
  tags,
  summary: "A file's bytes, whole or a byte range",
  description:
    "Answers the bytes with the file's contentType, Content-Disposition, an ETag (its SHA-256) and Accept-Ranges. `Range: bytes=start-end` (one range; `start-` and `-suffix` too) answers 206 with Content-Range; a range outside the file 416 with `Content-Range: bytes */size`; several ranges at once are answered whole (200). `If-None-Match` with the ETag answers 304. A pending file is 409.",
  request: { params: FileRefParam },
  responses: {
    200: {
      ...mediaResponse(pdfBody, "The whole file."),
      headers: { ...mediaResponse(pdfBody, "").headers, ...contentHeaders },
    },
    206: {
      ...mediaResponse(pdfBody, "The range asked for."),
      headers: {
        ...mediaResponse(pdfBody, "").headers,
        ...contentHeaders,
        "Content-Range": { schema: { type: "string" as const }, description: "bytes start-end/size" },
      },
    },
    304: { description: "Not modified: the ETag sent in If-None-Match is the file's." },
    ...errorResponses("FORBIDDEN", "NOT_FOUND", "CONFLICT", "RANGE_NOT_SATISFIABLE", "STORAGE_UNAVAILABLE"),
  },
});

const PresignResponse = z
  .object({
    upload_id: z.string().openapi({ example: "upl_9x2k4m7q1z8c3v5b" }),
    file_id: z.string(),
    url: z.string().openapi({ description: "Where to PUT the bytes, without an API key, until expires_at." }),
    method: z.literal("PUT"),
    headers: z.record(z.string(), z.string()).openapi({
      description:
        "Headers to send with the PUT exactly as given (the size, and on S3 the SHA-256 they are signed with).",
    }),
    expires_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("PresignedUpload");

/** The presign route: `fileSize`'s maximum is the service's configured MAX_UPLOAD_BYTES. */
const presignRoute = (maxUploadBytes: number) =>
  createRoute({
    method: "post",
    path: "/v1/files/presign",
    tags,
    summary: "Open a direct upload: a URL to PUT a PDF's or an image's bytes to",
    description:
      "For big files: the bytes go to the URL (on an S3-compatible store, straight to the bucket; on the local store, to this service's PUT /v1/uploads/{token}) and never through the API's JSON routes. PUT exactly `fileSize` bytes with the SHA-256 given and the `headers` answered, before `expires_at` (PRESIGN_URL_SECONDS, 15 minutes by default), then POST /v1/files/finalize. `fileSize` is 1 to MAX_UPLOAD_BYTES (413 above); `sha256` is 64 hexadecimal characters. The file is listed as `pending` until finalized; a session not finalized in time is removed with its bytes.",
    request: {
      ...jsonBody(
        z
          .object({
            fileName: presignFileUpload.input.shape.fileName,
            // The operation refuses more than MAX_UPLOAD_BYTES (413): documented as the maximum.
            fileSize: presignFileUpload.input.shape.fileSize.openapi({ maximum: maxUploadBytes }),
            sha256: z
              .string()
              .regex(/^[0-9a-fA-F]{64}$/)
              .openapi({ description: "SHA-256 of the bytes, hex." }),
          })
          .strict()
          .openapi("PresignRequest"),
      ),
    },
    responses: {
      201: jsonResponse(PresignResponse, "The upload session."),
      ...errorResponses("FORBIDDEN", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE", "STORAGE_UNAVAILABLE"),
    },
  });

const finalize = createRoute({
  method: "post",
  path: "/v1/files/finalize",
  tags,
  summary: "Finish a direct upload: the bytes are checked and the file is ready",
  description:
    "Checks that the bytes arrived (409 before), that their size and SHA-256 are the ones presigned (422 otherwise, and the bytes are removed) and that they are a PDF or an accepted image (415, removed; the file's contentType is told from them). A session past its expiry is 410; another account's upload 404. Finalizing again answers the same file.",
  request: {
    ...jsonBody(z.object({ upload_id: uploadIdInput }).strict().openapi("FinalizeRequest")),
  },
  responses: {
    201: jsonResponse(FileSchema, "The ready file."),
    ...errorResponses(
      "FORBIDDEN",
      "NOT_FOUND",
      "CONFLICT",
      "GONE",
      "UNSUPPORTED_MEDIA_TYPE",
      "UNPROCESSABLE",
      "PAYLOAD_TOO_LARGE",
      "STORAGE_UNAVAILABLE",
    ),
  },
});

const receive = createRoute({
  method: "put",
  path: "/v1/uploads/{token}",
  tags,
  summary: "The local store's upload URL (from POST /v1/files/presign)",
  description:
    "No API key: the token in the path is the right to upload, once. The body is the file's bytes (application/pdf or application/octet-stream), checked against the size and SHA-256 presigned while they arrive: a mismatch is 422 and nothing is kept. An unknown or used token is 404; an expired session 410.",
  request: {
    params: z.object({
      token: receiveUpload.input.shape.token.openapi({ param: { name: "token", in: "path" } }),
    }),
    body: {
      required: true,
      content: {
        // Streamed by the handler, not validated here.
        "application/pdf": { schema: { type: "string", format: "binary" } },
        "application/octet-stream": { schema: { type: "string", format: "binary" } },
      },
    },
  },
  responses: {
    200: jsonResponse(
      z.object({ file_id: z.string(), size: z.number().int() }).openapi("ReceivedUpload"),
      "The bytes were received; finalize the upload next.",
    ),
    ...errorResponses(
      "NOT_FOUND",
      "GONE",
      "UNPROCESSABLE",
      "UNSUPPORTED_MEDIA_TYPE",
      "PAYLOAD_TOO_LARGE",
      "STORAGE_UNAVAILABLE",
    ),
  },
});

export function registerFileRoutes(app: OpenAPIHono<AppEnv>, { ctxOf, bind, services }: RestFace) {
  app.openapi(bind(upload, uploadFile), async (c) => {
    const part = await streamUpload(c.req.raw, "file");
    const f = await uploadFile.invoke(ctxOf(c), { fileName: part.fileName, body: part.body });
    c.header("Location", `/v1/files/${f.id}`);
    return c.json(fileWire(f), 201);
  });
  app.openapi(bind(presignRoute(services.config.maxUploadBytes), presignFileUpload), async (c) => {
    const body = c.req.valid("json");
    const p = await presignFileUpload.invoke(ctxOf(c), body);
    return c.json(
      {
        upload_id: p.uploadId,
        file_id: p.file.id,
        url: uploadUrl(p.target, services.config, new URL(c.req.url).origin),
        method: p.method,
        headers: p.headers,
        expires_at: iso(p.expiresAt) as string,
      },
      201,
    );
  });
  app.openapi(bind(finalize, finalizeFileUpload), async (c) => {
    const f = await finalizeFileUpload.invoke(ctxOf(c), { uploadId: c.req.valid("json").upload_id });
    c.header("Location", `/v1/files/${f.id}`);
    return c.json(fileWire(f), 201);
  });
  app.openapi(bind(receive, receiveUpload), async (c) => {
    const raw = c.req.raw.body;
    if (!raw) throw new AppError("BAD_REQUEST", "The body is empty: PUT the file's bytes.");
    const r = await receiveUpload.invoke(ctxOf(c), {
      token: c.req.valid("param").token,
      body: Readable.fromWeb(raw as import("node:stream/web").ReadableStream),
    });
    return c.json({ file_id: r.fileId, size: r.size }, 200);
  });
  app.openapi(bind(list, listFiles), async (c) => {
    const q = c.req.valid("query");
    const r = await listFiles.invoke(ctxOf(c), { limit: q.limit, cursor: q.cursor });
    return c.json({ data: r.files.map(fileWire), next_cursor: r.nextCursor }, 200);
  });
  app.openapi(bind(get, getFile), async (c) =>
    c.json(fileWire(await getFile.invoke(ctxOf(c), { ref: c.req.valid("param").id })), 200),
  );
  app.openapi(bind(remove, deleteFile), async (c) =>
    c.json(await deleteFile.invoke(ctxOf(c), { ref: c.req.valid("param").id }), 200),
  );
  app.openapi(bind(content, readFileContent), (async (c: Context<AppEnv>) => {
    const ref = (c.req.valid as (t: "param") => { id: string })("param").id;
    const range = rangeOf(c.req.header("range"));
    const { file, body, range: served } = await readFileContent.invoke(ctxOf(c), { ref, range });
    return bytesResponse(c, {
      body,
      size: file.size,
      range: served,
      etag: `"${file.sha256}"`,
      contentType: file.contentType,
      fileName: file.fileName,
      cacheControl: "private, no-cache",
    });
  }) as never);
}
