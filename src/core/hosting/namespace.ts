import { randomInt } from "node:crypto";

// A namespace is the first label of a hosted site's address, so it follows DNS: 3 to 63 of
// a-z, 0-9 and '-', no hyphen first or last, and no "xn--" (a punycode label would show in a
// browser as another, perhaps look-alike, name).

export const NAMESPACE_PATTERN = /^(?!-)(?!xn--)[a-z0-9-]{3,63}(?<!-)$/;

/**
 * Labels an operator or a mail, web or DNS service expects to own under the hosted domain, or
 * that would pass for this service's own pages. Requests to them are never hosted content.
 */
export const RESERVED_NAMESPACES: ReadonlySet<string> = new Set([
  "abuse",
  "account",
  "accounts",
  "admin",
  "administrator",
  "api",
  "app",
  "assets",
  "auth",
  "autoconfig",
  "autodiscover",
  "billing",
  "blog",
  "cdn",
  "dashboard",
  "dev",
  "docs",
  "email",
  "ftp",
  "graphql",
  "help",
  "hostmaster",
  "imap",
  "internal",
  "localhost",
  "login",
  "mail",
  "mcp",
  "mx",
  "ns1",
  "ns2",
  "pop",
  "postmaster",
  "quire",
  "robots",
  "root",
  "security",
  "signin",
  "signup",
  "sitemap",
  "smtp",
  "staging",
  "static",
  "status",
  "support",
  "test",
  "webmail",
  "webmaster",
  "www",
]);

/** Why a namespace cannot be claimed, as a sentence; null when its form is fine. */
export function namespaceProblem(ns: string): string | null {
  if (RESERVED_NAMESPACES.has(ns)) return `'${ns}' is reserved: choose another namespace.`;
  if (!NAMESPACE_PATTERN.test(ns))
    return "a namespace is 3 to 63 of a-z, 0-9 and '-', with no hyphen first or last and not starting with 'xn--'.";
  return null;
}

const adjectives = [
  "amber",
  "brave",
  "bright",
  "calm",
  "clever",
  "cosy",
  "crisp",
  "eager",
  "fair",
  "gentle",
  "glad",
  "golden",
  "happy",
  "keen",
  "kind",
  "lively",
  "lucky",
  "mellow",
  "merry",
  "misty",
  "noble",
  "plain",
  "proud",
  "quick",
  "quiet",
  "rapid",
  "silver",
  "sleek",
  "smart",
  "steady",
  "sunny",
  "swift",
  "tidy",
  "vivid",
  "warm",
  "wise",
];
const animals = [
  "badger",
  "bear",
  "beaver",
  "bison",
  "crane",
  "deer",
  "dove",
  "eagle",
  "falcon",
  "ferret",
  "finch",
  "fox",
  "gecko",
  "hare",
  "heron",
  "ibis",
  "koala",
  "lark",
  "lemur",
  "lynx",
  "marten",
  "mole",
  "moose",
  "newt",
  "otter",
  "owl",
  "panda",
  "puffin",
  "raven",
  "robin",
  "seal",
  "stork",
  "swan",
  "tiger",
  "wolf",
  "wren",
];
const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";

/** A readable namespace such as brave-otter-7k2f; 36 × 36 × 36⁴ ≈ 2 billion of them. */
export function generateNamespace(): string {
  let tail = "";
  for (let i = 0; i < 4; i++) tail += alphabet[randomInt(alphabet.length)];
  return `${adjectives[randomInt(adjectives.length)]}-${animals[randomInt(animals.length)]}-${tail}`;
}
