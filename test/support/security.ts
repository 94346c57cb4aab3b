import { expect } from "vitest";
import { call, type Reply } from "./http.ts";
import { createKey, createTenant, type Tenant } from "./tenant.ts";

// One helper runs the same security cases against every endpoint (the Unkey practice): no key,
// a malformed key, a revoked key, a rotated-away key, another account's key, and a publishable
// key where a secret one is needed.

export type Endpoint = {
  method: string;
  /** The path for a resource owned by `owner` (built per case so ids can be the owner's). */
  path: (owner: Tenant) => string;
  json?: unknown;
  /** "secret": needs a secret key. "any": any key of the account, publishable too. */
  needs: "secret" | "any";
  /** Whether the path names a resource of the owner, so another account must get 404. */
  ownedResource?: boolean;
};

export type Keys = {
  owner: Tenant;
  other: Tenant;
  publishable: string;
  revoked: string;
  rotatedAway: string;
};

/** Two accounts and the odd keys the cases need; created once per file. */
export async function securityFixture(base: string): Promise<Keys> {
  const owner = await createTenant(base, "owner");
  const other = await createTenant(base, "other");
  const publishable = (await createKey(base, owner, "publishable")).secret;
  const revokedKey = await createKey(base, owner, "secret", "to-revoke");
  expect((await call(base, "DELETE", `/v1/keys/${revokedKey.id}`, { key: owner.secret })).status).toBe(200);
  const rotated = await createKey(base, owner, "secret", "to-rotate");
  expect((await call(base, "POST", `/v1/keys/${rotated.id}/rotate`, { key: owner.secret })).status).toBe(200);
  return { owner, other, publishable, revoked: revokedKey.secret, rotatedAway: rotated.secret };
}

/** An error in the one envelope, counted against a rate budget and never cacheable. */
export function expectError(r: Reply, status: number, code: string, what = "") {
  expect(r.status, `${what} ${code}: ${r.text}`).toBe(status);
  expect(r.body?.error?.code, what).toBe(code);
  expect(typeof r.body?.error?.message).toBe("string");
  expect(r.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
  expect(r.headers.get("cache-control"), what).toBe("no-store");
}

export async function expectSecured(base: string, keys: Keys, ep: Endpoint) {
  const send = (opts: { key?: string; headers?: Record<string, string> }) =>
    call(base, ep.method, ep.path(keys.owner), { ...opts, json: ep.json });

  expectError(await send({}), 401, "UNAUTHORIZED");
  expectError(await send({ key: "svc_sk_not-a-real-key" }), 401, "UNAUTHORIZED");
  expectError(await send({ key: "sk_wrong_prefix" }), 401, "UNAUTHORIZED");
  expectError(await send({ headers: { authorization: "Basic abc" } }), 401, "UNAUTHORIZED");
  expectError(await send({ headers: { "x-api-key": "svc_sk_nope" } }), 401, "UNAUTHORIZED");
  expectError(await send({ key: keys.revoked }), 401, "UNAUTHORIZED");
  expectError(await send({ key: keys.rotatedAway }), 401, "UNAUTHORIZED");
  expectError(
    await send({ headers: { "x-document-agent-secret": "wrong-secret-wrong-secret" } }),
    401,
    "UNAUTHORIZED",
  );
  if (ep.needs === "secret") expectError(await send({ key: keys.publishable }), 403, "FORBIDDEN");
  if (ep.ownedResource) expectError(await send({ key: keys.other.secret }), 404, "NOT_FOUND");
}
