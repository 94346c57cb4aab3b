import { expect } from "vitest";
import { call } from "./http.ts";
import { WORKER_SECRET } from "./server.ts";

export type Tenant = { accountId: string; secret: string; keyId: string };

/** A fresh account made through the public API (the operator route), as a real operator would. */
export async function createTenant(base: string, name = "tenant"): Promise<Tenant> {
  const r = await call(base, "POST", "/v1/accounts", {
    headers: { "x-document-agent-secret": WORKER_SECRET },
    json: { name },
  });
  expect(r.status).toBe(201);
  return { accountId: r.body.account.id, secret: r.body.secret, keyId: r.body.key.id };
}

export async function createKey(
  base: string,
  tenant: Tenant,
  kind: "secret" | "publishable",
  name: string = kind,
) {
  const r = await call(base, "POST", "/v1/keys", { key: tenant.secret, json: { kind, name } });
  expect(r.status).toBe(201);
  return { id: r.body.key.id as string, secret: r.body.secret as string };
}
