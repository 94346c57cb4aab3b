import { newestFirstPage, pageInput } from "../../core/db/keyset.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type RunRecord, runIdPattern, runInclude, toRunRecord } from "./run-record.ts";
import { workflowName } from "./workflow-record.ts";

export const MAX_RUNS_PAGE = 50;

/** The account's runs, newest first, a page at a time; of one workflow when named. */
export const listRuns = defineOperation({
  name: "listRuns",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    ...pageInput(MAX_RUNS_PAGE),
    workflow: z.string().max(100).optional(),
  }),
  run: async (ctx, input): Promise<{ runs: RunRecord[]; nextCursor: string | null }> => {
    if (input.workflow !== undefined) workflowName(ctx, input.workflow);
    const { page, nextCursor } = await newestFirstPage(input, {
      idPattern: runIdPattern,
      where: { accountId: ctx.accountId, ...(input.workflow ? { workflow: input.workflow } : {}) },
      read: (query) => ctx.services.db.prisma.run.findMany({ ...query, include: runInclude }),
    });
    return { runs: page.map(toRunRecord), nextCursor };
  },
});
