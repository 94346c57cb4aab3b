import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const keyKinds = ["secret", "publishable"] as const;
export type KeyKind = (typeof keyKinds)[number];

export const keyPrefixes: Record<KeyKind, string> = { secret: "svc_sk_", publishable: "svc_pk_" };

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A new key secret: the kind's prefix and 32 base-62 characters (about 190 bits). */
export function generateKeySecret(kind: KeyKind): string {
  let body = "";
  while (body.length < 32) {
    for (const b of randomBytes(48)) if (b < 248 && body.length < 32) body += base62[b % 62];
  }
  return keyPrefixes[kind] + body;
}

// The secrets are long random strings, so a plain SHA-256 is enough: there is nothing to
// brute-force that a slow hash would protect, and lookups stay one indexed equality.
export function hashKeySecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function kindOfSecret(secret: string): KeyKind | null {
  if (secret.startsWith(keyPrefixes.secret)) return "secret";
  if (secret.startsWith(keyPrefixes.publishable)) return "publishable";
  return null;
}

/** What may be shown of a key after creation: enough characters to tell keys apart. */
export function displayPrefix(secret: string): string {
  return `${secret.slice(0, 11)}…`;
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
