import { defaultAccessPolicy, policyToWire } from "../../core/auth/access-policy.ts";
import { byteStream } from "../../core/blobs/byte-stream.ts";
import { documentBlobPrefix, sourceBlobKey } from "../../core/documents/blob-keys.ts";
import { createDocumentRow } from "../../core/documents/create-document-row.ts";
import { defaultCapabilities } from "../../core/documents/phases.ts";
import { storePdf } from "../../core/documents/store-pdf.ts";
import { AppError } from "../../core/errors.ts";
import { safeFileName } from "../../core/files/safe-file-name.ts";
import { newId } from "../../core/ids.ts";
import { EXTRACTION_QUEUE } from "../../core/job-queue.ts";
import { z } from "../../core/zod.ts";
import { fileRef, findFile } from "../files/file-record.ts";
import { defineOperation } from "../operation.ts";
import { type DocumentRecord, toDocumentRecord } from "./document-record.ts";

/**
 * Stores the PDF (sent now, streamed, or a stored file's, copied), records it and enqueues its
 * extraction; the document starts `queued`. The bytes are stored before the record exists, so
 * no record is ever without its bytes; a failure after that removes both.
 */
export const uploadDocument = defineOperation({
  name: "uploadDocument",
  rateClass: "expensive",
  caller: "secretKey",
  input: z.union(
    [
      z.strictObject({ fileName: z.string().max(10_000), body: byteStream }),
      z.strictObject({ fileId: fileRef }),
    ],
    { error: "give the PDF itself or a stored file's id, one of the two" },
  ),
  run: async (ctx, input): Promise<DocumentRecord> => {
    const { config, db, blobs, jobs } = ctx.services;
    const id = newId("doc-");
    const target = { key: sourceBlobKey(id), prefix: documentBlobPrefix(id) };
    let fileName: string;
    let sourceFileId: string | null = null;
    let body: AsyncIterable<Uint8Array>;
    if ("fileId" in input) {
      const file = await findFile(ctx, input.fileId);
      if (file.status !== "ready")
        throw new AppError("CONFLICT", `File ${file.id} is still pending: finalize its upload first.`);
      if (file.contentType !== "application/pdf")
        throw new AppError(
          "UNSUPPORTED_MEDIA_TYPE",
          `File ${file.id} is an image (${file.contentType}), not a PDF: make a PDF of it with POST /v1/conversions ({"kind": "image_to_pdf", "file_ids": ["${file.id}"]}), then parse the resulting file.`,
        );
      const read = await blobs.getStream(file.blobKey);
      if (!read) throw new AppError("NOT_FOUND", `The bytes of file ${file.id} are missing from the store.`);
      ({ fileName } = file);
      sourceFileId = file.id;
      body = read.body;
    } else {
      fileName = safeFileName(input.fileName, "document.pdf");
      body = input.body;
    }
    const stored = await storePdf(blobs, target, body, config.maxUploadBytes);
    try {
      // The id the bytes were stored under first; should its short hash be taken in the account,
      // another id is drawn and the row keeps the key the bytes are under.
      const ids = [id];
      const doc = await createDocumentRow(
        db.prisma,
        {
          accountId: ctx.accountId,
          fileName,
          sizeBytes: BigInt(stored.size),
          sha256: stored.sha256,
          capabilities: defaultCapabilities,
          access: policyToWire(defaultAccessPolicy()),
          blobKey: target.key,
          sourceFileId,
        },
        () => ids.shift() ?? newId("doc-"),
      );
      try {
        await jobs.enqueue(EXTRACTION_QUEUE, { documentId: doc.id, generation: doc.workingGeneration });
      } catch (err) {
        await db.prisma.document.delete({ where: { id: doc.id } }).catch(() => undefined);
        throw err;
      }
      return toDocumentRecord(doc);
    } catch (err) {
      await blobs.deletePrefix(target.prefix).catch(() => undefined);
      throw err;
    }
  },
});
