import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import pkg from "../../package.json" with { type: "json" };
import type { Services } from "../core/services.ts";
import { registerPrompts } from "./prompts.ts";
import { registerResources } from "./resources.ts";
import { runTool, type ToolCall, type ToolDefinition } from "./tool.ts";
import { allTools } from "./tools/index.ts";

// The MCP server of one request. Stateless Streamable HTTP answers each POST with a server of its
// own (the SDK's servers hold one connection's state), so what can be made once is made once per
// process here: the tools with their schemas. A request's server only registers them.

const instructions = `Quire reads PDFs: upload_document (or find one with list_documents), wait_for_document until it is parsed, then read_document (markdown by page range), get_page_image, list_tables/get_table, ask_document for cited answers, extract_structured for JSON fitting a schema. Collections group documents for ask_collection and search_collection. Results are cut at a budget of characters with truncated: true and a cursor or page to read on.`;

export type McpFace = {
  tools: readonly ToolDefinition[];
  /** The server for one request of a caller already authenticated. */
  serverFor: (call: Omit<ToolCall, "extra">, requestId: string, preCharged: boolean) => McpServer;
};

export function mcpFace(services: Services): McpFace {
  const tools = allTools(services);
  return {
    tools,
    serverFor: (call, requestId, preCharged) => {
      const server = new McpServer(
        { name: "quire", title: "Quire", version: pkg.version },
        { capabilities: { tools: {}, resources: {}, prompts: {} }, instructions },
      );
      for (const t of tools)
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
      registerResources(server, call, requestId);
      registerPrompts(server);
      return server;
    },
  };
}
