import type { Services } from "../../../core/services.ts";
import type { AgentRun, AgentVersion, TypedTable } from "../../../generated/prisma/client.ts";
import type { AgentRunUsage } from "../../../resolvers/agents/agent-run-record.ts";
import type { RunLog } from "../../../resolvers/agents/agent-step-record.ts";
import type { ToolScope } from "./agent-tools.ts";

/** What an engine works with: the run, the agent version it runs, its tools' reach, its log. */
export type AgentJob = {
  services: Services;
  run: AgentRun;
  agent: AgentVersion;
  table: TypedTable | null;
  scope: ToolScope;
  log: RunLog;
  usage: AgentRunUsage;
  /** Aborts at the time budget. */
  signal: AbortSignal;
};

/** Why a run stopped before its end, in words for its record. */
export class RunStopped extends Error {
  constructor(
    message: string,
    readonly status: "failed" | "cancelled",
  ) {
    super(message);
    this.name = "RunStopped";
  }
}
