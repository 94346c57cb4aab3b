import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../http/env.ts";

export const API_VERSION = "1.14.0";

/** /openapi.json, generated from the route definitions registered on the app. */
export function registerOpenApiDocument(app: OpenAPIHono<AppEnv>) {
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "A secret key (svc_sk_…) or, where a route allows it, a publishable key (svc_pk_…).",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "apiKeyHeader", {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description: "The same key in the x-api-key header.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "workerSecret", {
    type: "apiKey",
    in: "header",
    name: "x-document-agent-secret",
    description:
      "The shared worker secret (WORKER_SECRET) for internal callers; x-account-id names the account acted for.",
  });
  let cached: unknown;
  app.get("/openapi.json", (c) => {
    cached ??= app.getOpenAPI31Document({
      openapi: "3.1.0",
      info: {
        title: "Quire document-processing API",
        version: API_VERSION,
        description: [
          "REST face of Quire. Errors use one envelope `{error: {code, message}}`; each code has one status:",
          "BAD_REQUEST 400, UNAUTHORIZED 401, FORBIDDEN 403, NOT_FOUND 404, CONFLICT 409, PAYLOAD_TOO_LARGE 413,",
          "UNSUPPORTED_MEDIA_TYPE 415, RATE_LIMITED 429, INTERNAL 500.",
          "",
          "Rate limits (fixed one-minute windows, per key, or per client address without a key): 600 standard and",
          "30 expensive requests a minute with a key, 60 and 5 without. Every response carries X-RateLimit-Limit,",
          "X-RateLimit-Remaining and X-RateLimit-Reset for the class it was counted in; a 429 also carries Retry-After.",
          "",
          "Publishable keys (svc_pk_) are for browsers: they may read the account record and read or query the",
          "documents whose access policy grants the `publishable` principal; they never mutate or configure.",
        ].join("\n"),
      },
      servers: [{ url: "/" }],
    });
    c.header("Cache-Control", "public, max-age=300");
    return c.json(cached as object);
  });
}
