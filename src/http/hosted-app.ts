import type { Context } from "hono";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { getCookie, setCookie } from "hono/cookie";
import { LRUCache } from "lru-cache";
import { countRequest } from "../core/auth/rate-limit.ts";
import { resolveRange } from "../core/blobs/byte-range.ts";
import { sourceBlobKey } from "../core/documents/blob-keys.ts";
import { statusOf } from "../core/documents/phases.ts";
import { AppError } from "../core/errors.ts";
import { DEFAULT_IMAGE_SCALE } from "../core/extraction/render-page.ts";
import {
  ACCESS_COOKIE,
  accessCookieValid,
  accessCookieValue,
  accessFromJson,
  formToken,
  formTokenValid,
  passwordMatches,
  type SiteAccess,
  siteIndexable,
  siteLive,
} from "../core/hosting/access.ts";
import { hostCookieSecret } from "../core/hosting/cookie-secret.ts";
import { hostedDomainUrl, hostedUrl } from "../core/hosting/hosted-url.ts";
import { findLiveSite, type LiveSite, type SiteDocument } from "../core/hosting/live-site.ts";
import { createStatsCounter } from "../core/hosting/stats-counter.ts";
import type { Services } from "../core/services.ts";
import { assetVersion, viewerAssets } from "../hosting/viewer/assets.ts";
import { renderPasswordPage, renderStatusPage, renderViewerPage } from "../hosting/viewer/viewer-page.ts";
import { documentPageImage } from "../resolvers/documents/page-image.ts";
import { bytesResponse, rangeOf } from "../web/byte-response.ts";
import { clientAddress, servedOverHttps } from "../web/request-info.ts";
import { hostTarget } from "./hosted-host.ts";

// Hosted sites: every request whose Host is {namespace}.{HOSTED_DOMAIN} (or the domain itself,
// for its sitemap) is answered here and never reaches the API: no /v1, no /graphql, no key.
// A site serves one document: the viewer, its page images, its text, and the PDF when allowed.

/** Wrong passwords a client address may try a minute, across all sites. */
const PASSWORD_TRIES_PER_MINUTE = 10;
/** The password form's body, at most. */
const MAX_FORM_BYTES = 4096;
/** The viewer pages kept made, at most (characters). */
const VIEWER_PAGES_CACHED_CHARS = 16 * 2 ** 20;
/** Most URLs in one sitemap file (the protocol's limit). */
const SITEMAP_MAX = 50_000;

const CSP = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self'",
  "script-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join("; ");

type SiteEnv = { Bindings: { namespace: string } };

/** What every hosted response carries, whatever it is. */
function secureHeaders(headers: Headers): void {
  headers.set("Content-Security-Policy", CSP);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "no-referrer");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Cross-Origin-Resource-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (!headers.has("X-Robots-Tag")) headers.set("X-Robots-Tag", "noindex, nofollow");
}

export function hostedApp(services: Services) {
  const { config, db, log } = services;
  const domain = config.hosting.domain;
  const secret = hostCookieSecret(config);
  const stats = createStatsCounter(db.pool, log);
  const now = () => Math.floor(Date.now() / 1000);

  const statusPage = (c: Context, status: 403 | 404 | 410 | 503, title: string, message: string) => {
    c.header("Cache-Control", "no-store");
    return c.html(renderStatusPage({ status, title, message, assetVersion }), status);
  };

  /** The site a request is for, or the page that says why there is none to see. */
  async function admit(
    c: Context,
    namespace: string,
  ): Promise<{ site: LiveSite; access: SiteAccess; locked: boolean } | Response> {
    const site = await findLiveSite(db.pool, namespace);
    const access = site ? accessFromJson(site.access) : null;
    // A disabled site answers as one that does not exist: its address says nothing more.
    if (!site || !access || access.disabled)
      return statusPage(c, 404, "Not found", "There is no document at this address.");
    if (!siteLive(access))
      return statusPage(c, 410, "No longer available", "The link to this document has expired.");
    if (!site.document)
      return statusPage(c, 404, "Not found", "The document published at this address was deleted.");
    const locked =
      site.passwordHash !== null && !accessCookieValid(secret, site, getCookie(c, ACCESS_COOKIE), now());
    if (siteIndexable(access, site.passwordHash !== null)) c.header("X-Robots-Tag", "all");
    // Shared caches may keep what anyone may see, for a minute (a site disabled or changed is
    // then seen by everyone within that minute); what a password guards stays in the browser.
    c.header("Cache-Control", site.passwordHash === null ? "public, max-age=60" : "private, max-age=60");
    c.header("Vary", "Cookie");
    return { site, access, locked };
  }

  const notModified = (c: Context, etag: string) => {
    c.header("ETag", etag);
    return c.req.header("if-none-match") === etag ? c.body(null, 304) : null;
  };

  const pageSizes = async (doc: SiteDocument) => {
    const rows = await db.prisma.page.findMany({
      where: { documentId: doc.id, generation: doc.activeGeneration },
      select: { pageNumber: true, width: true, height: true },
      orderBy: { pageNumber: "asc" },
    });
    const count = doc.pagesTotal ?? rows.length;
    const byNumber = new Map(rows.map((r) => [r.pageNumber, r]));
    // Pages not read yet take the size of the first one read (or A4), so the layout does not jump.
    const fallback = rows[0] ?? { width: 595, height: 842 };
    return Array.from({ length: count }, (_, i) => {
      const r = byNumber.get(i + 1) ?? fallback;
      return {
        number: i + 1,
        width: Math.round(r.width * DEFAULT_IMAGE_SCALE),
        height: Math.round(r.height * DEFAULT_IMAGE_SCALE),
      };
    });
  };

  /**
   * Viewer pages made lately, by site and ETag: readers arriving together at a long document
   * would otherwise each read every page's size and build the same page (a 300-page document's is
   * about 150 KB). The ETag names all it is made of, so a changed site or document misses.
   */
  const viewerPages = new LRUCache<string, string>({
    maxSize: VIEWER_PAGES_CACHED_CHARS,
    sizeCalculation: (html) => Math.max(1, html.length),
  });

  const site = new Hono<SiteEnv>();

  site.get("/_assets/:name", (c) => {
    const asset = viewerAssets.get(c.req.param("name"));
    if (!asset) return statusPage(c, 404, "Not found", "There is nothing at this address.");
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    const same = notModified(c, asset.etag);
    if (same) return same;
    return c.body(new Uint8Array(asset.body), 200, { "Content-Type": asset.contentType });
  });

  site.get("/", async (c) => {
    const admitted = await admit(c, c.env.namespace);
    if (admitted instanceof Response) return admitted;
    const { site: s, access, locked } = admitted;
    if (locked) {
      c.header("Cache-Control", "no-store");
      return c.html(renderPasswordPage({ title: s.title, csrf: formToken(secret, s.id, now()) }), 200);
    }
    const doc = s.document as SiteDocument;
    if (doc.pagesTotal === null) {
      // Published a moment ago: the document is not opened yet, so its pages are unknown. The
      // page says so and reloads itself (a Refresh header: no script needed).
      c.header("Retry-After", "2");
      c.header("Refresh", "2");
      return statusPage(c, 503, s.title, "This document is being prepared. The page reloads in a moment.");
    }
    // Everything the page is made of: the deployment, the site's settings (updatedAt), the
    // document's pages and how many are read (an unread page takes the first one's size).
    const etag = `"${s.deploymentId}-${doc.activeGeneration}-${doc.pagesTotal ?? "n"}-${doc.pagesCompleted}-${assetVersion}-${s.updatedAt.getTime()}"`;
    const same = notModified(c, etag);
    if (same) return same;
    stats.count(s.id, "view");
    const key = `${s.id}|${etag}`;
    let html = viewerPages.get(key);
    if (html === undefined) {
      html = renderViewerPage({
        title: s.title,
        pageCount: doc.pagesTotal ?? 0,
        pages: await pageSizes(doc),
        allowDownload: access.allowDownload,
        assetVersion,
      });
      viewerPages.set(key, html);
    }
    return c.html(html, 200);
  });

  // The form is a password and a token: a few hundred bytes. Anything bigger is not read.
  const formLimit = bodyLimit({
    maxSize: MAX_FORM_BYTES,
    onError: (c) => {
      c.header("Connection", "close");
      return c.text("The form is too large.", 413);
    },
  });
  site.post("/_access", formLimit, async (c) => {
    const admitted = await admit(c, c.env.namespace);
    if (admitted instanceof Response) return admitted;
    const { site: s } = admitted;
    c.header("Cache-Control", "no-store");
    if (s.passwordHash === null) return c.redirect("/", 303);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const password = typeof form.password === "string" ? form.password : "";
    // A form posted from another site (login CSRF) is refused: browsers send Origin with a POST.
    const origin = c.req.header("origin");
    const sameOrigin = origin === undefined || hostOf(origin) === (c.req.header("host") ?? "").toLowerCase();
    const again = (error: string, status: 400 | 401 | 429) =>
      c.html(renderPasswordPage({ title: s.title, csrf: formToken(secret, s.id, now()), error }), status);
    if (
      !sameOrigin ||
      !formTokenValid(secret, s.id, typeof form.csrf === "string" ? form.csrf : undefined, now())
    )
      return again("The form had expired. Enter the password again.", 400);
    const address = clientAddress(c, config.trustProxy);
    const tries = await countRequest(db.pool, `hostpw:${address}`, PASSWORD_TRIES_PER_MINUTE, 0);
    if (tries.retryAfter !== undefined) {
      c.header("Retry-After", String(tries.retryAfter));
      return again(
        `Too many wrong passwords from your address. Try again in ${tries.retryAfter} seconds.`,
        429,
      );
    }
    if (
      password.length === 0 ||
      password.length > 200 ||
      !(await passwordMatches(password, s.passwordHash))
    ) {
      const counted = await countRequest(db.pool, `hostpw:${address}`, PASSWORD_TRIES_PER_MINUTE, 1);
      if (counted.retryAfter !== undefined) c.header("Retry-After", String(counted.retryAfter));
      return again("That password is not right.", 401);
    }
    const expires = now() + config.hosting.accessHours * 3600;
    setCookie(c, ACCESS_COOKIE, accessCookieValue(secret, s, expires), {
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
      secure: servedOverHttps(c),
      maxAge: config.hosting.accessHours * 3600,
    });
    return c.redirect("/", 303);
  });

  /** A path whose content a locked site keeps behind its password. */
  const guarded = async (c: Context<SiteEnv>) => {
    const admitted = await admit(c, c.env.namespace);
    if (admitted instanceof Response) return admitted;
    if (admitted.locked)
      return statusPage(
        c,
        403,
        "Password required",
        "Open the document's address and enter its password first.",
      );
    return admitted;
  };

  site.get("/pages/:file{[0-9]{1,6}\\.png}", async (c) => {
    const admitted = await guarded(c);
    if (admitted instanceof Response) return admitted;
    const { site: s } = admitted;
    const doc = s.document as SiteDocument;
    const page = Number(c.req.param("file").slice(0, -4));
    const etag = `"${s.deploymentId}-${doc.activeGeneration}-${page}"`;
    const same = notModified(c, etag);
    if (same) return same;
    try {
      const png = await documentPageImage(services, doc, page, DEFAULT_IMAGE_SCALE);
      // Thumbnails load the same image; only a page shown in the main view counts as read.
      if (c.req.query("thumb") === undefined) stats.count(s.id, "page", page);
      return c.body(new Uint8Array(png), 200, { "Content-Type": "image/png" });
    } catch (err) {
      if (err instanceof AppError && err.code === "CONFLICT") {
        // The document is still being opened: the viewer asks again.
        c.header("Retry-After", "2");
        c.header("Cache-Control", "no-store");
        return c.body(null, 503);
      }
      if (err instanceof AppError) return statusPage(c, 404, "Not found", err.message);
      throw err;
    }
  });

  site.get("/text.json", async (c) => {
    const admitted = await guarded(c);
    if (admitted instanceof Response) return admitted;
    const doc = admitted.site.document as SiteDocument;
    const parse = statusOf(doc.phase);
    const status = parse === "done" ? "ready" : parse === "failed" ? "failed" : "pending";
    const etag = `"${admitted.site.deploymentId}-${doc.activeGeneration}-${status}-${doc.pagesCompleted}"`;
    const same = notModified(c, etag);
    if (same) return same;
    if (status !== "ready") c.header("Cache-Control", "no-store");
    const pages =
      status === "ready"
        ? await db.prisma.page.findMany({
            where: { documentId: doc.id, generation: doc.activeGeneration },
            select: { pageNumber: true, markdown: true },
            orderBy: { pageNumber: "asc" },
          })
        : [];
    return c.json({ status, pages: pages.map((p) => ({ number: p.pageNumber, text: p.markdown })) });
  });

  site.get("/document.pdf", async (c) => {
    const admitted = await guarded(c);
    if (admitted instanceof Response) return admitted;
    const { site: s, access } = admitted;
    if (!access.allowDownload)
      return statusPage(
        c,
        403,
        "Download not available",
        "The owner of this document has not allowed downloading it.",
      );
    const doc = s.document as SiteDocument;
    const size = Number(doc.sizeBytes);
    const asked = rangeOf(c.req.header("range"));
    let range: { start: number; end: number } | null = null;
    try {
      range = asked ? resolveRange(asked, size, "the document") : null;
    } catch (err) {
      if (err instanceof AppError) return c.body(null, 416, err.headers ?? {});
      throw err;
    }
    const read = await services.blobs.getStream(sourceBlobKey(doc.id), range ?? undefined);
    if (!read) return statusPage(c, 404, "Not found", "The document's file is missing.");
    if (!range) stats.count(s.id, "download");
    const fileName = /\.pdf$/i.test(s.title) ? s.title : `${s.title}.pdf`;
    return bytesResponse(c, {
      body: read.body,
      size,
      range,
      etag: `"${doc.sha256}"`,
      contentType: "application/pdf",
      fileName,
      cacheControl: c.res.headers.get("Cache-Control") ?? "private, max-age=60",
    });
  });

  site.get("/robots.txt", async (c) => {
    const s = await db.prisma.hostedSite.findFirst({
      where: { namespace: c.env.namespace, unpublishedAt: null },
    });
    const access = s ? accessFromJson(s.access) : null;
    const open = s && access && siteLive(access) && siteIndexable(access, s.passwordHash !== null);
    c.header("Cache-Control", "public, max-age=300");
    return c.text(open ? `User-agent: *\nAllow: /\n` : `User-agent: *\nDisallow: /\n`);
  });

  site.all("*", (c) => statusPage(c, 404, "Not found", "There is nothing at this address."));

  // The hosted domain itself: its robots.txt and the sitemap of listed, indexable sites.
  const domainApp = new Hono();
  domainApp.get("/robots.txt", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.text(
      `User-agent: *\nAllow: /\nSitemap: ${hostedDomainUrl(config, new URL(c.req.url).origin)}/sitemap.xml\n`,
    );
  });
  domainApp.get("/sitemap.xml", async (c) => {
    // Only listed, indexable sites are read, at most a sitemap's worth; expiry is checked here.
    const rows = await db.prisma.hostedSite.findMany({
      where: {
        unpublishedAt: null,
        passwordHash: null,
        documentId: { not: null },
        AND: [
          { access: { path: ["indexing"], equals: true } },
          { access: { path: ["unlisted"], equals: false } },
          { access: { path: ["disabled"], equals: false } },
        ],
      },
      select: { namespace: true, access: true, deployedAt: true },
      orderBy: { createdAt: "asc" },
      take: SITEMAP_MAX,
    });
    const origin = new URL(c.req.url).origin;
    const urls = rows
      .filter((r) => siteLive(accessFromJson(r.access)))
      .map(
        (r) =>
          `  <url><loc>${hostedUrl(r.namespace, config, origin)}/</loc><lastmod>${r.deployedAt.toISOString()}</lastmod></url>`,
      );
    c.header("Cache-Control", "public, max-age=300");
    c.header("X-Robots-Tag", "all");
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
      200,
      { "Content-Type": "application/xml; charset=utf-8" },
    );
  });
  domainApp.all("*", (c) => statusPage(c, 404, "Not found", "There is nothing at this address."));

  const noneApp = new Hono();
  noneApp.all("*", (c) => statusPage(c, 404, "Not found", "There is nothing at this address."));
  const failed = (err: Error, c: Context) => {
    log.error("a hosted-site request failed", { error: err.message, path: c.req.path });
    c.header("Cache-Control", "no-store");
    return c.text("Something went wrong on our side. Try again shortly.", 500);
  };
  site.onError(failed);
  domainApp.onError(failed);
  noneApp.onError(failed);

  /** Answers the request when its Host is hosted content; null leaves it to the API. */
  const answer = async (request: Request, env: object): Promise<Response | null> => {
    const target = hostTarget(request.headers.get("host") ?? undefined, domain);
    if (target.kind === "api") return null;
    const response =
      target.kind === "site"
        ? await site.fetch(request, { ...env, namespace: target.namespace })
        : await (target.kind === "domain" ? domainApp : noneApp).fetch(request, env);
    secureHeaders(response.headers);
    return response;
  };
  return { answer, stop: () => stats.stop() };
}

const hostOf = (origin: string) => {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
};
