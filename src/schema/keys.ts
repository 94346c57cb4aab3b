import type { ApiKeyEvent } from "../core/auth/key-events.ts";
import type { ApiKeyRecord } from "../resolvers/keys/api-key-record.ts";
import { createApiKey } from "../resolvers/keys/create-api-key.ts";
import { getUsage, type KeyUsage, type Usage, type UsageMinute } from "../resolvers/keys/get-usage.ts";
import { listApiKeys } from "../resolvers/keys/list-api-keys.ts";
import { revokeApiKey } from "../resolvers/keys/revoke-api-key.ts";
import { rotateApiKey } from "../resolvers/keys/rotate-api-key.ts";
import { watchApiKeys } from "../resolvers/keys/watch-api-keys.ts";
import { builder } from "./builder.ts";
import { servedBy } from "./served-by.ts";

const ApiKeyKind = builder.enumType("ApiKeyKind", { values: ["secret", "publishable"] as const });

export const ApiKey = builder.objectRef<ApiKeyRecord>("ApiKey").implement({
  description: "An API key. The secret itself is only ever returned by createApiKey and rotateApiKey.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    kind: t.field({ type: ApiKeyKind, resolve: (k) => k.kind }),
    prefix: t.exposeString("prefix", { description: "The first characters of the key, to tell keys apart." }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    revokedAt: t.expose("revokedAt", { type: "DateTime", nullable: true }),
    lastUsedAt: t.expose("lastUsedAt", {
      type: "DateTime",
      nullable: true,
      description:
        "When a request last used the key (or a dashboard session signed in with it), exact to the minute; null if never.",
    }),
    replacedBy: t.exposeID("replacedBy", {
      nullable: true,
      description: "The key that replaced this one on rotation.",
    }),
  }),
});

const CreatedApiKey = builder.objectRef<{ key: ApiKeyRecord; secret: string }>("CreatedApiKey").implement({
  fields: (t) => ({
    key: t.field({ type: ApiKey, resolve: (r) => r.key }),
    secret: t.exposeString("secret", { description: "The key itself. Shown once: store it now." }),
  }),
});

const ApiKeyAction = builder.enumType("ApiKeyAction", { values: ["created", "rotated", "revoked"] as const });

const ApiKeyEventType = builder.objectRef<ApiKeyEvent>("ApiKeyEvent").implement({
  fields: (t) => ({
    action: t.field({ type: ApiKeyAction, resolve: (e) => e.action }),
    keyId: t.exposeID("keyId"),
  }),
});

builder.queryField("apiKeys", (t) =>
  t.field({
    extensions: servedBy(listApiKeys),
    type: [ApiKey],
    description: "The account's API keys, newest first. Needs a secret key.",
    args: { includeRevoked: t.arg.boolean({ required: false }) },
    resolve: (_root, args, ctx) => listApiKeys.invoke(ctx, { includeRevoked: args.includeRevoked ?? false }),
  }),
);

const UsageMinuteType = builder.objectRef<UsageMinute>("UsageMinute").implement({
  fields: (t) => ({
    start: t.expose("start", { type: "DateTime" }),
    standard: t.exposeInt("standard"),
    expensive: t.exposeInt("expensive"),
  }),
});

const KeyUsageType = builder.objectRef<KeyUsage>("KeyUsage").implement({
  fields: (t) => ({
    keyId: t.exposeID("keyId"),
    name: t.exposeString("name"),
    prefix: t.exposeString("prefix"),
    kind: t.field({ type: ApiKeyKind, resolve: (k) => k.kind }),
    revokedAt: t.expose("revokedAt", { type: "DateTime", nullable: true }),
    minutes: t.field({ type: [UsageMinuteType], resolve: (k) => k.minutes }),
  }),
});

const RateLimitsType = builder.objectRef<Usage["limits"]>("RateLimits").implement({
  description: "A key's budget a minute in each rate class.",
  fields: (t) => ({ standard: t.exposeInt("standard"), expensive: t.exposeInt("expensive") }),
});

const UsageType = builder.objectRef<Usage>("Usage").implement({
  description: "Requests per key and minute against the rate limits (twin of GET /v1/usage).",
  fields: (t) => ({
    limits: t.field({ type: RateLimitsType, resolve: (u) => u.limits }),
    from: t.expose("from", { type: "DateTime", description: "The first minute's start." }),
    to: t.expose("to", { type: "DateTime", description: "The current minute's start." }),
    keys: t.field({ type: [KeyUsageType], resolve: (u) => u.keys }),
  }),
});

builder.queryField("usage", (t) =>
  t.field({
    extensions: servedBy(getUsage),
    type: UsageType,
    description:
      "The account's requests per key and minute for the last `minutes` minutes (1 to 60, 30 by default), every minute listed, oldest first. Needs a secret key.",
    args: { minutes: t.arg.int({ required: false }) },
    resolve: (_root, args, ctx) => getUsage.invoke(ctx, { minutes: args.minutes ?? undefined }),
  }),
);

builder.mutationFields((t) => ({
  createApiKey: t.field({
    extensions: servedBy(createApiKey),
    type: CreatedApiKey,
    args: {
      kind: t.arg({ type: ApiKeyKind, required: false, defaultValue: "secret" }),
      name: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) => createApiKey.invoke(ctx, { kind: args.kind ?? "secret", name: args.name }),
  }),
  rotateApiKey: t.field({
    extensions: servedBy(rotateApiKey),
    type: CreatedApiKey,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => rotateApiKey.invoke(ctx, { id: String(args.id) }),
  }),
  revokeApiKey: t.field({
    extensions: servedBy(revokeApiKey),
    type: ApiKey,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => revokeApiKey.invoke(ctx, { id: String(args.id) }),
  }),
}));

builder.subscriptionField("apiKeyEvents", (t) =>
  t.field({
    type: ApiKeyEventType,
    description: "Key changes of the caller's account as they happen, from any API process.",
    extensions: servedBy(watchApiKeys),
    subscribe: (_root, _args, ctx) => watchApiKeys.invoke(ctx, {}),
    resolve: (event) => event,
  }),
);
