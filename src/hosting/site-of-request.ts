import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import {
  ACCESS_COOKIE,
  accessCookieValid,
  accessFromJson,
  type SiteAccess,
  siteIndexable,
  siteLive,
} from "../core/hosting/access.ts";
import { findLiveSite, type LiveSite, type SiteDocument } from "../core/hosting/live-site.ts";
import { nowSeconds, type SiteDeps, type SiteEnv } from "./site-deps.ts";
import { statusPage } from "./site-responses.ts";

/** A site that may be shown: live, with its document; `locked` until the reader gives its password. */
export type OpenSite = { site: LiveSite & { document: SiteDocument }; access: SiteAccess; locked: boolean };

/**
 * The site a request is for, or the page that says why there is none to see. Sets the headers
 * every answer about the site carries: whether crawlers may index it, and how long caches keep it.
 */
export async function siteOfRequest(c: Context<SiteEnv>, deps: SiteDeps): Promise<OpenSite | Response> {
  const site = await findLiveSite(deps.services.db.pool, c.env.namespace);
  const access = site ? accessFromJson(site.access) : null;
  // A disabled site answers as one that does not exist: its address says nothing more.
  if (!site || !access || access.disabled)
    return statusPage(c, 404, "Not found", "There is no document at this address.");
  if (!siteLive(access))
    return statusPage(c, 410, "No longer available", "The link to this document has expired.");
  const document = site.document;
  if (!document)
    return statusPage(c, 404, "Not found", "The document published at this address was deleted.");
  const locked =
    site.passwordHash !== null &&
    !accessCookieValid(deps.secret, site, getCookie(c, ACCESS_COOKIE), nowSeconds());
  if (siteIndexable(access, site.passwordHash !== null)) c.header("X-Robots-Tag", "all");
  // Shared caches may keep what anyone may see, for a minute (a site disabled or changed is
  // then seen by everyone within that minute); what a password guards stays in the browser.
  c.header("Cache-Control", site.passwordHash === null ? "public, max-age=60" : "private, max-age=60");
  c.header("Vary", "Cookie");
  return { site: { ...site, document }, access, locked };
}

/** As siteOfRequest, for a path whose content a locked site keeps behind its password. */
export async function unlockedSiteOfRequest(
  c: Context<SiteEnv>,
  deps: SiteDeps,
): Promise<OpenSite | Response> {
  const open = await siteOfRequest(c, deps);
  if (open instanceof Response || !open.locked) return open;
  return statusPage(c, 403, "Password required", "Open the document's address and enter its password first.");
}
