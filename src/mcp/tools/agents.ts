import {
  AGENT_TIME_BUDGET_MS,
  MAX_AGENT_INPUT_CHARS,
  MAX_AGENT_RUN_DOCUMENTS,
} from "../../core/agents/agent-limits.ts";
import type { Services } from "../../core/services.ts";
import { DOC_SQL_GUIDE } from "../../core/sql/doc-sql-guide.ts";
import { MAX_SQL_CHARS } from "../../core/sql/sql-limits.ts";
import { z } from "../../core/zod.ts";
import { listAgents } from "../../resolvers/agents/read-agents.ts";
import { startAgentRun } from "../../resolvers/agents/start-agent-run.ts";
import { runDocSql } from "../../resolvers/sql/run-doc-sql.ts";
import { agentJson, agentRunJson } from "../records.ts";
import { boundedStructured, defineTool, hints, structured, type ToolDefinition } from "../tool.ts";

const sqlOut = z.object({
  command: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.unknown())),
  row_count: z.number().int(),
  truncated: z.boolean(),
});

export function agentTools(_services: Services): ToolDefinition[] {
  return [
    defineTool({
      name: "list_agents",
      title: "The account's agents",
      description:
        "The agents run_agent can run (registered with POST /v1/agents): id, name, version, bound table, output schema.",
      operation: listAgents,
      input: z.object({}),
      output: z.object({
        agents: z.array(z.looseObject({ id: z.string(), name: z.string() })),
        truncated: z.boolean(),
      }),
      annotations: hints.read,
      run: async (call) => {
        const all = await listAgents.invoke(call.ctx, {});
        return boundedStructured(
          {
            agents: all.map(agentJson),
          },
          call.budget,
          "read one agent with GET /v1/agents/{id}",
        );
      },
    }),
    defineTool({
      name: "run_agent",
      title: "Run an agent over documents",
      description: `Runs an agent (agent_… from list_agents) with an input (what to do, at most ${MAX_AGENT_INPUT_CHARS} characters) over documents: document_ids (at most ${MAX_AGENT_RUN_DOCUMENTS}), a collection, or neither for every document of the account. Runs in the background for at most ${AGENT_TIME_BUDGET_MS / 1000} s: call get_run with wait_seconds for its output and steps.`,
      operation: startAgentRun,
      input: z.object({
        agent_id: z.string().min(1).max(100).describe("The agent (agent_…)."),
        input: z.string().min(1).max(MAX_AGENT_INPUT_CHARS).describe("What the agent is to do."),
        document_ids: z.array(z.string().min(1).max(100)).min(1).max(MAX_AGENT_RUN_DOCUMENTS).optional(),
        collection_id: z.string().min(1).max(1000).optional().describe("A collection's id or name."),
      }),
      output: z.looseObject({ id: z.string(), status: z.string() }),
      annotations: hints.create,
      run: async (call, a) => {
        const run = await startAgentRun.invoke(call.ctx, {
          ref: a.agent_id,
          input: a.input,
          documentIds: a.document_ids,
          collectionId: a.collection_id,
        });
        return structured(agentRunJson(run));
      },
    }),
    defineTool({
      name: "query_sql",
      title: "Read the documents with SQL",
      description: `${DOC_SQL_GUIDE} At most ${MAX_SQL_CHARS} characters; a refused statement comes back as an error saying why.`,
      operation: runDocSql,
      input: z.object({
        query: z.string().min(1).max(MAX_SQL_CHARS).describe("One SELECT; values as $1, $2..."),
        params: z
          .array(z.union([z.string().max(100_000), z.number(), z.boolean(), z.null()]))
          .max(100)
          .optional()
          .describe("Values for $1, $2..."),
      }),
      output: sqlOut,
      annotations: hints.read,
      run: async (call, a) => {
        const r = await runDocSql.invoke(call.ctx, { query: a.query, params: a.params });
        return structured({
          command: r.command,
          columns: r.columns,
          rows: r.rows,
          row_count: r.rowCount,
          truncated: r.truncated,
        });
      },
    }),
  ];
}
