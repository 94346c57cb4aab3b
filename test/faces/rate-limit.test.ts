import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pruneRateWindows } from "../../src/core/auth/rate-limit.ts";
import { call, gql, type Reply } from "../support/http.ts";
import { freePort, type ServiceProcess, spawnService } from "../support/process.ts";
import { startTestServer, type TestServer, WORKER_SECRET } from "../support/server.ts";
import { createKey, createTenant } from "../support/tenant.ts";

// SPEC 8: fixed one-minute windows counted in PostgreSQL, 600 standard / 30 expensive requests a
// minute per key, 60 / 5 per client address without a key. Every test that exhausts a budget
// first waits until the database's current minute has room left, so it never straddles windows.

const TIMEOUT = 120_000;
const CONCURRENCY = 20;
const operator = { "x-document-agent-secret": WORKER_SECRET };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Runs `n` requests, at most CONCURRENCY at a time; replies come back in the order they were asked for. */
async function many(n: number, send: (i: number) => Promise<Reply>): Promise<Reply[]> {
  const out: Reply[] = new Array(n);
  let next = 0;
  const worker = async () => {
    while (next < n) {
      const i = next++;
      out[i] = await send(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, n) }, worker));
  return out;
}

function header(r: Reply, name: string): number {
  const v = r.headers.get(name);
  expect(v, `${name} on ${r.status} ${r.text.slice(0, 200)}`).toMatch(/^\d+$/);
  return Number(v);
}

/**
 * Waits until the current window (by the database clock, as the server reports it) has at least
 * `seconds` left. The probe is counted in the operator's bucket, never in a bucket under test.
 */
async function roomInWindow(base: string, seconds = 20): Promise<void> {
  const probe = await call(base, "GET", "/openapi.json", { headers: operator });
  expect(probe.status).toBe(200);
  const reset = header(probe, "x-ratelimit-reset");
  const left = reset * 1000 - Date.now();
  if (left < seconds * 1000) await new Promise((r) => setTimeout(r, left + 1000));
}

/** The window's end as seen from here: a whole minute, no more than a minute ahead. */
function expectResetIsEndOfMinute(r: Reply) {
  const reset = header(r, "x-ratelimit-reset");
  expect(reset % 60).toBe(0);
  const now = Date.now() / 1000;
  expect(reset).toBeGreaterThan(now - 5);
  expect(reset).toBeLessThanOrEqual(now + 65);
}

/** A 429 in the error envelope; the OpenAI-compatible chat routes add OpenAI's type and param. */
function expectRateLimitedRest(r: Reply, limit: number, dialect?: "openai") {
  expect(r.status, r.text).toBe(429);
  const openAI = dialect === "openai" ? { type: "rate_limit_error", param: null } : {};
  expect(r.body).toEqual({ error: { code: "RATE_LIMITED", message: expect.any(String), ...openAI } });
  expect(r.body.error.message.length).toBeGreaterThan(0);
  expectRateLimitHeaders(r, limit);
}

function expectRateLimitHeaders(r: Reply, limit: number) {
  expect(header(r, "x-ratelimit-limit")).toBe(limit);
  expect(header(r, "x-ratelimit-remaining")).toBe(0);
  expectResetIsEndOfMinute(r);
  const retryAfter = header(r, "retry-after");
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  // Retry-After points at the window's end, not somewhere past it.
  expect(retryAfter).toBeLessThanOrEqual(header(r, "x-ratelimit-reset") - Math.floor(Date.now() / 1000) + 5);
}

/**
 * Every reply got through (with `okStatus` when given; expensive routes may not exist yet, and
 * are counted before routing) with the given limit, in one window, and Remaining counted down
 * by one per request: the replies hold each of limit-1 … 0 exactly once.
 */
function expectCountdown(replies: Reply[], limit: number, okStatus?: number) {
  for (const r of replies) {
    if (okStatus === undefined) expect(r.status, r.text).not.toBe(429);
    else expect(r.status, r.text).toBe(okStatus);
    expect(header(r, "x-ratelimit-limit")).toBe(limit);
    expect(r.headers.get("retry-after")).toBeNull();
  }
  const remaining = replies.map((r) => header(r, "x-ratelimit-remaining")).sort((a, b) => b - a);
  expect(remaining).toEqual(Array.from({ length: replies.length }, (_, i) => limit - 1 - i));
  const resets = new Set(replies.map((r) => header(r, "x-ratelimit-reset")));
  expect(resets.size).toBe(1);
  expectResetIsEndOfMinute(replies[0] as Reply);
}

const account = (base: string, key: string) => call(base, "GET", "/v1/account", { key });
const viewer = (base: string, key: string) => gql(base, "{ viewer { keyKind } }", { key });
const upload = (base: string, key?: string) => call(base, "POST", "/v1/documents", { key, json: {} });

describe("rate limits per key", () => {
  it(
    "allows 600 standard requests a minute, then answers 429 with Retry-After",
    async () => {
      const t = await createTenant(server.url);
      await roomInWindow(server.url);
      const replies = await many(600, () => account(server.url, t.secret));
      expectCountdown(replies, 600, 200);
      // In order, one at a time, Remaining goes down by one per request.
      const a = await createTenant(server.url);
      const first = await account(server.url, a.secret);
      const second = await account(server.url, a.secret);
      expect(header(second, "x-ratelimit-remaining")).toBe(header(first, "x-ratelimit-remaining") - 1);

      const over = await account(server.url, t.secret);
      expectRateLimitedRest(over, 600);
      expect(over.headers.get("x-ratelimit-reset")).toBe(replies[0]?.headers.get("x-ratelimit-reset"));
      // And it stays refused for the rest of the window.
      expectRateLimitedRest(await account(server.url, t.secret), 600);
    },
    TIMEOUT,
  );

  it(
    "counts the expensive operations in their own budget of 30",
    async () => {
      const t = await createTenant(server.url);
      const doc = "doc_0123456789abcdef";
      const expensive = [
        () => upload(server.url, t.secret),
        () => call(server.url, "POST", `/v1/documents/${doc}/structured-output`, { key: t.secret, json: {} }),
        () => call(server.url, "POST", `/v1/documents/${doc}/chat/completions`, { key: t.secret, json: {} }),
      ];
      await roomInWindow(server.url);
      const replies = await many(30, (i) => (expensive[i % 3] as () => Promise<Reply>)());
      for (const r of replies) {
        expect(r.status, r.text).not.toBe(429);
        expect(r.status).not.toBe(401);
      }
      expectCountdown(replies, 30);

      for (const [i, send] of expensive.entries())
        expectRateLimitedRest(await send(), 30, i === 2 ? "openai" : undefined);

      // The standard budget is untouched.
      const std = await account(server.url, t.secret);
      expect(std.status).toBe(200);
      expect(header(std, "x-ratelimit-limit")).toBe(600);
      expect(header(std, "x-ratelimit-remaining")).toBe(599);
      // A GET on a document path and a POST elsewhere are standard requests, not expensive ones.
      const get = await call(server.url, "GET", `/v1/documents/${doc}`, { key: t.secret });
      expect(get.status).not.toBe(429);
      expect(header(get, "x-ratelimit-limit")).toBe(600);
      const key = await call(server.url, "POST", "/v1/keys", { key: t.secret, json: { name: "more" } });
      expect(key.status).toBe(201);
      expect(header(key, "x-ratelimit-limit")).toBe(600);
    },
    TIMEOUT,
  );

  it(
    "gives every key its own budget, even keys of one account",
    async () => {
      // The account's first key makes the others, so it has spent two requests of its own budget;
      // the budget exhausted below is that of `sibling`, which has not been used yet.
      const t = await createTenant(server.url);
      const sibling = await createKey(server.url, t, "secret", "sibling");
      const publishable = await createKey(server.url, t, "publishable");
      const other = await createTenant(server.url);
      await roomInWindow(server.url);

      const replies = await many(600, () => account(server.url, sibling.secret));
      expectCountdown(replies, 600, 200);
      expectRateLimitedRest(await account(server.url, sibling.secret), 600);
      // The x-api-key header names the same key, so the same budget.
      const viaHeader = await call(server.url, "GET", "/v1/account", {
        headers: { "x-api-key": sibling.secret },
      });
      expectRateLimitedRest(viaHeader, 600);

      // The same account's other keys, and another account's key, still have their budgets.
      const first = await account(server.url, t.secret);
      expect(first.status, first.text).toBe(200);
      expect(header(first, "x-ratelimit-limit")).toBe(600);
      expect(header(first, "x-ratelimit-remaining")).toBeGreaterThanOrEqual(597);
      for (const key of [publishable.secret, other.secret]) {
        const r = await account(server.url, key);
        expect(r.status, r.text).toBe(200);
        expect(header(r, "x-ratelimit-limit")).toBe(600);
        expect(header(r, "x-ratelimit-remaining")).toBe(599);
      }

      // Expensive budgets are per key too.
      const exp = await many(30, () => upload(server.url, sibling.secret));
      expectCountdown(exp, 30);
      expectRateLimitedRest(await upload(server.url, sibling.secret), 30);
      for (const key of [t.secret, publishable.secret, other.secret]) {
        const r = await upload(server.url, key);
        expect(r.status, r.text).not.toBe(429);
        expect(header(r, "x-ratelimit-limit")).toBe(30);
        expect(header(r, "x-ratelimit-remaining")).toBe(29);
      }
    },
    TIMEOUT,
  );
});

describe("rate limits without a key", () => {
  it(
    "allows 60 standard and 5 expensive requests a minute per client address",
    async () => {
      await roomInWindow(server.url);
      const replies = await many(60, () => call(server.url, "GET", "/openapi.json"));
      expectCountdown(replies, 60, 200);
      expectRateLimitedRest(await call(server.url, "GET", "/openapi.json"), 60);
      // Anonymous requests to a route that wants a key count against the same address budget.
      expectRateLimitedRest(await call(server.url, "GET", "/v1/account"), 60);

      const exp = await many(5, () => upload(server.url));
      for (const r of exp) {
        expect(r.status, r.text).not.toBe(429);
        expect(header(r, "x-ratelimit-limit")).toBe(5);
      }
      expect(exp.map((r) => header(r, "x-ratelimit-remaining")).sort()).toEqual([0, 1, 2, 3, 4]);
      expectRateLimitedRest(await upload(server.url), 5);

      // A key-holding caller from the same address is not affected.
      const t = await createTenant(server.url);
      const keyed = await account(server.url, t.secret);
      expect(keyed.status).toBe(200);
      expect(header(keyed, "x-ratelimit-remaining")).toBe(599);
    },
    TIMEOUT,
  );
});

describe("rate limits over GraphQL", () => {
  it(
    "counts GraphQL operations in the key's standard budget, shared with REST",
    async () => {
      const t = await createTenant(server.url);
      await roomInWindow(server.url);
      const replies = await many(600, (i) =>
        i % 2 ? viewer(server.url, t.secret) : account(server.url, t.secret),
      );
      expectCountdown(replies, 600, 200);
      for (const [i, r] of replies.entries()) {
        if (i % 2) expect(r.body).toEqual({ data: { viewer: { keyKind: "secret" } } });
      }

      const over = await viewer(server.url, t.secret);
      expect(over.status, over.text).toBe(429);
      expect(over.body.data ?? null).toBeNull();
      expect(over.body.errors[0].extensions.code).toBe("RATE_LIMITED");
      expect(typeof over.body.errors[0].message).toBe("string");
      expectRateLimitHeaders(over, 600);
      // REST sees the same exhausted budget.
      expectRateLimitedRest(await account(server.url, t.secret), 600);
    },
    TIMEOUT,
  );

  it(
    "puts the X-RateLimit-* headers on GraphQL responses",
    async () => {
      const t = await createTenant(server.url);
      await roomInWindow(server.url);
      const first = await viewer(server.url, t.secret);
      expect(first.status).toBe(200);
      expect(header(first, "x-ratelimit-limit")).toBe(600);
      expect(header(first, "x-ratelimit-remaining")).toBe(599);
      expectResetIsEndOfMinute(first);
      const rest = await account(server.url, t.secret);
      expect(header(rest, "x-ratelimit-remaining")).toBe(598);
      const second = await viewer(server.url, t.secret);
      expect(header(second, "x-ratelimit-remaining")).toBe(597);
      expect(second.headers.get("x-ratelimit-reset")).toBe(first.headers.get("x-ratelimit-reset"));
    },
    TIMEOUT,
  );
});

describe("rate limits across processes", () => {
  let child: ServiceProcess | undefined;
  let childUrl: string;

  beforeAll(async () => {
    // A second API process of its own (its own pool, its own event loop) over the same database.
    const port = await freePort();
    childUrl = `http://127.0.0.1:${port}`;
    child = await spawnService(
      { BASE_URL: childUrl, DATABASE_URL: server.database.url, LOG_LEVEL: "silent", WORKER_SECRET },
      port,
    );
    await child.waitUntilHealthy(60_000);
  }, TIMEOUT);

  afterAll(async () => {
    const c = child;
    if (!c) return;
    const timer = setTimeout(() => c.child.kill("SIGKILL"), 10_000);
    await c.kill("SIGTERM");
    clearTimeout(timer);
  }, 30_000);

  it(
    "shares one key's budget between two servers on one database",
    async () => {
      const t = await createTenant(server.url);
      await roomInWindow(server.url);
      const bases = [server.url, childUrl];
      const replies = await many(600, (i) =>
        i % 3 === 2 ? viewer(bases[i % 2] as string, t.secret) : account(bases[i % 2] as string, t.secret),
      );
      expectCountdown(replies, 600, 200);
      for (const base of bases) {
        expectRateLimitedRest(await account(base, t.secret), 600);
        const g = await viewer(base, t.secret);
        expect(g.status).toBe(429);
        expect(g.body.errors[0].extensions.code).toBe("RATE_LIMITED");
      }
      // The expensive budget is shared as well: 15 on each server, then both refuse.
      const exp = await many(30, (i) => upload(bases[i % 2] as string, t.secret));
      expectCountdown(exp, 30);
      for (const base of bases) expectRateLimitedRest(await upload(base, t.secret), 30);
    },
    TIMEOUT,
  );
});

describe("old windows", () => {
  it("keeps a key's counts an hour for the usage chart and drops other buckets' once ended", async () => {
    const { pool } = server.services.db;
    const tag = `prune-${Date.now()}`;
    const at = (minutesAgo: number) => `date_trunc('minute', now()) - interval '${minutesAgo} minutes'`;
    await pool.query(
      `INSERT INTO rate_limit_windows (bucket, window_start, count) VALUES
         ('key:${tag}:standard', ${at(30)}, 5), ('key:${tag}:standard', ${at(61)}, 5),
         ('ip:${tag}:standard', ${at(5)}, 5), ('ip:${tag}:standard', ${at(1)}, 5)`,
    );
    await pruneRateWindows(pool);
    const { rows } = await pool.query<{ bucket: string; ago: number }>(
      `SELECT bucket, round(extract(epoch FROM date_trunc('minute', now()) - window_start) / 60)::int AS ago
       FROM rate_limit_windows WHERE bucket LIKE $1 ORDER BY bucket, ago`,
      [`%${tag}%`],
    );
    expect(rows.map((r) => `${r.bucket.split(":")[0]} ${r.ago}`)).toEqual(["ip 1", "key 30"]);
  });
});
