import { BlobTooLarge } from "../../core/blobs/blob-store.ts";
import { assertPdf, PDF_HEADER_WINDOW, peek } from "../../core/documents/pdf-signature.ts";
import { AppError } from "../../core/errors.ts";
import { newId } from "../../core/ids.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type FileRecord, fileBlobKey, fileBlobPrefix, toFileRecord } from "./file-record.ts";
import { safeFileName } from "./safe-file-name.ts";

const isStream = (v: unknown): v is AsyncIterable<Uint8Array> =>
  typeof (v as AsyncIterable<Uint8Array> | null)?.[Symbol.asyncIterator] === "function";

/**
 * Stores a PDF as it arrives (hashed and counted on the way, never held whole); parsing is not
 * started. Empty is 400, not a PDF 415, over MAX_UPLOAD_BYTES 413; a refused or broken-off
 * upload leaves no bytes and no record.
 */
export const uploadFile = defineOperation({
  name: "uploadFile",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    fileName: z.string().max(10_000),
    body: z.custom<AsyncIterable<Uint8Array>>(isStream, "must be a stream of bytes"),
  }),
  run: async (ctx, input): Promise<FileRecord> => {
    const { config, db, blobs } = ctx.services;
    const { head, whole } = await peek(input.body, PDF_HEADER_WINDOW);
    if (head.byteLength === 0) throw new AppError("BAD_REQUEST", "The file is empty (0 bytes).");
    assertPdf(head);
    const id = newId("file_");
    const key = fileBlobKey(id);
    let stored: { size: number; sha256: string };
    try {
      stored = await blobs.putStream(key, whole, { maxBytes: config.maxUploadBytes });
    } catch (err) {
      await blobs.deletePrefix(fileBlobPrefix(id)).catch(() => undefined);
      if (err instanceof BlobTooLarge)
        throw new AppError(
          "PAYLOAD_TOO_LARGE",
          `The file is larger than the limit of ${config.maxUploadBytes} bytes.`,
          {
            Connection: "close",
          },
        );
      throw err;
    }
    try {
      const row = await db.prisma.storedFile.create({
        data: {
          id,
          accountId: ctx.accountId,
          fileName: safeFileName(input.fileName, "file.pdf"),
          contentType: "application/pdf",
          sizeBytes: BigInt(stored.size),
          sha256: stored.sha256,
          status: "ready",
          blobKey: key,
        },
      });
      return toFileRecord(row);
    } catch (err) {
      await blobs.deletePrefix(fileBlobPrefix(id)).catch(() => undefined);
      throw err;
    }
  },
});
