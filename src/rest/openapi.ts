import type { OpenAPIHono } from "@hono/zod-openapi";
import { rateLimits } from "../core/auth/rate-limit.ts";
import { errorCodes, errorStatus } from "../core/errors.ts";
import type { Services } from "../core/services.ts";
import type { AppEnv } from "../http/env.ts";
import { authenticateAs } from "../http/middleware.ts";

export const API_VERSION = "1.14.0";

/** /openapi.json, generated from the route definitions registered on the app. */
export function registerOpenApiDocument(app: OpenAPIHono<AppEnv>, services: Services) {
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description:
      "A secret key (svc_sk_…) or, where a route allows it, a publishable key (svc_pk_…). A route that needs a secret key names the role `secret` in its security requirement.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "apiKeyHeader", {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description: "The same key in the x-api-key header.",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "operatorSecret", {
    type: "apiKey",
    in: "header",
    name: "x-document-agent-secret",
    description:
      "The operator secret (WORKER_SECRET) for operator tasks; with x-account-id naming an account, it may also call that account's secret-key routes.",
  });
  const { authenticated: withKey, unauthenticated: withoutKey } = rateLimits;
  let cached: unknown;
  app.get("/openapi.json", authenticateAs(services, "standard"), (c) => {
    cached ??= app.getOpenAPI31Document({
      openapi: "3.1.0",
      info: {
        title: "Quire document-processing API",
        version: API_VERSION,
        description: [
          "REST face of Quire. Errors use one envelope `{error: {code, message}}`; each code has one status:",
          `${errorCodes.map((code) => `${code} ${errorStatus[code]}`).join(", ")}.`,
          "",
          `Rate limits (fixed one-minute windows, per key, or per client address without a key): ${withKey.standard} standard and`,
          `${withKey.expensive} expensive requests a minute with a key, ${withoutKey.standard} and ${withoutKey.expensive} without. Every response carries X-RateLimit-Limit,`,
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
