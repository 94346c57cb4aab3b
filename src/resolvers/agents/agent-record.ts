import { byId, ownedRef } from "../../core/db/owned-ref.ts";
import type { Agent, AgentVersion } from "../../generated/prisma/client.ts";

/** An agent (or one of its versions) as every face shows it. */
export type AgentRecord = {
  id: string;
  name: string;
  model: string;
  system: string;
  tableId: string | null;
  outputSchema: Record<string, unknown> | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

export function toAgentRecord(a: Agent): AgentRecord {
  return {
    id: a.id,
    name: a.name,
    model: a.model,
    system: a.system,
    tableId: a.tableId,
    // Written by createAgent/updateAgent from a schema ajv compiled.
    outputSchema: a.outputSchema as Record<string, unknown> | null,
    version: a.version,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

/** A past version: as it was written, dated when it was (created_at is the agent's). */
export function toVersionRecord(v: AgentVersion, agentCreatedAt: Date): AgentRecord {
  return {
    id: v.agentId,
    name: v.name,
    model: v.model,
    system: v.system,
    tableId: v.tableId,
    outputSchema: v.outputSchema as Record<string, unknown> | null,
    version: v.version,
    createdAt: agentCreatedAt,
    updatedAt: v.createdAt,
  };
}

export const agentIdPattern = /^agent_[a-z0-9]{16}$/;

/** The account's own agent, named in a path or an argument by its id. */
export const agents = ownedRef({
  selects: byId(agentIdPattern),
  read: (prisma, where) => prisma.agent.findFirst({ where }),
  notFound: (ref) => `Agent ${ref} was not found: GET /v1/agents lists the account's agents.`,
});
export const { ref: agentRef, find: findAgent } = agents;
/** An agent on the wire (REST's Agent). */
export const agentWire = (a: AgentRecord) => ({
  id: a.id,
  name: a.name,
  model: a.model,
  system: a.system,
  table_id: a.tableId,
  output_schema: a.outputSchema,
  version: a.version,
  created_at: a.createdAt.toISOString(),
  updated_at: a.updatedAt.toISOString(),
});
export type AgentWire = ReturnType<typeof agentWire>;
