import { OpenAPIHono } from "@hono/zod-openapi";
import { AppError } from "../core/errors.ts";
import type { Services } from "../core/services.ts";
import type { OperationContext } from "../resolvers/context.ts";
import { registerAccountRoutes } from "../rest/accounts.ts";
import { registerAnsweringRoutes } from "../rest/answering.ts";
import { registerCollectionQueryRoute } from "../rest/collection-query.ts";
import { registerCollectionRoutes } from "../rest/collections.ts";
import { registerDocumentContentRoutes } from "../rest/document-content.ts";
import { registerDocumentRoutes } from "../rest/documents.ts";
import { registerKeyRoutes } from "../rest/keys.ts";
import { registerOpenApiDocument } from "../rest/openapi.ts";
import { validationHook } from "../rest/validation-hook.ts";
import type { AppEnv } from "./env.ts";
import { errorResponse, toAppError } from "./error-response.ts";
import { mountGraphQL } from "./graphql-route.ts";
import { authAndRateLimit, bodyRules, corsPolicy, requestId } from "./middleware.ts";

/** The whole HTTP face: REST under /v1, GraphQL at /graphql, the OpenAPI document, health. */
export function createApp(services: Services) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook as never });
  const ctxOf = (c: { var: AppEnv["Variables"] }): OperationContext => ({
    principal: c.var.principal,
    services,
  });

  app.use("*", requestId);
  app.use("*", corsPolicy(services));
  app.use("*", authAndRateLimit(services));
  app.use("*", bodyRules(services));

  app.get("/health", async (c) => {
    await services.db.pool.query("SELECT 1");
    return c.json({ ok: true });
  });

  registerAccountRoutes(app, ctxOf);
  registerKeyRoutes(app, ctxOf);
  registerDocumentRoutes(app, ctxOf);
  registerDocumentContentRoutes(app, ctxOf);
  registerCollectionRoutes(app, ctxOf);
  registerAnsweringRoutes(app, ctxOf, services);
  registerCollectionQueryRoute(app, ctxOf, services);
  registerOpenApiDocument(app);

  mountGraphQL(app, services);

  app.notFound((c) =>
    errorResponse(
      c,
      new AppError(
        "NOT_FOUND",
        `No route ${c.req.method} ${c.req.path}. The API is described at /openapi.json.`,
      ),
    ),
  );
  app.onError((err, c) => {
    // A client that went away mid-answer aborts the work done for it; that is not our failure
    // (nothing will read this response), so it is not logged as one.
    if (c.req.raw.signal.aborted && !(err instanceof AppError))
      return errorResponse(c, new AppError("BAD_REQUEST", "The client closed the request."));
    return errorResponse(c, toAppError(err, services.log, c.var.requestId ?? "-"));
  });
  return { app };
}
