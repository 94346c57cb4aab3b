import type { Config } from "../../config.ts";
import { AGENT_TIME_BUDGET_MS } from "../../core/agents/agent-limits.ts";
import { AGENT_RUN_QUEUE, type AgentRunJob } from "../../core/job-queue.ts";
import { giveUpAgentRun, runAgent } from "../bodies/agents/run-agent.ts";
import type { QueueModule } from "../queue-module.ts";

/**
 * Agent runs: one job per run, never retried (a run's tools write rows, and a second attempt
 * could write them twice). A run whose worker dies ends as failed when its job comes back.
 */
export const agentRunOptions = (config: Config) => ({
  retryLimit: 0,
  retryDelay: 1,
  retryBackoff: false,
  expireInSeconds: Math.ceil(AGENT_TIME_BUDGET_MS / 1000) + 60,
  heartbeatSeconds: config.jobHeartbeatSeconds,
});

export const agentRunQueue: QueueModule<AgentRunJob> = {
  name: AGENT_RUN_QUEUE,
  options: agentRunOptions,
  concurrency: (config) => config.workerConcurrency,
  handle: runAgent,
  attemptFailed: async (_services, _job, err) => (err as Error)?.message ?? String(err),
  gaveUp: giveUpAgentRun,
};
