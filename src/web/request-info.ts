import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AuthDeps, Credentials } from "../core/auth/authenticate.ts";
import { CSRF_HEADER, SESSION_COOKIE } from "../core/auth/sessions.ts";
import type { Services } from "../core/services.ts";

// Reading who calls off a request, shared by the REST and GraphQL faces so both authenticate the
// same headers the same way.

/**
 * The caller's address. Behind `trustedProxies` proxies of the operator's, each appends the
 * address it was called from to X-Forwarded-For: the caller is the entry that many hops from the
 * right (counting the connection's own address as the last hop). Entries further left were
 * written by the caller and prove nothing; a caller cannot move the entries its proxies append.
 */
export function clientAddress(c: Context, trustedProxies: number): string {
  let peer = "unknown";
  try {
    peer = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // No socket (a request built in a test): the address stays unknown.
  }
  if (trustedProxies <= 0) return peer;
  const forwarded = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);
  const hops = [...forwarded, peer];
  return hops[Math.max(0, hops.length - 1 - trustedProxies)] ?? peer;
}

/**
 * Whether the browser reached us over https, directly or through a proxy that says so. A cookie
 * set for it is marked Secure; a caller that claims https falsely only keeps its own cookie from
 * being sent back over plain http, so the header needs no trusted proxy.
 */
export function servedOverHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto") === "https";
}

export function credentialsOf(c: Context, trustProxy: number): Credentials {
  const sessionToken = getCookie(c, SESSION_COOKIE);
  return {
    session: sessionToken
      ? {
          token: sessionToken,
          csrfToken: c.req.header(CSRF_HEADER),
          isRead: c.req.method === "GET" || c.req.method === "HEAD",
        }
      : undefined,
    authorization: c.req.header("authorization"),
    apiKey: c.req.header("x-api-key"),
    operatorSecret: c.req.header("x-document-agent-secret"),
    accountId: c.req.header("x-account-id"),
    clientAddress: clientAddress(c, trustProxy),
  };
}

/** What authenticating a request needs, the same for every face. */
export const authDeps = (services: Pick<Services, "db" | "config">): AuthDeps => ({
  pool: services.db.pool,
  operatorSecret: services.config.operatorSecret,
  failureLimit: services.config.authFailuresPerMinute,
});
