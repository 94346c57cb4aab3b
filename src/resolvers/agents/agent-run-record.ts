import type { AgentRun, AgentRunStep } from "../../generated/prisma/client.ts";

export const agentRunStatuses = ["queued", "running", "succeeded", "failed", "cancelled"] as const;
export type AgentRunStatus = (typeof agentRunStatuses)[number];
export const endedAgentRunStatuses: readonly AgentRunStatus[] = ["succeeded", "failed", "cancelled"];

export const stepKinds = ["tool", "extract", "answer"] as const;
export type StepKind = (typeof stepKinds)[number];

/** One step of a run: a tool call (its SQL, parameters and rows), a document read, or the answer. */
export type AgentStepRecord = {
  position: number;
  kind: StepKind;
  tool: string | null;
  sql: string | null;
  params: unknown[] | null;
  documentId: string | null;
  /** A tool's result ({command, columns, rows, rowCount, truncated}, rows cut to STEP_ROWS_KEPT) or an extraction. */
  result: Record<string, unknown> | null;
  error: string | null;
  startedAt: Date;
  endedAt: Date;
};

export type AgentRunUsage = { promptTokens: number; completionTokens: number; steps: number };

/** An agent run as every face shows it. */
export type AgentRunRecord = {
  id: string;
  agentId: string;
  agentVersion: number;
  status: AgentRunStatus;
  input: string;
  /** The documents the run may read; empty for every document of the account. */
  documentIds: string[];
  output: unknown;
  steps: AgentStepRecord[];
  usage: AgentRunUsage;
  error: string | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
};

export type AgentRunRow = AgentRun & { steps: AgentRunStep[] };
export const agentRunInclude = { steps: { orderBy: { position: "asc" } } } as const;

export const toStepRecord = (s: AgentRunStep): AgentStepRecord => ({
  position: s.position,
  // The database's CHECK constraint admits only these kinds.
  kind: s.kind as StepKind,
  tool: s.tool,
  sql: s.sql,
  params: s.params as unknown[] | null,
  documentId: s.documentId,
  result: s.result as Record<string, unknown> | null,
  error: s.error,
  startedAt: s.startedAt,
  endedAt: s.endedAt,
});

export function toAgentRunRecord(r: AgentRunRow): AgentRunRecord {
  const usage = r.usage as Partial<AgentRunUsage>;
  return {
    id: r.id,
    agentId: r.agentId,
    agentVersion: r.agentVersion,
    status: r.status as AgentRunStatus,
    input: r.input,
    documentIds: r.documentIds,
    output: r.output,
    steps: [...r.steps].sort((a, b) => a.position - b.position).map(toStepRecord),
    usage: {
      promptTokens: usage.promptTokens ?? 0,
      completionTokens: usage.completionTokens ?? 0,
      steps: usage.steps ?? r.steps.length,
    },
    error: r.error,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    finishedAt: r.finishedAt,
  };
}

const isRows = (v: unknown): v is unknown[][] => Array.isArray(v) && v.every(Array.isArray);

/** An agent's run on the wire (REST's AgentRun): a tool step's result spread into rows, columns and row_count. */
export const agentRunWire = (r: AgentRunRecord) => ({
  id: r.id,
  kind: "agent" as const,
  agent_id: r.agentId,
  agent_version: r.agentVersion,
  status: r.status,
  input: r.input,
  document_ids: r.documentIds,
  output: r.output ?? null,
  steps: r.steps.map((s) => {
    const tool = s.kind === "tool" && s.result;
    return {
      position: s.position,
      kind: s.kind,
      tool: s.tool,
      sql: s.sql,
      params: s.params,
      document_id: s.documentId,
      rows: tool && isRows(s.result?.rows) ? s.result.rows : null,
      columns: tool && Array.isArray(s.result?.columns) ? (s.result.columns as string[]) : null,
      row_count: tool && typeof s.result?.rowCount === "number" ? s.result.rowCount : null,
      result: s.kind === "tool" ? null : s.result,
      error: s.error,
      started_at: s.startedAt.toISOString(),
      ended_at: s.endedAt.toISOString(),
    };
  }),
  usage: {
    prompt_tokens: r.usage.promptTokens,
    completion_tokens: r.usage.completionTokens,
    steps: r.usage.steps,
  },
  error: r.error,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
  finished_at: r.finishedAt?.toISOString() ?? null,
});
export type AgentRunWire = ReturnType<typeof agentRunWire>;
