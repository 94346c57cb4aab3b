import type { HttpBindings } from "@hono/node-server";
import { Hono } from "hono";
import { AppError } from "../core/errors.ts";
import type { Services } from "../core/services.ts";
import type { AppEnv } from "../web/env.ts";
import { authDeps, credentialsOf } from "../web/request-info.ts";
import { admitMcpCaller } from "./admission.ts";
import { answerMessages, paramsRefusal, toolCallOf } from "./answer-messages.ts";
import { base64Length } from "./inline-bytes.ts";
import { type Envelope, rpcRefusal } from "./json-rpc.ts";
import { originCheck } from "./origin.ts";
import { readEnvelope } from "./request-body.ts";
import { requestCount } from "./request-count.ts";
import { mcpFace } from "./server.ts";

// MCP at /mcp: Streamable HTTP, stateless (any API process answers any call; nothing is kept
// between requests), with the keys of the REST API. A request is checked in this order: its
// Origin (DNS rebinding), its body's size and envelope, its key (401 without one), then counted
// (request-count.ts). Only then is it answered (answer-messages.ts).

/** Served by @hono/node-server: Node's request is at hand beside the web one. */
type McpEnv = AppEnv & { Bindings: HttpBindings };

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

  const stateless = (c: { req: { method: string } }) =>
    rpcRefusal(
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
      return rpcRefusal(
        403,
        -32000,
        `Forbidden: requests from origin ${origin} are not accepted (set MCP_ALLOWED_ORIGINS to allow a browser origin).`,
      );
    const creds = credentialsOf(c, config.trustProxy);
    const keyed =
      creds.authorization !== undefined || creds.apiKey !== undefined || creds.operatorSecret !== undefined;

    // Without a credential nothing is read: the caller is counted and told to send a key.
    let envelope: Envelope | null = null;
    if (keyed) {
      const read = await readEnvelope(c.req.raw, c.env.incoming, bodyLimit);
      if (read instanceof Response) return read;
      envelope = read;
    }
    const count = requestCount(envelope, tools);
    const caller = await admitMcpCaller(deps, creds, count, services.log, requestId);
    if (caller instanceof Response) return caller;
    if (!envelope) throw new AppError("INTERNAL", "a keyed request without a body");
    if (!envelope.ok) return rpcRefusal(400, envelope.code, envelope.message, caller.rate, envelope.id);
    const invalid = paramsRefusal(envelope.messages, caller.rate);
    if (invalid) return invalid;
    const call = toolCallOf(services, caller, c.req.raw);
    return answerMessages(face, call, c.req.raw, envelope, count, caller.rate, requestId);
  });
  return app;
}
