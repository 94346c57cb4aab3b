import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { call } from "../support/http.ts";
import { clearOfMinuteTurn, startTestServer, type TestServer, WORKER_SECRET } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// Behind the operator's proxy (TRUST_PROXY=1), the caller is the address the proxy appended to
// X-Forwarded-For, not one the caller wrote there; failed authentications are counted per caller.

let server: TestServer;
let t: Tenant;
beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "1", AUTH_FAILURES_PER_MINUTE: "20" });
  t = await createTenant(server.url);
});
afterAll(async () => {
  await server?.close();
});

/** A request as the proxy forwards it: whatever the caller wrote, then the caller's real address. */
const viaProxy = (real: string, spoofed: string) => ({ "x-forwarded-for": `${spoofed}, ${real}` });

describe("the client address behind a trusted proxy", () => {
  it("is the rightmost untrusted hop: what the caller writes in X-Forwarded-For does not change it", async () => {
    const real = "198.51.100.7";
    // Sixty-one requests in one rate window.
    await clearOfMinuteTurn(20);
    let limited = 0;
    for (let i = 0; i < 61; i++) {
      const r = await call(server.url, "GET", "/v1/account", { headers: viaProxy(real, `10.0.0.${i}`) });
      if (r.status === 429) limited++;
    }
    // Sixty anonymous requests a minute from one caller, however many addresses it claims.
    expect(limited).toBe(1);
    const other = await call(server.url, "GET", "/v1/account", {
      headers: viaProxy("198.51.100.8", "1.2.3.4"),
    });
    expect(other.status).toBe(401);
  });

  it("reads TRUST_PROXY as a count of proxies (true is one, false none)", () => {
    const base = { DATABASE_URL: "postgres://x/y" };
    expect(loadConfig({ ...base, TRUST_PROXY: "true" }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: "false" }).trustProxy).toBe(0);
    expect(loadConfig({ ...base, TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(() => loadConfig({ ...base, TRUST_PROXY: "maybe" })).toThrow(/TRUST_PROXY/);
  });
});

describe("failed authentication", () => {
  const limit = 20;

  it(`is throttled per address after ${limit} failures a minute, for keys and the worker secret, even a right one`, async () => {
    const guesser = { ...viaProxy("203.0.113.9", "x") };
    for (let i = 0; i < limit; i++) {
      const r = await call(server.url, "GET", "/v1/account", {
        headers: { ...guesser, authorization: `Bearer svc_sk_guess${i}` },
      });
      expect(r.status).toBe(401);
    }
    const over = await call(server.url, "GET", "/v1/account", {
      headers: { ...guesser, authorization: "Bearer svc_sk_guessagain" },
    });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe("RATE_LIMITED");
    expect(over.body.error.message).toMatch(
      /^Too many failed authentications from this address \(more than 20 a minute\); retry in \d+ s\.$/,
    );
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    // A right key from that address is refused too: the guesser learns nothing more this minute.
    const right = await call(server.url, "GET", "/v1/account", {
      headers: { ...guesser, authorization: `Bearer ${t.secret}` },
    });
    expect(right.status).toBe(429);
    const secret = await call(server.url, "GET", "/v1/account", {
      headers: { ...guesser, "x-document-agent-secret": WORKER_SECRET },
    });
    expect(secret.status).toBe(429);
    // Another caller is not affected.
    const fine = await call(server.url, "GET", "/v1/account", {
      headers: { ...viaProxy("203.0.113.10", "203.0.113.9"), authorization: `Bearer ${t.secret}` },
    });
    expect(fine.status).toBe(200);
  });

  it("counts wrong worker secrets too", async () => {
    const guesser = viaProxy("203.0.113.11", "x");
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++)
      statuses.push(
        (
          await call(server.url, "GET", "/v1/account", {
            headers: { ...guesser, "x-document-agent-secret": `wrong-secret-${i}-0123456789` },
          })
        ).status,
      );
    expect(statuses.filter((s) => s === 401)).toHaveLength(limit);
    expect(statuses[limit]).toBe(429);
  });
});
