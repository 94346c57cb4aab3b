import { deleteFile } from "../resolvers/files/delete-file.ts";
import type { FileRecord } from "../resolvers/files/file-record.ts";
import { finalizeFileUpload } from "../resolvers/files/finalize-upload.ts";
import { getFile } from "../resolvers/files/get-file.ts";
import { listFiles, MAX_FILES_PAGE } from "../resolvers/files/list-files.ts";
import { presignFileUpload, uploadUrl } from "../resolvers/files/presign-upload.ts";
import { uploadFile } from "../resolvers/files/upload-file.ts";
import { builder } from "./builder.ts";
import { sizedBy } from "./cost.ts";
import { forwardConnection } from "./forward-connection.ts";
import { servedBy } from "./served-by.ts";

// Files over GraphQL, the twins of /v1/files: `StoredFile`, since `File` is the upload scalar
// of the multipart request specification.

const FileStatus = builder.enumType("FileStatus", { values: ["pending", "ready"] as const });

export const StoredFileType = builder.objectRef<FileRecord>("StoredFile").implement({
  description:
    "A PDF or an image kept for later parsing, conversion, hosting or workflows (twin of GET /v1/files/{id}).",
  fields: (t) => ({
    id: t.exposeID("id"),
    fileName: t.exposeString("fileName"),
    size: t.exposeFloat("size", { description: "Bytes." }),
    sha256: t.exposeString("sha256"),
    contentType: t.exposeString("contentType", {
      description:
        "application/pdf or an image type (image/jpeg, image/png, image/tiff, image/webp, image/gif), told from the bytes; application/octet-stream while a presigned upload is pending.",
    }),
    pages: t.exposeInt("pages", {
      nullable: true,
      description:
        "Pages, counted by a worker just after the file is ready (an image has 1, a TIFF one per page); null until then, or when the file cannot be read.",
    }),
    status: t.field({
      type: FileStatus,
      description: "pending: a presigned upload not finalized yet; ready: stored and readable.",
      resolve: (f) => f.status,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    expiresAt: t.expose("expiresAt", {
      type: "DateTime",
      nullable: true,
      description: "When a pending upload stops being accepted; null once ready.",
    }),
  }),
});

type Presigned = {
  uploadId: string;
  fileId: string;
  url: string;
  headers: Record<string, string>;
  expiresAt: Date;
};

const PresignedUpload = builder.objectRef<Presigned>("PresignedUpload").implement({
  description:
    "PUT the file's exact bytes to `url` with `headers`, no key, before `expiresAt`; then finalizeFileUpload.",
  fields: (t) => ({
    uploadId: t.exposeID("uploadId"),
    fileId: t.exposeID("fileId"),
    url: t.exposeString("url"),
    method: t.string({ resolve: () => "PUT" }),
    headers: t.field({ type: "JSON", resolve: (p) => p.headers }),
    expiresAt: t.expose("expiresAt", { type: "DateTime" }),
  }),
});

const DeletedFile = builder.objectRef<{ deleted: true; id: string }>("DeletedFile").implement({
  fields: (t) => ({ deleted: t.exposeBoolean("deleted"), id: t.exposeID("id") }),
});

builder.queryFields((t) => ({
  file: t.field({
    type: StoredFileType,
    extensions: servedBy(getFile),
    description: "A stored file by id (file_…). Needs a secret key.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getFile.invoke(ctx, { ref: String(args.id) }),
  }),
  files: t.connection({
    type: StoredFileType,
    extensions: { ...servedBy(listFiles), ...sizedBy(listFiles.input.shape.limit, "first") },
    description: `The account's files, newest first, ${MAX_FILES_PAGE} at most a page. Needs a secret key.`,
    resolve: (_root, args, ctx) =>
      forwardConnection(args, async (limit, cursor) => {
        const r = await listFiles.invoke(ctx, { limit, cursor });
        return { items: r.files, nextCursor: r.nextCursor };
      }),
  }),
}));

builder.mutationFields((t) => ({
  uploadFile: t.field({
    type: StoredFileType,
    extensions: servedBy(uploadFile),
    description:
      "Stores a PDF or an image (GraphQL multipart request) without parsing it; streamed to the store.",
    args: { file: t.arg({ type: "File", required: true }) },
    resolve: (_root, args, ctx) =>
      uploadFile.invoke(ctx, {
        fileName: args.file.name,
        body: args.file.stream() as unknown as AsyncIterable<Uint8Array>,
      }),
  }),
  presignFileUpload: t.field({
    type: PresignedUpload,
    extensions: servedBy(presignFileUpload),
    description: "Opens a direct upload (twin of POST /v1/files/presign).",
    args: {
      fileName: t.arg.string({ required: true }),
      fileSize: t.arg.float({ required: true, description: "Bytes, 1 to MAX_UPLOAD_BYTES." }),
      sha256: t.arg.string({ required: true, description: "SHA-256 of the bytes, 64 hex characters." }),
    },
    resolve: async (_root, args, ctx) => {
      const p = await presignFileUpload.invoke(ctx, args);
      return {
        uploadId: p.uploadId,
        fileId: p.file.id,
        url: uploadUrl(p.target, ctx.services.config, ctx.origin),
        headers: p.headers,
        expiresAt: p.expiresAt,
      };
    },
  }),
  finalizeFileUpload: t.field({
    type: StoredFileType,
    extensions: servedBy(finalizeFileUpload),
    description: "Checks the uploaded bytes and makes the file ready (twin of POST /v1/files/finalize).",
    args: { uploadId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => finalizeFileUpload.invoke(ctx, { uploadId: String(args.uploadId) }),
  }),
  deleteFile: t.field({
    type: DeletedFile,
    extensions: servedBy(deleteFile),
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deleteFile.invoke(ctx, { ref: String(args.id) }),
  }),
}));
