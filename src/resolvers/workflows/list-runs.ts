import { z } from "../../core/zod.ts";
import { afterCursor, cursorInput, decodeCursor, pageOf } from "../cursor.ts";
import { defineOperation } from "../operation.ts";
import { runIdPattern } from "./find-run.ts";
import { workflowName } from "./find-workflow.ts";
import { type RunRecord, runInclude, toRunRecord } from "./run-record.ts";

export const MAX_RUNS_PAGE = 50;

/** The account's runs, newest first, a page at a time; of one workflow when named. */
export const listRuns = defineOperation({
  name: "listRuns",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    limit: z.number().int().min(1).max(MAX_RUNS_PAGE).default(20),
    cursor: cursorInput.optional(),
    workflow: z.string().max(100).optional(),
  }),
  run: async (ctx, input): Promise<{ runs: RunRecord[]; nextCursor: string | null }> => {
    if (input.workflow !== undefined) workflowName(ctx, input.workflow);
    const after = input.cursor ? decodeCursor(input.cursor, runIdPattern) : null;
    const rows = await ctx.services.db.prisma.run.findMany({
      where: {
        accountId: ctx.accountId,
        ...(input.workflow ? { workflow: input.workflow } : {}),
        ...afterCursor(after),
      },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take: input.limit + 1,
      include: runInclude,
    });
    const { page, nextCursor } = pageOf(rows, input.limit);
    return { runs: page.map(toRunRecord), nextCursor };
  },
});
