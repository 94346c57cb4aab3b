// `npm run bench:api`: the cost of the API's machinery (authentication, the per-key rate limit,
// the middleware chain, GraphQL) over a bare Hono route that does the same database read.
//
// Two processes, so the load generator and the servers each get one of the machine's cores:
//   - this one creates a fresh database, runs autocannon against each target in turn, and
//     prints the results;
//   - a child (this file with --serve) runs the real service (startService) and the bare route
//     (new Hono() on @hono/node-server, its own Prisma client with a pool of 10) and creates the
//     accounts and keys.
//
// The per-key rate limit (600 standard requests a minute) is kept as it is in production: the
// load is spread round-robin over hundreds of keys (REST and GraphQL each have their own, since
// both count in the same bucket), so each key sees a few dozen requests in the whole run. The run
// prints the number of 429s (expected 0), the most any key was used, the highest count in
// rate_limit_windows, and how many requests PostgreSQL counted against the responses received.
//
// Env: BENCH_ACCOUNTS_PER_CASE (40) x BENCH_KEYS_PER_ACCOUNT (10) keys per authenticated case;
// the keys per account are also the length of every list read.

import type { ChildProcess } from "node:child_process";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import autocannon from "autocannon";
import { Hono } from "hono";
import pg from "pg";
import { createTestDatabase, type TestDatabase } from "../test/support/database.ts";
import { benchServiceConfig } from "./support/bench-service-config.ts";
import { childCpu, serveParent, startChild, stopChild } from "./support/child-service.ts";

const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
const MEASURE_SECONDS = 10;
const TARGET_RATIO = 0.7;
/** Keys each account has, so every list is this long (the account's first key + the created ones). */
const KEYS_PER_ACCOUNT = Number(process.env.BENCH_KEYS_PER_ACCOUNT ?? 10);
/** Accounts per authenticated case (REST and GraphQL count in the same bucket, so each has its own keys). */
const ACCOUNTS_PER_CASE = Number(process.env.BENCH_ACCOUNTS_PER_CASE ?? 40);
/** A warning is printed if any key is used more than this in the whole run (under 600, whatever the window). */
const KEY_BUDGET = 550;
const RATE_LIMIT = 600;
const GRAPHQL_QUERY = "{ apiKeys { id name kind prefix createdAt } }";

type Fixture = { accountId: string; secrets: string[] };
type Ready = {
  type: "ready";
  serviceUrl: string;
  bareUrl: string;
  rest: Fixture[];
  graphql: Fixture[];
};

// ---------------------------------------------------------------------------------------------
// The child: the real service and the bare route.
// ---------------------------------------------------------------------------------------------

async function serveTargets(databaseUrl: string): Promise<void> {
  const { createLogger } = await import("../src/core/log.ts");
  const { startService } = await import("../src/start-service.ts");
  const { connectDatabase } = await import("../src/core/db/client.ts");
  const { createAccount } = await import("../src/resolvers/accounts/create-account.ts");
  const { createApiKey } = await import("../src/resolvers/keys/create-api-key.ts");
  const { apiKeyWire, toApiKeyRecord } = await import("../src/resolvers/keys/api-key-record.ts");

  // With the default pool (DB_POOL_SIZE 10), as an API process is deployed.
  const { config, removeBlobDir } = benchServiceConfig(databaseUrl);
  if (config.dbPoolSize !== 10) throw new Error(`expected the default pool of 10, got ${config.dbPoolSize}`);
  const running = await startService(config, createLogger(config.logLevel));
  if (!running.url) throw new Error("the service has no API role");
  const services = running.services;

  const makeAccounts = async (label: string): Promise<Fixture[]> => {
    const out: Fixture[] = [];
    for (let a = 0; a < ACCOUNTS_PER_CASE; a++) {
      const created = await createAccount.invoke(
        { principal: { kind: "operator", accountId: null }, services },
        { name: `${label}-${a}` },
      );
      const accountId = created.account.id;
      const ctx = {
        principal: { kind: "key" as const, accountId, keyId: created.key.id, keyKind: "secret" as const },
        services,
      };
      const more = await Promise.all(
        Array.from({ length: KEYS_PER_ACCOUNT - 1 }, (_, i) =>
          createApiKey.invoke(ctx, { kind: "secret", name: `bench-${i}` }),
        ),
      );
      out.push({ accountId, secrets: [created.secret, ...more.map((k) => k.secret)] });
    }
    return out;
  };
  const rest = await makeAccounts("rest");
  const graphql = await makeAccounts("graphql");

  // (c) The same read as listApiKeys, the same JSON as GET /v1/keys; nothing else.
  const bareDb = connectDatabase({ url: databaseUrl, poolSize: 10, sqlPoolSize: 1 });
  const bare = new Hono();
  bare.get("/keys/:accountId", async (c) => {
    const rows = await bareDb.prisma.apiKey.findMany({
      where: { accountId: c.req.param("accountId"), revokedAt: null },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    });
    return c.json({ keys: rows.map((r) => apiKeyWire(toApiKeyRecord(r))) }, 200);
  });
  const bareServer = serve({ fetch: bare.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve, reject) => {
    bareServer.once("listening", resolve);
    bareServer.once("error", reject);
  });
  const barePort = (bareServer.address() as AddressInfo).port;

  serveParent(
    async () => {
      (bareServer as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      await new Promise<void>((r) => bareServer.close(() => r()));
      await bareDb.close();
      await running.stop();
      removeBlobDir();
    },
    { serviceUrl: running.url, bareUrl: `http://127.0.0.1:${barePort}`, rest, graphql },
  );
}

// ---------------------------------------------------------------------------------------------
// The parent: load, measure, report.
// ---------------------------------------------------------------------------------------------

type Target = {
  name: string;
  url: string;
  method: "GET" | "POST";
  /** Called per request: the path and headers of the next request. */
  next: () => { path: string; headers: Record<string, string> };
  body?: string;
  expect: (body: string) => boolean;
};

type Measured = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  total: number;
  /** Responses over warm-up and measurement, to compare with what PostgreSQL counted. */
  responses: number;
  errors: number;
  non2xx: number;
  mismatches: number;
  tooMany: number;
  /** CPU time the server process spent per response while measuring, in ms. */
  cpuPerRequest: number;
};

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

function runOnce(
  target: Target,
  seconds: number,
  onLatency?: (ms: number) => void,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        connections: CONNECTIONS,
        duration: seconds,
        method: target.method,
        ...(target.body !== undefined ? { body: target.body } : {}),
        requests: [
          {
            method: target.method,
            setupRequest: (req) => {
              const { path, headers } = target.next();
              return { ...req, path, headers: { ...req.headers, ...headers } };
            },
          },
        ],
        verifyBody: (body) => target.expect(String(body)),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    if (onLatency) instance.on("response", (_client, _status, _bytes, ms) => onLatency(ms));
  });
}

const serverCpu = childCpu;

async function measure(target: Target, child: ChildProcess): Promise<Measured> {
  process.stdout.write(`  ${target.name}: warm-up ${WARMUP_SECONDS} s`);
  const warm = await runOnce(target, WARMUP_SECONDS);
  process.stdout.write(`, measuring ${MEASURE_SECONDS} s`);
  const latencies: number[] = [];
  const cpu0 = await serverCpu(child);
  const r = await runOnce(target, MEASURE_SECONDS, (ms) => latencies.push(ms));
  const cpu1 = await serverCpu(child);
  const sorted = Float64Array.from(latencies).sort();
  // 429s of the warm-up count too: any would mean a key went over its limit.
  const tooMany = (warm.statusCodeStats?.["429"]?.count ?? 0) + (r.statusCodeStats?.["429"]?.count ?? 0);
  const m: Measured = {
    name: target.name,
    rps: r.requests.total / r.duration,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    total: r.requests.total,
    responses: warm.requests.total + r.requests.total,
    errors: r.errors,
    non2xx: r.non2xx,
    mismatches: r.mismatches,
    tooMany,
    cpuPerRequest: (cpu1.user - cpu0.user + cpu1.system - cpu0.system) / 1000 / r.requests.total,
  };
  process.stdout.write(
    ` -> ${m.rps.toFixed(0)} req/s, p50 ${m.p50.toFixed(2)} ms, p99 ${m.p99.toFixed(2)} ms,` +
      ` server CPU ${m.cpuPerRequest.toFixed(3)} ms/req` +
      ` (${m.total} requests, ${m.errors} errors, ${m.non2xx} non-2xx, ${m.mismatches} bad bodies)\n`,
  );
  return m;
}

/** Hands out the keys round-robin and counts their use, so no key goes over KEY_BUDGET unnoticed. */
function keyRotation(fixtures: Fixture[]) {
  const keys = fixtures.flatMap((f) => f.secrets.map((secret) => ({ secret, accountId: f.accountId })));
  const used = new Uint32Array(keys.length);
  let i = 0;
  return {
    size: keys.length,
    next() {
      const k = i++ % keys.length;
      used[k] = (used[k] ?? 0) + 1;
      return keys[k] as { secret: string; accountId: string };
    },
    maxUse: () => used.reduce((a, b) => Math.max(a, b), 0),
  };
}

const startServer = (databaseUrl: string) =>
  startChild<Ready>(fileURLToPath(import.meta.url), ["--serve"], {
    ...process.env,
    BENCH_DATABASE_URL: databaseUrl,
  });

/**
 * Read from the rate-limit table itself: the highest count any key's window reached, and how many
 * requests were counted for the keys of each case (the accounts are named after their case).
 */
async function rateWindows(databaseUrl: string) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const max = await c.query<{ max: number | null }>(
      `SELECT max(count) AS max FROM rate_limit_windows WHERE bucket LIKE 'key:%'`,
    );
    const counted = await c.query<{ kase: string; n: string }>(
      `SELECT split_part(a.name, '-', 1) AS kase, sum(w.count) AS n
         FROM rate_limit_windows w
         JOIN api_keys k ON k.id = split_part(w.bucket, ':', 2)
         JOIN accounts a ON a.id = k.account_id
        WHERE w.bucket LIKE 'key:%'
        GROUP BY 1`,
    );
    const of = (kase: string) => Number(counted.rows.find((r) => r.kase === kase)?.n ?? 0);
    return { max: max.rows[0]?.max ?? 0, rest: of("rest"), graphql: of("graphql") };
  } finally {
    await c.end();
  }
}

async function sanityCheck(target: Target): Promise<void> {
  const { path, headers } = target.next();
  const res = await fetch(target.url + path, {
    method: target.method,
    headers,
    ...(target.body !== undefined ? { body: target.body } : {}),
  });
  const text = await res.text();
  if (res.status !== 200 || !target.expect(text)) {
    throw new Error(`${target.name}: unexpected reply ${res.status} ${text.slice(0, 300)}`);
  }
  const parsed = JSON.parse(text) as { keys?: unknown[]; data?: { apiKeys?: unknown[] } };
  const n = (parsed.keys ?? parsed.data?.apiKeys ?? []).length;
  if (n !== KEYS_PER_ACCOUNT)
    throw new Error(`${target.name}: listed ${n} keys, expected ${KEYS_PER_ACCOUNT}`);
}

const fmt = (n: number, digits = 2) => n.toFixed(digits);

async function main(): Promise<void> {
  const database: TestDatabase = await createTestDatabase();
  let child: ChildProcess | null = null;
  let cleaning: Promise<void> | null = null;
  const cleanup = () => {
    cleaning ??= (async () => {
      if (child) await stopChild(child);
      await database.drop();
    })();
    return cleaning;
  };
  // Ctrl-C still stops the servers and drops the database.
  process.once("SIGINT", () => {
    void cleanup().finally(() => process.exit(130));
  });
  try {
    const started = await startServer(database.url);
    child = started.child;
    const { ready } = started;

    const restKeys = keyRotation(ready.rest);
    const gqlKeys = keyRotation(ready.graphql);
    const bareAccounts = keyRotation(ready.rest);

    const rest: Target = {
      name: "(a) REST GET /v1/keys",
      url: ready.serviceUrl,
      method: "GET",
      next: () => ({
        path: "/v1/keys",
        headers: { authorization: `Bearer ${restKeys.next().secret}` },
      }),
      expect: (b) => b.startsWith('{"keys":['),
    };
    const graphql: Target = {
      name: "(b) GraphQL { apiKeys }",
      url: ready.serviceUrl,
      method: "POST",
      body: JSON.stringify({ query: GRAPHQL_QUERY }),
      next: () => ({
        path: "/graphql",
        headers: {
          authorization: `Bearer ${gqlKeys.next().secret}`,
          "content-type": "application/json",
          accept: "application/json",
        },
      }),
      expect: (b) => b.startsWith('{"data":{"apiKeys":[') && !b.includes('"errors"'),
    };
    const bareTarget: Target = {
      name: "(c) bare Hono + Prisma findMany",
      url: ready.bareUrl,
      method: "GET",
      next: () => ({ path: `/keys/${bareAccounts.next().accountId}`, headers: {} }),
      expect: (b) => b.startsWith('{"keys":['),
    };

    for (const t of [rest, graphql, bareTarget]) await sanityCheck(t);

    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ");
    console.log(
      `\nbench:api — ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${MEASURE_SECONDS} s per case, ` +
        `one case at a time; node ${process.version}, ${os.cpus().length} cores, ` +
        `service pool 10 / bare pool 10; every list has ${KEYS_PER_ACCOUNT} keys; ` +
        `${restKeys.size} keys for REST, ${gqlKeys.size} for GraphQL. Load average before: ${load()}.`,
    );
    const results: Measured[] = [];
    for (const t of [rest, graphql, bareTarget]) results.push(await measure(t, started.child));
    const [a, b, c] = results as [Measured, Measured, Measured];
    console.log(`Load average after: ${load()} (other work on the machine skews the figures).`);

    const windows = await rateWindows(database.url);
    const maxKeyUse = Math.max(restKeys.maxUse(), gqlKeys.maxUse());
    const tooMany = a.tooMany + b.tooMany;

    const row = (m: Measured, ratio: string) =>
      `| ${m.name} | ${fmt(m.rps, 0)} | ${fmt(m.p50)} | ${fmt(m.p99)} | ${m.errors + m.mismatches} / ${m.non2xx} | ${ratio} | ${fmt(m.cpuPerRequest, 3)} |`;
    console.log(
      [
        "",
        `| Case (${CONNECTIONS} connections, ${MEASURE_SECONDS} s) | req/s | p50 ms | p99 ms | errors / non-2xx | vs (c) | server CPU ms/req |`,
        "|---|---:|---:|---:|---:|---:|---:|",
        row(a, fmt(a.rps / c.rps)),
        row(b, fmt(b.rps / c.rps)),
        row(c, "1.00"),
        "",
        "errors = connection errors, timeouts and unexpected bodies; server CPU = CPU time of the server",
        "process per response (the service for (a) and (b), the bare route for (c)), PostgreSQL's not included.",
        "",
      ].join("\n"),
    );
    console.log(
      `429 responses: ${tooMany} ${tooMany === 0 ? "(OK)" : "(NOT OK: the figures include rate-limited replies)"}; ` +
        `most requests sent with one key: ${maxKeyUse} (budget ${KEY_BUDGET}); ` +
        `highest per-key window count in rate_limit_windows: ${windows.max} of ${RATE_LIMIT}.`,
    );
    // Each request is counted once; requests still in flight when autocannon stops (warm-up and
    // measurement: up to 2 x CONNECTIONS) are counted by the server but have no response here.
    console.log(
      `Requests counted in PostgreSQL vs responses received (incl. warm-up and one check): ` +
        `REST ${windows.rest} vs ${a.responses + 1}, GraphQL ${windows.graphql} vs ${b.responses + 1}.`,
    );
    if (maxKeyUse > KEY_BUDGET) {
      console.log(
        `WARNING: a key was used ${maxKeyUse} times; raise BENCH_ACCOUNTS_PER_CASE so keys stay under ${KEY_BUDGET}.`,
      );
    }
    for (const m of [a, b]) {
      const ratio = m.rps / c.rps;
      console.log(
        `${ratio >= TARGET_RATIO ? "PASS" : "FAIL"}: ${m.name} runs at ${fmt(ratio)} of the bare route (target >= ${TARGET_RATIO}).`,
      );
    }
  } finally {
    await cleanup();
  }
}

if (process.argv.includes("--serve")) {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error("BENCH_DATABASE_URL is not set");
  serveTargets(url).catch((err: Error) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main().catch((err: Error) => {
    console.error(err);
    process.exitCode = 1;
  });
}
