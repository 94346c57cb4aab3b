import type { Config } from "../config.ts";

// The transport specification's DNS-rebinding rule: a server must check the Origin of requests
// and refuse one it does not expect. A page of any site could otherwise reach a server on a
// user's machine or network through a name rebound to it. The request's own Host proves nothing
// (a rebound name sends the attacker's Host), so the API's own origin is BASE_URL's; other
// browser origins (the MCP Inspector's page, a web client) are named in MCP_ALLOWED_ORIGINS.
// Clients that are not browsers send no Origin and are not concerned.

export function originCheck(
  config: Pick<Config, "baseUrl" | "mcp">,
): (origin: string | undefined) => boolean {
  const allowed = new Set([new URL(config.baseUrl).origin, ...config.mcp.allowedOrigins]);
  return (origin) => origin === undefined || allowed.has(origin);
}
