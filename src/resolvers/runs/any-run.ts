import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import { type AgentRunRecord, agentRunInclude, toAgentRunRecord } from "../agents/agent-run-record.ts";
import { publishRun } from "../agents/agent-step-record.ts";
import { afterCursor, cursorInput, decodeCursor, encodeCursor } from "../cursor.ts";
import { type AccountContext, defineOperation } from "../operation.ts";
import { runIdPattern, runRef } from "../workflows/find-run.ts";
import { type RunRecord, runInclude, toRunRecord } from "../workflows/run-record.ts";

// A run is a workflow's or an agent's; /v1/runs shows both, told apart by `kind`.

export type AnyRun = { kind: "workflow"; run: RunRecord } | { kind: "agent"; run: AgentRunRecord };

/** The account's run of either kind; another account's, or none, is NOT_FOUND. */
export async function findAnyRun(ctx: AccountContext, ref: string): Promise<AnyRun> {
  if (runIdPattern.test(ref)) {
    const { prisma } = ctx.services.db;
    const wf = await prisma.run.findFirst({
      where: { id: ref, accountId: ctx.accountId },
      include: runInclude,
    });
    if (wf) return { kind: "workflow", run: toRunRecord(wf) };
    const ag = await prisma.agentRun.findFirst({
      where: { id: ref, accountId: ctx.accountId },
      include: agentRunInclude,
    });
    if (ag) return { kind: "agent", run: toAgentRunRecord(ag) };
  }
  throw new AppError("NOT_FOUND", `Run ${ref} was not found.`);
}

/** GET /v1/runs/{id}: a run of a workflow or of an agent; poll until its status is terminal. */
export const getAnyRun = defineOperation({
  name: "getAnyRun",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: runRef }),
  run: async (ctx, input): Promise<AnyRun> => findAnyRun(ctx, input.ref),
});

export const MAX_ANY_RUNS_PAGE = 50;

/** GET /v1/runs: the account's runs of workflows and agents together, newest first, a page at a time. */
export const listAnyRuns = defineOperation({
  name: "listAnyRuns",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({
    limit: z.number().int().min(1).max(MAX_ANY_RUNS_PAGE).default(20),
    cursor: cursorInput.optional(),
    /** Runs of one kind only. */
    kind: z.enum(["workflow", "agent"]).optional(),
  }),
  run: async (ctx, input): Promise<{ runs: AnyRun[]; nextCursor: string | null }> => {
    const after = input.cursor ? decodeCursor(input.cursor, runIdPattern) : null;
    const { prisma } = ctx.services.db;
    const where = { accountId: ctx.accountId, ...afterCursor(after) };
    const orderBy = [{ createdAt: "desc" as const }, { id: "asc" as const }];
    const take = input.limit + 1;
    const [wf, ag] = await Promise.all([
      input.kind === "agent" ? [] : prisma.run.findMany({ where, orderBy, take, include: runInclude }),
      input.kind === "workflow"
        ? []
        : prisma.agentRun.findMany({ where, orderBy, take, include: agentRunInclude }),
    ]);
    // Both lists in (created_at desc, id asc) order, merged into one.
    const merged: AnyRun[] = [
      ...wf.map((r) => ({ kind: "workflow" as const, run: toRunRecord(r) })),
      ...ag.map((r) => ({ kind: "agent" as const, run: toAgentRunRecord(r) })),
    ].sort(
      (a, b) =>
        b.run.createdAt.getTime() - a.run.createdAt.getTime() ||
        (a.run.id < b.run.id ? -1 : a.run.id > b.run.id ? 1 : 0),
    );
    const page = merged.slice(0, input.limit);
    const last = page.at(-1);
    return {
      runs: page,
      nextCursor:
        merged.length > input.limit && last
          ? encodeCursor({ createdAt: last.run.createdAt, id: last.run.id })
          : null,
    };
  },
});

/**
 * POST /v1/runs/{id}/cancel: an agent run still queued or running stops before its next step
 * (a step under way finishes; what it wrote stays). A run that has ended, or a workflow's run,
 * is CONFLICT.
 */
export const cancelRun = defineOperation({
  name: "cancelRun",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: runRef }),
  run: async (ctx, input): Promise<AnyRun> => {
    const found = await findAnyRun(ctx, input.ref);
    if (found.kind === "workflow")
      throw new AppError(
        "CONFLICT",
        `Run ${found.run.id} is a workflow's run: it ends when its documents are read and cannot be cancelled.`,
      );
    const { prisma } = ctx.services.db;
    const changed = await prisma.agentRun.updateMany({
      where: { id: found.run.id, status: { in: ["queued", "running"] } },
      data: { status: "cancelled", finishedAt: new Date() },
    });
    if (changed.count === 0)
      throw new AppError(
        "CONFLICT",
        `Run ${found.run.id} has ended (${found.run.status}): there is nothing to cancel.`,
      );
    await publishRun(ctx.services, found.run.id, { status: "cancelled" });
    return findAnyRun(ctx, found.run.id);
  },
});
