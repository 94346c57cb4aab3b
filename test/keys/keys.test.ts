import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, gql } from "../support/http.ts";
import { type Endpoint, expectSecured, type Keys, securityFixture } from "../support/security.ts";
import type { TestServer } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";
import { createKey, createTenant } from "../support/tenant.ts";

let server: TestServer;
let keys: Keys;

beforeAll(async () => {
  server = await sharedTestServer();
  keys = await securityFixture(server.url);
});
afterAll(async () => {
  await server?.close();
});

describe("API keys over REST", () => {
  it("creates, lists without secrets, rotates and revokes", async () => {
    const t = await createTenant(server.url);
    const created = await call(server.url, "POST", "/v1/keys", {
      key: t.secret,
      json: { kind: "secret", name: "ci" },
    });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^svc_sk_[A-Za-z0-9]{32}$/);
    expect(created.body.key).toMatchObject({
      name: "ci",
      kind: "secret",
      revoked_at: null,
      replaced_by: null,
    });
    expect(created.body.key.prefix).toBe(`${created.body.secret.slice(0, 11)}…`);
    const newKey = created.body.secret as string;

    // The new key works, and listing never shows a secret.
    const list = await call(server.url, "GET", "/v1/keys", { key: newKey });
    expect(list.status).toBe(200);
    expect(list.body.keys.map((k: { id: string }) => k.id).sort()).toEqual(
      [t.keyId, created.body.key.id].sort(),
    );
    expect(list.text).not.toContain(newKey);
    expect(list.text).not.toContain(t.secret);

    // Rotation: the new secret works, the old one is refused at once.
    const rotated = await call(server.url, "POST", `/v1/keys/${created.body.key.id}/rotate`, {
      key: t.secret,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.key.name).toBe("ci");
    expect((await call(server.url, "GET", "/v1/account", { key: newKey })).status).toBe(401);
    expect((await call(server.url, "GET", "/v1/account", { key: rotated.body.secret })).status).toBe(200);
    const all = await call(server.url, "GET", "/v1/keys?include_revoked=true", { key: t.secret });
    const old = all.body.keys.find((k: { id: string }) => k.id === created.body.key.id);
    expect(old.replaced_by).toBe(rotated.body.key.id);
    expect(old.revoked_at).not.toBeNull();
    // Rotating a rotated-away key is a conflict.
    const again = await call(server.url, "POST", `/v1/keys/${created.body.key.id}/rotate`, { key: t.secret });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("CONFLICT");

    // Revocation takes effect on the next request, and is idempotent.
    const revoked = await call(server.url, "DELETE", `/v1/keys/${rotated.body.key.id}`, { key: t.secret });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked).toBe(true);
    expect((await call(server.url, "GET", "/v1/account", { key: rotated.body.secret })).status).toBe(401);
    expect(
      (await call(server.url, "DELETE", `/v1/keys/${rotated.body.key.id}`, { key: t.secret })).status,
    ).toBe(200);
  });

  it("refuses to revoke the account's last active secret key", async () => {
    const t = await createTenant(server.url);
    const r = await call(server.url, "DELETE", `/v1/keys/${t.keyId}`, { key: t.secret });
    expect(r.status).toBe(409);
    expect(r.body.error.message).toMatch(/last active secret key/);
    // A publishable key does not count as a way to manage the account.
    await createKey(server.url, t, "publishable");
    expect((await call(server.url, "DELETE", `/v1/keys/${t.keyId}`, { key: t.secret })).status).toBe(409);
    // With a second secret key, the first may go.
    const second = await createKey(server.url, t, "secret");
    expect((await call(server.url, "DELETE", `/v1/keys/${t.keyId}`, { key: second.secret })).status).toBe(
      200,
    );
  });

  it("accepts the key in x-api-key as well as Authorization", async () => {
    const r = await call(server.url, "GET", "/v1/account", { headers: { "x-api-key": keys.owner.secret } });
    expect(r.status).toBe(200);
    expect(r.body.account.id).toBe(keys.owner.accountId);
    expect(r.body.key_kind).toBe("secret");
  });

  it("lets a publishable key read the account but not manage keys", async () => {
    const r = await call(server.url, "GET", "/v1/account", { key: keys.publishable });
    expect(r.status).toBe(200);
    expect(r.body.key_kind).toBe("publishable");
    const c = await call(server.url, "POST", "/v1/keys", { key: keys.publishable, json: { name: "x" } });
    expect(c.status).toBe(403);
    expect(c.body.error.code).toBe("FORBIDDEN");
  });

  it("lets the operator act for an account with x-account-id", async () => {
    const r = await call(server.url, "GET", "/v1/keys", {
      headers: {
        "x-document-agent-secret": "test-worker-secret-0123456789",
        "x-account-id": keys.owner.accountId,
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.keys.length).toBeGreaterThan(0);
    const unknown = await call(server.url, "GET", "/v1/keys", {
      headers: { "x-document-agent-secret": "test-worker-secret-0123456789", "x-account-id": "acct_nope" },
    });
    expect(unknown.status).toBe(401);
  });
});

describe("security of every platform endpoint", () => {
  const endpoints: [string, Endpoint][] = [
    ["GET /v1/account", { method: "GET", path: () => "/v1/account", needs: "any" }],
    ["GET /v1/keys", { method: "GET", path: () => "/v1/keys", needs: "secret" }],
    ["POST /v1/keys", { method: "POST", path: () => "/v1/keys", json: { name: "x" }, needs: "secret" }],
    [
      "POST /v1/keys/{id}/rotate",
      { method: "POST", path: (o) => `/v1/keys/${o.keyId}/rotate`, needs: "secret", ownedResource: true },
    ],
    [
      "DELETE /v1/keys/{id}",
      { method: "DELETE", path: (o) => `/v1/keys/${o.keyId}`, needs: "secret", ownedResource: true },
    ],
  ];
  for (const [name, ep] of endpoints) {
    it(name, async () => {
      await expectSecured(server.url, keys, ep);
    });
  }

  it("POST /v1/accounts is for the operator only", async () => {
    const json = { name: "x" };
    expect((await call(server.url, "POST", "/v1/accounts", { json })).status).toBe(401);
    expect((await call(server.url, "POST", "/v1/accounts", { json, key: "svc_sk_nope" })).status).toBe(401);
    const withKey = await call(server.url, "POST", "/v1/accounts", { json, key: keys.owner.secret });
    expect(withKey.status).toBe(403);
    expect(withKey.body.error.code).toBe("FORBIDDEN");
    const wrong = await call(server.url, "POST", "/v1/accounts", {
      json,
      headers: { "x-document-agent-secret": "nope-nope-nope-nope" },
    });
    expect(wrong.status).toBe(401);
  });
});

describe("when keys were used", () => {
  it("marks a key's last use to the minute, and counts its requests per minute", async () => {
    const t = await createTenant(server.url);
    const k = await createKey(server.url, t, "secret", "used");
    const lastUsed = async () => {
      const list = await call(server.url, "GET", "/v1/keys", { key: t.secret });
      return list.body.keys.find((x: { id: string }) => x.id === k.id).last_used_at as string | null;
    };
    expect(await lastUsed()).toBeNull();
    const before = Date.now();
    expect((await call(server.url, "GET", "/v1/account", { key: k.secret })).status).toBe(200);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    expect(Date.parse(first as string)).toBeGreaterThanOrEqual(before - 1_000);
    // A mark within the current minute is left as it is (one write a minute at most), one from
    // an earlier minute is moved on. Set by hand, so the minute turning mid-test changes nothing.
    const mark = (sql: string) =>
      server.services.db.pool.query(`UPDATE api_keys SET last_used_at = ${sql} WHERE id = $1`, [k.id]);
    await mark("now() + interval '1 hour'");
    const held = await lastUsed();
    await call(server.url, "GET", "/v1/account", { key: k.secret });
    expect(await lastUsed()).toBe(held);
    await mark("now() - interval '2 minutes'");
    const stale = Date.parse((await lastUsed()) as string);
    await call(server.url, "GET", "/v1/account", { key: k.secret });
    expect(Date.parse((await lastUsed()) as string)).toBeGreaterThan(stale + 60_000);
    // A wrong key marks nothing; another account's usage does not list this account's keys.
    await call(server.url, "GET", "/v1/account", { key: `${k.secret}x` });
    const usage = await gql(
      server.url,
      "{ usage(minutes: 3) { limits { standard expensive } keys { keyId kind minutes { start standard } } } }",
      { key: t.secret },
    );
    expect(usage.body.data.usage.limits).toEqual({ standard: 600, expensive: 30 });
    const mine = usage.body.data.usage.keys.find((x: { keyId: string }) => x.keyId === k.id);
    expect(mine.minutes).toHaveLength(3);
    // The three requests made with the key above.
    expect(mine.minutes.reduce((a: number, m: { standard: number }) => a + m.standard, 0)).toBe(3);
    const theirs = await gql(server.url, "{ usage { keys { keyId } } }", { key: keys.other.secret });
    expect(theirs.body.data.usage.keys.map((x: { keyId: string }) => x.keyId)).not.toContain(k.id);
    const denied = await gql(server.url, "{ usage { keys { keyId } } }", { key: keys.publishable });
    expect(denied.body.errors[0].extensions.code).toBe("FORBIDDEN");
    const bad = await gql(server.url, "{ usage(minutes: 61) { to } }", { key: t.secret });
    expect(bad.body.errors[0].extensions.code).toBe("BAD_REQUEST");
  });
});

describe("API keys over GraphQL", () => {
  it("creates, lists, rotates and revokes with the same rules", async () => {
    const t = await createTenant(server.url);
    const created = await gql(
      server.url,
      `mutation { createApiKey(name: "gql", kind: publishable) { secret key { id kind name } } }`,
      { key: t.secret },
    );
    expect(created.status).toBe(200);
    expect(created.body.data.createApiKey.secret).toMatch(/^svc_pk_/);
    const pk = created.body.data.createApiKey.secret as string;

    const list = await gql(server.url, "{ apiKeys { id kind prefix revokedAt } }", { key: t.secret });
    expect(list.body.data.apiKeys).toHaveLength(2);

    // A publishable key may read the viewer but not manage keys: FORBIDDEN in extensions.code.
    const viewer = await gql(server.url, "{ viewer { keyKind account { id } } }", { key: pk });
    expect(viewer.body.data.viewer).toEqual({ keyKind: "publishable", account: { id: t.accountId } });
    const denied = await gql(server.url, "{ apiKeys { id } }", { key: pk });
    expect(denied.body.errors[0].extensions.code).toBe("FORBIDDEN");

    const rotated = await gql(
      server.url,
      `mutation($id: ID!) { rotateApiKey(id: $id) { secret key { id } } }`,
      {
        key: t.secret,
        variables: { id: created.body.data.createApiKey.key.id },
      },
    );
    expect(rotated.body.data.rotateApiKey.secret).toMatch(/^svc_pk_/);
    const stale = await gql(server.url, "{ viewer { keyKind } }", { key: pk });
    expect(stale.status).toBe(401);
    expect(stale.body.errors[0].extensions.code).toBe("UNAUTHORIZED");

    const revoked = await gql(server.url, `mutation($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }`, {
      key: t.secret,
      variables: { id: rotated.body.data.rotateApiKey.key.id },
    });
    expect(revoked.body.data.revokeApiKey.revokedAt).not.toBeNull();

    // Another account's key id is NOT_FOUND, never FORBIDDEN: ids of other accounts leak nothing.
    const foreign = await gql(server.url, `mutation($id: ID!) { revokeApiKey(id: $id) { id } }`, {
      key: keys.other.secret,
      variables: { id: t.keyId },
    });
    expect(foreign.body.errors[0].extensions.code).toBe("NOT_FOUND");
  });

  it("answers without a key with 401 and the error code", async () => {
    const r = await gql(server.url, "{ apiKeys { id } }");
    expect(r.body.errors[0].extensions.code).toBe("UNAUTHORIZED");
    const bad = await gql(server.url, "{ apiKeys { id } }", { key: "svc_sk_bogus" });
    expect(bad.status).toBe(401);
    expect(bad.body.errors[0].extensions.code).toBe("UNAUTHORIZED");
    expect(bad.headers.get("x-ratelimit-limit")).toBe("60");
  });
});

describe("GraphQL requests that execute nothing", () => {
  it("are counted and carry the rate-limit headers", async () => {
    const t = await createTenant(server.url);
    const bad = await gql(server.url, "{ viewer { keyKind } ", { key: t.secret });
    expect(bad.body.errors[0].extensions.code).toBe("BAD_REQUEST");
    expect(bad.headers.get("x-ratelimit-limit")).toBe("600");
    const remaining = Number(bad.headers.get("x-ratelimit-remaining"));
    const unknown = await gql(server.url, "{ nope }", { key: t.secret });
    expect(unknown.body.errors[0].extensions.code).toBe("BAD_REQUEST");
    expect(Number(unknown.headers.get("x-ratelimit-remaining"))).toBe(remaining - 1);
    // A bad key is refused even when the query would not parse.
    const badKey = await gql(server.url, "{ viewer ", { key: "svc_sk_nope" });
    expect(badKey.status).toBe(401);
    expect(badKey.body.errors[0].extensions.code).toBe("UNAUTHORIZED");
    // An executed operation is counted once, not twice.
    const ok = await gql(server.url, "{ viewer { keyKind } }", { key: t.secret });
    expect(Number(ok.headers.get("x-ratelimit-remaining"))).toBe(remaining - 2);
  });
});
