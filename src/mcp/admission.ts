import { admit } from "../core/auth/admit.ts";
import type { AuthDeps, Credentials } from "../core/auth/authenticate.ts";
import { refusalError } from "../core/auth/decision.ts";
import type { Principal } from "../core/auth/principal.ts";
import { rateHeaders } from "../core/auth/rate-limit.ts";
import type { AppError } from "../core/errors.ts";
import type { Logger } from "../core/log.ts";
import { toAppError } from "../web/error-response.ts";
import { jsonHeaders, rpcRefusal } from "./json-rpc.ts";
import type { RequestCount } from "./request-count.ts";
import { toolError } from "./tool.ts";

// The admission decision on the MCP wire. MCP has keys only: a caller without one is counted (the
// unauthenticated limit) and told to send one.

/** An admitted caller and the rate headers every answer to its request carries. */
export type McpCaller = { principal: Principal; rate: Record<string, string> };

const unauthorizedChallenge = { "WWW-Authenticate": 'Bearer realm="quire", error="invalid_token"' };

/** A refusal as JSON-RPC answers it; a tool call over its budget is the model's to read. */
function refusalAnswer(err: AppError, count: RequestCount): Response {
  if (err.code === "RATE_LIMITED" && count.toolCall)
    return new Response(
      JSON.stringify({ jsonrpc: "2.0", id: count.toolCall.request.id, result: toolError(err) }),
      { status: 200, headers: { ...jsonHeaders, ...err.headers } },
    );
  const challenge = err.code === "UNAUTHORIZED" ? unauthorizedChallenge : {};
  return rpcRefusal(err.status, -32000, `${err.code}: ${err.message}`, { ...err.headers, ...challenge });
}

/** Admits the caller as `count` says, or the answer that refuses it. */
export async function admitMcpCaller(
  deps: AuthDeps,
  creds: Credentials,
  count: RequestCount,
  log: Logger,
  requestId: string,
): Promise<McpCaller | Response> {
  let decision: Awaited<ReturnType<typeof admit>>;
  try {
    decision = await admit(deps, creds, {
      budget: "requests",
      rateClass: count.rateClass,
      units: count.units,
    });
  } catch (thrown) {
    return refusalAnswer(toAppError(thrown, log, requestId), count);
  }
  if (!decision.admitted) return refusalAnswer(refusalError(decision), count);
  const rate = rateHeaders(decision.rate);
  if (decision.principal.kind === "anonymous")
    return rpcRefusal(
      401,
      -32000,
      "UNAUTHORIZED: /mcp needs an API key: Authorization: Bearer svc_sk_… (or a publishable key, or the x-api-key header).",
      { ...rate, "WWW-Authenticate": 'Bearer realm="quire"' },
    );
  return { principal: decision.principal, rate };
}
