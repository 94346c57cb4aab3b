import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type KeyCheck, KeyCheckBatch } from "../../src/core/auth/key-check-batch.ts";
import type { RateClass } from "../../src/core/auth/rate-limit.ts";
import { hashKeySecret } from "../../src/core/auth/secrets.ts";
import { call } from "../support/http.ts";
import { clearOfMinuteTurn, startTestServer, type TestServer } from "../support/server.ts";
import { createKey, createTenant, type Tenant } from "../support/tenant.ts";

// The key checks of requests that arrive together go to the database in one statement
// (src/core/auth/key-check-batch.ts); each must still come back as if it had been sent alone.

let server: TestServer;
let pool: pg.Pool;
/** Statements the batch sent: the pool's client checkouts (the batch takes one a statement). */
let statements = 0;

beforeAll(async () => {
  server = await startTestServer();
  pool = new pg.Pool({ connectionString: server.database.url, max: 4 });
  pool.on("acquire", () => statements++);
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await server?.close();
});

const check = (secret: string, cls: RateClass = "standard", points = 1, address = "192.0.2.7"): KeyCheck => ({
  secretHash: hashKeySecret(secret),
  cls,
  failuresBucket: `authfail:${address}`,
  points,
});

async function windowCount(bucket: string): Promise<number> {
  const { rows } = await pool.query<{ count: number }>(
    "SELECT count FROM rate_limit_windows WHERE bucket = $1 AND window_start = date_trunc('minute', now())",
    [bucket],
  );
  return rows[0]?.count ?? 0;
}

describe("key checks sent together", () => {
  let tenant: Tenant;
  let other: { id: string; secret: string };
  let revoked: { id: string; secret: string };

  beforeAll(async () => {
    tenant = await createTenant(server.url);
    other = await createKey(server.url, tenant, "publishable", "other");
    revoked = await createKey(server.url, tenant, "secret", "revoked");
    const r = await call(server.url, "DELETE", `/v1/keys/${revoked.id}`, { key: tenant.secret });
    expect(r.status).toBe(200);
  });

  it("looks up and counts a burst in one statement, each check counted in arrival order", async () => {
    await clearOfMinuteTurn(10);
    const batch = new KeyCheckBatch(pool);
    const before = await windowCount(`key:${other.id}:standard`);
    const checks = [
      ...Array.from({ length: 30 }, () => check(other.secret)),
      check(other.secret, "expensive", 3),
      check(revoked.secret),
      check("svc_sk_not-a-key-of-anyone-0000000000"),
      check(other.secret, "expensive", 2),
    ];
    statements = 0;
    const results = await Promise.all(checks.map((c) => batch.check(c)));
    expect(statements).toBe(1);

    const standard = results.slice(0, 30).map((r) => r.key?.count);
    expect(standard).toEqual(Array.from({ length: 30 }, (_, i) => before + i + 1));
    for (const r of results.slice(0, 30)) {
      expect(r.key).toMatchObject({ id: other.id, accountId: tenant.accountId, kind: "publishable" });
    }
    expect(results[30]?.key?.count).toBe(3);
    expect(results[31]?.key).toBeNull();
    expect(results[32]?.key).toBeNull();
    expect(results[33]?.key?.count).toBe(5);
    // The windows hold what was counted, and nothing for the keys that were not found.
    expect(await windowCount(`key:${other.id}:standard`)).toBe(before + 30);
    expect(await windowCount(`key:${other.id}:expensive`)).toBe(5);
    expect(await windowCount(`key:${revoked.id}:standard`)).toBe(0);
    const reset = results[0]?.key?.windowStart;
    expect(reset ? reset % 60 : -1).toBe(0);
  });

  it("sends what arrives while a statement is on its way in the next one, and no more than 200 in one", async () => {
    await clearOfMinuteTurn(10);
    const batch = new KeyCheckBatch(pool);
    const before = await windowCount(`key:${tenant.keyId}:standard`);
    statements = 0;
    const first = batch.check(check(tenant.secret));
    // Asked after the first statement left: they wait for it, then go together.
    await new Promise((r) => setImmediate(r));
    const rest = Array.from({ length: 450 }, () => batch.check(check(tenant.secret)));
    const results = await Promise.all([first, ...rest]);
    // One for the first, then 450 in batches of at most 200.
    expect(statements).toBe(4);
    expect(results.map((r) => r.key?.count)).toEqual(Array.from({ length: 451 }, (_, i) => before + i + 1));
  });

  it("does not wait for a key row another transaction holds: the last-used mark is left for later", async () => {
    const held = await createKey(server.url, tenant, "secret", "held");
    // Statements on this pool give up on any lock they would wait for.
    const impatient = new pg.Pool({
      connectionString: server.database.url,
      max: 1,
      options: "-c lock_timeout=300",
    });
    const holder = await pool.connect();
    try {
      await holder.query("BEGIN");
      await holder.query("SELECT 1 FROM api_keys WHERE id = $1 FOR UPDATE", [held.id]);
      const result = await new KeyCheckBatch(impatient).check(check(held.secret));
      expect(result.key?.id).toBe(held.id);
      await holder.query("COMMIT");
      const marked = async () =>
        (await pool.query("SELECT last_used_at FROM api_keys WHERE id = $1", [held.id])).rows[0]
          ?.last_used_at;
      expect(await marked()).toBeNull();
      await new KeyCheckBatch(impatient).check(check(held.secret));
      expect(await marked()).not.toBeNull();
    } finally {
      await holder.query("ROLLBACK").catch(() => undefined);
      holder.release();
      await impatient.end();
    }
  });

  it("reports the address's failed authentications with each check", async () => {
    await clearOfMinuteTurn(10);
    const address = "198.51.100.23";
    await pool.query(
      `INSERT INTO rate_limit_windows (bucket, window_start, count) VALUES ($1, date_trunc('minute', now()), 7)
       ON CONFLICT (bucket, window_start) DO UPDATE SET count = 7`,
      [`authfail:${address}`],
    );
    const batch = new KeyCheckBatch(pool);
    const [mine, elsewhere] = await Promise.all([
      batch.check(check(other.secret, "standard", 1, address)),
      batch.check(check(other.secret, "standard", 1, "203.0.113.9")),
    ]);
    expect(mine?.failures).toBe(7);
    expect(elsewhere?.failures).toBe(0);
  });
});
