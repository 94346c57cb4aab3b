import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { Credentials } from "../core/auth/authenticate.ts";

// Reading who calls off a request, shared by the REST and GraphQL faces so both authenticate the
// same headers the same way.

export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

export function credentialsOf(c: Context, trustProxy: boolean): Credentials {
  return {
    authorization: c.req.header("authorization"),
    apiKey: c.req.header("x-api-key"),
    workerSecret: c.req.header("x-document-agent-secret"),
    accountId: c.req.header("x-account-id"),
    clientAddress: clientAddress(c, trustProxy),
  };
}
