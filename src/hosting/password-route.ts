import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { setCookie } from "hono/cookie";
import { admit } from "../core/auth/admit.ts";
import {
  ACCESS_COOKIE,
  accessCookieValue,
  formToken,
  formTokenValid,
  passwordMatches,
} from "../core/hosting/access.ts";
import { authDeps, clientAddress, servedOverHttps } from "../web/request-info.ts";
import { nowSeconds, type SiteDeps, type SiteEnv } from "./site-deps.ts";
import { siteOfRequest } from "./site-of-request.ts";
import { renderPasswordPage } from "./viewer/viewer-page.ts";

/** The password form's body, at most. */
const MAX_FORM_BYTES = 4096;
/** The longest password a site takes. */
const MAX_PASSWORD_CHARS = 200;

const hostOf = (origin: string) => {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
};

/**
 * POST /_access: the password form. A right password sets the access cookie; wrong ones are
 * counted against the reader's address (admit's site-password budget), past which the form is
 * refused for the rest of the minute.
 */
export function passwordRoute(deps: SiteDeps) {
  const { config } = deps.services;
  const admitDeps = authDeps(deps.services);
  // The form is a password and a token: a few hundred bytes. Anything bigger is not read.
  const formLimit = bodyLimit({
    maxSize: MAX_FORM_BYTES,
    onError: (c) => {
      c.header("Connection", "close");
      return c.text("The form is too large.", 413);
    },
  });

  const handler = async (c: Context<SiteEnv>) => {
    const open = await siteOfRequest(c, deps);
    if (open instanceof Response) return open;
    const { site } = open;
    c.header("Cache-Control", "no-store");
    if (site.passwordHash === null) return c.redirect("/", 303);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const password = typeof form.password === "string" ? form.password : "";
    // A form posted from another site (login CSRF) is refused: browsers send Origin with a POST.
    const origin = c.req.header("origin");
    const sameOrigin = origin === undefined || hostOf(origin) === (c.req.header("host") ?? "").toLowerCase();
    const again = (error: string, status: 400 | 401 | 429) =>
      c.html(
        renderPasswordPage({ title: site.title, csrf: formToken(deps.secret, site.id, nowSeconds()), error }),
        status,
      );
    if (
      !sameOrigin ||
      !formTokenValid(
        deps.secret,
        site.id,
        typeof form.csrf === "string" ? form.csrf : undefined,
        nowSeconds(),
      )
    )
      return again("The form had expired. Enter the password again.", 400);
    const caller = { clientAddress: clientAddress(c, config.trustProxy) };
    const mayTry = await admit(admitDeps, caller, { budget: "sitePasswords", units: 0 });
    if (!mayTry.admitted) {
      if (mayTry.rate?.retryAfter !== undefined) c.header("Retry-After", String(mayTry.rate.retryAfter));
      return again(mayTry.message, 429);
    }
    if (
      password.length === 0 ||
      password.length > MAX_PASSWORD_CHARS ||
      !(await passwordMatches(password, site.passwordHash))
    ) {
      const wrong = await admit(admitDeps, caller, { budget: "sitePasswords", units: 1 });
      if (!wrong.admitted && wrong.rate?.retryAfter !== undefined)
        c.header("Retry-After", String(wrong.rate.retryAfter));
      return again("That password is not right.", 401);
    }
    const expires = nowSeconds() + config.hosting.accessHours * 3600;
    setCookie(c, ACCESS_COOKIE, accessCookieValue(deps.secret, site, expires), {
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
      secure: servedOverHttps(c),
      maxAge: config.hosting.accessHours * 3600,
    });
    return c.redirect("/", 303);
  };
  return [formLimit, handler] as const;
}
