import { AppError } from "../core/errors.ts";
import type { AgentRecord } from "../resolvers/agents/agent-record.ts";
import {
  type AgentRunRecord,
  type AgentStepRecord,
  agentRunStatuses,
  endedAgentRunStatuses,
  stepKinds,
} from "../resolvers/agents/agent-run-record.ts";
import { getAgent, getAgentVersion, listAgents } from "../resolvers/agents/read-agents.ts";
import { startAgentRun } from "../resolvers/agents/start-agent-run.ts";
import { createAgent, deleteAgent, updateAgent } from "../resolvers/agents/write-agent.ts";
import type { OperationContext } from "../resolvers/context.ts";
import { cancelRun, getAnyRun, listAnyRuns, MAX_ANY_RUNS_PAGE } from "../resolvers/runs/any-run.ts";
import { runTopic } from "../resolvers/workflows/run-record.ts";
import { builder } from "./builder.ts";
import { sizedBy } from "./cost.ts";
import { forwardConnection } from "./forward-connection.ts";
import { servedBy } from "./served-by.ts";

// Agents and their runs over GraphQL, the twins of /v1/agents and of /v1/runs for agents' runs.

const AgentType = builder.objectRef<AgentRecord>("Agent").implement({
  description: "A JSON-configured document agent at one version (twin of GET /v1/agents/{id}).",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    model: t.exposeString("model"),
    system: t.exposeString("system"),
    tableId: t.exposeID("tableId", { nullable: true }),
    outputSchema: t.field({ type: "JSON", nullable: true, resolve: (a) => a.outputSchema }),
    version: t.exposeInt("version"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const AgentRunStatusEnum = builder.enumType("AgentRunStatus", { values: agentRunStatuses });
const StepKindEnum = builder.enumType("AgentRunStepKind", { values: stepKinds });

const StepType = builder.objectRef<AgentStepRecord>("AgentRunStep").implement({
  fields: (t) => ({
    position: t.exposeInt("position"),
    kind: t.field({ type: StepKindEnum, resolve: (s) => s.kind }),
    tool: t.exposeString("tool", { nullable: true }),
    sql: t.exposeString("sql", { nullable: true }),
    params: t.field({ type: "JSON", nullable: true, resolve: (s) => s.params }),
    documentId: t.exposeID("documentId", { nullable: true }),
    result: t.field({
      type: "JSON",
      nullable: true,
      description:
        "A tool's result (command, columns, rows cut to 50, rowCount, truncated), an extraction or the answer.",
      resolve: (s) => s.result,
    }),
    error: t.exposeString("error", { nullable: true }),
    startedAt: t.expose("startedAt", { type: "DateTime" }),
    endedAt: t.expose("endedAt", { type: "DateTime" }),
  }),
});

const UsageType = builder.objectRef<AgentRunRecord["usage"]>("AgentRunUsage").implement({
  fields: (t) => ({
    promptTokens: t.exposeInt("promptTokens"),
    completionTokens: t.exposeInt("completionTokens"),
    steps: t.exposeInt("steps"),
  }),
});

const AgentRunType = builder.objectRef<AgentRunRecord>("AgentRun").implement({
  description: "A run of an agent (twin of GET /v1/runs/{id} for an agent's run).",
  fields: (t) => ({
    id: t.exposeID("id"),
    agentId: t.exposeID("agentId"),
    agentVersion: t.exposeInt("agentVersion"),
    status: t.field({ type: AgentRunStatusEnum, resolve: (r) => r.status }),
    input: t.exposeString("input"),
    documentIds: t.exposeIDList("documentIds"),
    output: t.field({ type: "JSON", nullable: true, resolve: (r) => r.output ?? null }),
    steps: t.field({ type: [StepType], resolve: (r) => r.steps }),
    usage: t.field({ type: UsageType, resolve: (r) => r.usage }),
    error: t.exposeString("error", { nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    finishedAt: t.expose("finishedAt", { type: "DateTime", nullable: true }),
  }),
});

const DeletedAgent = builder.objectRef<{ id: string; deleted: boolean }>("DeletedAgent").implement({
  fields: (t) => ({ id: t.exposeID("id"), deleted: t.exposeBoolean("deleted") }),
});

/** An agent's run by id; a workflow's run is NOT_FOUND here (the `run` field reads those). */
async function agentRunOf(ctx: OperationContext, ref: string): Promise<AgentRunRecord> {
  const found = await getAnyRun.invoke(ctx, { ref });
  if (found.kind !== "agent")
    throw new AppError("NOT_FOUND", `Run ${ref} is a workflow's run: read it with run(id).`);
  return found.run;
}

builder.queryFields((t) => ({
  agents: t.field({
    type: [AgentType],
    extensions: servedBy(listAgents),
    description: "The account's agents, newest first. Needs a secret key.",
    resolve: (_root, _args, ctx) => listAgents.invoke(ctx, {}),
  }),
  agent: t.field({
    type: AgentType,
    extensions: servedBy(getAgent),
    description: "An agent, at its latest version or at `version`.",
    args: { id: t.arg.id({ required: true }), version: t.arg.int({ required: false }) },
    resolve: (_root, args, ctx) =>
      args.version == null
        ? getAgent.invoke(ctx, { ref: String(args.id) })
        : getAgentVersion.invoke(ctx, { ref: String(args.id), version: args.version }),
  }),
  agentRun: t.field({
    type: AgentRunType,
    extensions: servedBy(getAnyRun),
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => agentRunOf(ctx, String(args.id)),
  }),
  agentRuns: t.connection({
    type: AgentRunType,
    extensions: { ...servedBy(listAnyRuns), ...sizedBy(listAnyRuns.input.shape.limit, "first") },
    description: `The account's agent runs, newest first, ${MAX_ANY_RUNS_PAGE} at most a page (twin of GET /v1/runs?kind=agent). Needs a secret key.`,
    resolve: (_root, args, ctx) =>
      forwardConnection(args, async (limit, cursor) => {
        const r = await listAnyRuns.invoke(ctx, { limit, cursor, kind: "agent" });
        return {
          items: r.runs.flatMap((x) => (x.kind === "agent" ? [x.run] : [])),
          nextCursor: r.nextCursor,
        };
      }),
  }),
}));

const agentFields = (t: PothosArgs) => ({
  model: t.arg.string({ required: false }),
  system: t.arg.string({ required: false }),
  tableId: t.arg.id({ required: false, description: "null clears the binding (updateAgent)." }),
  outputSchema: t.arg({ type: "JSON", required: false, description: "null clears it (updateAgent)." }),
});
type PothosArgs = Parameters<Parameters<typeof builder.mutationFields>[0]>[0];

const schemaArg = (v: unknown) => (v === undefined ? undefined : (v as Record<string, unknown> | null));

builder.mutationFields((t) => ({
  createAgent: t.field({
    type: AgentType,
    extensions: servedBy(createAgent),
    description: "Registers an agent at version 1 (twin of POST /v1/agents).",
    args: { name: t.arg.string({ required: true }), ...agentFields(t) },
    resolve: (_root, args, ctx) =>
      createAgent.invoke(ctx, {
        name: args.name,
        model: args.model ?? undefined,
        system: args.system ?? undefined,
        tableId: args.tableId == null ? args.tableId : String(args.tableId),
        outputSchema: schemaArg(args.outputSchema),
      }),
  }),
  updateAgent: t.field({
    type: AgentType,
    extensions: servedBy(updateAgent),
    description: "Changes an agent, making its next version (twin of PATCH /v1/agents/{id}).",
    args: { id: t.arg.id({ required: true }), name: t.arg.string({ required: false }), ...agentFields(t) },
    resolve: (_root, args, ctx) =>
      updateAgent.invoke(ctx, {
        ref: String(args.id),
        name: args.name ?? undefined,
        model: args.model ?? undefined,
        system: args.system ?? undefined,
        tableId: args.tableId == null ? args.tableId : String(args.tableId),
        outputSchema: schemaArg(args.outputSchema),
      }),
  }),
  deleteAgent: t.field({
    type: DeletedAgent,
    extensions: servedBy(deleteAgent),
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deleteAgent.invoke(ctx, { ref: String(args.id) }),
  }),
  startAgentRun: t.field({
    type: AgentRunType,
    extensions: servedBy(startAgentRun),
    description:
      "Runs an agent over documents named, a collection's, or every one of the account (twin of POST /v1/agents/{id}/runs). Counts one expensive operation.",
    args: {
      agent: t.arg.id({ required: true }),
      input: t.arg.string({ required: true }),
      documentIds: t.arg.idList({ required: false }),
      collectionId: t.arg.id({ required: false }),
    },
    resolve: (_root, args, ctx) =>
      startAgentRun.invoke(ctx, {
        ref: String(args.agent),
        input: args.input,
        documentIds: args.documentIds ? args.documentIds.map(String) : undefined,
        collectionId: args.collectionId == null ? undefined : String(args.collectionId),
      }),
  }),
  cancelAgentRun: t.field({
    type: AgentRunType,
    extensions: servedBy(cancelRun),
    description: "Cancels an agent's run still queued or running (twin of POST /v1/runs/{id}/cancel).",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const r = await cancelRun.invoke(ctx, { ref: String(args.id) });
      if (r.kind !== "agent") throw new AppError("CONFLICT", "A workflow's run cannot be cancelled.");
      return r.run;
    },
  }),
}));

builder.subscriptionField("agentRunProgress", (t) =>
  t.field({
    extensions: servedBy(getAnyRun),
    type: AgentRunType,
    description:
      "The agent's run as it is now, then again after every step and change of status, until it ends.",
    args: { id: t.arg.id({ required: true }) },
    subscribe: async function* (_root, args, ctx) {
      const first = await agentRunOf(ctx, String(args.id));
      const events = await ctx.services.events.subscribe<unknown>(runTopic(first.id), ctx.signal);
      try {
        // Read after subscribing, so a change between the two is not lost.
        let now = await agentRunOf(ctx, first.id);
        yield now;
        if (endedAgentRunStatuses.includes(now.status)) return;
        for await (const _ of events) {
          now = await agentRunOf(ctx, first.id);
          yield now;
          if (endedAgentRunStatuses.includes(now.status)) return;
        }
      } finally {
        await events.return?.();
      }
    },
    resolve: (r) => r,
  }),
);
