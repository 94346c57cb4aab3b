import { createHash } from "node:crypto";
import { defaultAccessPolicy, policyToWire } from "../../core/auth/access-policy.ts";
import { documentBlobPrefix, sourceBlobKey } from "../../core/documents/blob-keys.ts";
import { createDocumentRow } from "../../core/documents/create-document-row.ts";
import { defaultCapabilities } from "../../core/documents/phases.ts";
import { AppError } from "../../core/errors.ts";
import { EXTRACTION_QUEUE } from "../../core/job-queue.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type DocumentRecord, toDocumentRecord } from "./document-record.ts";

// File signatures as latin1 text, to name what a non-PDF upload looks like.
const signatures: [string, (head: string) => boolean][] = [
  ["PNG image", (h) => h.startsWith("\x89PNG")],
  ["JPEG image", (h) => h.startsWith("\xff\xd8\xff")],
  ["ZIP archive (or an Office document)", (h) => h.startsWith("PK\x03\x04")],
  ["GIF image", (h) => h.startsWith("GIF8")],
  ["HTML page", (h) => /^\s*<(!doctype|html)/i.test(h)],
];

/** The header `%PDF-` must appear in the first KiB (the PDF standard allows a little junk before it). */
function assertPdf(bytes: Uint8Array) {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  if (head.includes("%PDF-")) return;
  const seen = signatures.find(([, looksLike]) => looksLike(head))?.[0];
  throw new AppError(
    "UNSUPPORTED_MEDIA_TYPE",
    `The file is not a PDF${seen ? ` (it looks like a ${seen})` : ""}: no %PDF- header in its first bytes. Upload a PDF.`,
  );
}

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
