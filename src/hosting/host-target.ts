import { NAMESPACE_PATTERN, RESERVED_NAMESPACES } from "../core/hosting/namespace.ts";

/** What a request's Host names: the API, the hosted domain itself, one site, or nothing served. */
export type HostTarget =
  | { kind: "api" }
  | { kind: "domain" }
  | { kind: "site"; namespace: string }
  | { kind: "none" };

/**
 * Reads the Host header the way DNS does: case-insensitive, one trailing dot dropped, the port
 * ignored. A name under the hosted domain is a site when its label is a namespace's form; a
 * reserved label (api, www…) is left to the API, so the API itself may live at api.{domain}. A
 * deeper name, a label of another form (an IDN sent raw, `xn--`), is served nothing.
 */
export function hostTarget(host: string | undefined, domain: string): HostTarget {
  if (!host) return { kind: "api" };
  let name = host.trim().toLowerCase();
  // [v6]:port or name:port
  name = name.startsWith("[") ? name.slice(0, name.indexOf("]") + 1) : name.replace(/:\d*$/, "");
  if (name.endsWith(".")) name = name.slice(0, -1);
  if (name === domain) return { kind: "domain" };
  if (!name.endsWith(`.${domain}`)) return { kind: "api" };
  const label = name.slice(0, -(domain.length + 1));
  if (RESERVED_NAMESPACES.has(label)) return { kind: "api" };
  if (!NAMESPACE_PATTERN.test(label)) return { kind: "none" };
  return { kind: "site", namespace: label };
}
