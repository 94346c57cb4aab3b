import { MAX_AGENT_INPUT_CHARS, MAX_AGENT_RUN_DOCUMENTS } from "../../core/agents/agent-limits.ts";
import { AppError } from "../../core/errors.ts";
import { newId } from "../../core/ids.ts";
import { AGENT_RUN_QUEUE } from "../../core/job-queue.ts";
import { z } from "../../core/zod.ts";
import { collectionRef, findCollection } from "../collections/collection-record.ts";
import { documentsNotFound, resolveOwnDocuments } from "../collections/members-input.ts";
import { documentRef } from "../documents/document-record.ts";
import { defineOperation } from "../operation.ts";
import { agentRef, findAgent } from "./agent-record.ts";
import { type AgentRunRecord, agentRunInclude, toAgentRunRecord } from "./agent-run-record.ts";

/**
 * POST /v1/agents/{id}/runs: a run of the agent's current version over the account's documents
 * (those named, a collection's, or every one), queued for a worker. It answers at once; the run
 * is read with GET /v1/runs/{id} or followed live.
 */
export const startAgentRun = defineOperation({
  name: "startAgentRun",
  rateClass: "expensive",
  caller: "secretKey",
  input: z
    .strictObject({
      ref: agentRef,
      input: z.string().min(1, "must not be empty").max(MAX_AGENT_INPUT_CHARS),
      documentIds: z.array(documentRef).min(1).max(MAX_AGENT_RUN_DOCUMENTS).optional(),
      collectionId: collectionRef.optional(),
    })
    .refine((v) => v.documentIds === undefined || v.collectionId === undefined, {
      message: "give document_ids or collection_id, not both (neither: every document of the account)",
    }),
  run: async (ctx, input): Promise<AgentRunRecord> => {
    const agent = await findAgent(ctx, input.ref);
    const { prisma } = ctx.services.db;
    let documentIds: string[] = [];
    if (input.documentIds) {
      const found = await resolveOwnDocuments(ctx, ctx.accountId, input.documentIds);
      if (found.missing.length) throw documentsNotFound(found.missing);
      documentIds = found.ids;
    } else if (input.collectionId !== undefined) {
      const collection = await findCollection(ctx, input.collectionId);
      const members = await prisma.collectionDocument.findMany({
        where: { collectionId: collection.id },
        orderBy: { addedAt: "asc" },
        select: { documentId: true },
        take: MAX_AGENT_RUN_DOCUMENTS + 1,
      });
      if (!members.length)
        throw new AppError(
          "BAD_REQUEST",
          `Collection ${input.collectionId} holds no documents to run the agent over.`,
        );
      if (members.length > MAX_AGENT_RUN_DOCUMENTS)
        throw new AppError(
          "BAD_REQUEST",
          `Collection ${input.collectionId} holds more than ${MAX_AGENT_RUN_DOCUMENTS} documents, the most a run reads: name the documents (document_ids).`,
        );
      documentIds = members.map((m) => m.documentId);
    }
    const id = newId("run_");
    const row = await prisma.agentRun.create({
      data: {
        id,
        accountId: ctx.accountId,
        agentId: agent.id,
        agentVersion: agent.version,
        status: "queued",
        input: input.input,
        documentIds,
      },
      include: agentRunInclude,
    });
    try {
      await ctx.services.jobs.enqueue(AGENT_RUN_QUEUE, { runId: id });
    } catch (err) {
      await prisma.agentRun.delete({ where: { id } }).catch(() => undefined);
      throw err;
    }
    return toAgentRunRecord(row);
  },
});
