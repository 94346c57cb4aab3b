import { Hono } from "hono";
import { admit } from "../../core/auth/admit.ts";
import { refusalError } from "../../core/auth/decision.ts";
import { rateHeaders } from "../../core/auth/rate-limit.ts";
import type { Services } from "../../core/services.ts";
import type { AppEnv } from "../../web/env.ts";
import { bodyRule } from "../../web/middleware.ts";
import { authDeps, credentialsOf } from "../../web/request-info.ts";
import { createGraphQLServer, type GraphQLServerContext } from "./graphql.ts";
import { jsonPost } from "./graphql-json-post.ts";

/**
 * /graphql (and graphql-sse's /graphql/stream) through yoga, with our headers on every response.
 * GraphQL authenticates inside its own protocol: an operation is counted once it is known which
 * root fields it selects.
 */
export function graphqlApp(services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const yoga = createGraphQLServer(services);
  const deps = authDeps(services);
  app.use("*", bodyRule(services, "jsonOrMultipart"));
  app.on(["GET", "POST", "PUT", "DELETE", "OPTIONS"], ["/graphql", "/graphql/*"], async (c) => {
    const serverContext: GraphQLServerContext = {
      credentials: credentialsOf(c, services.config.trustProxy),
      requestId: c.var.requestId,
      responseMeta: { counted: false },
    };
    const plain = await jsonPost(c, yoga, services, serverContext);
    let status: number;
    let statusText = "";
    /** Lower-case names: yoga's result processor writes some capitalised. */
    let headers: Record<string, string>;
    let body: BodyInit | null;
    const lowerCased = (from: Iterable<[string, string]>) => {
      const out: Record<string, string> = {};
      for (const [k, v] of from) out[k.toLowerCase()] = v;
      return out;
    };
    if ("answer" in plain) {
      ({ status, body } = plain.answer);
      headers = lowerCased(Object.entries(plain.answer.headers));
    } else {
      const res = await yoga.fetch(plain.request, serverContext);
      ({ status, statusText } = res);
      headers = lowerCased(res.headers);
      // A plain JSON result is sent as one buffer; only event streams (subscriptions) stay streams.
      const streaming = /text\/event-stream|multipart\//.test(res.headers.get("content-type") ?? "");
      body = streaming || res.body === null ? res.body : await res.text();
    }
    /** Answers one request-level error instead of what yoga answered. */
    const answerError = (errorStatus: number, message: string, code: string) => {
      status = errorStatus;
      statusText = "";
      headers["content-type"] = "application/json; charset=utf-8";
      delete headers["content-length"];
      body = JSON.stringify({ errors: [{ message, extensions: { code } }] });
    };
    const bytes = typeof body === "string" ? Buffer.byteLength(body) : 0;
    if (bytes > services.config.graphqlMaxResponseBytes) {
      // The last guard behind the cost limit: texts of unusual size can still add up.
      answerError(
        400,
        `The result is ${bytes} bytes, over the ${services.config.graphqlMaxResponseBytes}-byte limit of a GraphQL response (GRAPHQL_MAX_RESPONSE_BYTES). Ask for fewer fields or smaller pages.`,
        "BAD_REQUEST",
      );
    }
    let rate = serverContext.responseMeta.rate;
    if (!serverContext.responseMeta.counted) {
      // Nothing was executed (a parse or validation error, a preflight): still a request, so it
      // is counted as a standard one and answered with the same headers as any other.
      const decision = await admit(deps, serverContext.credentials, {
        budget: "requests",
        rateClass: "standard",
        units: 1,
      });
      if (decision.admitted) rate = decision.rate;
      else {
        const err = refusalError(decision);
        Object.assign(headers, lowerCased(Object.entries(err.headers)));
        answerError(err.status, err.message, err.code);
      }
    }
    if (rate) Object.assign(headers, lowerCased(Object.entries(rateHeaders(rate))));
    // Nothing GraphQL answers is for a shared cache: yoga's no-cache on event streams is replaced.
    headers["cache-control"] = "no-store";
    return new Response(body, { status, statusText, headers });
  });
  return app;
}
