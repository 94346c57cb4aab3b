import { createHmac, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** Who may see a hosted site and how (the password is apart: only its hash is kept). */
export type SiteAccess = {
  /** The address answers 404 while true. */
  disabled: boolean;
  /** Kept out of every listing (the sitemap); reachable by its address only. */
  unlisted: boolean;
  /** After it the address answers 410 Gone; null: never. */
  expiresAt: Date | null;
  /** The PDF itself may be downloaded (the viewer shows a button, /document.pdf answers). */
  allowDownload: boolean;
  /** Search engines may index it (only when listed as well). */
  indexing: boolean;
};

export const defaultSiteAccess = (): SiteAccess => ({
  disabled: false,
  unlisted: false,
  expiresAt: null,
  allowDownload: true,
  indexing: false,
});

/** Whether the site's address serves it now: not disabled, not past its expiry. */
export const siteLive = (a: SiteAccess, now = Date.now()) =>
  !a.disabled && !(a.expiresAt && a.expiresAt.getTime() <= now);

/** Whether search engines may index it: listed, indexing on, and no password in front. */
export const siteIndexable = (a: SiteAccess, hasPassword: boolean) =>
  a.indexing && !a.unlisted && !hasPassword;

/** As stored in the access column. */
export const accessToJson = (a: SiteAccess) => ({
  disabled: a.disabled,
  unlisted: a.unlisted,
  expires_at: a.expiresAt?.toISOString() ?? null,
  allow_download: a.allowDownload,
  indexing: a.indexing,
});

export function accessFromJson(v: unknown): SiteAccess {
  const o = (v ?? {}) as Record<string, unknown>;
  const d = defaultSiteAccess();
  return {
    disabled: typeof o.disabled === "boolean" ? o.disabled : d.disabled,
    unlisted: typeof o.unlisted === "boolean" ? o.unlisted : d.unlisted,
    expiresAt: typeof o.expires_at === "string" ? new Date(o.expires_at) : null,
    allowDownload: typeof o.allow_download === "boolean" ? o.allow_download : d.allowDownload,
    indexing: typeof o.indexing === "boolean" ? o.indexing : d.indexing,
  };
}

// Passwords: scrypt with a random salt, at a cost of about 50 ms a guess on these machines, so a
// stolen table is slow to try and the form's per-address limit does the rest.
const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_BYTES = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password.normalize("NFC"), salt, KEY_BYTES, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split("$");
  if (kind !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await scryptAsync(password.normalize("NFC"), Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return timingSafeEqual(key, expected);
}

const mac = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("base64url");

const macEquals = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The cookie a right password earns: valid for one site and one password, until it expires. */
export const ACCESS_COOKIE = "quire_access";

export function accessCookieValue(
  secret: string,
  site: { id: string; passwordVersion: number },
  expiresAtSeconds: number,
): string {
  return `${expiresAtSeconds}.${mac(secret, `access|${site.id}|${site.passwordVersion}|${expiresAtSeconds}`)}`;
}

export function accessCookieValid(
  secret: string,
  site: { id: string; passwordVersion: number },
  value: string | undefined,
  nowSeconds: number,
): boolean {
  const m = value ? /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!m) return false;
  const expires = Number(m[1]);
  if (expires <= nowSeconds) return false;
  return macEquals(m[2] as string, mac(secret, `access|${site.id}|${site.passwordVersion}|${expires}`));
}

/** A password form's token lasts this long: long enough to type, short enough not to be collected. */
const FORM_TOKEN_SECONDS = 2 * 3600;

export function formToken(secret: string, siteId: string, nowSeconds: number): string {
  return `${nowSeconds}.${mac(secret, `form|${siteId}|${nowSeconds}`)}`;
}

export function formTokenValid(
  secret: string,
  siteId: string,
  token: string | undefined,
  nowSeconds: number,
) {
  const m = token ? /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
  if (!m) return false;
  const issued = Number(m[1]);
  if (issued > nowSeconds + 60 || nowSeconds - issued > FORM_TOKEN_SECONDS) return false;
  return macEquals(m[2] as string, mac(secret, `form|${siteId}|${issued}`));
}
