import type { Context } from "hono";
import { resolveRange } from "../core/blobs/byte-range.ts";
import { sourceBlobKey } from "../core/documents/blob-keys.ts";
import { statusOf } from "../core/documents/phases.ts";
import { AppError } from "../core/errors.ts";
import { DEFAULT_IMAGE_SCALE } from "../core/extraction/render-page.ts";
import { sitePageTexts } from "../core/hosting/site-pages.ts";
import { documentPageImage } from "../resolvers/documents/page-image.ts";
import { bytesResponse, rangeOf } from "../web/byte-response.ts";
import type { SiteDeps, SiteEnv } from "./site-deps.ts";
import { unlockedSiteOfRequest } from "./site-of-request.ts";
import { notModified, statusPage } from "./site-responses.ts";

// What a site serves of its document beside the viewer, each behind the site's password: page
// images, the text, and the PDF when the owner allows downloading it.

/** GET /pages/{n}.png: a page image, as the viewer shows it. */
export function pageImageRoute(deps: SiteDeps) {
  return async (c: Context<SiteEnv>) => {
    const open = await unlockedSiteOfRequest(c, deps);
    if (open instanceof Response) return open;
    const { site } = open;
    const doc = site.document;
    const page = Number((c.req.param("file") ?? "").slice(0, -4));
    const etag = `"${site.deploymentId}-${doc.activeGeneration}-${page}"`;
    const same = notModified(c, etag);
    if (same) return same;
    try {
      const png = await documentPageImage(deps.services, doc, page, DEFAULT_IMAGE_SCALE);
      // Thumbnails load the same image; only a page shown in the main view counts as read.
      if (c.req.query("thumb") === undefined) deps.stats.count(site.id, "page", page);
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
  };
}

/** GET /text.json: the pages' text once the document is read, else its status. */
export function textRoute(deps: SiteDeps) {
  return async (c: Context<SiteEnv>) => {
    const open = await unlockedSiteOfRequest(c, deps);
    if (open instanceof Response) return open;
    const doc = open.site.document;
    const parse = statusOf(doc.phase);
    const status = parse === "done" ? "ready" : parse === "failed" ? "failed" : "pending";
    const etag = `"${open.site.deploymentId}-${doc.activeGeneration}-${status}-${doc.pagesCompleted}"`;
    const same = notModified(c, etag);
    if (same) return same;
    if (status !== "ready") c.header("Cache-Control", "no-store");
    const pages = status === "ready" ? await sitePageTexts(deps.services.db.prisma, doc) : [];
    return c.json({ status, pages });
  };
}

/** GET /document.pdf: the PDF, whole or a range of it, when the owner allows downloading. */
export function downloadRoute(deps: SiteDeps) {
  return async (c: Context<SiteEnv>) => {
    const open = await unlockedSiteOfRequest(c, deps);
    if (open instanceof Response) return open;
    const { site, access } = open;
    if (!access.allowDownload)
      return statusPage(
        c,
        403,
        "Download not available",
        "The owner of this document has not allowed downloading it.",
      );
    const doc = site.document;
    const size = Number(doc.sizeBytes);
    const asked = rangeOf(c.req.header("range"));
    let range: { start: number; end: number } | null = null;
    try {
      range = asked ? resolveRange(asked, size, "the document") : null;
    } catch (err) {
      if (err instanceof AppError) return c.body(null, 416, err.headers ?? {});
      throw err;
    }
    const read = await deps.services.blobs.getStream(sourceBlobKey(doc.id), range ?? undefined);
    if (!read) return statusPage(c, 404, "Not found", "The document's file is missing.");
    if (!range) deps.stats.count(site.id, "download");
    const fileName = /\.pdf$/i.test(site.title) ? site.title : `${site.title}.pdf`;
    return bytesResponse(c, {
      body: read.body,
      size,
      range,
      etag: `"${doc.sha256}"`,
      contentType: "application/pdf",
      fileName,
      cacheControl: c.res.headers.get("Cache-Control") ?? "private, max-age=60",
    });
  };
}
