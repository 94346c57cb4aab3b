import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type {
  CallToolResult,
  ServerNotification,
  ServerRequest,
  ToolAnnotations,
} from "@modelcontextprotocol/sdk/types.js";
import { charge } from "../core/auth/authenticate.ts";
import { AppError } from "../core/errors.ts";
import type { Services } from "../core/services.ts";
import type { z } from "../core/zod.ts";
import type { OperationContext } from "../resolvers/context.ts";
import type { AnyOperation } from "../resolvers/operation.ts";
import { toAppError } from "../web/error-response.ts";
import { cutText } from "./budget.ts";

// A tool is a face of one operation (or, for the few that chain two, of the first): the rate
// class it is counted in and the callers it admits are the operation's, its arguments the
// operation's input under the names a model reads best (snake_case, as the REST wire). The
// schemas are built once per process; each request's server only registers them.

export type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** An operation context whose signal a tool can always wait on. */
export type ToolContext = OperationContext & { readonly signal: AbortSignal };

/** What a tool's run gets: the operation context of the call, and what the face knows beside it. */
export type ToolCall = {
  ctx: ToolContext;
  services: Services;
  /** The origin the client called (links the service hands out, such as a site's address, use it). */
  requestOrigin: string;
  /** Characters of text a result may carry (MCP_MAX_RESULT_CHARS). */
  budget: number;
  extra: Extra;
};

export type ToolDefinition = {
  name: string;
  title: string;
  description: string;
  /** Its rate class and caller rule are the tool's. */
  operation: AnyOperation;
  input: z.ZodObject;
  output?: z.ZodObject;
  annotations: ToolAnnotations;
  // biome-ignore lint/suspicious/noExplicitAny: the arguments are those `input` parsed, typed where each tool is defined
  run: (call: ToolCall, args: any) => Promise<CallToolResult>;
};

/** Defines a tool whose run sees its arguments typed by its input schema. */
export function defineTool<I extends z.ZodObject>(
  def: Omit<ToolDefinition, "input" | "run"> & {
    input: I;
    run: (call: ToolCall, args: z.output<I>) => Promise<CallToolResult>;
  },
): ToolDefinition {
  return def;
}

const readOnly: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };
/** Hints for a model and its client: reading tools may run without asking; writing ones create, never destroy. */
export const hints = {
  read: readOnly,
  create: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  addTo: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
} satisfies Record<string, ToolAnnotations>;

/** A structured result; its text is the same object as JSON, for clients that read text only. */
export function structured(value: Record<string, unknown>, text?: string): CallToolResult {
  return { content: [{ type: "text", text: text ?? JSON.stringify(value) }], structuredContent: value };
}

/**
 * A structured result whose JSON text may be long (an answer, extracted data): the text a model
 * reads is cut at the budget, saying so in the text and in `truncated`, with what to do instead.
 */
export function boundedStructured(
  value: Record<string, unknown>,
  budget: number,
  instead: string,
): CallToolResult {
  const json = JSON.stringify(value);
  if (json.length <= budget) return structured({ ...value, truncated: false }, json);
  const note = `\n[truncated: the result is ${json.length} characters, over the budget of ${budget}; ${instead}]`;
  const cut = cutText(json, Math.max(0, budget - note.length));
  return structured({ ...value, truncated: true }, cut.text + note);
}

/** An error a model can read and act on: the code, then what to do. */
export function toolError(err: AppError): CallToolResult {
  return { content: [{ type: "text", text: `${err.code}: ${err.message}` }], isError: true };
}

/** An argument the schema cannot express alone (one of two, say) is wrong. */
export const badArgument = (name: string, message: string) =>
  new AppError("BAD_REQUEST", `Invalid argument '${name}': ${message}`, {}, name);

/**
 * Runs a tool call: counted in its operation's rate class first (a refusal is a tool error that
 * says how long to wait), then the tool. Whatever fails comes back as a tool error, never as a
 * broken frame; failures that are ours are logged and named by the request id only.
 */
export async function runTool(
  def: ToolDefinition,
  call: ToolCall,
  args: unknown,
  requestId: string,
  /** Counted already, with the request's authentication (a request of one tool call is). */
  preCharged: boolean,
) {
  try {
    if (!preCharged) await charge(call.services.db.pool, call.ctx.principal, def.operation.rateClass, 1);
    return await def.run({ ...call, ctx: toolContext(call) }, args);
  } catch (err) {
    return toolError(toAppError(err, call.services.log, requestId));
  }
}

/**
 * The call's context with a signal that ends the tool's waits and model calls when the client
 * sends notifications/cancelled (the SDK's signal) or hangs up (the HTTP request's, which the
 * SDK's does not hear). Joined only when an operation asks for it: a quick read need not pay.
 */
function toolContext({ ctx, extra }: ToolCall): ToolContext {
  let joined: AbortSignal | undefined;
  return {
    ...ctx,
    get signal() {
      joined ??= AbortSignal.any([ctx.signal, extra.signal]);
      return joined;
    },
  };
}
