import type { DocumentConfig } from "../resolvers/documents/document-config.ts";
import { getDocumentConfig, setDocumentConfig } from "../resolvers/documents/document-config.ts";
import { builder } from "./builder.ts";
import { servedBy } from "./served-by.ts";

type Grant = DocumentConfig["access"]["grants"][number];

const Principal = builder.objectRef<Grant["principal"]>("AccessPrincipal").implement({
  description: "owner, publishable (optionally one key) or public.",
  fields: (t) => ({
    type: t.exposeString("type"),
    keyId: t.string({
      nullable: true,
      resolve: (p) => (p.type === "publishable" ? (p.keyId ?? null) : null),
    }),
  }),
});

const GrantType = builder.objectRef<Grant>("AccessGrant").implement({
  fields: (t) => ({
    principal: t.field({ type: Principal, resolve: (g) => g.principal }),
    actions: t.exposeStringList("actions"),
  }),
});

const Policy = builder.objectRef<DocumentConfig["access"]>("AccessPolicy").implement({
  fields: (t) => ({
    defaultEffect: t.exposeString("defaultEffect"),
    grants: t.field({ type: [GrantType], resolve: (p) => p.grants }),
  }),
});

const Config = builder.objectRef<DocumentConfig>("DocumentConfig").implement({
  fields: (t) => ({
    access: t.field({ type: Policy, resolve: (c) => c.access }),
    title: t.exposeString("title", { nullable: true }),
    language: t.exposeString("language", { nullable: true }),
    metadata: t.field({ type: "JSON", resolve: (c) => c.metadata }),
    strategy: t.exposeString("strategy"),
  }),
});

const PrincipalInput = builder.inputType("AccessPrincipalInput", {
  fields: (t) => ({ type: t.string({ required: true }), keyId: t.string({ required: false }) }),
});
const GrantInput = builder.inputType("AccessGrantInput", {
  fields: (t) => ({
    principal: t.field({ type: PrincipalInput, required: true }),
    actions: t.stringList({ required: true }),
  }),
});
const PolicyInput = builder.inputType("AccessPolicyInput", {
  fields: (t) => ({
    defaultEffect: t.string({ required: true }),
    grants: t.field({ type: [GrantInput], required: true }),
  }),
});
const ConfigInput = builder.inputType("DocumentConfigInput", {
  description: "Replaces the whole configuration: fields left out return to their defaults.",
  fields: (t) => ({
    access: t.field({ type: PolicyInput, required: false }),
    title: t.string({ required: false }),
    language: t.string({ required: false }),
    metadata: t.field({ type: "JSON", required: false }),
    strategy: t.string({ required: false }),
  }),
});

builder.queryField("documentConfig", (t) =>
  t.field({
    extensions: servedBy(getDocumentConfig),
    type: Config,
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getDocumentConfig.invoke(ctx, { ref: String(args.id) }),
  }),
);

builder.mutationField("setDocumentConfig", (t) =>
  t.field({
    extensions: servedBy(setDocumentConfig),
    type: Config,
    args: { id: t.arg.id({ required: true }), config: t.arg({ type: ConfigInput, required: true }) },
    resolve: (_root, args, ctx) => {
      const c = args.config;
      const config = {
        ...(c.access
          ? {
              access: {
                defaultEffect: c.access.defaultEffect,
                grants: c.access.grants.map((g) => ({
                  principal: {
                    type: g.principal.type,
                    ...(g.principal.keyId ? { keyId: g.principal.keyId } : {}),
                  },
                  actions: g.actions,
                })),
              },
            }
          : {}),
        ...(c.title !== undefined ? { title: c.title } : {}),
        ...(c.language !== undefined ? { language: c.language } : {}),
        ...(c.metadata !== undefined ? { metadata: c.metadata } : {}),
        ...(c.strategy !== undefined && c.strategy !== null ? { strategy: c.strategy } : {}),
      };
      // Enums arrive as strings; the operation checks them against its schema.
      return setDocumentConfig.invoke(ctx, { ref: String(args.id), config: config as never });
    },
  }),
);
