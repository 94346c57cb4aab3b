import { processRegularResult, type YogaServerInstance } from "graphql-yoga";
import type { Context } from "hono";
import type { Services } from "../../core/services.ts";
import type { AppEnv } from "../../web/env.ts";
import type { GraphQLContext } from "../builder.ts";
import type { GraphQLServerContext } from "./graphql.ts";
import { knownOperationOf, runKnownOperation } from "./graphql-known-operation.ts";

// Most GraphQL requests are a POST of one JSON query. Those skip yoga's HTTP layers (the fetch
// adapter, request-parser and result-processor hooks, whose only work here would be to pick the
// JSON parser and the JSON processor) and go straight to yoga's own operation pipeline
// (getResultForParams: params checks, parse and validation caches, our plugins, masked errors),
// or, for a text compiled before, to the same steps without the pipeline
// (graphql-known-operation.ts), and then to yoga's own JSON result processor, so their answers
// are yoga's. Anything else takes the full path: other methods and media types, batches, bodies
// that are not JSON, other Accept headers.

/** The media type yoga would answer a plain result with, for the Accept headers taken here. */
function acceptedType(accept: string | undefined): string | null {
  const type = (accept ?? "*/*").split(";")[0]?.trim().toLowerCase();
  if (type === "*/*" || type === "application/json" || type === "application/*") return "application/json";
  if (type === "application/graphql-response+json") return type;
  return null;
}

type Yoga = YogaServerInstance<GraphQLServerContext, GraphQLContext>;

/** An answer as yoga's result processor made it, before it is a Response. */
export type PlainAnswer = { status: number; headers: Record<string, string>; body: string };

/**
 * Stands in for yoga's Response class when its result processor shapes an answer: it keeps the
 * status, headers and body text it was given, so the route makes the one Response it sends
 * instead of reading this one's body back out of a stream.
 */
class HeldAnswer {
  readonly answer: PlainAnswer;
  constructor(body: string | null, init: { status?: number; headers?: Record<string, string> } = {}) {
    this.answer = { status: init.status ?? 200, headers: { ...init.headers }, body: body ?? "" };
  }
}

/**
 * The answer to a plain JSON POST, or the request to give yoga whole (the body, once read, is
 * carried in a new request).
 */
export async function jsonPost(
  c: Context<AppEnv>,
  yoga: Yoga,
  services: Services,
  serverContext: GraphQLServerContext,
): Promise<{ answer: PlainAnswer } | { request: Request }> {
  const raw = c.req.raw;
  const contentType = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  const accepted = acceptedType(c.req.header("accept"));
  if (c.req.method !== "POST" || c.req.path !== "/graphql" || contentType !== "application/json" || !accepted)
    return { request: raw };
  const text = await c.req.text();
  let params: unknown;
  try {
    params = JSON.parse(text);
  } catch {
    params = undefined;
  }
  // Yoga answers what this path does not take (and the errors it throws before running anything,
  // such as a body without a query) from the same body.
  const whole = () => ({
    request: new Request(raw.url, { method: "POST", headers: raw.headers, body: text, signal: raw.signal }),
  });
  if (params === null || typeof params !== "object" || Array.isArray(params)) return whole();
  const known = knownOperationOf(params as Record<string, unknown>);
  if (known)
    return { answer: heldAnswer(await runKnownOperation(services, serverContext, raw, known), accepted) };
  let result: Awaited<ReturnType<Yoga["getResultForParams"]>>;
  try {
    result = await yoga.getResultForParams(
      { params: params as Parameters<Yoga["getResultForParams"]>[0]["params"], request: raw },
      serverContext as never,
    );
  } catch (err) {
    if (!serverContext.responseMeta.counted) return whole();
    throw err;
  }
  return { answer: heldAnswer(result, accepted) };
}

/** A result as yoga's result processor answers it, for the accepted media type. */
function heldAnswer(result: unknown, accepted: string): PlainAnswer {
  const held = processRegularResult(result as never, { Response: HeldAnswer } as never, accepted) as unknown;
  return (held as HeldAnswer).answer;
}
