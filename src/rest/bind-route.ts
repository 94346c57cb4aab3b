import type { RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { admitCaller, type CallerRule } from "../core/auth/authorize.ts";
import type { Services } from "../core/services.ts";
import type { OperationContext } from "../resolvers/context.ts";
import type { AnyOperation } from "../resolvers/operation.ts";
import type { AppEnv } from "../web/env.ts";
import { authenticateAs, type BodyKind, bodyRule } from "../web/middleware.ts";

// A REST route is bound to the operation it serves: the operation's rate class, caller rule and
// the route's body kind become the route's own middleware (in that order, before its input is
// validated), its OpenAPI security is derived from the caller rule and its operationId from the
// operation's name. Nothing about who may call or how it is counted is written in a route.

type Security = Record<string, string[]>[];

/**
 * The security schemes, one pair per kind of credential a route may need, each pair naming the
 * two headers a key may travel in. Generators and linters read a scheme as one credential, so a
 * route that needs a secret key names schemes that accept only secret keys.
 */
export const securitySchemes = {
  secretKeyBearer: {
    type: "http",
    scheme: "bearer",
    description: "A secret key (svc_sk_…) as `Authorization: Bearer svc_sk_…`. Server to server only.",
  },
  secretKeyHeader: {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description: "A secret key (svc_sk_…) in the x-api-key header.",
  },
  anyKeyBearer: {
    type: "http",
    scheme: "bearer",
    description:
      "A secret key (svc_sk_…) or a publishable key (svc_pk_…, for browsers) as `Authorization: Bearer …`.",
  },
  anyKeyHeader: {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description: "A secret or publishable key in the x-api-key header.",
  },
  operatorSecret: {
    type: "apiKey",
    in: "header",
    name: "x-document-agent-secret",
    description:
      "The operator secret (WORKER_SECRET) for operator tasks; with x-account-id naming an account, it may also call that account's secret-key routes.",
  },
} as const;

type SchemeName = keyof typeof securitySchemes;
const either = (bearer: SchemeName, header: SchemeName): Security => [{ [bearer]: [] }, { [header]: [] }];

/** The security requirement of a caller rule; routes open to callers without a key add `{}`. */
export function securityOf(rule: CallerRule): Security {
  switch (rule) {
    case "operator":
      return [{ operatorSecret: [] }];
    case "secretKey":
      return either("secretKeyBearer", "secretKeyHeader");
    case "anyKey":
      return either("anyKeyBearer", "anyKeyHeader");
    case "anyone":
      return [...either("anyKeyBearer", "anyKeyHeader"), {}];
  }
}

export type RestFace = {
  /** The operation context of a request: who calls (set by the route's middleware) and the services. */
  ctxOf: (c: { var: AppEnv["Variables"] }) => OperationContext;
  /**
   * The route with the operation's middleware, security and operationId: the operation's name,
   * unless the route gives its own (where two routes serve one operation). Ids are unique.
   */
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
  const operationIds = new Set<string>();
  return {
    ctxOf: (c) => ({ principal: c.var.principal, services }),
    services,
    bind: (route, operation) => {
      const operationId = route.operationId ?? operation.name;
      if (operationIds.has(operationId))
        throw new Error(
          `${route.method.toUpperCase()} ${route.path}: operationId ${operationId} is taken; a second route serving an operation names its own`,
        );
      operationIds.add(operationId);
      return {
        ...route,
        operationId,
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
