import { ClientRequestSchema } from "@modelcontextprotocol/sdk/types.js";

// The envelope of what a client posts, checked before anything runs, so that a malformed message
// gets the JSON-RPC error the specification names (-32700 for text that is not JSON, -32600 for
// JSON that is not a request) rather than a transport's generic one or a 500.

export type RpcId = string | number;

export type RpcMessage =
  | { kind: "request"; id: RpcId; method: string; params: Record<string, unknown> | undefined }
  | { kind: "notification"; method: string }
  | { kind: "response" };

export type Envelope =
  | { ok: true; messages: RpcMessage[]; body: unknown }
  | { ok: false; code: -32700 | -32600; message: string; id: RpcId | null };

const isId = (v: unknown): v is RpcId =>
  typeof v === "string" || (typeof v === "number" && Number.isFinite(v));

function messageOf(v: unknown): RpcMessage | { invalid: string; id: RpcId | null } {
  if (typeof v !== "object" || v === null || Array.isArray(v))
    return { invalid: "a message must be a JSON object", id: null };
  const m = v as Record<string, unknown>;
  const id = isId(m.id) ? m.id : null;
  if (m.jsonrpc !== "2.0") return { invalid: 'jsonrpc must be "2.0"', id };
  if (typeof m.method === "string") {
    if (
      m.params !== undefined &&
      (typeof m.params !== "object" || m.params === null || Array.isArray(m.params))
    )
      return { invalid: "params must be an object", id };
    if (!("id" in m)) return { kind: "notification", method: m.method };
    if (!isId(m.id)) return { invalid: "id must be a string or a number", id: null };
    return {
      kind: "request",
      id: m.id,
      method: m.method,
      params: m.params as Record<string, unknown> | undefined,
    };
  }
  if ("result" in m || "error" in m) return { kind: "response" };
  return { invalid: "a message needs a method (or a result or error)", id };
}

/** The messages of a posted body, or the error that answers it. */
export function parseEnvelope(text: string): Envelope {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (err) {
    return { ok: false, code: -32700, message: `Parse error: ${(err as Error).message}`, id: null };
  }
  const list = Array.isArray(body) ? body : [body];
  if (list.length === 0)
    return { ok: false, code: -32600, message: "Invalid Request: an empty batch", id: null };
  const messages: RpcMessage[] = [];
  for (const item of list) {
    const m = messageOf(item);
    if ("invalid" in m)
      return { ok: false, code: -32600, message: `Invalid Request: ${m.invalid}`, id: m.id };
    messages.push(m);
  }
  return { ok: true, messages, body };
}

export const rpcErrorBody = (code: number, message: string, id: RpcId | null = null, data?: unknown) => ({
  jsonrpc: "2.0" as const,
  id,
  error: { code, message, ...(data !== undefined ? { data } : {}) },
});

export const jsonHeaders = { "Content-Type": "application/json" };

/** A JSON-RPC error as the whole answer to a POST, with its HTTP status and headers. */
export const rpcRefusal = (
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
  id: RpcId | null = null,
) =>
  new Response(JSON.stringify(rpcErrorBody(code, message, id)), {
    status,
    headers: { ...jsonHeaders, ...headers },
  });

// The SDK checks a request's params against its method's schema too, but answers a mismatch as
// an internal error (-32603); the specification's answer is -32602 Invalid params. Checked here
// against the same schemas, built into a table once.
const requestSchemas = new Map<string, { safeParse: (v: unknown) => { success: boolean; error?: unknown } }>(
  ClientRequestSchema.options.map((o) => [o.shape.method.value, o]),
);

/** What is wrong with a request's params for its method, or null (unknown methods are the SDK's to refuse). */
export function paramsProblem(m: Extract<RpcMessage, { kind: "request" }>): string | null {
  const schema = requestSchemas.get(m.method);
  if (!schema) return null;
  const r = schema.safeParse({ method: m.method, ...(m.params !== undefined ? { params: m.params } : {}) });
  if (r.success) return null;
  const issues = (r.error as { issues?: { path: PropertyKey[]; message: string }[] }).issues ?? [];
  return issues
    .slice(0, 5)
    .map((i) => `${i.path.map(String).join(".") || "params"}: ${i.message}`)
    .join("; ");
}
