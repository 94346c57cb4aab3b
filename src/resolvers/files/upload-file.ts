import { byteStream } from "../../core/blobs/byte-stream.ts";
import { countPagesLater } from "../../core/files/count-pages-later.ts";
import { pagesOfType, storedFileType } from "../../core/files/file-type.ts";
import { defaultFileName, safeFileName } from "../../core/files/safe-file-name.ts";
import { storeChecked } from "../../core/files/store-checked.ts";
import { newId } from "../../core/ids.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type FileRecord, fileBlobKey, fileBlobPrefix, toFileRecord } from "./file-record.ts";

/**
 * Stores a PDF or an image (JPEG, PNG, TIFF, WebP, GIF: told by its first bytes) as it arrives,
 * hashed and counted on the way, never held whole; parsing is not started. Empty is 400, neither
 * a PDF nor an accepted image 415 (HEIC saying to convert it to JPEG), over MAX_UPLOAD_BYTES 413;
 * a refused or broken-off upload leaves no bytes and no record.
 */
export const uploadFile = defineOperation({
  name: "uploadFile",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    fileName: z.string().max(10_000),
    body: byteStream,
  }),
  run: async (ctx, input): Promise<FileRecord> => {
    const { config, db, blobs } = ctx.services;
    const id = newId("file_");
    const key = fileBlobKey(id);
    const stored = await storeChecked(
      blobs,
      { key, prefix: fileBlobPrefix(id) },
      input.body,
      config.maxUploadBytes,
      storedFileType,
    );
    try {
      const row = await db.prisma.storedFile.create({
        data: {
          id,
          accountId: ctx.accountId,
          fileName: safeFileName(input.fileName, defaultFileName(stored.type)),
          contentType: stored.type.contentType,
          pages: pagesOfType(stored.type),
          sizeBytes: BigInt(stored.size),
          sha256: stored.sha256,
          status: "ready",
          blobKey: key,
        },
      });
      if (row.pages === null) await countPagesLater(ctx.services, row.id);
      return toFileRecord(row);
    } catch (err) {
      await blobs.deletePrefix(fileBlobPrefix(id)).catch(() => undefined);
      throw err;
    }
  },
});
