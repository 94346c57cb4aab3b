import type { IncomingMessage } from "node:http";
import type { HttpBindings } from "@hono/node-server";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { Hono } from "hono";
import { authenticate } from "../core/auth/authenticate.ts";
import type { RateClass } from "../core/auth/rate-limit.ts";
import { rateHeaders } from "../core/auth/rate-limit.ts";
import { AppError } from "../core/errors.ts";
import type { Services } from "../core/services.ts";
import type { AppEnv } from "../web/env.ts";
import { toAppError } from "../web/error-response.ts";
import { authDeps, credentialsOf } from "../web/request-info.ts";
import { callToolDirectly, transportRefusal } from "./direct-call.ts";
import { base64Length } from "./inline-bytes.ts";
import { type Envelope, paramsProblem, parseEnvelope, type RpcMessage, rpcErrorBody } from "./json-rpc.ts";
import { originCheck } from "./origin.ts";
import { mcpFace, needsOf } from "./server.ts";
import { type ToolDefinition, toolError } from "./tool.ts";

// MCP at /mcp: Streamable HTTP, stateless (any API process answers any call; nothing is kept
// between requests), with the keys of the REST API. A request is checked in this order: its
// Origin (DNS rebinding), its body's size and envelope, its key (401 without one), then counted:
// a request of one tool call in the tool's operation's rate class, anything else in the standard
// class (a tool call in a batch, or a resource read, is counted as it runs). Only then is an MCP
// server made for it.

const jsonHeaders = { "Content-Type": "application/json" };

/** Served by @hono/node-server: Node's request is at hand beside the web one. */
type McpEnv = AppEnv & { Bindings: HttpBindings };

const refusal = (
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
  id: string | number | null = null,
) =>
  new Response(JSON.stringify(rpcErrorBody(code, message, id)), {
    status,
    headers: { ...jsonHeaders, ...headers },
  });

/**
 * The body as text, or null past `limit` bytes (counted as it arrives, never held beyond it). It
 * is read off Node's request stream, as @hono/node-server serves us: the web stream over it costs
 * several times as much for the small bodies MCP calls are.
 */
async function readBounded(req: Request, incoming: IncomingMessage, limit: number): Promise<string | null> {
  const declared = Number(req.headers.get("content-length") ?? Number.NaN);
  if (declared > limit) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const toolName = (params: Record<string, unknown> | undefined) =>
  typeof params?.name === "string" ? params.name : undefined;

/** A request of one tool call: the call and its tool, and whether it sends progress as it goes. */
type ToolCallPlan = {
  request: Extract<RpcMessage, { kind: "request" }>;
  tool: ToolDefinition;
  wait: boolean;
};
type Plan = { rateClass: RateClass; points: number; toolCall: ToolCallPlan | null };

export function mcpApp(services: Services): Hono<McpEnv> {
  const app = new Hono<McpEnv>();
  const face = mcpFace(services);
  const tools = new Map(face.tools.map((t) => [t.name, t]));
  const deps = authDeps(services);
  const originAllowed = originCheck(services.config);
  const { config } = services;
  // Inline uploads make the largest bodies: base64 of MCP_MAX_INLINE_UPLOAD_BYTES and the frame.
  const bodyLimit = Math.max(
    config.maxJsonBodyBytes,
    base64Length(config.mcp.maxInlineUploadBytes) + 64 * 1024,
  );

  /** How the request is counted: one tool call in its tool's class, else each request 1 standard point. */
  const planOf = (envelope: Envelope): Plan => {
    if (!envelope.ok) return { rateClass: "standard", points: 1, toolCall: null };
    const requests = envelope.messages.flatMap((m) => (m.kind === "request" ? [m] : []));
    const only = envelope.messages.length === 1 ? requests[0] : undefined;
    const name = toolName(only?.params);
    const tool = only?.method === "tools/call" && name !== undefined ? tools.get(name) : undefined;
    if (only && tool) {
      const meta = only.params?._meta as { progressToken?: unknown } | undefined;
      return {
        rateClass: tool.operation.rateClass,
        points: 1,
        toolCall: {
          request: only,
          tool,
          wait: tool.name === "wait_for_document" && meta?.progressToken !== undefined,
        },
      };
    }
    const selfCounted = new Set(["tools/call", "resources/read"]);
    return {
      rateClass: "standard",
      points: requests.filter((m) => !selfCounted.has(m.method)).length,
      toolCall: null,
    };
  };

  const stateless = (c: { req: { method: string } }) =>
    refusal(
      405,
      -32000,
      `Method ${c.req.method} not allowed: this server is stateless (no sessions, no server-initiated stream); POST JSON-RPC messages to /mcp.`,
      { Allow: "POST" },
    );
  app.get("/mcp", stateless);
  app.delete("/mcp", stateless);

  app.post("/mcp", async (c) => {
    const requestId = c.var.requestId ?? "-";
    const origin = c.req.header("origin");
    if (!originAllowed(origin))
      return refusal(
        403,
        -32000,
        `Forbidden: requests from origin ${origin} are not accepted (set MCP_ALLOWED_ORIGINS to allow a browser origin).`,
      );
    const creds = credentialsOf(c, config.trustProxy);
    const keyed =
      creds.authorization !== undefined || creds.apiKey !== undefined || creds.operatorSecret !== undefined;

    // Without a credential nothing is read: the caller is counted (the unauthenticated limit) and told to send a key.
    let envelope: Envelope | null = null;
    if (keyed) {
      const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
      if (type !== "application/json")
        return refusal(415, -32000, "Unsupported Media Type: the body must be application/json.");
      const text = await readBounded(c.req.raw, c.env.incoming, bodyLimit);
      if (text === null)
        return refusal(413, -32000, `The request body is larger than the limit of ${bodyLimit} bytes.`, {
          Connection: "close",
        });
      envelope = parseEnvelope(text);
    }
    const plan = envelope ? planOf(envelope) : { rateClass: "standard" as const, points: 1, toolCall: null };

    let principal: Awaited<ReturnType<typeof authenticate>>["principal"];
    let rate: Record<string, string>;
    try {
      const auth = await authenticate(deps, creds, plan.rateClass, Math.max(plan.points, keyed ? 0 : 1));
      principal = auth.principal;
      rate = rateHeaders(auth.rate);
    } catch (thrown) {
      const err = toAppError(thrown, services.log, requestId);
      // A tool call over its budget is the model's to read: a tool result saying how long to wait.
      if (err.code === "RATE_LIMITED" && plan.toolCall)
        return new Response(
          JSON.stringify({ jsonrpc: "2.0", id: plan.toolCall.request.id, result: toolError(err) }),
          { status: 200, headers: { ...jsonHeaders, ...err.headers } },
        );
      const challenge: Record<string, string> =
        err.code === "UNAUTHORIZED"
          ? { "WWW-Authenticate": 'Bearer realm="quire", error="invalid_token"' }
          : {};
      return refusal(err.status, -32000, `${err.code}: ${err.message}`, { ...err.headers, ...challenge });
    }
    if (principal.kind === "anonymous")
      return refusal(
        401,
        -32000,
        "UNAUTHORIZED: /mcp needs an API key: Authorization: Bearer svc_sk_… (or a publishable key, or the x-api-key header).",
        { ...rate, "WWW-Authenticate": 'Bearer realm="quire"' },
      );
    if (!envelope) throw new AppError("INTERNAL", "a keyed request without a body");
    if (!envelope.ok) return refusal(400, envelope.code, envelope.message, rate, envelope.id);
    for (const m of envelope.messages) {
      const problem = m.kind === "request" ? paramsProblem(m) : null;
      if (m.kind === "request" && problem !== null)
        return refusal(
          envelope.messages.length === 1 ? 200 : 400,
          -32602,
          `Invalid params: ${problem}`,
          rate,
          m.id,
        );
    }

    const call = {
      ctx: {
        principal,
        services,
        // Read only by the operations that wait on something: asking for a request's signal
        // makes the full Request object behind it, which a quick read need not pay for.
        get signal() {
          return c.req.raw.signal;
        },
      },
      services,
      requestOrigin: new URL(c.req.url).origin,
      budget: config.mcp.maxResultChars,
    };
    // One tool call that sends nothing before its result: answered without an SDK server
    // (direct-call.ts). A batch of that one call too: the SDK's transport answers a batch of one
    // request with the bare response.
    if (plan.toolCall && !plan.toolCall.wait) {
      const refused = transportRefusal(c.req.raw);
      if (refused) return refusal(refused.status, -32000, refused.message, rate);
      const { request, tool } = plan.toolCall;
      const result = await callToolDirectly(tool, call, request, requestId);
      return new Response(JSON.stringify({ jsonrpc: "2.0", id: request.id, result }), {
        status: 200,
        headers: { ...jsonHeaders, ...rate },
      });
    }

    const server = face.serverFor(
      call,
      requestId,
      plan.toolCall !== null,
      needsOf(
        envelope.messages.flatMap((m) =>
          m.kind === "request" ? [{ method: m.method, tool: toolName(m.params) }] : [],
        ),
      ),
    );
    // One JSON answer unless the call sends progress as it goes (wait_for_document with a progress token).
    const streamed = plan.toolCall?.wait === true;
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: !streamed,
    });
    await server.connect(transport);
    const res = await transport.handleRequest(c.req.raw, { parsedBody: envelope.body });
    // A JSON answer is whole once resolved, and its server holds nothing beyond the request (no
    // timer, no stream): it is left to the collector. Closing it would only abort handlers that
    // are done, making an error object for each. A stream closes its server when it ends.
    for (const [k, v] of Object.entries(rate)) res.headers.set(k, v);
    return res;
  });
  return app;
}
