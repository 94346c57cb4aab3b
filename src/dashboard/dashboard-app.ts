import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { admit } from "../core/auth/admit.ts";
import { admittedOrThrow } from "../core/auth/decision.ts";
import {
  CSRF_HEADER,
  createSession,
  endSession,
  liveSession,
  SESSION_COOKIE,
  SESSION_MAX_MS,
} from "../core/auth/sessions.ts";
import { AppError } from "../core/errors.ts";
import type { Services } from "../core/services.ts";
import type { AppEnv } from "../web/env.ts";
import { errorResponse } from "../web/error-response.ts";
import { authDeps, clientAddress, servedOverHttps } from "../web/request-info.ts";
import { assetsVersion, dashboardAssets } from "./dashboard-assets.ts";

// The dashboard's sub-app: the page, its assets, and sessions. Everything the page shows it reads
// through GraphQL (REST for downloads) with the session's cookie, as the same operations every
// face calls; nothing here but signing in and out.

/** The page's policy: its own script and styles only, nothing framed, nothing sent elsewhere. */
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

function securityHeaders(c: { header: (k: string, v: string) => void }) {
  c.header("Content-Security-Policy", CSP);
  c.header("X-Frame-Options", "DENY");
  c.header("Referrer-Policy", "no-referrer");
}

const shell = (version: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Quire dashboard</title>
<link rel="stylesheet" href="/dashboard/assets/app.css?v=${version}">
<script type="module" src="/dashboard/assets/app.js?v=${version}"></script>
</head>
<body><div id="app"><p class="loading">Loading…</p></div></body>
</html>`;

/** A request from a page of this service (or a client that names no origin): never another site's. */
function sameOrigin(c: { req: { header: (k: string) => string | undefined; url: string } }): boolean {
  const origin = c.req.header("origin");
  return !origin || origin === new URL(c.req.url).origin;
}

export function dashboardApp(services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // A browser at the root is shown the dashboard; an API client still hears the 404 envelope.
  app.get("/", async (c, next) => {
    if ((c.req.header("accept") ?? "").includes("text/html")) return c.redirect("/dashboard", 302);
    return next();
  });

  app.get("/dashboard/assets/:file", async (c) => {
    const asset = (await dashboardAssets()).get(c.req.param("file"));
    if (!asset) return errorResponse(c, new AppError("NOT_FOUND", "No such dashboard asset."));
    // Each encoding is its own representation, so each has its own ETag.
    // gzip unless the client refuses it ("gzip;q=0").
    const gzip = /\bgzip\b(?!\s*;\s*q=0(?:\.0+)?\b)/.test(c.req.header("accept-encoding") ?? "");
    const etag = gzip ? asset.etag.replace(/"$/, '-gz"') : asset.etag;
    const headers: Record<string, string> = {
      "Content-Type": asset.contentType,
      ETag: etag,
      "Cache-Control": "public, max-age=31536000, immutable",
      Vary: "Accept-Encoding",
    };
    if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
    if (!gzip) return c.body(new Uint8Array(asset.body), 200, headers);
    return c.body(new Uint8Array(asset.gzipped), 200, { ...headers, "Content-Encoding": "gzip" });
  });

  /** Signs in: a secret key exchanged for a session cookie; the key stays with the page no longer. */
  app.post("/dashboard/session", async (c) => {
    if (!sameOrigin(c)) throw new AppError("FORBIDDEN", "Sign in from the dashboard's own page.");
    const body = (await c.req.json().catch(() => null)) as { key?: unknown } | null;
    const key = typeof body?.key === "string" ? body.key.trim() : "";
    if (!key) throw new AppError("BAD_REQUEST", "Paste a secret key (svc_sk_…) to sign in.", {}, "key");
    const { principal } = admittedOrThrow(
      await admit(
        authDeps(services),
        { authorization: `Bearer ${key}`, clientAddress: clientAddress(c, services.config.trustProxy) },
        { budget: "requests", rateClass: "standard", units: 1 },
      ),
    );
    if (principal.kind !== "key" || principal.keyKind !== "secret")
      throw new AppError(
        "FORBIDDEN",
        "Only a secret key (svc_sk_…) signs in to the dashboard; a publishable key cannot.",
      );
    const session = await createSession(services.db.pool, principal.accountId, principal.keyId);
    setCookie(c, SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: "Strict",
      secure: servedOverHttps(c),
      path: "/",
      maxAge: Math.floor(SESSION_MAX_MS / 1000),
    });
    return c.json(
      { csrf_token: session.csrfToken, account_id: principal.accountId, key_id: principal.keyId },
      201,
    );
  });

  /** Who is signed in, and the CSRF token the page repeats in its requests (after a reload). */
  app.get("/dashboard/session", async (c) => {
    const token = getCookie(c, SESSION_COOKIE);
    const live = token ? await liveSession(services.db.pool, token) : null;
    // Asked by the page when it loads: no session is an answer, not a failure.
    if (!live) return c.json({ signed_in: false });
    return c.json({
      signed_in: true,
      csrf_token: live.csrfToken,
      account_id: live.accountId,
      key_id: live.keyId,
    });
  });

  /** Signs out: the session ends on the server, and the cookie is cleared. */
  app.delete("/dashboard/session", async (c) => {
    const token = getCookie(c, SESSION_COOKIE);
    const live = token ? await liveSession(services.db.pool, token) : null;
    if (token && live) {
      if (c.req.header(CSRF_HEADER) !== live.csrfToken)
        throw new AppError("FORBIDDEN", `Signing out needs the session's ${CSRF_HEADER} header.`);
      await endSession(services.db.pool, token);
    }
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return c.json({ signed_out: true });
  });

  app.get("/dashboard", async (c) => {
    securityHeaders(c);
    return c.html(shell(await assetsVersion()));
  });
  app.get("/dashboard/*", async (c) => {
    securityHeaders(c);
    return c.html(shell(await assetsVersion()));
  });
  return app;
}
