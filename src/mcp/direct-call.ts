import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "../core/zod.ts";
import { type Extra, runTool, type ToolCall, type ToolDefinition } from "./tool.ts";

// A request of one tools/call (the call agents make most) is answered here, without an SDK server
// and transport made for it: their per-request machinery (a server and its handlers, a transport,
// zod parses of the JSON-RPC frame, Headers and an AbortController) cost about as much CPU as
// reading a page of markdown, the cheapest tool's whole work (docs/benchmarks.md, MCP). Everything
// else (initialize, listings, resources, prompts, batches, a call that streams progress) goes to
// the SDK. What the SDK does for such a call is done here the same way, in the same words: the
// transport's header checks, the arguments checked by the tool's input schema, the tool run, its
// structured result checked by its output schema; a failure is a tool error.

/** The transport's checks of a POST that the envelope and media type checks left: Accept and the protocol version. */
export function transportRefusal(req: Request): { status: number; message: string } | null {
  const accept = req.headers.get("accept");
  if (!accept?.includes("application/json") || !accept.includes("text/event-stream"))
    return {
      status: 406,
      message: "Not Acceptable: Client must accept both application/json and text/event-stream",
    };
  const version = req.headers.get("mcp-protocol-version");
  if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version))
    return {
      status: 400,
      message: `Bad Request: Unsupported protocol version: ${version} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")})`,
    };
  return null;
}

/** A zod error as the SDK words it: each issue's message, at its dotted path. */
function issuesText(error: z.ZodError): string {
  return error.issues
    .map((i) => (i.path.length ? `${i.message} at ${i.path.map(String).join(".")}` : i.message))
    .join("\n");
}

/** A refusal of the call's arguments or result, worded as the SDK's (an McpError of code -32602, Invalid params). */
const invalid = (text: string): CallToolResult => ({
  content: [{ type: "text", text: `MCP error -32602: ${text}` }],
  isError: true,
});

/**
 * What the SDK's request context gives a tool, for a call that sends nothing back before its
 * result: its id and metadata, and a signal that (as the SDK's, for a stateless JSON answer) is
 * never aborted; made only when a tool asks for it.
 */
function extraOf(id: string | number, meta: Record<string, unknown> | undefined): Extra {
  let controller: AbortController | undefined;
  return {
    requestId: id,
    ...(meta ? { _meta: meta } : {}),
    get signal() {
      controller ??= new AbortController();
      return controller.signal;
    },
    sendNotification: async () => undefined,
    sendRequest: async () => {
      throw new Error("this call cannot send requests to the client");
    },
  } as unknown as Extra;
}

/** One tools/call, answered as the SDK's McpServer would: its CallToolResult. */
export async function callToolDirectly(
  tool: ToolDefinition,
  call: Omit<ToolCall, "extra">,
  request: { id: string | number; params: Record<string, unknown> | undefined },
  requestId: string,
): Promise<CallToolResult> {
  const parsed = await tool.input.safeParseAsync(request.params?.arguments ?? {});
  if (!parsed.success)
    return invalid(
      `Input validation error: Invalid arguments for tool ${tool.name}: ${issuesText(parsed.error)}`,
    );
  const extra = extraOf(request.id, request.params?._meta as Record<string, unknown> | undefined);
  const result = await runTool(tool, { ...call, extra }, parsed.data, requestId, true);
  if (!tool.output || result.isError) return result;
  if (!result.structuredContent)
    return invalid(
      `Output validation error: Tool ${tool.name} has an output schema but no structured content was provided`,
    );
  const out = await tool.output.safeParseAsync(result.structuredContent);
  return out.success
    ? result
    : invalid(
        `Output validation error: Invalid structured content for tool ${tool.name}: ${issuesText(out.error)}`,
      );
}
