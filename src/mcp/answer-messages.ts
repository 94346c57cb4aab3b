import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Services } from "../core/services.ts";
import type { McpCaller } from "./admission.ts";
import { callToolDirectly, transportRefusal } from "./direct-call.ts";
import { type Envelope, jsonHeaders, paramsProblem, type RpcMessage, rpcRefusal } from "./json-rpc.ts";
import { type RequestCount, toolName } from "./request-count.ts";
import { type McpFace, needsOf } from "./server.ts";
import type { ToolCall } from "./tool.ts";

// Answers the messages of an admitted caller: one tool call that sends nothing before its result
// directly, anything else through an MCP server made for the request.

/** The first request whose params do not fit its method: the error that answers the whole post. */
export function paramsRefusal(
  messages: readonly RpcMessage[],
  rate: Record<string, string>,
): Response | null {
  for (const m of messages) {
    const problem = m.kind === "request" ? paramsProblem(m) : null;
    if (m.kind === "request" && problem !== null)
      return rpcRefusal(messages.length === 1 ? 200 : 400, -32602, `Invalid params: ${problem}`, rate, m.id);
  }
  return null;
}

/** What the tools of a request run with. */
export function toolCallOf(services: Services, caller: McpCaller, request: Request): Omit<ToolCall, "extra"> {
  return {
    ctx: {
      principal: caller.principal,
      services,
      // Read only by the operations that wait on something: asking for a request's signal
      // makes the full Request object behind it, which a quick read need not pay for.
      get signal() {
        return request.signal;
      },
    },
    services,
    requestOrigin: new URL(request.url).origin,
    budget: services.config.mcp.maxResultChars,
  };
}

/** Answers well-formed messages (paramsRefusal found nothing wrong) of an admitted caller. */
export async function answerMessages(
  face: McpFace,
  call: Omit<ToolCall, "extra">,
  request: Request,
  envelope: Extract<Envelope, { ok: true }>,
  count: RequestCount,
  rate: Record<string, string>,
  requestId: string,
): Promise<Response> {
  // One tool call that sends nothing before its result: answered without an SDK server
  // (direct-call.ts). A batch of that one call too: the SDK's transport answers a batch of one
  // request with the bare response.
  if (count.toolCall && !count.toolCall.wait) {
    const refused = transportRefusal(request);
    if (refused) return rpcRefusal(refused.status, -32000, refused.message, rate);
    const { request: message, tool } = count.toolCall;
    const result = await callToolDirectly(tool, call, message, requestId);
    return new Response(JSON.stringify({ jsonrpc: "2.0", id: message.id, result }), {
      status: 200,
      headers: { ...jsonHeaders, ...rate },
    });
  }

  const server = face.serverFor(
    call,
    requestId,
    count.toolCall !== null,
    needsOf(
      envelope.messages.flatMap((m) =>
        m.kind === "request" ? [{ method: m.method, tool: toolName(m.params) }] : [],
      ),
    ),
  );
  // One JSON answer unless the call sends progress as it goes (wait_for_document with a progress token).
  const streamed = count.toolCall?.wait === true;
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: !streamed,
  });
  await server.connect(transport);
  const res = await transport.handleRequest(request, { parsedBody: envelope.body });
  // A JSON answer is whole once resolved, and its server holds nothing beyond the request (no
  // timer, no stream): it is left to the collector. Closing it would only abort handlers that
  // are done, making an error object for each. A stream closes its server when it ends.
  for (const [k, v] of Object.entries(rate)) res.headers.set(k, v);
  return res;
}
