import { MAX_INT } from "../../core/db/int4.ts";
import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { defineOperation } from "../operation.ts";
import { documentRef, findDocument } from "./document-record.ts";

/** The most records one page of the list holds. */
export const MAX_INGEST_PAGE = 500;

export const ingestCapabilityKeys = [
  "vlm_qwen",
  "structural_check",
  "sandbox_verify",
  "search",
  "phases",
  "middleware",
] as const;

export type IngestRecordView = {
  seq: number;
  vendor: string | null;
  payload: unknown;
  pdfSha256: string | null;
  capabilities: unknown;
  createdAt: Date;
};

/**
 * Appends a vendor record. The document row is locked while its counter is raised, so concurrent
 * calls get consecutive `seq` values with no gaps (a failed insert rolls the counter back too).
 */
export const appendIngestRecord = defineOperation({
  name: "appendIngestRecord",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    ref: documentRef,
    vendor: z.string().max(200).optional(),
    payload: z.record(z.string(), z.unknown()).optional(),
    pdfSha256: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hexadecimal characters")
      .optional(),
    capabilities: z
      .object(Object.fromEntries(ingestCapabilityKeys.map((k) => [k, z.unknown().optional()])))
      .strict()
      .optional(),
  }),
  run: async (ctx, input): Promise<{ seq: number; documentId: string }> => {
    const { doc } = await findDocument(ctx, input.ref, "reparse");
    if (input.pdfSha256 !== undefined && input.pdfSha256.toLowerCase() !== doc.sha256) {
      throw new AppError(
        "CONFLICT",
        `pdf_sha256 does not match document ${doc.id}: its PDF has SHA-256 ${doc.sha256}.`,
      );
    }
    const seq = await ctx.services.db.prisma.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<{ ingest_seq: number }[]>`
      UPDATE documents SET ingest_seq = ingest_seq + 1 WHERE id = ${doc.id} RETURNING ingest_seq`;
      if (!row) throw new AppError("NOT_FOUND", `Document ${input.ref} was not found.`);
      await tx.ingestRecord.create({
        data: {
          documentId: doc.id,
          seq: row.ingest_seq,
          vendor: input.vendor ?? null,
          payload: (input.payload ?? undefined) as Prisma.InputJsonValue | undefined,
          pdfSha256: input.pdfSha256?.toLowerCase() ?? null,
          capabilities: (input.capabilities ?? undefined) as Prisma.InputJsonValue | undefined,
        },
      });
      return row.ingest_seq;
    });
    return { seq, documentId: doc.id };
  },
});

export const listIngestRecords = defineOperation({
  name: "listIngestRecords",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    ref: documentRef,
    afterSeq: z.number().int().min(0).max(MAX_INT).optional(),
    limit: z.number().int().min(1).max(MAX_INGEST_PAGE).default(100),
  }),
  run: async (ctx, input) => {
    const { doc } = await findDocument(ctx, input.ref, "reparse");
    const rows = await ctx.services.db.prisma.ingestRecord.findMany({
      where: { documentId: doc.id, seq: { gt: input.afterSeq ?? 0 } },
      orderBy: { seq: "asc" },
      take: input.limit,
    });
    return {
      documentId: doc.id,
      records: rows.map(
        (r): IngestRecordView => ({
          seq: r.seq,
          vendor: r.vendor,
          payload: r.payload,
          pdfSha256: r.pdfSha256,
          capabilities: r.capabilities,
          createdAt: r.createdAt,
        }),
      ),
    };
  },
});
