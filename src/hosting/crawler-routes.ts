import type { Context } from "hono";
import type { Config } from "../config.ts";
import { hostedDomainUrl, hostedUrl } from "../core/hosting/hosted-url.ts";
import { listedSites, siteCrawlable } from "../core/hosting/site-index.ts";
import type { Services } from "../core/services.ts";
import type { SiteEnv } from "./site-deps.ts";

// What search engines read: each site's robots.txt, and the hosted domain's robots.txt and
// sitemap of the sites listed and indexable.

const CRAWLER_CACHE = "public, max-age=300";

/** GET /robots.txt of a site: crawling allowed only while the site may be indexed. */
export function siteRobotsRoute(services: Services) {
  return async (c: Context<SiteEnv>) => {
    const open = await siteCrawlable(services.db.prisma, c.env.namespace);
    c.header("Cache-Control", CRAWLER_CACHE);
    return c.text(open ? `User-agent: *\nAllow: /\n` : `User-agent: *\nDisallow: /\n`);
  };
}

/** GET /robots.txt of the hosted domain: everything allowed, and where the sitemap is. */
export function domainRobotsRoute(config: Config) {
  return (c: Context) => {
    c.header("Cache-Control", CRAWLER_CACHE);
    return c.text(
      `User-agent: *\nAllow: /\nSitemap: ${hostedDomainUrl(config, new URL(c.req.url).origin)}/sitemap.xml\n`,
    );
  };
}

/** GET /sitemap.xml of the hosted domain. */
export function sitemapRoute(services: Services) {
  return async (c: Context) => {
    const origin = new URL(c.req.url).origin;
    const urls = (await listedSites(services.db.prisma)).map(
      (s) =>
        `  <url><loc>${hostedUrl(s.namespace, services.config, origin)}/</loc><lastmod>${s.deployedAt.toISOString()}</lastmod></url>`,
    );
    c.header("Cache-Control", CRAWLER_CACHE);
    c.header("X-Robots-Tag", "all");
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
      200,
      { "Content-Type": "application/xml; charset=utf-8" },
    );
  };
}
