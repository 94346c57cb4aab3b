import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import type { AccountContext } from "../operation.ts";
import { workflowName } from "./find-workflow.ts";
import { type RunRow, runInclude } from "./run-record.ts";

export const runIdPattern = /^run_[a-z0-9]{16}$/;

/** A run named in a path: its id. */
export const runRef = z.string().min(1).max(100);

/** The account's own run (of `workflow` when named); another account's, or none, is NOT_FOUND. */
export async function findRun(ctx: AccountContext, ref: string, workflow?: string): Promise<RunRow> {
  if (workflow !== undefined) workflowName(ctx, workflow);
  const row = runIdPattern.test(ref)
    ? await ctx.services.db.prisma.run.findFirst({
        where: { id: ref, accountId: ctx.accountId, ...(workflow ? { workflow } : {}) },
        include: runInclude,
      })
    : null;
  if (!row) throw new AppError("NOT_FOUND", `Run ${ref} was not found.`);
  return row;
}
