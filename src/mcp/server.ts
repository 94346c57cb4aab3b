import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import pkg from "../../package.json" with { type: "json" };
import type { Services } from "../core/services.ts";
import { registerPrompts } from "./prompts.ts";
import { registerResources } from "./resources.ts";
import { runTool, type ToolCall, type ToolDefinition } from "./tool.ts";
import { allTools } from "./tools/index.ts";

// The MCP server of one request. Stateless Streamable HTTP answers each POST with a server of its
// own (the SDK's servers hold one connection's state), so what can be made once is made once per
// process here: the tools with their schemas, and the JSON Schema validator (an SDK server makes
// a new Ajv of its own otherwise). A request's server registers only what its messages use: a
// tool call needs its one tool, not the other eighteen, the resources and the prompts.

const instructions = `Quire reads PDFs: upload_document (or find one with list_documents), wait_for_document until it is parsed, then read_document (markdown by page range), get_page_image, list_tables/get_table, ask_document for cited answers, extract_structured for JSON fitting a schema. Collections group documents for ask_collection and search_collection. Results are cut at a budget of characters with truncated: true and a cursor or page to read on.`;

/** What a request's messages use: every tool (a listing) or those named, resources, prompts. */
export type Needs = { tools: "all" | string[]; resources: boolean; prompts: boolean };

/** The needs of a request's methods (and the tools its calls name). */
export function needsOf(messages: readonly { method: string; tool?: string | undefined }[]): Needs {
  const named: string[] = [];
  let all = false;
  let resources = false;
  let prompts = false;
  for (const m of messages) {
    if (m.method === "tools/list") all = true;
    else if (m.method === "tools/call" && m.tool !== undefined) named.push(m.tool);
    else if (m.method.startsWith("resources/")) resources = true;
    else if (m.method.startsWith("prompts/")) prompts = true;
  }
  return { tools: all ? "all" : named, resources, prompts };
}

export type McpFace = {
  tools: readonly ToolDefinition[];
  /** The server for one request of a caller already authenticated. */
  serverFor: (
    call: Omit<ToolCall, "extra">,
    requestId: string,
    preCharged: boolean,
    needs: Needs,
  ) => McpServer;
};

export function mcpFace(services: Services): McpFace {
  const tools = allTools(services);
  const byName = new Map(tools.map((t) => [t.name, t]));
  const jsonSchemaValidator = new AjvJsonSchemaValidator();
  return {
    tools,
    serverFor: (call, requestId, preCharged, needs) => {
      // Every capability is declared whatever is registered: initialize answers the same always.
      const server = new McpServer(
        { name: "quire", title: "Quire", version: pkg.version },
        { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions, jsonSchemaValidator },
      );
      const used =
        needs.tools === "all"
          ? tools
          : needs.tools.flatMap((name) => {
              const t = byName.get(name);
              return t ? [t] : [];
            });
      for (const t of used)
        server.registerTool(
          t.name,
          {
            title: t.title,
            description: t.description,
            inputSchema: t.input,
            ...(t.output ? { outputSchema: t.output } : {}),
            annotations: t.annotations,
          },
          (args: unknown, extra) => runTool(t, { ...call, extra }, args, requestId, preCharged),
        );
      if (needs.resources) registerResources(server, call, requestId);
      if (needs.prompts) registerPrompts(server);
      return server;
    },
  };
}
