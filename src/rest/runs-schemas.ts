import { z } from "@hono/zod-openapi";
import { agentRunStatuses, stepKinds } from "../resolvers/agents/agent-run-record.ts";
import { RunSchema } from "./workflows.ts";

const StepSchema = z
  .object({
    position: z.number().int(),
    kind: z.enum(stepKinds).openapi({
      description:
        "tool: a doc_sql or table_sql call; extract: the built-in engine's reading of a document; answer: the final answer.",
    }),
    tool: z.string().nullable(),
    sql: z.string().nullable(),
    params: z.array(z.unknown()).nullable(),
    document_id: z.string().nullable(),
    rows: z.array(z.array(z.unknown())).nullable().openapi({ description: "A tool's rows (the first 50)." }),
    columns: z.array(z.string()).nullable(),
    row_count: z.number().int().nullable(),
    result: z.record(z.string(), z.unknown()).nullable().openapi({
      description: "An extraction ({data, valid, missing}) or an answer ({text} or {output}).",
    }),
    error: z
      .string()
      .nullable()
      .openapi({ description: "Why the statement was refused or failed, as the model read it." }),
    started_at: z.string().openapi({ format: "date-time" }),
    ended_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("AgentRunStep");

export const AgentRunSchema = z
  .object({
    id: z.string().openapi({ example: "run_4f8a0c2k9m1x7q3z" }),
    kind: z.literal("agent"),
    agent_id: z.string(),
    agent_version: z.number().int(),
    status: z.enum(agentRunStatuses),
    input: z.string(),
    document_ids: z
      .array(z.string())
      .openapi({ description: "The documents it may read; empty: every document of the account." }),
    output: z.unknown().openapi({
      description:
        "The answer: JSON fitting the agent's output_schema when it has one, else the model's text; the built-in engine's is {rows_inserted, documents: [{document_id, file_name, data, valid}]}. null until the run succeeds.",
    }),
    steps: z.array(StepSchema),
    usage: z.object({
      prompt_tokens: z.number().int(),
      completion_tokens: z.number().int(),
      steps: z.number().int(),
    }),
    error: z.string().nullable(),
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
    finished_at: z.string().nullable().openapi({ format: "date-time" }),
  })
  .openapi("AgentRun");

export const AnyRunSchema = z.union([RunSchema, AgentRunSchema]).openapi("AnyRun");
