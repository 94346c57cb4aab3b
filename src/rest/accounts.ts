import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { accountWire } from "../resolvers/accounts/account-record.ts";
import { createAccount } from "../resolvers/accounts/create-account.ts";
import { getCurrentAccount } from "../resolvers/accounts/get-current-account.ts";
import { apiKeyWire } from "../resolvers/keys/api-key-record.ts";
import type { AppEnv } from "../web/env.ts";
import type { RestFace } from "./bind-route.ts";
import { ApiKeySchema } from "./keys.ts";
import { errorResponses, jsonBody, jsonResponse } from "./shared-schemas.ts";

const AccountSchema = z
  .object({
    id: z.string().openapi({ example: "acct_0f3kq9x2m7d1c5ab" }),
    name: z.string(),
    created_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Account");

const current = createRoute({
  method: "get",
  path: "/v1/account",
  tags: ["Accounts"],
  summary: "The caller's account and the key it called with",
  responses: {
    200: jsonResponse(
      z
        .object({
          account: AccountSchema,
          key_id: z.string().nullable(),
          key_kind: z.enum(["secret", "publishable", "internal"]),
        })
        .openapi("CurrentAccount"),
      "The account.",
    ),
    ...errorResponses("NOT_FOUND"),
  },
});

const create = createRoute({
  method: "post",
  path: "/v1/accounts",
  tags: ["Accounts"],
  summary: "Create an account with its first secret key (operator only)",
  description:
    "Authenticated with the operator secret (WORKER_SECRET, sent as x-document-agent-secret). The key's secret is shown once.",
  request: jsonBody(z.object({ name: createAccount.input.shape.name }).strict().openapi("CreateAccount")),
  responses: {
    201: jsonResponse(
      z.object({ account: AccountSchema, key: ApiKeySchema, secret: z.string() }).openapi("CreatedAccount"),
      "The account, its first key and that key's secret.",
    ),
    ...errorResponses("FORBIDDEN", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"),
  },
});

export function registerAccountRoutes(app: OpenAPIHono<AppEnv>, { ctxOf, bind }: RestFace) {
  app.openapi(bind(current, getCurrentAccount), async (c) => {
    const r = await getCurrentAccount.invoke(ctxOf(c), {});
    return c.json(
      {
        account: accountWire(r.account),
        key_id: r.keyId,
        key_kind: r.keyKind,
      },
      200,
    );
  });
  app.openapi(bind(create, createAccount), async (c) => {
    const r = await createAccount.invoke(ctxOf(c), c.req.valid("json"));
    return c.json(
      {
        account: accountWire(r.account),
        key: apiKeyWire(r.key),
        secret: r.secret,
      },
      201,
    );
  });
}
