import { AppError } from "../../core/errors.ts";
import { safeFileName } from "../../core/files/safe-file-name.ts";
import { newId, randomToken } from "../../core/ids.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type FileRecord, fileBlobKey, PENDING_CONTENT_TYPE, toFileRecord } from "./file-record.ts";
import { sha256Input, tokenHash } from "./upload-record.ts";

/** Where the client sends the bytes: a store's signed URL, or a path of this service (the local store). */
export type UploadTarget = { kind: "url"; url: string } | { kind: "path"; path: string };

export type PresignedUpload = {
  uploadId: string;
  file: FileRecord;
  target: UploadTarget;
  method: "PUT";
  headers: Record<string, string>;
  expiresAt: Date;
};

/**
 * Opens a direct upload: a pending file and a URL the client PUTs exactly `fileSize` bytes with
 * this SHA-256 to, without a key, until the session expires (PRESIGN_URL_SECONDS). The bytes
 * never pass through the API on an S3 store; then finalize checks them (a PDF or an accepted
 * image) and keeps them.
 */
export const presignFileUpload = defineOperation({
  name: "presignFileUpload",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    fileName: z.string().min(1).max(1000),
    fileSize: z.number().int().min(1, "must be at least 1 byte").max(Number.MAX_SAFE_INTEGER),
    sha256: sha256Input,
  }),
  run: async (ctx, input): Promise<PresignedUpload> => {
    const { config, db, blobs } = ctx.services;
    if (input.fileSize > config.maxUploadBytes)
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        `fileSize ${input.fileSize} is over the limit of ${config.maxUploadBytes} bytes (MAX_UPLOAD_BYTES).`,
      );
    const id = newId("file_");
    const uploadId = newId("upl_");
    const expiresAt = new Date(Date.now() + config.presignUrlSeconds * 1000);
    const signed = await blobs.presignPut(fileBlobKey(id), {
      size: input.fileSize,
      sha256: input.sha256,
      expiresInSeconds: config.presignUrlSeconds,
    });
    const token = signed ? null : randomToken(32);
    const row = await db.prisma.storedFile.create({
      data: {
        id,
        accountId: ctx.accountId,
        fileName: safeFileName(input.fileName, "file"),
        // Told from the bytes at finalize; until then the file is only bytes on their way.
        contentType: PENDING_CONTENT_TYPE,
        sizeBytes: BigInt(input.fileSize),
        sha256: input.sha256,
        status: "pending",
        blobKey: fileBlobKey(id),
        uploadId,
        uploadTokenHash: token ? tokenHash(token) : null,
        expiresAt,
      },
    });
    return {
      uploadId,
      file: toFileRecord(row),
      target: signed ? { kind: "url", url: signed.url } : { kind: "path", path: `/v1/uploads/${token}` },
      method: "PUT",
      headers: signed ? signed.headers : { "Content-Length": String(input.fileSize) },
      expiresAt,
    };
  },
});

/**
 * The URL a client PUTs to: the store's own, or this service's path made absolute with BASE_URL
 * when it is set, else with the address the request reached (behind a proxy, set BASE_URL).
 */
export function uploadUrl(
  target: UploadTarget,
  config: { baseUrl: string; baseUrlSet: boolean },
  requestOrigin: string,
): string {
  if (target.kind === "url") return target.url;
  return `${config.baseUrlSet ? config.baseUrl : requestOrigin}${target.path}`;
}
