import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import {
  AGENT_TIME_BUDGET_MS,
  AGENT_TOKEN_BUDGET,
  MAX_AGENT_INPUT_CHARS,
  MAX_AGENT_RUN_DOCUMENTS,
  MAX_AGENT_STEPS,
} from "../core/agents/agent-limits.ts";
import { MAX_OUTPUT_SCHEMA_CHARS, MAX_SYSTEM_CHARS } from "../resolvers/agents/agent-input.ts";
import { agentRef, agentWire } from "../resolvers/agents/agent-record.ts";
import { agentRunWire } from "../resolvers/agents/agent-run-record.ts";
import { getAgent, getAgentVersion, listAgents } from "../resolvers/agents/read-agents.ts";
import { startAgentRun } from "../resolvers/agents/start-agent-run.ts";
import { createAgent, deleteAgent, MAX_AGENTS, updateAgent } from "../resolvers/agents/write-agent.ts";
import type { AppEnv } from "../web/env.ts";
import type { RestFace } from "./bind-route.ts";
import { AgentRunSchema } from "./runs-schemas.ts";
import { errorResponses, integerParameter, jsonBody, jsonResponse } from "./shared-schemas.ts";

const tags = ["Agents"];

export const AgentSchema = z
  .object({
    id: z.string().openapi({ example: "agent_4f8a0c2k9m1x7q3z" }),
    name: z.string(),
    model: z.string().openapi({ example: "default" }),
    system: z.string(),
    table_id: z
      .string()
      .nullable()
      .openapi({ description: "The typed table bound (tbl_…); null when unbound." }),
    output_schema: z.record(z.string(), z.unknown()).nullable(),
    version: z.number().int().openapi({ description: "Starts at 1; each PATCH makes the next." }),
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Agent");

const AgentParam = z.object({
  id: agentRef.openapi({ param: { name: "id", in: "path" }, example: "agent_4f8a0c2k9m1x7q3z" }),
});

const fieldsNote = `\`model\`: a model this server answers with (\`default\` unless its operator configured others; 400 names them). \`system\`: instructions, at most ${MAX_SYSTEM_CHARS} characters. \`table_id\`: a typed table of the account (tbl_…; another account's is 404) whose sessions then have table_sql beside doc_sql. \`output_schema\`: a JSON Schema (at most ${MAX_OUTPUT_SCHEMA_CHARS} characters) compiled when written (400 naming the problem); a run's output fits it.`;

const create = createRoute({
  method: "post",
  path: "/v1/agents",
  tags,
  summary: "Register an agent",
  description: `${fieldsNote} An account keeps at most ${MAX_AGENTS} agents (409 past it).`,
  request: jsonBody(
    z
      .object({
        name: createAgent.input.shape.name,
        model: createAgent.input.shape.model.optional(),
        system: createAgent.input.shape.system.optional(),
        table_id: createAgent.input.shape.tableId,
        output_schema: createAgent.input.shape.outputSchema,
      })
      .strict()
      .openapi("AgentCreate"),
  ),
  responses: {
    201: jsonResponse(AgentSchema, "Created, at version 1. Location names it."),
    ...errorResponses("FORBIDDEN", "NOT_FOUND", "CONFLICT", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"),
  },
});

const list = createRoute({
  method: "get",
  path: "/v1/agents",
  tags,
  summary: "The account's agents, newest first",
  responses: {
    200: jsonResponse(
      z.object({ data: z.array(AgentSchema) }).openapi("AgentList"),
      "Every agent of the account.",
    ),
    ...errorResponses("FORBIDDEN"),
  },
});

const getOne = createRoute({
  method: "get",
  path: "/v1/agents/{id}",
  tags,
  summary: "An agent, at its latest version",
  request: { params: AgentParam },
  responses: { 200: jsonResponse(AgentSchema, "The agent."), ...errorResponses("FORBIDDEN", "NOT_FOUND") },
});

const update = createRoute({
  method: "patch",
  path: "/v1/agents/{id}",
  tags,
  summary: "Change an agent (a new version)",
  description: `The fields given change and the agent takes the next version; earlier versions stay readable at /v1/agents/{id}/versions/{version}, and runs keep the version they started with. null clears table_id or output_schema. ${fieldsNote}`,
  request: {
    params: AgentParam,
    ...jsonBody(
      z
        .object({
          name: updateAgent.input.shape.name,
          model: updateAgent.input.shape.model,
          system: updateAgent.input.shape.system,
          table_id: updateAgent.input.shape.tableId,
          output_schema: updateAgent.input.shape.outputSchema,
        })
        .strict()
        .openapi("AgentUpdate"),
    ),
  },
  responses: {
    200: jsonResponse(AgentSchema, "The agent at its new version."),
    ...errorResponses("FORBIDDEN", "NOT_FOUND", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"),
  },
});

const version = createRoute({
  method: "get",
  path: "/v1/agents/{id}/versions/{version}",
  tags,
  summary: "An agent as it was at one version",
  request: {
    params: AgentParam.extend({
      version: integerParameter(getAgentVersion.input.shape.version).openapi({
        param: { name: "version", in: "path" },
        example: 1,
      }),
    }),
  },
  responses: { 200: jsonResponse(AgentSchema, "The version."), ...errorResponses("FORBIDDEN", "NOT_FOUND") },
});

const remove = createRoute({
  method: "delete",
  path: "/v1/agents/{id}",
  tags,
  summary: "Delete an agent and its versions (its runs stay)",
  request: { params: AgentParam },
  responses: {
    200: jsonResponse(
      z.object({ id: z.string(), deleted: z.literal(true) }).openapi("AgentDeleted"),
      "Deleted.",
    ),
    ...errorResponses("FORBIDDEN", "NOT_FOUND", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"),
  },
});

const runInput = startAgentRun.input.shape;
/** The run's documents: named, a collection's, or (neither) every one of the account; never both. */
const AgentRunCreate = z
  .union([
    z.object({ input: runInput.input, document_ids: runInput.documentIds.unwrap() }).strict(),
    z.object({ input: runInput.input, collection_id: runInput.collectionId.unwrap() }).strict(),
    z.object({ input: runInput.input }).strict(),
  ])
  .openapi("AgentRunCreate");

const run = createRoute({
  method: "post",
  path: "/v1/agents/{id}/runs",
  tags,
  summary: "Run an agent over documents (in the background)",
  description: `\`input\`: what to do (1 to ${MAX_AGENT_INPUT_CHARS} characters). The documents it may read: \`document_ids\` (1 to ${MAX_AGENT_RUN_DOCUMENTS} of the account's), or \`collection_id\` (a collection's, at most ${MAX_AGENT_RUN_DOCUMENTS}), or neither: every document of the account. Answers 202 with the run queued; follow it at GET /v1/runs/{run_id}, its events at GET /v1/runs/{run_id}/events, or the agentRunProgress subscription. With a model configured (ANSWER_PROVIDER=openai) the model calls doc_sql and table_sql until it answers; without one, the built-in engine reads each document with the structured extractor (the output schema, or the bound table's columns as one) and inserts a row per document, or per item of an array of objects. A run takes at most ${MAX_AGENT_STEPS} steps, ${AGENT_TIME_BUDGET_MS / 1000} s and ${AGENT_TOKEN_BUDGET} tokens. Counts one expensive operation.`,
  request: {
    params: AgentParam,
    ...jsonBody(AgentRunCreate),
  },
  responses: {
    202: jsonResponse(AgentRunSchema, "Accepted: the run is queued. Location names it."),
    ...errorResponses("FORBIDDEN", "NOT_FOUND", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"),
  },
});

export function registerAgentRoutes(app: OpenAPIHono<AppEnv>, { ctxOf, bind }: RestFace) {
  app.openapi(bind(create, createAgent), async (c) => {
    const b = c.req.valid("json");
    const a = await createAgent.invoke(ctxOf(c), {
      name: b.name,
      model: b.model,
      system: b.system,
      tableId: b.table_id,
      outputSchema: b.output_schema,
    });
    c.header("Location", `/v1/agents/${a.id}`);
    return c.json(agentWire(a), 201);
  });
  app.openapi(bind(list, listAgents), async (c) =>
    c.json({ data: (await listAgents.invoke(ctxOf(c), {})).map(agentWire) }, 200),
  );
  app.openapi(bind(getOne, getAgent), async (c) =>
    c.json(agentWire(await getAgent.invoke(ctxOf(c), { ref: c.req.valid("param").id })), 200),
  );
  app.openapi(bind(update, updateAgent), async (c) => {
    const b = c.req.valid("json");
    const a = await updateAgent.invoke(ctxOf(c), {
      ref: c.req.valid("param").id,
      name: b.name,
      model: b.model,
      system: b.system,
      tableId: b.table_id,
      outputSchema: b.output_schema,
    });
    return c.json(agentWire(a), 200);
  });
  app.openapi(bind(version, getAgentVersion), async (c) => {
    const p = c.req.valid("param");
    return c.json(agentWire(await getAgentVersion.invoke(ctxOf(c), { ref: p.id, version: p.version })), 200);
  });
  app.openapi(bind(remove, deleteAgent), async (c) =>
    c.json(await deleteAgent.invoke(ctxOf(c), { ref: c.req.valid("param").id }), 200),
  );
  app.openapi(bind(run, startAgentRun), async (c) => {
    const b = c.req.valid("json");
    const r = await startAgentRun.invoke(ctxOf(c), {
      ref: c.req.valid("param").id,
      input: b.input,
      documentIds: "document_ids" in b ? b.document_ids : undefined,
      collectionId: "collection_id" in b ? b.collection_id : undefined,
    });
    c.header("Location", `/v1/runs/${r.id}`);
    return c.json(agentRunWire(r), 202);
  });
}
