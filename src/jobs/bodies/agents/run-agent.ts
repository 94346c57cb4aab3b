import { AGENT_TIME_BUDGET_MS } from "../../../core/agents/agent-limits.ts";
import type { AgentRunJob } from "../../../core/job-queue.ts";
import type { Services } from "../../../core/services.ts";
import type { Prisma } from "../../../generated/prisma/client.ts";
import type { AgentRunStatus, AgentRunUsage } from "../../../resolvers/agents/agent-run-record.ts";
import { publishRun, RunLog } from "../../../resolvers/agents/agent-step-record.ts";
import { type AgentJob, RunStopped } from "./agent-engine.ts";
import { runBuiltinAgent } from "./builtin-agent.ts";
import { runModelAgent } from "./model-agent.ts";

// An agent run, as a worker carries it out: the version the run names, its engine (the model's
// tool loop, or the built-in plan when no model is configured), its budgets. A run is not
// repeated: its tools write, so a second attempt could write twice. A run found already running
// (its worker died) ends as failed, with the steps it took kept.

async function finish(
  services: Services,
  runId: string,
  status: AgentRunStatus,
  fields: { output?: unknown; error?: string | null; usage?: AgentRunUsage },
) {
  const data = {
    ...(fields.output !== undefined ? { output: fields.output as Prisma.InputJsonValue } : {}),
    ...(fields.usage ? { usage: fields.usage } : {}),
    finishedAt: new Date(),
  };
  const ended = await services.db.prisma.agentRun.updateMany({
    where: { id: runId, status: { in: ["queued", "running"] } },
    data: { ...data, status, error: fields.error ?? null },
  });
  // Cancelled meanwhile: the cancel stands, with what the run did until it stopped.
  if (ended.count === 0)
    await services.db.prisma.agentRun.updateMany({ where: { id: runId, status: "cancelled" }, data });
  await publishRun(services, runId, { status });
}

export async function runAgent(services: Services, job: AgentRunJob): Promise<void> {
  const { prisma } = services.db;
  const run = await prisma.agentRun.findUnique({ where: { id: job.runId } });
  if (!run) return;
  if (run.status === "running")
    return finish(services, run.id, "failed", {
      error:
        "The worker running this run stopped before it ended; the steps it took are kept. Start a new run.",
    });
  if (run.status !== "queued") return;
  const agent = await prisma.agentVersion.findUnique({
    where: { agentId_version: { agentId: run.agentId, version: run.agentVersion } },
  });
  if (!agent)
    return finish(services, run.id, "failed", { error: "The agent was deleted before the run started." });
  const table = agent.tableId
    ? await prisma.typedTable.findFirst({ where: { id: agent.tableId, accountId: run.accountId } })
    : null;
  if (agent.tableId && !table)
    return finish(services, run.id, "failed", { error: `The agent's table ${agent.tableId} was deleted.` });
  const started = await prisma.agentRun.updateMany({
    where: { id: run.id, status: "queued" },
    data: { status: "running" },
  });
  if (started.count === 0) return;
  await publishRun(services, run.id, { status: "running" });

  const usage: AgentRunUsage = { promptTokens: 0, completionTokens: 0, steps: 0 };
  const ctx: AgentJob = {
    services,
    run,
    agent,
    table,
    scope: { accountId: run.accountId, documents: run.documentIds.length ? run.documentIds : "all", table },
    log: new RunLog(services, run.id, 0),
    usage,
    signal: AbortSignal.timeout(AGENT_TIME_BUDGET_MS),
  };
  try {
    const output = services.answers.name === "openai" ? await runModelAgent(ctx) : await runBuiltinAgent(ctx);
    usage.steps = Math.max(usage.steps, ctx.log.count);
    if (await ctx.log.cancelled()) return finish(services, run.id, "cancelled", { usage });
    await finish(services, run.id, "succeeded", { output, usage });
  } catch (err) {
    usage.steps = Math.max(usage.steps, ctx.log.count);
    if (err instanceof RunStopped) return finish(services, run.id, err.status, { error: err.message, usage });
    const e = err as Error & { code?: string };
    const message = ctx.signal.aborted
      ? "The run went past its time budget and was stopped."
      : `The run failed: ${e.message ?? String(err)}`;
    services.log.warn("agent run failed", { runId: run.id, error: e.message });
    await finish(services, run.id, "failed", { error: message, usage });
  }
}

/** The queue gave up on the job (its worker died on the last attempt): the run ends as failed. */
export async function giveUpAgentRun(services: Services, job: AgentRunJob): Promise<void> {
  await finish(services, job.runId, "failed", {
    error:
      "The worker running this run stopped before it ended; the steps it took are kept. Start a new run.",
  });
}
