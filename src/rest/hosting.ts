import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { MAX_PASSWORD_LENGTH } from "../core/hosting/access-input.ts";
import { hostedUrl } from "../core/hosting/hosted-url.ts";
import { getSite } from "../resolvers/hosting/get-site.ts";
import { listSites, MAX_SITES_PAGE } from "../resolvers/hosting/list-sites.ts";
import { publishSite } from "../resolvers/hosting/publish-site.ts";
import { siteRef, siteWire } from "../resolvers/hosting/site-record.ts";
import { getSiteStats, MAX_STATS_DAYS } from "../resolvers/hosting/site-stats.ts";
import { unpublishSite } from "../resolvers/hosting/unpublish-site.ts";
import { updateSite } from "../resolvers/hosting/update-site.ts";
import type { AppEnv } from "../web/env.ts";
import type { RestFace } from "./bind-route.ts";
import {
  errorResponses,
  integerParameter,
  iso,
  jsonBody,
  jsonResponse,
  pageOf,
  pageQuery,
} from "./shared-schemas.ts";

const tags = ["Host"];

const NamespaceParam = z.object({
  namespace: siteRef.openapi({
    param: { name: "namespace", in: "path" },
    description: "The site's namespace (the first label of its address).",
    example: "brave-otter-7k2f",
  }),
});

const AccessRequest = z
  .object({
    disabled: z
      .boolean()
      .optional()
      .openapi({ description: "While true the address answers 404. Default false." }),
    unlisted: z.boolean().optional().openapi({
      description:
        "Kept out of every listing (the hosted domain's sitemap); reachable by its address only. Default false.",
    }),
    expires_at: z.iso
      .datetime({ offset: true })
      .openapi({ format: "date-time", example: "2027-06-30T23:59:59Z" })
      .nullable()
      .optional()
      .openapi({
        description: "After this instant the address answers 410 Gone. null: never (the default).",
      }),
    password: z
      .string()
      .min(1)
      .max(MAX_PASSWORD_LENGTH)
      .nullable()
      .optional()
      .openapi({
        description: `Readers must give it once per browser (HOST_ACCESS_HOURS, 24 by default). Write-only: stored as an scrypt hash and answered as has_password. null removes it; a new or removed password signs every reader out. At most ${MAX_PASSWORD_LENGTH} characters.`,
      }),
    allow_download: z.boolean().optional().openapi({
      description: "The viewer offers the PDF and /document.pdf serves it. Default true.",
    }),
    indexing: z.boolean().optional().openapi({
      description:
        "Search engines may index the site (only when it is also listed and has no password); otherwise every response says X-Robots-Tag: noindex. Default false.",
    }),
  })
  .strict()
  .openapi("HostAccessRequest");

const TitleRequest = z
  .string()
  .max(300)
  .regex(/\S/)
  .optional()
  .openapi({ description: "1 to 300 characters, not only spaces (trimmed)." });

/** What a publish takes besides its source (also a conversion's `host` option). */
export const HostRequest = z
  .object({
    namespace: z
      .string()
      .regex(/^[a-zA-Z0-9][a-zA-Z0-9-]{1,61}[a-zA-Z0-9]$/)
      .optional()
      .openapi({
        description:
          "A DNS label: 3 to 63 of a-z, 0-9 and '-' (uppercase folded), no hyphen first or last, not starting with `xn--`, not a reserved name.",
        example: "annual-report-2026",
      }),
    title: TitleRequest,
    access: AccessRequest.optional(),
  })
  .strict();

const SourceRequest = z
  .union([
    z.object({ file_id: z.string().min(1).max(100) }).strict(),
    z.object({ document_id: z.string().min(1).max(100) }).strict(),
  ])
  .openapi("HostSource", {
    description:
      "A stored file (`file_id`: parsed in the background, so the site's text and search appear once that parse is done) or a document (`document_id`) of the account.",
  });

export const SiteSchema = z
  .object({
    namespace: z.string().openapi({ example: "brave-otter-7k2f" }),
    title: z.string(),
    access: z
      .object({
        disabled: z.boolean(),
        unlisted: z.boolean(),
        expires_at: z.string().nullable().openapi({ format: "date-time" }),
        allow_download: z.boolean(),
        indexing: z.boolean(),
        has_password: z.boolean(),
      })
      .openapi("HostAccess"),
    source: z.union([
      z.object({
        file_id: z.string().nullable().openapi({ description: "null once the file was deleted." }),
      }),
      z.object({ document_id: z.string() }),
    ]),
    deployment: z
      .object({
        id: z.string().openapi({ example: "dpl_0k3m9x2q7v4c8b1z" }),
        url: z.string().openapi({ example: "https://brave-otter-7k2f.docs.example.com" }),
        document_id: z.string().nullable().openapi({
          description: "The document served (for a file source, the one parsed from it); null once deleted.",
        }),
        status: z.enum(["queued", "processing", "done", "failed", "gone"]).openapi({
          description:
            "That document's parse. Pages are served from the start; text and search once `done`. `gone`: the document was deleted and the address answers 404.",
        }),
        created_at: z.string().openapi({ format: "date-time" }),
      })
      .openapi("Deployment"),
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("HostedSite");

type AccessWire = z.infer<typeof AccessRequest>;
const accessIn = (a: AccessWire | undefined) =>
  a && {
    disabled: a.disabled,
    unlisted: a.unlisted,
    expiresAt: a.expires_at,
    password: a.password,
    allowDownload: a.allow_download,
    indexing: a.indexing,
  };
/** A HostRequest as the operations take it. */
export const hostIn = (b: z.infer<typeof HostRequest>) => ({
  namespace: b.namespace,
  title: b.title,
  access: accessIn(b.access),
});
const sourceIn = (s: z.infer<typeof SourceRequest>) =>
  "file_id" in s ? { fileId: s.file_id } : { documentId: s.document_id };
/** What a route that writes a site may answer besides success. */
const writeErrors = errorResponses(
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "UNSUPPORTED_MEDIA_TYPE",
  "PAYLOAD_TOO_LARGE",
  "STORAGE_UNAVAILABLE",
);

const publish = createRoute({
  method: "post",
  path: "/v1/host",
  tags,
  summary: "Publish a file or a document at https://{namespace}.{hosted_domain}",
  description:
    "Answers 201 with the site. `namespace` is a DNS label: 3 to 63 of a-z, 0-9 and '-', no hyphen first or last, not `xn--…`, not a reserved name (www, api, admin, mail, status, dashboard, …); uppercase is folded to lowercase. It is unique across all accounts: a taken one, or one unpublished less than HOST_NAMESPACE_HOLD_HOURS (72) ago, is 409. Omitted, a readable one is generated (`brave-otter-7k2f`). `title` defaults to the source's file name. Publishing a file parses it in the background (unless a document parsed from it exists) and counts one expensive request more, as an upload would.",
  request: {
    ...jsonBody(HostRequest.extend({ source: SourceRequest }).strict().openapi("PublishRequest")),
  },
  responses: {
    201: jsonResponse(SiteSchema, "The published site."),
    ...writeErrors,
  },
});

const list = createRoute({
  method: "get",
  path: "/v1/host",
  tags,
  summary: "The account's published sites, newest first, with cursor pagination",
  request: {
    query: z.object(pageQuery(listSites.input.shape.limit, `At most ${MAX_SITES_PAGE}.`)),
  },
  responses: {
    200: jsonResponse(
      pageOf(SiteSchema, "HostedSiteList"),
      "A page of sites; next_cursor is null on the last page.",
    ),
    ...errorResponses("FORBIDDEN"),
  },
});

const get = createRoute({
  method: "get",
  path: "/v1/host/{namespace}",
  tags,
  summary: "A published site",
  request: { params: NamespaceParam },
  responses: { 200: jsonResponse(SiteSchema, "The site."), ...errorResponses("FORBIDDEN", "NOT_FOUND") },
});

const update = createRoute({
  method: "patch",
  path: "/v1/host/{namespace}",
  tags,
  summary: "Change a site's title, access or source",
  description:
    "Fields not sent stay as they are; within `access`, so do settings not named. A new `source` is a new deployment at the same address, served at once. Setting or removing the password signs out every reader who gave the old one.",
  request: {
    params: NamespaceParam,
    ...jsonBody(
      z
        .object({
          title: TitleRequest,
          access: AccessRequest.optional(),
          source: SourceRequest.optional(),
        })
        .strict()
        .openapi("UpdateSiteRequest"),
    ),
  },
  responses: {
    200: jsonResponse(SiteSchema, "The site as it is now."),
    ...writeErrors,
  },
});

const remove = createRoute({
  method: "delete",
  path: "/v1/host/{namespace}",
  tags,
  summary: "Unpublish a site",
  description:
    "The address answers 404 at once and the site's stats are deleted. The namespace stays held until `released_at` (HOST_NAMESPACE_HOLD_HOURS, 72 by default), so nobody can take it over and serve other content to the old readers; after that anyone may claim it.",
  request: { params: NamespaceParam },
  responses: {
    200: jsonResponse(
      z
        .object({
          namespace: z.string(),
          unpublished: z.literal(true),
          released_at: z.string().openapi({ format: "date-time" }),
        })
        .openapi("UnpublishedSite"),
      "The site was unpublished.",
    ),
    ...errorResponses("FORBIDDEN", "NOT_FOUND", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"),
  },
});

const stats = createRoute({
  method: "get",
  path: "/v1/host/{namespace}/stats",
  tags,
  summary: "What a site served, per day and per page",
  description:
    "Counts over the last `days` days (UTC, today included): `views` (the viewer opened), `page_views` (page images shown), `downloads` (the PDF). No address or cookie of a reader is ever stored. Counts reach the totals within about 5 seconds.",
  request: {
    params: NamespaceParam,
    query: z.object({
      days: integerParameter(getSiteStats.input.shape.days).openapi({
        description: `1 to ${MAX_STATS_DAYS}; 30 by default.`,
      }),
    }),
  },
  responses: {
    200: jsonResponse(
      z
        .object({
          namespace: z.string(),
          from: z.string().openapi({ format: "date" }),
          to: z.string().openapi({ format: "date" }),
          totals: z.object({
            views: z.number().int(),
            page_views: z.number().int(),
            downloads: z.number().int(),
          }),
          days: z.array(
            z.object({
              date: z.string().openapi({ format: "date" }),
              views: z.number().int(),
              page_views: z.number().int(),
              downloads: z.number().int(),
            }),
          ),
          pages: z.array(z.object({ page: z.number().int(), views: z.number().int() })),
        })
        .openapi("SiteStats"),
      "The counts.",
    ),
    ...errorResponses("FORBIDDEN", "NOT_FOUND"),
  },
});

export function registerHostRoutes(app: OpenAPIHono<AppEnv>, { ctxOf, bind, services }: RestFace) {
  const urlOf = (namespace: string, requestUrl: string) =>
    hostedUrl(namespace, services.config, new URL(requestUrl).origin);
  app.openapi(bind(publish, publishSite), async (c) => {
    const b = c.req.valid("json");
    const site = await publishSite.invoke(ctxOf(c), { ...hostIn(b), source: sourceIn(b.source) });
    c.header("Location", `/v1/host/${site.namespace}`);
    return c.json(siteWire(site, urlOf(site.namespace, c.req.url)), 201);
  });
  app.openapi(bind(list, listSites), async (c) => {
    const q = c.req.valid("query");
    const r = await listSites.invoke(ctxOf(c), { limit: q.limit, cursor: q.cursor });
    return c.json(
      { data: r.sites.map((s) => siteWire(s, urlOf(s.namespace, c.req.url))), next_cursor: r.nextCursor },
      200,
    );
  });
  app.openapi(bind(get, getSite), async (c) => {
    const site = await getSite.invoke(ctxOf(c), { namespace: c.req.valid("param").namespace });
    return c.json(siteWire(site, urlOf(site.namespace, c.req.url)), 200);
  });
  app.openapi(bind(update, updateSite), async (c) => {
    const b = c.req.valid("json");
    const site = await updateSite.invoke(ctxOf(c), {
      namespace: c.req.valid("param").namespace,
      title: b.title,
      access: accessIn(b.access),
      source: b.source && sourceIn(b.source),
    });
    return c.json(siteWire(site, urlOf(site.namespace, c.req.url)), 200);
  });
  app.openapi(bind(remove, unpublishSite), async (c) => {
    const r = await unpublishSite.invoke(ctxOf(c), { namespace: c.req.valid("param").namespace });
    return c.json(
      { namespace: r.namespace, unpublished: r.unpublished, released_at: iso(r.releasedAt) as string },
      200,
    );
  });
  app.openapi(bind(stats, getSiteStats), async (c) => {
    const s = await getSiteStats.invoke(ctxOf(c), {
      namespace: c.req.valid("param").namespace,
      days: c.req.valid("query").days,
    });
    const date = (d: Date) => d.toISOString().slice(0, 10);
    return c.json(
      {
        namespace: s.namespace,
        from: date(s.from),
        to: date(s.to),
        totals: { views: s.totals.views, page_views: s.totals.pageViews, downloads: s.totals.downloads },
        days: s.days.map((d) => ({
          date: d.date,
          views: d.views,
          page_views: d.pageViews,
          downloads: d.downloads,
        })),
        pages: s.pages,
      },
      200,
    );
  });
}
