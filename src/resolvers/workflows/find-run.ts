import { byId, ownedRef } from "../../core/db/owned-ref.ts";
import type { AccountContext } from "../operation.ts";
import { workflowName } from "./find-workflow.ts";
import { type RunRow, runInclude } from "./run-record.ts";

export const runIdPattern = /^run_[a-z0-9]{16}$/;

/** The account's own workflow run, named in a path by its id. */
export const runs = ownedRef({
  selects: byId(runIdPattern),
  read: (prisma, where) => prisma.run.findFirst({ where, include: runInclude }),
  notFound: (ref) => `Run ${ref} was not found.`,
});
export const runRef = runs.ref;

/** The account's own run, of `workflow` when named: a run of another workflow is NOT_FOUND too. */
export async function findRun(ctx: AccountContext, ref: string, workflow?: string): Promise<RunRow> {
  if (workflow !== undefined) workflowName(ctx, workflow);
  return runs.findWith(ctx, ref, (prisma, where) =>
    prisma.run.findFirst({ where: { ...where, ...(workflow ? { workflow } : {}) }, include: runInclude }),
  );
}
