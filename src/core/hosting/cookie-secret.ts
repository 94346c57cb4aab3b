import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The secret that signs hosted sites' access cookies: HOST_COOKIE_SECRET, or one generated once
 * into the data directory (mode 0600) and shared by every process on it, so a cookie set by one
 * API process is honoured by the others and across restarts.
 */
export function hostCookieSecret(config: { dataDir: string; hosting: { cookieSecret: string | undefined } }) {
  if (config.hosting.cookieSecret) return config.hosting.cookieSecret;
  const file = path.join(config.dataDir, "host-cookie-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(config.dataDir, { recursive: true });
    // Written whole under a temporary name, then linked into place: linking fails if the name
    // exists, so of two processes starting at once one secret wins and nobody reads half of one.
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(tmp, randomBytes(32).toString("base64url"), { mode: 0o600 });
    try {
      linkSync(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    } finally {
      rmSync(tmp, { force: true });
    }
    return readFileSync(file, "utf8").trim();
  }
}
