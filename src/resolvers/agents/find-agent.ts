import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import type { Agent } from "../../generated/prisma/client.ts";
import type { AccountContext } from "../operation.ts";

export const agentIdPattern = /^agent_[a-z0-9]{16}$/;

/** An agent named in a path or an argument: its id. */
export const agentRef = z.string().min(1).max(100);

/** The account's own agent; another account's, or none, is NOT_FOUND. */
export async function findAgent(ctx: AccountContext, ref: string): Promise<Agent> {
  const row = agentIdPattern.test(ref)
    ? await ctx.services.db.prisma.agent.findFirst({ where: { id: ref, accountId: ctx.accountId } })
    : null;
  if (!row)
    throw new AppError("NOT_FOUND", `Agent ${ref} was not found: GET /v1/agents lists the account's agents.`);
  return row;
}
