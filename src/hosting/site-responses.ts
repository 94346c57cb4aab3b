import type { Context } from "hono";
import { assetVersion } from "./viewer/assets.ts";
import { renderStatusPage } from "./viewer/viewer-page.ts";

/** A page that says why there is nothing (or nothing yet) to see; never kept by a cache. */
export function statusPage(c: Context, status: 403 | 404 | 410 | 503, title: string, message: string) {
  c.header("Cache-Control", "no-store");
  return c.html(renderStatusPage({ status, title, message, assetVersion }), status);
}

export const nothingHere = (c: Context) =>
  statusPage(c, 404, "Not found", "There is nothing at this address.");

/** Sets the ETag; a 304 when the client holds it already, else null. */
export function notModified(c: Context, etag: string): Response | null {
  c.header("ETag", etag);
  return c.req.header("if-none-match") === etag ? c.body(null, 304) : null;
}
