import type { RateClass } from "../core/auth/rate-limit.ts";
import type { Envelope, RpcMessage } from "./json-rpc.ts";
import type { ToolDefinition } from "./tool.ts";

// How an MCP request is counted: a request of one tool call in the tool's operation's rate class,
// anything else 1 standard unit a message, except tool calls in a batch and resource reads,
// which are counted as they run (each in its own operation's class).

export const toolName = (params: Record<string, unknown> | undefined) =>
  typeof params?.name === "string" ? params.name : undefined;

/** A request of one tool call: the call and its tool, and whether it sends progress as it goes. */
export type ToolCallPlan = {
  request: Extract<RpcMessage, { kind: "request" }>;
  tool: ToolDefinition;
  wait: boolean;
};

export type RequestCount = { rateClass: RateClass; units: number; toolCall: ToolCallPlan | null };

const countedAsTheyRun = new Set(["tools/call", "resources/read"]);

/** How a request is counted; a request without a body read (no credential) is 1 standard unit. */
export function requestCount(
  envelope: Envelope | null,
  tools: ReadonlyMap<string, ToolDefinition>,
): RequestCount {
  if (!envelope?.ok) return { rateClass: "standard", units: 1, toolCall: null };
  const requests = envelope.messages.flatMap((m) => (m.kind === "request" ? [m] : []));
  const only = envelope.messages.length === 1 ? requests[0] : undefined;
  const name = toolName(only?.params);
  const tool = only?.method === "tools/call" && name !== undefined ? tools.get(name) : undefined;
  if (only && tool) {
    const meta = only.params?._meta as { progressToken?: unknown } | undefined;
    return {
      rateClass: tool.operation.rateClass,
      units: 1,
      toolCall: {
        request: only,
        tool,
        wait: tool.name === "wait_for_document" && meta?.progressToken !== undefined,
      },
    };
  }
  return {
    rateClass: "standard",
    units: requests.filter((m) => !countedAsTheyRun.has(m.method)).length,
    toolCall: null,
  };
}
