import { newestFirstPage, pageInput } from "../../core/db/keyset.ts";
import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import {
  type AgentRunRecord,
  agentRunInclude,
  agentRunWire,
  toAgentRunRecord,
} from "../agents/agent-run-record.ts";
import { publishRun } from "../agents/agent-step-record.ts";
import { type AccountContext, defineOperation } from "../operation.ts";
import {
  type RunRecord,
  runIdPattern,
  runInclude,
  runRef,
  runWire,
  toRunRecord,
} from "../workflows/run-record.ts";

// A run is a workflow's or an agent's; /v1/runs shows both, told apart by `kind`.

export type AnyRun = { kind: "workflow"; run: RunRecord } | { kind: "agent"; run: AgentRunRecord };

/** A run of either kind on the wire (REST's AnyRun). */
export const anyRunWire = (r: AnyRun) => (r.kind === "workflow" ? runWire(r.run) : agentRunWire(r.run));

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
    ...pageInput(MAX_ANY_RUNS_PAGE),
    /** Runs of one kind only. */
    kind: z.enum(["workflow", "agent"]).optional(),
  }),
  run: async (ctx, input): Promise<{ runs: AnyRun[]; nextCursor: string | null }> => {
    const { prisma } = ctx.services.db;
    const { page, nextCursor } = await newestFirstPage(input, {
      idPattern: runIdPattern,
      where: { accountId: ctx.accountId },
      position: (item: AnyRun) => item.run,
      read: async (query) => {
        const [wf, ag] = await Promise.all([
          input.kind === "agent" ? [] : prisma.run.findMany({ ...query, include: runInclude }),
          input.kind === "workflow" ? [] : prisma.agentRun.findMany({ ...query, include: agentRunInclude }),
        ]);
        // Both lists in (created_at desc, id asc) order, merged into one.
        return [
          ...wf.map((r) => ({ kind: "workflow" as const, run: toRunRecord(r) })),
          ...ag.map((r) => ({ kind: "agent" as const, run: toAgentRunRecord(r) })),
        ].sort(
          (a, b) =>
            b.run.createdAt.getTime() - a.run.createdAt.getTime() ||
            (a.run.id < b.run.id ? -1 : a.run.id > b.run.id ? 1 : 0),
        );
      },
    });
    return { runs: page, nextCursor };
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
