import { documentTopic } from "../../core/documents/document-events.ts";
import { capabilityFlags, defaultCapabilities, movePhase, strategies } from "../../core/documents/phases.ts";
import { AppError } from "../../core/errors.ts";
import { EXTRACTION_QUEUE } from "../../core/job-queue.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type DocumentRecord, documentRef, findDocument, toDocumentRecord } from "./document-record.ts";

const flag = `(?:${capabilityFlags.join("|")})`;
/**
 * What parseCapabilities accepts, as a JSON Schema pattern for clients: known flags separated by
 * commas, white space and empty entries allowed. The operation checks it with its own message.
 */
const capabilitiesPattern = `^\\s*(?:${flag}\\s*)?(?:,\\s*(?:${flag}\\s*)?)*$`;

export function parseCapabilities(raw: string | undefined): string[] {
  if (raw === undefined) return defaultCapabilities;
  const flags = raw
    .split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  const unknown = flags.filter((f) => !(capabilityFlags as readonly string[]).includes(f));
  if (unknown.length) {
    throw new AppError(
      "BAD_REQUEST",
      `Unknown capability ${unknown.map((u) => `'${u}'`).join(", ")}; known: ${capabilityFlags.join(", ")}.`,
    );
  }
  return [...new Set(flags)];
}

/**
 * Starts a fresh extraction as a new generation. Reads keep serving the previous results until
 * the new ones are complete; a reparse during an extraction supersedes it.
 */
export const reparseDocument = defineOperation({
  name: "reparseDocument",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    ref: documentRef,
    strategy: z.string().max(100).optional(),
    capabilities: z
      .string()
      .max(1000)
      .optional()
      .openapi({
        pattern: capabilitiesPattern,
        description: `Comma-separated flags among ${capabilityFlags.join(", ")}.`,
      }),
  }),
  run: async (ctx, input): Promise<DocumentRecord> => {
    if (input.strategy !== undefined && !(strategies as readonly string[]).includes(input.strategy)) {
      throw new AppError(
        "BAD_REQUEST",
        `Unknown strategy '${input.strategy}'; known: ${strategies.join(", ")}.`,
      );
    }
    const capabilities = parseCapabilities(input.capabilities);
    const { doc } = await findDocument(ctx, input.ref, "reparse");
    const { prisma } = ctx.services.db;
    const updated = await prisma.$transaction(async (tx) => {
      // The generation is raised in the same UPDATE that moves the phase, so concurrent reparses
      // each get a generation of their own; the row stays locked until it is read back.
      const moved = await movePhase(
        tx,
        "reparse",
        { id: doc.id },
        {
          workingGeneration: { increment: 1 },
          pagesCompleted: 0,
          errorReason: null,
          strategy: input.strategy ?? doc.strategy,
          capabilities,
        },
      );
      if (!moved) throw new AppError("NOT_FOUND", `Document ${input.ref} was not found.`);
      return tx.document.findUniqueOrThrow({ where: { id: doc.id } });
    });
    await ctx.services.jobs.enqueue(EXTRACTION_QUEUE, {
      documentId: doc.id,
      generation: updated.workingGeneration,
    });
    await ctx.services.events.publish(documentTopic(doc.id), {
      id: doc.id,
      phase: updated.phase,
      pagesCompleted: 0,
      pagesTotal: updated.pagesTotal,
    });
    return toDocumentRecord(updated);
  },
});
