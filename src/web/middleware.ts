import { randomUUID } from "node:crypto";
import type { HttpBindings } from "@hono/node-server";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { admit } from "../core/auth/admit.ts";
import { admittedOrThrow } from "../core/auth/decision.ts";
import { type RateClass, rateHeaders } from "../core/auth/rate-limit.ts";
import { AppError } from "../core/errors.ts";
import type { Services } from "../core/services.ts";
import type { AppEnv } from "./env.ts";
import { authDeps, credentialsOf } from "./request-info.ts";

/**
 * Sets a header every response to this request carries unless the route's answer sets its own.
 * It is written on Node's response, under whatever the route answers (Node lays the answer's
 * headers over it when it writes the head): routes that answer with a Response of their own
 * (GraphQL's, MCP's) get it too, and no Headers object is made for it.
 */
export function baseHeader(c: Context<AppEnv>, name: string, value: string): void {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  if (!outgoing) throw new Error("Quire's HTTP app is served by @hono/node-server (start-service.ts).");
  outgoing.setHeader(name, value);
}

/** A request id on every response; a client's own X-Request-Id is kept when it is sane. */
export const requestId: MiddlewareHandler<AppEnv> = async (c, next) => {
  const given = c.req.header("x-request-id");
  const id = given && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
  c.set("requestId", id);
  baseHeader(c, "X-Request-Id", id);
  // SPEC 5 rule 7: private unless a public route says otherwise.
  baseHeader(c, "Cache-Control", "no-store");
  // Every response says what it is; browsers must not guess (a PDF's text taken for HTML).
  baseHeader(c, "X-Content-Type-Options", "nosniff");
  return next();
};

/**
 * Admits the request, counted 1 in `rateClass`: a refusal (401, 403, 429) ends it here as the
 * error envelope; otherwise the principal and the window's state are left on the context and the
 * rate headers on the response.
 */
export function authenticateAs(services: Services, rateClass: RateClass): MiddlewareHandler<AppEnv> {
  const deps = authDeps(services);
  return async (c, next) => {
    const { principal, rate } = admittedOrThrow(
      await admit(deps, credentialsOf(c, services.config.trustProxy), {
        budget: "requests",
        rateClass,
        units: 1,
      }),
    );
    c.set("principal", principal);
    c.set("rate", rate);
    for (const [k, v] of Object.entries(rateHeaders(rate))) baseHeader(c, k, v);
    await next();
  };
}

const bodyMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * What a route's body may be: JSON (also for routes that take none), multipart for uploads, or
 * either (GraphQL, whose uploads follow the multipart request specification).
 */
export type BodyKind = "json" | "multipart" | "jsonOrMultipart" | "bytes";

/**
 * A body of another kind is refused with 415 before it is read, and one over its kind's size
 * limit with 413 (uploads are large, JSON is not).
 */
export function bodyRule(services: Services, kind: BodyKind): MiddlewareHandler<AppEnv> {
  // The rest of a refused body is never read, and the server drops such a connection shortly
  // after answering; saying so keeps clients from sending their next request down it.
  const tooLarge = (shown: number) => () => {
    throw new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than the limit of ${shown} bytes.`, {
      Connection: "close",
    });
  };
  const { maxUploadBytes, maxJsonBodyBytes } = services.config;
  const uploadLimit = maxUploadBytes + 64 * 1024; // room for the multipart framing
  const countedUpload = bodyLimit({ maxSize: uploadLimit, onError: tooLarge(maxUploadBytes) });
  const countedJson = bodyLimit({ maxSize: maxJsonBodyBytes, onError: tooLarge(maxJsonBodyBytes) });
  const takesJson = kind === "json" || kind === "jsonOrMultipart";
  const takesMultipart = kind === "multipart" || kind === "jsonOrMultipart";
  return async (c, next) => {
    if (!bodyMethods.has(c.req.method)) return next();
    const length = c.req.header("content-length");
    const hasBody =
      (length !== undefined && length !== "0") || c.req.header("transfer-encoding") !== undefined;
    if (!hasBody) return next();
    const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    const json = type === "application/json" || type.endsWith("+json");
    const bytes = kind === "bytes" && ["application/pdf", "application/octet-stream", ""].includes(type);
    const upload = type === "multipart/form-data" || bytes;
    if (!(json && takesJson) && !(upload && (takesMultipart || bytes))) {
      if (kind === "bytes")
        throw new AppError(
          "UNSUPPORTED_MEDIA_TYPE",
          `Content type '${type}' is not accepted here: send the file's bytes as application/pdf (or application/octet-stream).`,
        );
      throw new AppError(
        "UNSUPPORTED_MEDIA_TYPE",
        !takesJson
          ? `Content type '${type || "none"}' is not accepted here: send the file as multipart/form-data.`
          : type
            ? `Content type '${type}' is not accepted: send application/json${takesMultipart ? " (or multipart/form-data for uploads)" : ""}.`
            : "The body has no Content-Type: send application/json.",
      );
    }
    // With a declared length (which Node's parser holds the body to), the check needs no
    // wrapping of the body stream; only a chunked body is counted as it arrives.
    if (length !== undefined && /^\d+$/.test(length) && c.req.header("transfer-encoding") === undefined) {
      if (Number(length) > (upload ? uploadLimit : maxJsonBodyBytes))
        tooLarge(upload ? maxUploadBytes : maxJsonBodyBytes)();
      return next();
    }
    return upload ? countedUpload(c, next) : countedJson(c, next);
  };
}

/**
 * One CORS policy for REST and GraphQL alike. Browsers call with a key in a header (a publishable
 * key is made for that), never with cookies, so credentials are not allowed: a page of any
 * allowed origin gets what its key gets, and no more. Preflights are answered before
 * authentication and counted nowhere.
 *
 * Written here rather than taken from hono/cors, which sets its headers on `c.res` before the
 * route runs: Hono then copies them onto the route's own Response by wrapping it again, and the
 * wrapped GraphQL event streams end twice on the client. These are written under the response
 * (baseHeader), and Vary is added to the final one.
 */
export function corsPolicy(services: Services): MiddlewareHandler<AppEnv> {
  const origins = services.config.corsOrigins;
  const any = origins.includes("*");
  const allowed = (origin: string | undefined) =>
    any ? "*" : origin && origins.includes(origin) ? origin : null;
  const common = (origin: string) => ({
    "Access-Control-Allow-Origin": origin,
    ...(any ? {} : { Vary: "Origin" }),
  });
  return async (c, next) => {
    const origin = allowed(c.req.header("origin"));
    if (c.req.method === "OPTIONS" && c.req.header("access-control-request-method")) {
      if (!origin) return c.body(null, 204, any ? {} : { Vary: "Origin" });
      return c.body(null, 204, {
        ...common(origin),
        "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
        "Access-Control-Allow-Headers":
          "Authorization, X-Api-Key, Content-Type, Accept, X-Request-Id, Last-Event-ID, Mcp-Protocol-Version, Mcp-Session-Id",
        "Access-Control-Max-Age": "600",
      });
    }
    if (origin) {
      baseHeader(c, "Access-Control-Allow-Origin", origin);
      baseHeader(
        c,
        "Access-Control-Expose-Headers",
        "X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, X-Request-Id, Content-Disposition, Mcp-Session-Id, WWW-Authenticate",
      );
    }
    await next();
    // With a list of origins the answer depends on the Origin header, beside whatever the route
    // says it depends on (a public document's answer depends on the key too).
    if (!any) {
      const vary = c.res.headers.get("Vary");
      if (!vary?.split(",").some((v) => v.trim().toLowerCase() === "origin"))
        c.res.headers.set("Vary", vary ? `${vary}, Origin` : "Origin");
    }
    return undefined;
  };
}
