import { AppError } from "../../core/errors.ts";
import { newId } from "../../core/ids.ts";
import { z } from "../../core/zod.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { defineOperation } from "../operation.ts";
import {
  agentModel,
  agentName,
  agentSystem,
  agentTableRef,
  checkModel,
  checkTable,
  outputSchema,
} from "./agent-input.ts";
import { type AgentRecord, agentRef, findAgent, toAgentRecord } from "./agent-record.ts";

/** Agents an account keeps at most. */
export const MAX_AGENTS = 100;

const json = (v: Record<string, unknown> | null) =>
  v === null ? Prisma.DbNull : (v as Prisma.InputJsonValue);

/** POST /v1/agents: an agent at version 1. The model must be one the server answers with; a table of another account is NOT_FOUND. */
export const createAgent = defineOperation({
  name: "createAgent",
  rateClass: "standard",
  caller: "secretKey",
  input: z.strictObject({
    name: agentName,
    model: agentModel.default("default"),
    system: agentSystem.default(""),
    tableId: agentTableRef.nullable().optional(),
    outputSchema: outputSchema.nullable().optional(),
  }),
  run: async (ctx, input): Promise<AgentRecord> => {
    checkModel(ctx, input.model);
    const tableId = await checkTable(ctx, input.tableId);
    const { prisma } = ctx.services.db;
    const kept = await prisma.agent.count({ where: { accountId: ctx.accountId } });
    if (kept >= MAX_AGENTS)
      throw new AppError(
        "CONFLICT",
        `The account keeps ${kept} agents, the most it may: delete one (DELETE /v1/agents/{id}) before adding another.`,
      );
    const id = newId("agent_");
    const fields = {
      name: input.name,
      model: input.model,
      system: input.system,
      tableId,
      outputSchema: json(input.outputSchema ?? null),
    };
    const row = await prisma.agent.create({
      data: {
        id,
        accountId: ctx.accountId,
        ...fields,
        version: 1,
        versions: { create: { version: 1, ...fields } },
      },
    });
    return toAgentRecord(row);
  },
});

/**
 * PATCH /v1/agents/{id}: the fields given change and the agent takes the next version; the
 * versions before stay readable and runs keep the one they used. null clears table_id and output_schema.
 */
export const updateAgent = defineOperation({
  name: "updateAgent",
  rateClass: "standard",
  caller: "secretKey",
  input: z.strictObject({
    ref: agentRef,
    name: agentName.optional(),
    model: agentModel.optional(),
    system: agentSystem.optional(),
    tableId: agentTableRef.nullable().optional(),
    outputSchema: outputSchema.nullable().optional(),
  }),
  run: async (ctx, input): Promise<AgentRecord> => {
    const agent = await findAgent(ctx, input.ref);
    if (input.model !== undefined) checkModel(ctx, input.model);
    const tableId = input.tableId === undefined ? agent.tableId : await checkTable(ctx, input.tableId);
    const fields = {
      name: input.name ?? agent.name,
      model: input.model ?? agent.model,
      system: input.system ?? agent.system,
      tableId,
      outputSchema: json(
        input.outputSchema === undefined
          ? (agent.outputSchema as Record<string, unknown> | null)
          : input.outputSchema,
      ),
    };
    const { prisma } = ctx.services.db;
    // The version is taken from the row as it is updated: two updates at once make two versions.
    const row = await prisma.$transaction(async (tx) => {
      const bumped = await tx.agent.update({
        where: { id: agent.id },
        data: { ...fields, version: { increment: 1 } },
      });
      await tx.agentVersion.create({ data: { agentId: agent.id, version: bumped.version, ...fields } });
      return bumped;
    });
    return toAgentRecord(row);
  },
});

/** DELETE /v1/agents/{id}: the agent and its versions go; its runs stay, naming it. */
export const deleteAgent = defineOperation({
  name: "deleteAgent",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: agentRef }),
  run: async (ctx, input): Promise<{ id: string; deleted: true }> => {
    const agent = await findAgent(ctx, input.ref);
    await ctx.services.db.prisma.agent.deleteMany({ where: { id: agent.id, accountId: ctx.accountId } });
    return { id: agent.id, deleted: true };
  },
});
