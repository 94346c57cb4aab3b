import { documentTopic } from "../../core/documents/document-events.ts";
import { movePhase } from "../../core/documents/phases.ts";
import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type DocumentRecord, documentRef, findDocument, toDocumentRecord } from "./document-record.ts";

/** Accepts an extraction that was put in awaiting_review: the document moves to complete. */
export const approveReview = defineOperation({
  name: "approveReview",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: documentRef }),
  run: async (ctx, input): Promise<DocumentRecord> => {
    const { doc } = await findDocument(ctx, input.ref, "admin");
    const moved = await movePhase(ctx.services.db.prisma, "approve", { id: doc.id }, { errorReason: null });
    if (!moved) {
      throw new AppError(
        "CONFLICT",
        `Document ${doc.id} is ${doc.phase}, not awaiting_review; there is nothing to approve.`,
      );
    }
    const updated = await ctx.services.db.prisma.document.findUniqueOrThrow({ where: { id: doc.id } });
    await ctx.services.events.publish(documentTopic(doc.id), {
      id: doc.id,
      phase: updated.phase,
      pagesCompleted: updated.pagesCompleted,
      pagesTotal: updated.pagesTotal,
    });
    return toDocumentRecord(updated);
  },
});
