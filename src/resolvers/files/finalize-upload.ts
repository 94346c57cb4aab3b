import { metered } from "../../core/blobs/metered.ts";
import { peek } from "../../core/documents/pdf-signature.ts";
import { AppError } from "../../core/errors.ts";
import { countPagesLater } from "../../core/files/count-pages-later.ts";
import { FILE_TYPE_WINDOW, type FileType, pagesOfType, storedFileType } from "../../core/files/file-type.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type FileRecord, fileBlobPrefix, toFileRecord } from "./file-record.ts";
import { assertNotExpired, uploadIdInput } from "./upload-record.ts";

/**
 * Ends a presigned upload: the bytes must be in the store, of the size and SHA-256 presigned
 * (hashed here by streaming them: S3-compatible stores do not all check either), and a PDF or an
 * accepted image (its content type is recorded from its first bytes).
 * Not arrived yet 409; a mismatch 422 or 415 and the bytes removed; expired 410; another
 * account's upload 404. A second finalize answers the same file.
 */
export const finalizeFileUpload = defineOperation({
  name: "finalizeFileUpload",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ uploadId: uploadIdInput }),
  run: async (ctx, input): Promise<FileRecord> => {
    const { db, blobs } = ctx.services;
    const file = await db.prisma.storedFile.findFirst({
      where: { uploadId: input.uploadId, accountId: ctx.accountId },
    });
    if (!file) throw new AppError("NOT_FOUND", `Upload ${input.uploadId} was not found.`);
    if (file.status === "ready") return toFileRecord(file);
    await assertNotExpired(ctx, file);
    const size = Number(file.sizeBytes);
    const read = await blobs.getStream(file.blobKey);
    if (!read)
      throw new AppError(
        "CONFLICT",
        `The bytes of upload ${input.uploadId} have not arrived: PUT them to the presigned URL first.`,
      );
    const refuse = async (err: AppError): Promise<never> => {
      read.body.destroy();
      await blobs.deletePrefix(fileBlobPrefix(file.id)).catch(() => undefined);
      throw err;
    };
    if (read.size !== size)
      await refuse(
        new AppError(
          "UNPROCESSABLE",
          `The stored object has ${read.size} bytes, not the ${size} presigned; it was removed.`,
        ),
      );
    // Hashed as it is read, its first bytes kept for the PDF check: one pass over the object.
    const { head, whole } = await peek(read.body, FILE_TYPE_WINDOW);
    const meter = metered(whole, size);
    for await (const _ of meter.chunks);
    if (meter.result().sha256 !== file.sha256)
      await refuse(
        new AppError(
          "UNPROCESSABLE",
          "The stored object's SHA-256 is not the one presigned; it was removed.",
        ),
      );
    let type: FileType | undefined;
    try {
      type = storedFileType(head);
    } catch (err) {
      await refuse(err as AppError);
    }
    const ready = await db.prisma.storedFile.update({
      where: { id: file.id },
      data: {
        status: "ready",
        expiresAt: null,
        uploadTokenHash: null,
        ...(type ? { contentType: type.contentType, pages: pagesOfType(type) } : {}),
      },
    });
    if (ready.pages === null) await countPagesLater(ctx.services, ready.id);
    return toFileRecord(ready);
  },
});
