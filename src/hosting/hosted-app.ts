import type { Context } from "hono";
import { Hono } from "hono";
import { hostCookieSecret } from "../core/hosting/cookie-secret.ts";
import { createStatsCounter } from "../core/hosting/stats-counter.ts";
import type { Services } from "../core/services.ts";
import { domainRobotsRoute, sitemapRoute, siteRobotsRoute } from "./crawler-routes.ts";
import { downloadRoute, pageImageRoute, textRoute } from "./document-routes.ts";
import { hostTarget } from "./host-target.ts";
import { passwordRoute } from "./password-route.ts";
import { secureHeaders } from "./secure-headers.ts";
import type { SiteDeps, SiteEnv } from "./site-deps.ts";
import { nothingHere, notModified } from "./site-responses.ts";
import { viewerAssets } from "./viewer/assets.ts";
import { viewerRoute } from "./viewer-route.ts";

// Hosted sites: every request whose Host is {namespace}.{HOSTED_DOMAIN} (or the domain itself,
// for its sitemap) is answered here and never reaches the API: no /v1, no /graphql, no key.
// A site serves one document: the viewer, its page images, its text, and the PDF when allowed.

/** The app of one site's requests (the namespace comes with each). */
function siteApp(deps: SiteDeps): Hono<SiteEnv> {
  const site = new Hono<SiteEnv>();
  site.get("/_assets/:name", (c) => {
    const asset = viewerAssets.get(c.req.param("name"));
    if (!asset) return nothingHere(c);
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    const same = notModified(c, asset.etag);
    if (same) return same;
    return c.body(new Uint8Array(asset.body), 200, { "Content-Type": asset.contentType });
  });
  site.get("/", viewerRoute(deps));
  site.post("/_access", ...passwordRoute(deps));
  site.get("/pages/:file{[0-9]{1,6}\\.png}", pageImageRoute(deps));
  site.get("/text.json", textRoute(deps));
  site.get("/document.pdf", downloadRoute(deps));
  site.get("/robots.txt", siteRobotsRoute(deps.services));
  site.all("*", nothingHere);
  return site;
}

/** The app of the hosted domain itself: its robots.txt and the sitemap of listed, indexable sites. */
function domainApp(services: Services): Hono {
  const app = new Hono();
  app.get("/robots.txt", domainRobotsRoute(services.config));
  app.get("/sitemap.xml", sitemapRoute(services));
  app.all("*", nothingHere);
  return app;
}

export function hostedApp(services: Services) {
  const { config, db, log } = services;
  const stats = createStatsCounter(db.pool, log);
  const deps: SiteDeps = { services, secret: hostCookieSecret(config), stats };
  const site = siteApp(deps);
  const domain = domainApp(services);
  const none = new Hono();
  none.all("*", nothingHere);
  const failed = (err: Error, c: Context) => {
    log.error("a hosted-site request failed", { error: err.message, path: c.req.path });
    c.header("Cache-Control", "no-store");
    return c.text("Something went wrong on our side. Try again shortly.", 500);
  };
  site.onError(failed);
  domain.onError(failed);
  none.onError(failed);

  /** Answers the request when its Host is hosted content; null leaves it to the API. */
  const answer = async (request: Request, env: object): Promise<Response | null> => {
    const target = hostTarget(request.headers.get("host") ?? undefined, config.hosting.domain);
    if (target.kind === "api") return null;
    const response =
      target.kind === "site"
        ? await site.fetch(request, { ...env, namespace: target.namespace })
        : await (target.kind === "domain" ? domain : none).fetch(request, env);
    secureHeaders(response.headers);
    return response;
  };
  return { answer, stop: () => stats.stop() };
}
