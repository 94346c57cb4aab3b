import { byId, ownedRef } from "../../core/db/owned-ref.ts";

export const agentIdPattern = /^agent_[a-z0-9]{16}$/;

/** The account's own agent, named in a path or an argument by its id. */
export const agents = ownedRef({
  selects: byId(agentIdPattern),
  read: (prisma, where) => prisma.agent.findFirst({ where }),
  notFound: (ref) => `Agent ${ref} was not found: GET /v1/agents lists the account's agents.`,
});
export const { ref: agentRef, find: findAgent } = agents;
