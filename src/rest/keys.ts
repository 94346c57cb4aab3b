import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { apiKeyWire } from "../resolvers/keys/api-key-record.ts";
import { createApiKey } from "../resolvers/keys/create-api-key.ts";
import { getUsage } from "../resolvers/keys/get-usage.ts";
import { listApiKeys } from "../resolvers/keys/list-api-keys.ts";
import { revokeApiKey } from "../resolvers/keys/revoke-api-key.ts";
import { rotateApiKey } from "../resolvers/keys/rotate-api-key.ts";
import type { AppEnv } from "../web/env.ts";
import type { RestFace } from "./bind-route.ts";
import { errorResponses, integerParameter, iso, jsonBody, jsonResponse } from "./shared-schemas.ts";

export const ApiKeySchema = z
  .object({
    id: z.string().openapi({ example: "key_3k9d0a7c2m1x5z8q" }),
    name: z.string(),
    kind: z.enum(["secret", "publishable"]),
    prefix: z.string().openapi({
      description: "The first characters of the key, to tell keys apart.",
      example: "svc_sk_4Fq…",
    }),
    created_at: z.string().openapi({ format: "date-time" }),
    revoked_at: z.string().nullable().openapi({ format: "date-time" }),
    last_used_at: z.string().nullable().openapi({
      format: "date-time",
      description:
        "When a request last used the key (or a dashboard session signed in with it), exact to the minute; null if never.",
    }),
    replaced_by: z
      .string()
      .nullable()
      .openapi({ description: "The key that replaced this one when it was rotated." }),
  })
  .openapi("ApiKey");

const CreatedKeySchema = z
  .object({
    key: ApiKeySchema,
    secret: z.string().openapi({ description: "The key itself. Shown once: store it now." }),
  })
  .openapi("CreatedApiKey");

const KeyIdParam = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, example: "key_3k9d0a7c2m1x5z8q" }),
});

const list = createRoute({
  method: "get",
  path: "/v1/keys",
  tags: ["Keys"],
  summary: "List the account's API keys (never their secrets)",
  request: {
    query: z.object({
      include_revoked: z
        .enum(["true", "false"])
        .optional()
        .openapi({ description: "Also list revoked and rotated-away keys." }),
    }),
  },
  responses: {
    200: jsonResponse(
      z.object({ keys: z.array(ApiKeySchema) }).openapi("ApiKeyList"),
      "The keys, newest first.",
    ),
    ...errorResponses("FORBIDDEN"),
  },
});

const create = createRoute({
  method: "post",
  path: "/v1/keys",
  tags: ["Keys"],
  summary: "Create an API key; its secret is in this response only",
  request: jsonBody(
    z
      .object({
        kind: z.enum(["secret", "publishable"]).default("secret"),
        name: createApiKey.input.shape.name,
      })
      .strict()
      .openapi("CreateApiKey"),
  ),
  responses: {
    201: jsonResponse(CreatedKeySchema, "The new key and its secret."),
    ...errorResponses("FORBIDDEN", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"),
  },
});

const rotate = createRoute({
  method: "post",
  path: "/v1/keys/{id}/rotate",
  tags: ["Keys"],
  summary: "Replace a key by a new one; the old one stops working at once",
  request: { params: KeyIdParam },
  responses: {
    200: jsonResponse(CreatedKeySchema, "The replacement key and its secret."),
    ...errorResponses("FORBIDDEN", "NOT_FOUND", "CONFLICT", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"),
  },
});

const revoke = createRoute({
  method: "delete",
  path: "/v1/keys/{id}",
  tags: ["Keys"],
  summary: "Revoke a key at once (idempotent)",
  description: "The account's last active secret key cannot be revoked (409); create another or rotate it.",
  request: { params: KeyIdParam },
  responses: {
    200: jsonResponse(
      z.object({ revoked: z.boolean(), key: ApiKeySchema }).openapi("RevokedApiKey"),
      "The revoked key.",
    ),
    ...errorResponses("FORBIDDEN", "NOT_FOUND", "CONFLICT", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"),
  },
});

const usage = createRoute({
  method: "get",
  path: "/v1/usage",
  tags: ["Keys"],
  summary: "Requests per key and minute, against the rate limits",
  description:
    "The counts the rate limit keeps (SPEC 8: one-minute windows, a REST request 1, a GraphQL query its cost), per key and class, for the last `minutes` minutes ending with the current one. Active keys are listed, and revoked keys that made requests in the span.",
  request: {
    query: z.object({
      minutes: integerParameter(getUsage.input.shape.minutes).openapi({
        description: "1 to 60 (the minutes kept); 30 by default.",
      }),
    }),
  },
  responses: {
    200: jsonResponse(
      z
        .object({
          limits: z
            .object({ standard: z.number().int(), expensive: z.number().int() })
            .openapi({ description: "A key's budget a minute in each class." }),
          from: z.string().openapi({ format: "date-time", description: "The first minute's start." }),
          to: z.string().openapi({ format: "date-time", description: "The current minute's start." }),
          keys: z.array(
            z.object({
              key_id: z.string(),
              name: z.string(),
              prefix: z.string(),
              kind: z.enum(["secret", "publishable"]),
              revoked_at: z.string().nullable().openapi({ format: "date-time" }),
              minutes: z.array(
                z.object({
                  start: z.string().openapi({ format: "date-time" }),
                  standard: z.number().int(),
                  expensive: z.number().int(),
                }),
              ),
            }),
          ),
        })
        .openapi("Usage"),
      "Every minute of the span for each key, oldest first (zero where nothing was counted).",
    ),
    ...errorResponses("FORBIDDEN"),
  },
});

export function registerKeyRoutes(app: OpenAPIHono<AppEnv>, { ctxOf, bind }: RestFace) {
  app.openapi(bind(list, listApiKeys), async (c) => {
    const keys = await listApiKeys.invoke(ctxOf(c), {
      includeRevoked: c.req.valid("query").include_revoked === "true",
    });
    return c.json({ keys: keys.map(apiKeyWire) }, 200);
  });
  app.openapi(bind(usage, getUsage), async (c) => {
    const u = await getUsage.invoke(ctxOf(c), { minutes: c.req.valid("query").minutes });
    return c.json(
      {
        limits: u.limits,
        from: u.from.toISOString(),
        to: u.to.toISOString(),
        keys: u.keys.map((k) => ({
          key_id: k.keyId,
          name: k.name,
          prefix: k.prefix,
          kind: k.kind,
          revoked_at: iso(k.revokedAt),
          minutes: k.minutes.map((m) => ({
            start: m.start.toISOString(),
            standard: m.standard,
            expensive: m.expensive,
          })),
        })),
      },
      200,
    );
  });
  app.openapi(bind(create, createApiKey), async (c) => {
    const created = await createApiKey.invoke(ctxOf(c), c.req.valid("json"));
    return c.json({ key: apiKeyWire(created.key), secret: created.secret }, 201);
  });
  app.openapi(bind(rotate, rotateApiKey), async (c) => {
    const created = await rotateApiKey.invoke(ctxOf(c), { id: c.req.valid("param").id });
    return c.json({ key: apiKeyWire(created.key), secret: created.secret }, 200);
  });
  app.openapi(bind(revoke, revokeApiKey), async (c) => {
    const key = await revokeApiKey.invoke(ctxOf(c), { id: c.req.valid("param").id });
    return c.json({ revoked: true, key: apiKeyWire(key) }, 200);
  });
}
