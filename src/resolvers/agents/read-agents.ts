import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type AgentRecord, agentRef, findAgent, toAgentRecord, toVersionRecord } from "./agent-record.ts";
import { MAX_AGENTS } from "./write-agent.ts";

/** The account's agents, newest first (an account keeps at most MAX_AGENTS, so one page holds them). */
export const listAgents = defineOperation({
  name: "listAgents",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({}),
  run: async (ctx): Promise<AgentRecord[]> => {
    const rows = await ctx.services.db.prisma.agent.findMany({
      where: { accountId: ctx.accountId },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take: MAX_AGENTS,
    });
    return rows.map(toAgentRecord);
  },
});

/** One agent of the account, at its latest version. */
export const getAgent = defineOperation({
  name: "getAgent",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: agentRef }),
  run: async (ctx, input): Promise<AgentRecord> => toAgentRecord(await findAgent(ctx, input.ref)),
});

/** GET /v1/agents/{id}/versions/{n}: a version of the agent as it was written. */
export const getAgentVersion = defineOperation({
  name: "getAgentVersion",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: agentRef, version: z.number().int().min(1).max(1_000_000) }),
  run: async (ctx, input): Promise<AgentRecord> => {
    const agent = await findAgent(ctx, input.ref);
    const v = await ctx.services.db.prisma.agentVersion.findUnique({
      where: { agentId_version: { agentId: agent.id, version: input.version } },
    });
    if (!v)
      throw new AppError(
        "NOT_FOUND",
        `Agent ${agent.id} has no version ${input.version}: its latest is ${agent.version}.`,
      );
    return toVersionRecord(v, agent.createdAt);
  },
});
