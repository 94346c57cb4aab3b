import { AppError } from "../core/errors.ts";
import type { AccessInput, SourceInput } from "../core/hosting/access-input.ts";
import { hostedUrl } from "../core/hosting/hosted-url.ts";
import { getSite } from "../resolvers/hosting/get-site.ts";
import { listSites, MAX_SITES_PAGE } from "../resolvers/hosting/list-sites.ts";
import { publishSite } from "../resolvers/hosting/publish-site.ts";
import type { SiteRecord } from "../resolvers/hosting/site-record.ts";
import { getSiteStats, MAX_STATS_DAYS, type SiteStats } from "../resolvers/hosting/site-stats.ts";
import { unpublishSite } from "../resolvers/hosting/unpublish-site.ts";
import { updateSite } from "../resolvers/hosting/update-site.ts";
import { builder } from "./builder.ts";
import { sizedBy } from "./cost.ts";
import { forwardConnection } from "./forward-connection.ts";
import { servedBy } from "./served-by.ts";

// Hosted sites over GraphQL, the twins of /v1/host: a `Deployment` is a published site (its
// address, title, access and what it serves).

type Access = SiteRecord["access"];

const DeploymentAccess = builder.objectRef<Access>("DeploymentAccess").implement({
  description: "Who may see a hosted site and how (twin of the REST `access` object).",
  fields: (t) => ({
    disabled: t.exposeBoolean("disabled", { description: "While true the address answers 404." }),
    unlisted: t.exposeBoolean("unlisted", { description: "Kept out of the hosted domain's sitemap." }),
    expiresAt: t.expose("expiresAt", {
      type: "DateTime",
      nullable: true,
      description: "After it: 410 Gone.",
    }),
    allowDownload: t.exposeBoolean("allowDownload"),
    indexing: t.exposeBoolean("indexing", {
      description: "Search engines may index it (when listed, without a password).",
    }),
    hasPassword: t.exposeBoolean("hasPassword", { description: "The password itself is never answered." }),
  }),
});

const DeploymentStatus = builder.enumType("DeploymentStatus", {
  values: ["queued", "processing", "done", "failed", "gone"] as const,
  description: "The served document's parse; `gone`: it was deleted and the address answers 404.",
});

export const DeploymentType = builder.objectRef<SiteRecord>("Deployment").implement({
  description:
    "A file or document published at https://{namespace}.{hosted_domain} (twin of GET /v1/host/{namespace}).",
  fields: (t) => ({
    namespace: t.exposeString("namespace"),
    url: t.string({
      resolve: (s, _args, ctx) => hostedUrl(s.namespace, ctx.services.config, ctx.origin),
    }),
    title: t.exposeString("title"),
    access: t.field({ type: DeploymentAccess, resolve: (s) => s.access }),
    sourceFileId: t.string({
      nullable: true,
      resolve: (s) => (s.source.kind === "file" ? s.source.fileId : null),
    }),
    sourceDocumentId: t.string({
      nullable: true,
      resolve: (s) => (s.source.kind === "document" ? s.source.documentId : null),
    }),
    deploymentId: t.string({ description: "Changes with each new source.", resolve: (s) => s.deployment.id }),
    documentId: t.string({
      nullable: true,
      description: "The document served.",
      resolve: (s) => s.deployment.documentId,
    }),
    status: t.field({ type: DeploymentStatus, resolve: (s) => s.deployment.status }),
    deployedAt: t.field({ type: "DateTime", resolve: (s) => s.deployment.createdAt }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const AccessInputType = builder.inputType("DeploymentAccessInput", {
  description:
    "Settings to change; those left out (or null) stay as they are, except `password: null`, which removes it.",
  fields: (t) => ({
    disabled: t.boolean({ required: false }),
    unlisted: t.boolean({ required: false }),
    expiresAt: t.field({ type: "DateTime", required: false, description: "null: never expires." }),
    password: t.string({ required: false, description: "Write-only; null removes it." }),
    allowDownload: t.boolean({ required: false }),
    indexing: t.boolean({ required: false }),
  }),
});

type AccessArg = {
  disabled?: boolean | null;
  unlisted?: boolean | null;
  expiresAt?: Date | null;
  password?: string | null;
  allowDownload?: boolean | null;
  indexing?: boolean | null;
};

/** GraphQL's nulls as the operation reads them: null is "leave it", except where null means "none". */
const accessOf = (a: AccessArg | null | undefined): AccessInput | undefined =>
  a
    ? {
        disabled: a.disabled ?? undefined,
        unlisted: a.unlisted ?? undefined,
        expiresAt: a.expiresAt,
        password: a.password,
        allowDownload: a.allowDownload ?? undefined,
        indexing: a.indexing ?? undefined,
      }
    : undefined;

/** A publish request without its source: a conversion's `host` option. */
export const HostInputType = builder.inputType("HostInput", {
  description:
    "Where and how to publish, as `publish` takes it: the namespace (generated when left out), title and access.",
  fields: (t) => ({
    namespace: t.string({ required: false }),
    title: t.string({ required: false }),
    access: t.field({ type: AccessInputType, required: false }),
  }),
});

export const hostOf = (h: {
  namespace?: string | null;
  title?: string | null;
  access?: AccessArg | null;
}) => ({
  namespace: h.namespace ?? undefined,
  title: h.title ?? undefined,
  access: accessOf(h.access),
});

const sourceOf = (fileId: unknown, documentId: unknown): SourceInput | undefined => {
  if (fileId != null && documentId != null)
    throw new AppError("BAD_REQUEST", "Give the source as fileId or documentId, one of the two.");
  if (fileId != null) return { fileId: String(fileId) };
  if (documentId != null) return { documentId: String(documentId) };
  return undefined;
};

const DeletedDeployment = builder
  .objectRef<{ namespace: string; releasedAt: Date }>("UnpublishedDeployment")
  .implement({
    fields: (t) => ({
      namespace: t.exposeString("namespace"),
      releasedAt: t.expose("releasedAt", {
        type: "DateTime",
        description: "Until then the namespace is held; after it anyone may claim it.",
      }),
    }),
  });

type StatsDay = SiteStats["days"][number];
const StatsDayType = builder.objectRef<StatsDay>("DeploymentStatsDay").implement({
  fields: (t) => ({
    date: t.exposeString("date", { description: "The UTC day, YYYY-MM-DD." }),
    views: t.exposeInt("views"),
    pageViews: t.exposeInt("pageViews"),
    downloads: t.exposeInt("downloads"),
  }),
});
const StatsTotalsType = builder.objectRef<SiteStats["totals"]>("DeploymentStatsTotals").implement({
  fields: (t) => ({
    views: t.exposeInt("views", { description: "Times the viewer opened." }),
    pageViews: t.exposeInt("pageViews", { description: "Page images shown." }),
    downloads: t.exposeInt("downloads", { description: "PDF downloads." }),
  }),
});
const StatsPageType = builder.objectRef<SiteStats["pages"][number]>("DeploymentStatsPage").implement({
  fields: (t) => ({ page: t.exposeInt("page"), views: t.exposeInt("views") }),
});
const StatsType = builder.objectRef<SiteStats>("DeploymentStats").implement({
  description:
    "What a site served (twin of GET /v1/host/{namespace}/stats): counts only, no reader's address or cookie is stored.",
  fields: (t) => ({
    namespace: t.exposeString("namespace"),
    totals: t.field({ type: StatsTotalsType, resolve: (s) => s.totals }),
    days: t.field({ type: [StatsDayType], resolve: (s) => s.days }),
    pages: t.field({ type: [StatsPageType], resolve: (s) => s.pages }),
  }),
});

builder.queryFields((t) => ({
  deploymentStats: t.field({
    type: StatsType,
    extensions: servedBy(getSiteStats),
    description: `A site's counts over the last \`days\` days (UTC, today included; 1 to ${MAX_STATS_DAYS}, 30 by default). Needs a secret key.`,
    args: { namespace: t.arg.string({ required: true }), days: t.arg.int({ required: false }) },
    resolve: (_root, args, ctx) =>
      getSiteStats.invoke(ctx, { namespace: args.namespace, days: args.days ?? undefined }),
  }),
  deployment: t.field({
    type: DeploymentType,
    extensions: servedBy(getSite),
    description: "A published site by namespace. Needs a secret key.",
    args: { namespace: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => getSite.invoke(ctx, { namespace: args.namespace }),
  }),
  deployments: t.connection({
    type: DeploymentType,
    extensions: { ...servedBy(listSites), ...sizedBy(listSites.input.shape.limit, "first") },
    description: `The account's published sites, newest first, ${MAX_SITES_PAGE} at most a page. Needs a secret key.`,
    resolve: (_root, args, ctx) =>
      forwardConnection(args, async (limit, cursor) => {
        const r = await listSites.invoke(ctx, { limit, cursor });
        return { items: r.sites, nextCursor: r.nextCursor };
      }),
  }),
}));

builder.mutationFields((t) => ({
  publish: t.field({
    type: DeploymentType,
    extensions: servedBy(publishSite),
    description:
      "Publishes a stored file (parsed in the background) or a document (twin of POST /v1/host). Give fileId or documentId.",
    args: {
      fileId: t.arg.id({ required: false }),
      documentId: t.arg.id({ required: false }),
      namespace: t.arg.string({ required: false }),
      title: t.arg.string({ required: false }),
      access: t.arg({ type: AccessInputType, required: false }),
    },
    resolve: (_root, args, ctx) =>
      publishSite.invoke(ctx, {
        source: sourceOf(args.fileId, args.documentId) ?? (undefined as never),
        ...hostOf(args),
      }),
  }),
  updateDeployment: t.field({
    type: DeploymentType,
    extensions: servedBy(updateSite),
    description: "Changes a site's title, access or source (twin of PATCH /v1/host/{namespace}).",
    args: {
      namespace: t.arg.string({ required: true }),
      title: t.arg.string({ required: false }),
      access: t.arg({ type: AccessInputType, required: false }),
      fileId: t.arg.id({ required: false }),
      documentId: t.arg.id({ required: false }),
    },
    resolve: (_root, args, ctx) => {
      const source = sourceOf(args.fileId, args.documentId);
      return updateSite.invoke(ctx, {
        namespace: args.namespace,
        ...(args.title == null ? {} : { title: args.title }),
        ...(args.access == null ? {} : { access: accessOf(args.access) }),
        ...(source ? { source } : {}),
      });
    },
  }),
  unpublish: t.field({
    type: DeletedDeployment,
    extensions: servedBy(unpublishSite),
    description: "Takes a site down: 404 at once; the namespace is held for HOST_NAMESPACE_HOLD_HOURS.",
    args: { namespace: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => unpublishSite.invoke(ctx, { namespace: args.namespace }),
  }),
}));
