import { createHash } from "node:crypto";
import { defaultAccessPolicy, policyToWire } from "../../core/auth/access-policy.ts";
import { documentBlobPrefix, sourceBlobKey } from "../../core/documents/blob-keys.ts";
import { createDocumentRow } from "../../core/documents/create-document-row.ts";
import { assertPdf } from "../../core/documents/pdf-signature.ts";
import { defaultCapabilities } from "../../core/documents/phases.ts";
import { AppError } from "../../core/errors.ts";
import { EXTRACTION_QUEUE } from "../../core/job-queue.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type DocumentRecord, toDocumentRecord } from "./document-record.ts";

/** Stores the PDF, records it and enqueues its extraction; the document starts `queued`. */
export const uploadDocument = defineOperation({
  name: "uploadDocument",
  rateClass: "expensive",
  caller: "secretKey",
  input: z.object({ fileName: z.string(), bytes: z.instanceof(Uint8Array) }),
  run: async (ctx, input): Promise<DocumentRecord> => {
    const { accountId } = ctx;
    const { config, db, blobs, jobs } = ctx.services;
    if (input.bytes.byteLength === 0) throw new AppError("BAD_REQUEST", "The file is empty (0 bytes).");
    if (input.bytes.byteLength > config.maxUploadBytes) {
      throw new AppError(
        "PAYLOAD_TOO_LARGE",
        `The file is larger than the limit of ${config.maxUploadBytes} bytes.`,
      );
    }
    assertPdf(input.bytes);
    const fileName = input.fileName.trim().slice(0, 255) || "document.pdf";
    const sha256 = createHash("sha256").update(input.bytes).digest("hex");

    const doc = await createDocumentRow(db.prisma, {
      accountId,
      fileName,
      sizeBytes: BigInt(input.bytes.byteLength),
      sha256,
      phase: "queued",
      capabilities: defaultCapabilities,
      access: policyToWire(defaultAccessPolicy()),
    });
    // Nothing half-made is left behind: a failure after the row exists removes it and its bytes.
    try {
      await blobs.put(sourceBlobKey(doc.id), input.bytes);
      await jobs.enqueue(EXTRACTION_QUEUE, { documentId: doc.id, generation: doc.workingGeneration });
      return toDocumentRecord(doc);
    } catch (err) {
      await db.prisma.document.delete({ where: { id: doc.id } }).catch(() => undefined);
      await blobs.deletePrefix(documentBlobPrefix(doc.id)).catch(() => undefined);
      throw err;
    }
  },
});
