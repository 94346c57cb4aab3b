import { OpenAPIHono } from "@hono/zod-openapi";
import { Hono } from "hono";
import { AppError } from "../core/errors.ts";
import type { Services } from "../core/services.ts";
import { dashboardApp } from "../dashboard/dashboard-app.ts";
import { hostedApp } from "../hosting/hosted-app.ts";
import { mcpApp } from "../mcp/mcp-app.ts";
import { registerAccountRoutes } from "../rest/accounts.ts";
import { registerAgentRoutes } from "../rest/agents.ts";
import { registerAnsweringRoutes } from "../rest/answering.ts";
import { registerModelRoutes } from "../rest/answering-models.ts";
import { restFace } from "../rest/bind-route.ts";
import { registerCollectionRoutes } from "../rest/collections.ts";
import { registerCollectionQueryRoute } from "../rest/collections-query.ts";
import { registerConversionRoutes } from "../rest/conversions.ts";
import { registerDocumentRoutes } from "../rest/documents.ts";
import { registerDocumentContentRoutes } from "../rest/documents-content.ts";
import { registerFileRoutes } from "../rest/files.ts";
import { registerHostRoutes } from "../rest/hosting.ts";
import { registerKeyRoutes } from "../rest/keys.ts";
import { registerOpenApiDocument } from "../rest/openapi.ts";
import { registerRunRoutes } from "../rest/runs.ts";
import { registerSqlRoutes } from "../rest/sql.ts";
import { registerTableRoutes } from "../rest/tables.ts";
import { validationHook } from "../rest/validation-hook.ts";
import { registerWorkflowRoutes } from "../rest/workflows.ts";
import { graphqlApp } from "../schema/server/graphql-route.ts";
import type { AppEnv } from "../web/env.ts";
import { errorResponse, toAppError } from "../web/error-response.ts";
import { authenticateAs, corsPolicy, requestId } from "../web/middleware.ts";

/** REST under /v1 and its OpenAPI document: each route authenticates and counts as its operation says. */
function restApp(services: Services): OpenAPIHono<AppEnv> {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook as never });
  const face = restFace(services);
  registerAccountRoutes(app, face);
  registerKeyRoutes(app, face);
  registerDocumentRoutes(app, face);
  registerDocumentContentRoutes(app, face);
  registerCollectionRoutes(app, face);
  registerAnsweringRoutes(app, face);
  registerCollectionQueryRoute(app, face);
  registerModelRoutes(app, face);
  registerFileRoutes(app, face);
  registerHostRoutes(app, face);
  registerConversionRoutes(app, face);
  registerWorkflowRoutes(app, face);
  registerTableRoutes(app, face);
  registerSqlRoutes(app, face);
  registerAgentRoutes(app, face);
  registerRunRoutes(app, face);
  registerOpenApiDocument(app, services);
  return app;
}

/**
 * The whole HTTP face, composed of sub-apps that each bring their own middleware: REST under
 * /v1, GraphQL at /graphql, MCP at /mcp. What every response shares (a request id, CORS, the error envelope)
 * is set here.
 */
export function createApp(services: Services) {
  const app = new Hono<AppEnv>();
  // Hosted sites ({namespace}.HOSTED_DOMAIN) are answered before anything of the API runs.
  const hosted = hostedApp(services);
  app.use("*", async (c, next) => {
    const answered = await hosted.answer(c.req.raw, (c.env ?? {}) as object);
    if (answered) return answered;
    return next();
  });
  app.use("*", requestId);
  app.use("*", corsPolicy(services));

  // Health probes spend no client's budget and need no key.
  app.get("/health", async (c) => {
    await services.db.pool.query("SELECT 1");
    return c.json({ ok: true });
  });

  app.route("/", restApp(services));
  app.route("/", graphqlApp(services));
  app.route("/", mcpApp(services));
  app.route("/", dashboardApp(services));

  // A path that is no route is still a request: the caller is authenticated and counted first, so
  // a wrong key hears 401 whatever the path.
  const counted = authenticateAs(services, "standard");
  app.notFound(async (c) => {
    await counted(c, async () => undefined);
    return errorResponse(
      c,
      new AppError(
        "NOT_FOUND",
        `No route ${c.req.method} ${c.req.path}. The API is described at /openapi.json.`,
      ),
    );
  });
  app.onError((err, c) => {
    // A client that went away mid-answer aborts the work done for it; that is not our failure
    // (nothing will read this response), so it is not logged as one.
    if (c.req.raw.signal.aborted && !(err instanceof AppError))
      return errorResponse(c, new AppError("BAD_REQUEST", "The client closed the request."));
    return errorResponse(c, toAppError(err, services.log, c.var.requestId ?? "-"));
  });
  return { app, stop: hosted.stop };
}
