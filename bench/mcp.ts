// `npm run bench:mcp`: MCP tool calls beside their REST twins, in the same run against the same
// server: read_document (a 3-page document's markdown, within the result budget) against
// GET /v1/documents/{id}/full.md, and ask_document against POST /v1/documents/{id}/chat/completions
// (the built-in engine, not streamed). 10 concurrent clients; p50 and p99 per face and their
// ratio. Target: MCP within 1.3x of REST.
//
// The server runs in a child process (bench/support/child-service.ts): first with a worker, to
// parse the document, then as an API process alone for the measurement. Each MCP call is one
// POST of a tools/call, as the SDK's client sends it after initializing (stateless: the server
// keeps nothing between calls). Rounds alternate the faces so a busy machine weighs on both
// alike. Rate limits stay as in production: requests take keys in turn, with enough keys that
// none passes its minute's budget (30 expensive requests).
//
// Knobs: BENCH_N (requests per face, operation and round; 200), BENCH_ROUNDS (3),
// BENCH_CONCURRENCY (10; 1 shows the cost of one call without queueing), BENCH_OPS (read,ask: the
// operations to run, to look at one alone).

import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { createTestDatabase } from "../test/support/database.ts";
import { annualReportPdf } from "../test/support/pdfs.ts";
import { BENCH_WORKER_SECRET, benchServiceConfig } from "./support/bench-service-config.ts";
import { childCpu, serveParent, startChild, stopChild } from "./support/child-service.ts";
import { keepAliveClient } from "./support/keep-alive-client.ts";
import { percentile } from "./support/passage-corpus.ts";

const N = Number(process.env.BENCH_N ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const TARGET = 1.3;
const OPS = (process.env.BENCH_OPS ?? "read,ask")
  .split(",")
  .filter((o): o is Op => o === "read" || o === "ask");

type Ready = { type: "ready"; url: string };

async function serve(databaseUrl: string, blobDir: string, role: string): Promise<void> {
  const { createLogger } = await import("../src/core/log.ts");
  const { startService } = await import("../src/start-service.ts");
  const { config, removeBlobDir } = benchServiceConfig(databaseUrl, { BLOB_DIR: blobDir, ROLE: role });
  const running = await startService(config, createLogger(config.logLevel));
  serveParent(() => running.stop().finally(removeBlobDir), { url: running.url });
}

async function json(
  base: string,
  method: string,
  p: string,
  key: string | null,
  body?: unknown,
  headers = {},
) {
  const res = await fetch(base + p, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

type Fixture = { documentId: string; keys: string[] };

async function prepare(base: string): Promise<Fixture> {
  const account = await json(
    base,
    "POST",
    "/v1/accounts",
    null,
    { name: "bench-mcp" },
    {
      "x-document-agent-secret": BENCH_WORKER_SECRET,
    },
  );
  const owner = account.secret as string;
  const form = new FormData();
  form.set(
    "file",
    new Blob([new Uint8Array(await annualReportPdf())], { type: "application/pdf" }),
    "annual.pdf",
  );
  const up = await fetch(`${base}/v1/documents`, {
    method: "POST",
    headers: { authorization: `Bearer ${owner}` },
    body: form,
  });
  const { id } = (await up.json()) as { id: string };
  for (;;) {
    const d = await json(base, "GET", `/v1/documents/${id}`, owner);
    if (d.phase === "complete") break;
    if (d.phase === "error") throw new Error(`the document failed: ${d.error}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  // Expensive requests are 30 a key and minute: enough keys for every ask of a run within one.
  const keys = [owner];
  const needed = Math.ceil((2 * N * ROUNDS + 40) / 25);
  for (let i = 0; i < needed; i++)
    keys.push((await json(base, "POST", "/v1/keys", owner, { kind: "secret", name: `k${i}` })).secret);
  return { documentId: id, keys };
}

let keyTurn = 0;
const nextKey = (f: Fixture) => f.keys[keyTurn++ % f.keys.length] as string;
let rpcId = 0;

const mcpHeaders = { accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" };

type Op = "read" | "ask";
type Face = "rest" | "mcp";

const client = keepAliveClient(CONCURRENCY * 2);

/**
 * One request of `op` through `face`, with the same client for both faces; the answer is checked
 * for the text it must hold (the raw body: parsing it would weigh on the client, not the server).
 */
async function once(base: string, f: Fixture, op: Op, face: Face): Promise<void> {
  const authorization = `Bearer ${nextKey(f)}`;
  const json = { "content-type": "application/json" };
  const r =
    face === "rest"
      ? op === "read"
        ? await client.request(base, {
            path: `/v1/documents/${f.documentId}/full.md`,
            headers: { authorization },
            keepText: true,
          })
        : await client.request(base, {
            method: "POST",
            path: `/v1/documents/${f.documentId}/chat/completions`,
            headers: { authorization, ...json },
            body: JSON.stringify({ messages: [{ role: "user", content: "Who are the auditors?" }] }),
            keepText: true,
          })
      : await client.request(base, {
          method: "POST",
          path: "/mcp",
          headers: { authorization, ...json, ...mcpHeaders },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: ++rpcId,
            method: "tools/call",
            params:
              op === "read"
                ? { name: "read_document", arguments: { document_id: f.documentId } }
                : {
                    name: "ask_document",
                    arguments: { document_id: f.documentId, question: "Who are the auditors?" },
                  },
          }),
          keepText: true,
        });
  const expected = op === "read" ? "Lisbon" : "Moreau";
  if (r.status !== 200 || !r.text.includes(expected) || r.text.includes('"isError":true'))
    throw new Error(`${face} ${op}: ${r.status} ${r.text.slice(0, 300)}`);
}

/** `n` requests from CONCURRENCY clients at once; each request's time in ms. */
async function load(base: string, f: Fixture, op: Op, face: Face, n: number, into: number[]): Promise<void> {
  let left = n;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left-- > 0) {
        const t = performance.now();
        await once(base, f, op, face);
        into.push(performance.now() - t);
      }
    }),
  );
}

async function main(): Promise<void> {
  const db = await createTestDatabase();
  const blobDir = mkdtempSync(path.join(os.tmpdir(), "quire-bench-mcp-"));
  const script = fileURLToPath(import.meta.url);
  let child: ChildProcess | undefined;
  try {
    const preparing = await startChild<Ready>(script, ["--serve", db.url, blobDir, "both"]);
    child = preparing.child;
    const fixture = await prepare(preparing.ready.url);
    await stopChild(child);
    const measured = await startChild<Ready>(script, ["--serve", db.url, blobDir, "api"]);
    child = measured.child;
    const base = measured.ready.url;
    const times: Record<Op, Record<Face, number[]>> = {
      read: { rest: [], mcp: [] },
      ask: { rest: [], mcp: [] },
    };
    // The server's CPU time per request (µs), read from the child: unlike latency, it does not
    // grow with what else the machine is doing.
    const cpu: Record<Op, Record<Face, number>> = { read: { rest: 0, mcp: 0 }, ask: { rest: 0, mcp: 0 } };
    const warm: number[] = [];
    for (const op of OPS)
      for (const face of ["rest", "mcp"] as const) await load(base, fixture, op, face, 30, warm);
    for (let r = 0; r < ROUNDS; r++) {
      for (const op of OPS) {
        // Which face goes first alternates, so neither always meets the other's leftovers.
        const faces = r % 2 === 0 ? (["rest", "mcp"] as const) : (["mcp", "rest"] as const);
        for (const face of faces) {
          const before = await childCpu(measured.child);
          await load(base, fixture, op, face, N, times[op][face]);
          const after = await childCpu(measured.child);
          cpu[op][face] += after.user - before.user + after.system - before.system;
        }
      }
    }
    console.log(`\n${CONCURRENCY} concurrent clients, ${N * ROUNDS} requests per face and operation (ms)\n`);
    console.log("operation      | REST p50 / p99   | MCP p50 / p99    | MCP/REST p50 | p99");
    let met = true;
    for (const op of OPS) {
      const [rest, mcp] = [times[op].rest, times[op].mcp];
      const r50 = percentile(mcp, 50) / percentile(rest, 50);
      const r99 = percentile(mcp, 99) / percentile(rest, 99);
      met &&= r50 <= TARGET && r99 <= TARGET;
      const fmt = (xs: number[]) =>
        `${percentile(xs, 50).toFixed(1).padStart(6)} / ${percentile(xs, 99).toFixed(1).padStart(6)}`;
      console.log(
        `${(op === "read" ? "read_document" : "ask_document").padEnd(14)} | ${fmt(rest)}  | ${fmt(mcp)}  | ${r50.toFixed(2).padStart(12)} | ${r99.toFixed(2)}`,
      );
    }
    console.log("\nserver CPU per request (ms): operation | REST | MCP | MCP/REST");
    for (const op of OPS) {
      const per = (face: Face) => cpu[op][face] / 1000 / (N * ROUNDS);
      console.log(
        `${(op === "read" ? "read_document" : "ask_document").padEnd(14)} | ${per("rest").toFixed(2)} | ${per("mcp").toFixed(2)} | ${(per("mcp") / per("rest")).toFixed(2)}`,
      );
    }
    console.log(`\ntarget (MCP within ${TARGET}x of REST at p50 and p99): ${met ? "met" : "not met"}`);
  } finally {
    client.close();
    if (child) await stopChild(child);
    await db.drop();
    rmSync(blobDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--serve") {
  await serve(process.argv[3] as string, process.argv[4] as string, process.argv[5] as string);
} else {
  await main();
}
