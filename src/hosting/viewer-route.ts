import type { Context } from "hono";
import { LRUCache } from "lru-cache";
import { formToken } from "../core/hosting/access.ts";
import { sitePageSizes } from "../core/hosting/site-pages.ts";
import { nowSeconds, type SiteDeps, type SiteEnv } from "./site-deps.ts";
import { siteOfRequest } from "./site-of-request.ts";
import { notModified, statusPage } from "./site-responses.ts";
import { assetVersion } from "./viewer/assets.ts";
import { renderPasswordPage, renderViewerPage } from "./viewer/viewer-page.ts";

/** The viewer pages kept made, at most (characters). */
const VIEWER_PAGES_CACHED_CHARS = 16 * 2 ** 20;

/** GET /: the viewer, the password form of a locked site, or a page saying the document is being prepared. */
export function viewerRoute(deps: SiteDeps) {
  /**
   * Viewer pages made lately, by site and ETag: readers arriving together at a long document
   * would otherwise each read every page's size and build the same page (a 300-page document's is
   * about 150 KB). The ETag names all it is made of, so a changed site or document misses.
   */
  const viewerPages = new LRUCache<string, string>({
    maxSize: VIEWER_PAGES_CACHED_CHARS,
    sizeCalculation: (html) => Math.max(1, html.length),
  });

  return async (c: Context<SiteEnv>) => {
    const open = await siteOfRequest(c, deps);
    if (open instanceof Response) return open;
    const { site, access, locked } = open;
    if (locked) {
      c.header("Cache-Control", "no-store");
      return c.html(
        renderPasswordPage({ title: site.title, csrf: formToken(deps.secret, site.id, nowSeconds()) }),
        200,
      );
    }
    const doc = site.document;
    if (doc.pagesTotal === null) {
      // Published a moment ago: the document is not opened yet, so its pages are unknown. The
      // page says so and reloads itself (a Refresh header: no script needed).
      c.header("Retry-After", "2");
      c.header("Refresh", "2");
      return statusPage(c, 503, site.title, "This document is being prepared. The page reloads in a moment.");
    }
    // Everything the page is made of: the deployment, the site's settings (updatedAt), the
    // document's pages and how many are read (an unread page takes the first one's size).
    const etag = `"${site.deploymentId}-${doc.activeGeneration}-${doc.pagesTotal}-${doc.pagesCompleted}-${assetVersion}-${site.updatedAt.getTime()}"`;
    const same = notModified(c, etag);
    if (same) return same;
    deps.stats.count(site.id, "view");
    const key = `${site.id}|${etag}`;
    let html = viewerPages.get(key);
    if (html === undefined) {
      html = renderViewerPage({
        title: site.title,
        pageCount: doc.pagesTotal,
        pages: await sitePageSizes(deps.services.db.prisma, doc),
        allowDownload: access.allowDownload,
        assetVersion,
      });
      viewerPages.set(key, html);
    }
    return c.html(html, 200);
  };
}
