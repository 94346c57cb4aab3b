import type { RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { admitCaller, type CallerRule } from "../core/auth/authorize.ts";
import type { Services } from "../core/services.ts";
import type { AppEnv } from "../http/env.ts";
import { authenticateAs, type BodyKind, bodyRule } from "../http/middleware.ts";
import type { OperationContext } from "../resolvers/context.ts";
import type { AnyOperation } from "../resolvers/operation.ts";

// A REST route is bound to the operation it serves: the operation's rate class, caller rule and
// the route's body kind become the route's own middleware (in that order, before its input is
// validated), and its OpenAPI security is derived from the caller rule. Nothing about who may
// call or how it is counted is written in a route.

type Security = Record<string, string[]>[];

/**
 * Secret-key routes name the `secret` role on the key schemes (OpenAPI 3.1 allows role names on
 * any scheme); routes any key may call name none; routes open to callers without a key add `{}`.
 */
export function securityOf(rule: CallerRule): Security {
  switch (rule) {
    case "operator":
      return [{ operatorSecret: [] }];
    case "secretKey":
      return [{ bearerAuth: ["secret"] }, { apiKeyHeader: ["secret"] }];
    case "anyKey":
      return [{ bearerAuth: [] }, { apiKeyHeader: [] }];
    case "anyone":
      return [{ bearerAuth: [] }, { apiKeyHeader: [] }, {}];
  }
}

export type RestFace = {
  /** The operation context of a request: who calls (set by the route's middleware) and the services. */
  ctxOf: (c: { var: AppEnv["Variables"] }) => OperationContext;
  /** The route with the operation's middleware and security. */
  bind: <R extends RouteConfig>(route: R, operation: AnyOperation) => R;
  services: Services;
};

function bodyKindOf(route: RouteConfig): BodyKind {
  const content = route.request?.body?.content ?? {};
  if ("application/pdf" in content) return "bytes";
  if ("multipart/form-data" in content)
    return "application/json" in content ? "jsonOrMultipart" : "multipart";
  return "json";
}

export function restFace(services: Services): RestFace {
  const admit =
    (rule: CallerRule): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      admitCaller(c.var.principal, rule);
      await next();
    };
  return {
    ctxOf: (c) => ({ principal: c.var.principal, services }),
    services,
    bind: (route, operation) => {
      return {
        ...route,
        security: securityOf(operation.caller),
        "x-operation": operation.name,
        middleware: [
          authenticateAs(services, operation.rateClass),
          admit(operation.caller),
          bodyRule(services, bodyKindOf(route)),
        ],
      };
    },
  };
}
