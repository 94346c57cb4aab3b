// `npm run bench:query`: the whole query path through the real HTTP server with the built-in
// engine (issue 5): a collection query over 10,000 documents of 10 pages each, and single-document
// chat. Target: p99 under 300 ms at 10 concurrent queries on 2 cores.
//
// Two processes, as in bench/api.ts: a child (this file with --serve) runs the real service
// (startService, ROLE=api so no worker polls beside the load, the default pool of 10) on the
// database; this process loads it, sends the requests with fetch (undici, keep-alive) and reports,
// so the load generator does not share the server's event loop. PostgreSQL is the machine's.
//
// Set-up: a fresh database (test/support/database.ts), migrated; an account made through the
// operator route (POST /v1/accounts with the worker secret), the synthetic corpus of
// bench/support/passage-corpus.ts loaded for it directly with SQL (not through extraction), a
// collection of all its documents made through the API (POST /v1/collections with the first
// 1,000 ids, then POST /v1/collections/{id}/documents 1,000 at a time), then VACUUM ANALYZE of the
// collection tables so the planner knows them (as autovacuum would within a minute). With
// BENCH_DB=<name> a kept database is used as it is: the corpus's owner is read from the documents,
// keys are made for it with the worker secret (x-account-id), the collection is made if missing.
//
// Rate limits are kept as in production (per key and minute: 600 standard requests, 30 expensive;
// chat completions are expensive, a collection query is standard): requests take the key least
// used in the current minute, and more keys are made (POST /v1/keys, kind secret) before any
// would pass a margin under its limit. 429s are counted and printed; there must be none.
//
// Measured, with the question shapes of bench/query-retrieval.ts (the follow-up only in chat,
// a collection query being one question), after a warm-up of each:
//   (a) POST /v1/collections/{id}/query {query}, one at a time, BENCH_RUNS per shape;
//   (b) the same from 10 concurrent clients for BENCH_SECONDS, shapes in turn;
//   (c) the same with stream: true, one at a time and 10 concurrent: time to the first
//       `event: answer` and to the end of the stream;
//   (d) POST /v1/documents/{id}/chat/completions, one at a time (BENCH_RUNS per shape) and from 10
//       concurrent clients (BENCH_CHAT_N requests), each request over another document.
// With each, the CPU time of the server process (its process.cpuUsage, asked over IPC), of this
// process, and of the whole machine (/proc/stat, so PostgreSQL's share is what the two processes
// leave).
//
// Knobs: BENCH_DOCS (10000), BENCH_PAGES (10), BENCH_RUNS (20), BENCH_SECONDS (15), BENCH_CHAT_N
// (300), BENCH_DB (reuse a kept database), BENCH_KEEP=1 keeps a new database (its name is
// printed), DB_POOL_SIZE (the server's pool, 10 by default).

import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { ChatMessage } from "../src/core/answering/answer-types.ts";
import { migrate } from "../src/core/db/migrate.ts";
import { createTestDatabase, type TestDatabase } from "../test/support/database.ts";
import { BENCH_WORKER_SECRET, benchServiceConfig } from "./support/bench-service-config.ts";
import { childCpu, serveParent, startChild, stopChild } from "./support/child-service.ts";
import { docId, loadCorpus, percentile, questions } from "./support/passage-corpus.ts";

const DOCS = Number(process.env.BENCH_DOCS ?? 10_000);
const PAGES = Number(process.env.BENCH_PAGES ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CHAT_N = Number(process.env.BENCH_CHAT_N ?? 300);
const CONCURRENCY = 10;
const TARGET_P99_MS = 300;
const COLLECTION = "bench-all";
const BATCH = 1000;

// ---------------------------------------------------------------------------------------------
// The child: the real service.
// ---------------------------------------------------------------------------------------------

async function serve(databaseUrl: string): Promise<void> {
  const { createLogger } = await import("../src/core/log.ts");
  const { startService } = await import("../src/start-service.ts");
  const { config, removeBlobDir } = benchServiceConfig(databaseUrl, {
    ANSWER_PROVIDER: "builtin",
    DB_POOL_SIZE: process.env.DB_POOL_SIZE,
  });
  const running = await startService(config, createLogger(config.logLevel));
  serveParent(() => running.stop().finally(removeBlobDir), {
    url: running.url,
    poolSize: config.dbPoolSize,
  });
}

const startServer = (databaseUrl: string) =>
  startChild<{ url: string; poolSize: number }>(fileURLToPath(import.meta.url), ["--serve", databaseUrl]);

/** The server process's CPU time so far, in ms. */
const serverCpu = async (child: ChildProcess) => {
  const u = await childCpu(child);
  return (u.user + u.system) / 1000;
};

/** Busy CPU time of the whole machine so far, in ms (every core; idle and iowait left out). */
function machineCpu(): number {
  const fields = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").trim().split(/\s+/).slice(1);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  // USER_HZ is 100 on Linux: a tick is 10 ms.
  return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * 10;
}

const ownCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

// ---------------------------------------------------------------------------------------------
// The parent: set up, measure, report.
// ---------------------------------------------------------------------------------------------

type RateClass = "standard" | "expensive";
/** Uses per key and minute, kept under the limits (600, 30) by a margin for requests in flight. */
const KEY_BUDGET: Record<RateClass, number> = { standard: 560, expensive: 20 };

/**
 * The account's keys, handed out least used first in the current minute of the clock (the server
 * counts in the database's minute; both are this machine's clock). A new batch of keys is made
 * before any key would pass its budget.
 */
function keyRing(base: string, creator: Record<string, string>) {
  const keys: { secret: string; used: Map<string, number> }[] = [];
  let growing: Promise<void> | null = null;
  const grow = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const r = await fetch(`${base}/v1/keys`, {
        method: "POST",
        headers: { ...creator, "content-type": "application/json" },
        body: JSON.stringify({ kind: "secret", name: `bench-${keys.length}` }),
      });
      if (r.status !== 201) throw new Error(`POST /v1/keys: ${r.status} ${await r.text()}`);
      keys.push({ secret: ((await r.json()) as { secret: string }).secret, used: new Map() });
    }
  };
  return {
    grow,
    size: () => keys.length,
    async take(cls: RateClass): Promise<string> {
      for (;;) {
        const slot = `${cls}:${Math.floor(Date.now() / 60_000)}`;
        let best: (typeof keys)[number] | undefined;
        for (const k of keys) if (!best || (k.used.get(slot) ?? 0) < (best.used.get(slot) ?? 0)) best = k;
        if (best && (best.used.get(slot) ?? 0) < KEY_BUDGET[cls]) {
          best.used.set(slot, (best.used.get(slot) ?? 0) + 1);
          return best.secret;
        }
        growing ??= grow(10).finally(() => {
          growing = null;
        });
        await growing;
      }
    },
  };
}

/** One request: its status, its time (and to the first answer event), and its question shape. */
type Sample = { status: number; ms: number; firstMs?: number; error?: string; shape?: string };

/** Samples of one measurement, and what the processes spent while it ran. */
type Phase = {
  label: string;
  samples: Sample[];
  seconds: number;
  serverCpuMs: number;
  ownCpuMs: number;
  machineCpuMs: number;
};

async function postJson(
  base: string,
  path: string,
  secret: string,
  body: unknown,
  check: (json: Record<string, unknown>) => boolean,
): Promise<Sample> {
  const t = performance.now();
  const r = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await r.text();
  const ms = performance.now() - t;
  if (r.status !== 200) return { status: r.status, ms, error: text.slice(0, 300) };
  return check(JSON.parse(text)) ? { status: 200, ms } : { status: 200, ms, error: text.slice(0, 300) };
}

/** A streamed collection query: the time to the first `event: answer` and to the end. */
async function postStream(base: string, path: string, secret: string, body: unknown): Promise<Sample> {
  const t = performance.now();
  const r = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (r.status !== 200 || !r.body)
    return { status: r.status, ms: performance.now() - t, error: (await r.text()).slice(0, 300) };
  const decoder = new TextDecoder();
  let text = "";
  let firstMs: number | undefined;
  const reader = r.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    text += decoder.decode(part.value, { stream: true });
    if (firstMs === undefined && text.includes("event: answer")) firstMs = performance.now() - t;
  }
  const ms = performance.now() - t;
  const ok = text.includes("event: done") && !text.includes("event: error");
  return {
    status: 200,
    ms,
    ...(firstMs !== undefined ? { firstMs } : {}),
    ...(ok ? {} : { error: text.slice(-300) }),
  };
}

async function measure(
  child: ChildProcess,
  label: string,
  opts: { clients: number; count?: number; seconds?: number },
  one: (i: number) => Promise<Sample>,
): Promise<Phase> {
  const samples: Sample[] = [];
  const [server0, own0, machine0, t0] = [await serverCpu(child), ownCpu(), machineCpu(), performance.now()];
  let next = 0;
  const deadline = opts.seconds === undefined ? Infinity : t0 + opts.seconds * 1000;
  await Promise.all(
    Array.from({ length: opts.clients }, async () => {
      for (;;) {
        const i = next++;
        if ((opts.count !== undefined && i >= opts.count) || performance.now() >= deadline) return;
        samples.push(await one(i));
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const phase = {
    label,
    samples,
    seconds,
    serverCpuMs: (await serverCpu(child)) - server0,
    ownCpuMs: ownCpu() - own0,
    machineCpuMs: machineCpu() - machine0,
  };
  const bad = samples.filter((s) => s.error);
  const tooMany = samples.filter((s) => s.status === 429).length;
  console.log(
    `  ${label}: ${samples.length} requests in ${seconds.toFixed(1)} s, p50 ${fmt(percentile(okMs(phase), 50))} ms, ` +
      `p99 ${fmt(percentile(okMs(phase), 99))} ms${tooMany ? `, ${tooMany} x 429` : ""}` +
      `${bad.length ? `, ${bad.length} failed (first: ${bad[0]?.status} ${bad[0]?.error})` : ""}`,
  );
  return phase;
}

const fmt = (n: number | undefined, digits = 1) =>
  n === undefined || Number.isNaN(n) ? "-" : n.toFixed(digits);
const okMs = (p: Phase) => p.samples.filter((s) => !s.error).map((s) => s.ms);

/** The database of BENCH_DB, or a fresh one (dropped at the end unless BENCH_KEEP=1). */
async function openDatabase(): Promise<{ url: string; created?: TestDatabase }> {
  const reuse = process.env.BENCH_DB;
  if (!reuse) {
    const created = await createTestDatabase();
    return { url: created.url, created };
  }
  const u = new URL(process.env.TEST_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
  u.pathname = `/${reuse}`;
  return { url: u.toString() };
}

async function main() {
  const db = await openDatabase();
  await migrate(db.url);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  let child: ChildProcess | undefined;
  try {
    const server = await startServer(db.url);
    child = server.child;
    const base = server.ready.url;
    const operator = { "x-document-agent-secret": BENCH_WORKER_SECRET };

    // The account, its corpus, and who makes its keys.
    let accountId: string;
    let creator: Record<string, string>;
    let docs: number;
    if (db.created) {
      const r = await fetch(`${base}/v1/accounts`, {
        method: "POST",
        headers: { ...operator, "content-type": "application/json" },
        body: JSON.stringify({ name: "bench-query" }),
      });
      if (r.status !== 201) throw new Error(`POST /v1/accounts: ${r.status} ${await r.text()}`);
      const made = (await r.json()) as { account: { id: string }; secret: string };
      accountId = made.account.id;
      creator = { authorization: `Bearer ${made.secret}` };
      const t0 = performance.now();
      const { rows } = await loadCorpus(client, { docs: DOCS, pages: PAGES, accountId });
      docs = DOCS;
      console.log(
        `${DOCS} documents x ${PAGES} pages: ${rows} passages loaded with SQL for ${accountId} in ` +
          `${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
    } else {
      const owner = await client.query<{ account_id: string; n: number }>(
        `SELECT account_id, (SELECT count(*)::int FROM documents d WHERE d.account_id = o.account_id) AS n
         FROM documents o WHERE id = $1`,
        [docId(0)],
      );
      const row = owner.rows[0];
      if (!row) throw new Error(`database ${process.env.BENCH_DB} holds no corpus (no ${docId(0)})`);
      accountId = row.account_id;
      docs = row.n;
      creator = { ...operator, "x-account-id": accountId };
      console.log(`reusing database ${process.env.BENCH_DB}: ${docs} documents of ${accountId}`);
    }
    const keys = keyRing(base, creator);
    await keys.grow(20);

    // The collection of every document, through the API.
    const api = async (method: string, path: string, body?: unknown) => {
      const r = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await keys.take("standard")}`,
          "content-type": "application/json",
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: r.status, json: (await r.json()) as Record<string, unknown> };
    };
    let collection = await api("GET", `/v1/collections/${COLLECTION}`);
    if (collection.status === 404) {
      const t0 = performance.now();
      const ids = Array.from({ length: docs }, (_, d) => docId(d));
      collection = await api("POST", "/v1/collections", {
        name: COLLECTION,
        document_ids: ids.slice(0, BATCH),
      });
      if (collection.status !== 201) throw new Error(`POST /v1/collections: ${JSON.stringify(collection)}`);
      for (let i = BATCH; i < ids.length; i += BATCH) {
        const r = await api("POST", `/v1/collections/${collection.json.id}/documents`, {
          document_ids: ids.slice(i, i + BATCH),
        });
        if (r.status !== 200) throw new Error(`adding documents: ${JSON.stringify(r)}`);
      }
      const made = ((performance.now() - t0) / 1000).toFixed(1);
      await client.query("VACUUM ANALYZE collection_documents");
      await client.query("VACUUM ANALYZE collections");
      console.log(
        `collection ${COLLECTION} made through the API in ${made} s (POST /v1/collections, then ` +
          `${Math.ceil(ids.length / BATCH) - 1} x POST /v1/collections/{id}/documents of ${BATCH}), then analyzed`,
      );
    } else if (collection.status !== 200) throw new Error(`GET collection: ${JSON.stringify(collection)}`);
    const colId = collection.json.id as string;
    const members = Number((await api("GET", `/v1/collections/${colId}`)).json.document_count);
    console.log(
      `collection ${colId}: ${members} documents; server pool ${server.ready.poolSize}; ` +
        `node ${process.version}, ${os.cpus().length} cores`,
    );

    // The questions: the collection is asked one question, a document the whole conversation.
    const rare = `zq${4242 % docs}`;
    const collectionShapes = questions
      .filter(([, m]) => m.length === 1)
      .map(([name, m]) => [name, (m[0]?.content ?? "").replace("zq4242", rare)] as const);
    const chatShapes = questions;
    const docOf = (i: number) => (i * 97) % docs;
    const chatBody = (shape: number, i: number) => {
      const d = docOf(i);
      const messages: ChatMessage[] = (chatShapes[shape % chatShapes.length]?.[1] ?? []).map((m) => ({
        ...m,
        content: m.content.replace("zq4242", `zq${d}`),
      }));
      return { path: `/v1/documents/${docId(d)}/chat/completions`, body: { messages } };
    };
    const isAnswer = (j: Record<string, unknown>) => typeof j.answer === "string";
    const isCompletion = (j: Record<string, unknown>) => Array.isArray(j.choices);
    const asked = (shapes: readonly (readonly [string, unknown])[], shape: number) =>
      shapes[shape % shapes.length]?.[0] as string;
    const query = async (shape: number): Promise<Sample> => ({
      ...(await postJson(
        base,
        `/v1/collections/${colId}/query`,
        await keys.take("standard"),
        { query: collectionShapes[shape % collectionShapes.length]?.[1] },
        isAnswer,
      )),
      shape: asked(collectionShapes, shape),
    });
    const streamed = async (shape: number): Promise<Sample> => ({
      ...(await postStream(base, `/v1/collections/${colId}/query`, await keys.take("standard"), {
        query: collectionShapes[shape % collectionShapes.length]?.[1],
        stream: true,
      })),
      shape: asked(collectionShapes, shape),
    });
    const chat = async (shape: number, i: number): Promise<Sample> => {
      const { path, body } = chatBody(shape, i);
      return {
        ...(await postJson(base, path, await keys.take("expensive"), body, isCompletion)),
        shape: asked(chatShapes, shape),
      };
    };

    // Warm-up: every shape once each way, not counted.
    for (let s = 0; s < chatShapes.length; s++) {
      await query(s);
      await streamed(s);
      await chat(s, s + 1);
    }

    const phases: Phase[] = [];
    console.log(`\n(a) collection query, one at a time, ${RUNS} per shape:`);
    const queryPerShape: Phase[] = [];
    for (let s = 0; s < collectionShapes.length; s++) {
      const name = collectionShapes[s]?.[0] as string;
      queryPerShape.push(await measure(child, name, { clients: 1, count: RUNS }, () => query(s)));
    }
    phases.push(merge("collection query, 1 at a time", queryPerShape));
    console.log(`\n(b) collection query, ${CONCURRENCY} concurrent clients, ${SECONDS} s, shapes in turn:`);
    const concurrentQuery = await measure(
      child,
      "collection query",
      { clients: CONCURRENCY, seconds: SECONDS },
      (i) => query(i),
    );
    phases.push(rename(concurrentQuery, `collection query, ${CONCURRENCY} concurrent`));
    console.log("\n(c) collection query with stream: true:");
    const streamOne = await measure(
      child,
      "one at a time",
      { clients: 1, count: RUNS * collectionShapes.length },
      (i) => streamed(i),
    );
    const streamMany = await measure(
      child,
      `${CONCURRENCY} concurrent, ${SECONDS} s`,
      { clients: CONCURRENCY, seconds: SECONDS },
      (i) => streamed(i),
    );
    phases.push(rename(streamOne, "collection query streamed, 1 at a time"));
    phases.push(rename(streamMany, `collection query streamed, ${CONCURRENCY} concurrent`));
    console.log(
      `\n(d) single-document chat, one at a time (${RUNS} per shape), then ${CONCURRENCY} concurrent:`,
    );
    const chatPerShape: Phase[] = [];
    for (let s = 0; s < chatShapes.length; s++) {
      const name = chatShapes[s]?.[0] as string;
      chatPerShape.push(await measure(child, name, { clients: 1, count: RUNS }, (i) => chat(s, i)));
    }
    phases.push(merge("document chat, 1 at a time", chatPerShape));
    const concurrentChat = await measure(
      child,
      `${CONCURRENCY} concurrent, ${CHAT_N} requests`,
      { clients: CONCURRENCY, count: CHAT_N },
      (i) => chat(i, i),
    );
    phases.push(rename(concurrentChat, `document chat, ${CONCURRENCY} concurrent`));

    // The report.
    console.log(
      `\n${docs} documents, collection of ${members}; ${os.cpus().length} cores; CPU in ms per request ` +
        "(server = the service's process, client = this process, machine = every process, PostgreSQL's share being most of the rest)",
    );
    console.log(
      "\n| measurement | requests | p50 ms | p99 ms | first answer p50 / p99 ms | req/s | CPU server / client / machine | 429 | failed |",
    );
    console.log("|---|---|---|---|---|---|---|---|---|");
    for (const p of phases) {
      const first = p.samples.filter((s) => s.firstMs !== undefined).map((s) => s.firstMs as number);
      const n = p.samples.length;
      console.log(
        `| ${p.label} | ${n} | ${fmt(percentile(okMs(p), 50))} | ${fmt(percentile(okMs(p), 99))} | ` +
          `${first.length ? `${fmt(percentile(first, 50))} / ${fmt(percentile(first, 99))}` : "-"} | ` +
          `${fmt(n / p.seconds)} | ${fmt(p.serverCpuMs / n)} / ${fmt(p.ownCpuMs / n)} / ${fmt(p.machineCpuMs / n)} | ` +
          `${p.samples.filter((s) => s.status === 429).length} | ${p.samples.filter((s) => s.error).length} |`,
      );
    }
    console.log("\nBy question shape, p50 / p99 ms (streamed: to the end of the stream):\n");
    console.log(`| shape | ${phases.map((p) => p.label).join(" | ")} |`);
    console.log(`|---|${phases.map(() => "---").join("|")}|`);
    for (const [name] of chatShapes) {
      const cells = phases.map((p) => {
        const ms = p.samples.filter((s) => s.shape === name && !s.error).map((s) => s.ms);
        return ms.length ? `${fmt(percentile(ms, 50))} / ${fmt(percentile(ms, 99))}` : "-";
      });
      console.log(`| ${name} | ${cells.join(" | ")} |`);
    }

    const all = phases.flatMap((p) => p.samples);
    const tooMany = all.filter((s) => s.status === 429).length;
    const failed = all.filter((s) => s.error).length;
    console.log(`\n429s: ${tooMany} (expected 0); failed requests: ${failed}; keys used: ${keys.size()}`);
    let pass = tooMany === 0 && failed === 0;
    for (const [name, p] of [
      [`collection query over ${members} documents`, concurrentQuery],
      ["single-document chat", concurrentChat],
    ] as const) {
      const p99 = percentile(okMs(p), 99);
      const ok = p99 < TARGET_P99_MS;
      pass &&= ok;
      console.log(
        `${ok ? "PASS" : "FAIL"}: ${name}, ${CONCURRENCY} concurrent: p99 ${fmt(p99)} ms (target < ${TARGET_P99_MS} ms)`,
      );
    }
    if (!pass) process.exitCode = 1;
  } finally {
    if (child) await stopChild(child);
    await client.end();
    if (db.created) {
      if (process.env.BENCH_KEEP === "1") console.log(`\nkept database ${db.created.name}`);
      else await db.created.drop();
    }
  }
}

function merge(label: string, parts: Phase[]): Phase {
  const sum = (f: (p: Phase) => number) => parts.reduce((a, p) => a + f(p), 0);
  return {
    label,
    samples: parts.flatMap((p) => p.samples),
    seconds: sum((p) => p.seconds),
    serverCpuMs: sum((p) => p.serverCpuMs),
    ownCpuMs: sum((p) => p.ownCpuMs),
    machineCpuMs: sum((p) => p.machineCpuMs),
  };
}

const rename = (p: Phase, label: string): Phase => ({ ...p, label });

if (process.argv[2] === "--serve") await serve(process.argv[3] as string);
else await main();
