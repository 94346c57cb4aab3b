import { randomBytes } from "node:crypto";

const alphabet = "0123456789abcdefghijklmnopqrstuvwxyz";

/** Random lowercase base-36 text; 16 characters carry about 82 bits. */
export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = "";
  // 252 is the largest multiple of 36 below 256: rejecting bytes >= 252 keeps every character equally likely.
  for (let i = 0; out.length < length; i++) {
    if (i >= bytes.length) return out + randomToken(length - out.length);
    const b = bytes[i] as number;
    if (b < 252) out += alphabet[b % 36];
  }
  return out;
}

/** Resource ids as the SPEC writes them: `doc-…`, `col-…`, `agent_…`, `key_…`. */
export function newId(prefix: string): string {
  return `${prefix}${randomToken(16)}`;
}
