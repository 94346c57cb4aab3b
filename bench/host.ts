// `npm run bench:host`: 50 concurrent viewers paging through a hosted 300-page document, each
// opening the viewer page (GET /) and then reading page images 1 to 300 in order, as a reader
// scrolling through would; beside them, in the same run, the same images read through the REST
// route (GET /v1/documents/{id}/pages/{n}/image.png) by 50 API clients. The rounds alternate
// (REST, hosted, REST, hosted) so drift in the machine falls on both alike.
//
// The document is made with pdf-lib, parsed and its images drawn and stored by a first service
// process (both roles); the load then goes to a second one with the API role only, as an API
// process is deployed, over the same database and blob directory. Every image is stored before
// the load starts: the figures are for stored pages, not for drawing them.
//
// Each REST client uses a key of its own for each round, so no key comes near the per-key rate
// limit (600 a minute); hosted sites have no per-reader limit on these paths.
//
// By default each viewer asks for the next page as soon as the last one arrived (a closed loop: the
// figures then measure throughput as much as latency). BENCH_PACE_MS paces each viewer to one page
// every that many milliseconds, as a reader flipping through would: 200 is five pages a second.
//
// Env: BENCH_VIEWERS (50), BENCH_PAGES (300), BENCH_ROUNDS (2), BENCH_PACE_MS (0).

import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createTestDatabase } from "../test/support/database.ts";
import { longPdf } from "../test/support/pdfs.ts";
import { BENCH_WORKER_SECRET } from "./support/bench-service-config.ts";
import { serveService, startChild, stopChild } from "./support/child-service.ts";
import { keepAliveClient } from "./support/keep-alive-client.ts";

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 50);
const PAGES = Number(process.env.BENCH_PAGES ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PACE_MS = Number(process.env.BENCH_PACE_MS ?? 0);
const DOMAIN = "quire.localhost";
const TARGET_P95_MS = 50;
const TARGET_RATIO = 1.2;

type Ready = { type: "ready"; url: string };

// ---------------------------------------------------------------------------------------------
// The parent: the document, the load and the figures.
// ---------------------------------------------------------------------------------------------

const client = keepAliveClient(VIEWERS * 2);
const get = (base: string, pathName: string, headers: Record<string, string>) =>
  client.request(base, { path: pathName, headers });

async function api(base: string, method: string, pathName: string, key: string | null, body?: unknown) {
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const r = await fetch(base + pathName, { method, headers, body: payload });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${pathName}: ${r.status} ${text}`);
  return JSON.parse(text);
}

type Fixture = { documentId: string; namespace: string; keys: string[][] };

/** Account, keys, the document parsed, its images stored, and the site published. */
async function prepare(base: string): Promise<Fixture> {
  const account = await fetch(`${base}/v1/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-document-agent-secret": BENCH_WORKER_SECRET },
    body: JSON.stringify({ name: "bench-host" }),
  }).then((r) => r.json() as Promise<{ secret: string }>);
  const owner = account.secret;
  const form = new FormData();
  form.append(
    "file",
    new Blob([new Uint8Array(await longPdf(PAGES))], { type: "application/pdf" }),
    "long.pdf",
  );
  const { id } = (await api(base, "POST", "/v1/documents", owner, form)) as { id: string };
  for (;;) {
    const doc = (await api(base, "GET", `/v1/documents/${id}`, owner)) as { phase: string };
    if (doc.phase === "complete") break;
    if (doc.phase === "error" || doc.phase === "awaiting_review") throw new Error(`parse ended ${doc.phase}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  // Every page drawn once, so it is stored; both routes read the same stored image (scale 1.5).
  for (let p = 1; p <= PAGES; p += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, PAGES - p + 1) }, async (_, i) => {
        const r = await get(base, `/v1/documents/${id}/pages/${p + i}/image.png`, {
          authorization: `Bearer ${owner}`,
        });
        if (r.status !== 200) throw new Error(`warming page ${p + i}: ${r.status}`);
      }),
    );
  }
  const site = (await api(base, "POST", "/v1/host", owner, {
    source: { document_id: id },
    title: "Bench: a long document",
  })) as { namespace: string };
  const keys: string[][] = [];
  // One batch per measured round, and one for the warm-up.
  for (let round = 0; round <= ROUNDS; round++) {
    const batch: string[] = [];
    for (let v = 0; v < VIEWERS; v++)
      batch.push(
        (
          (await api(base, "POST", "/v1/keys", owner, { kind: "secret", name: `r${round}v${v}` })) as {
            secret: string;
          }
        ).secret,
      );
    keys.push(batch);
  }
  return { documentId: id, namespace: site.namespace, keys };
}

/** Latencies in ms; bytes of page images only. */
type Samples = { page: number[]; viewer: number[]; bytes: number; seconds: number };

async function round(
  base: string,
  fixture: Fixture,
  route: "rest" | "hosted",
  roundIndex: number,
  into: Samples,
  pages = PAGES,
): Promise<void> {
  const host = `${fixture.namespace}.${DOMAIN}:${new URL(base).port}`;
  const timedGet = async (pathName: string, headers: Record<string, string>, to: number[]) => {
    const t0 = performance.now();
    const r = await get(base, pathName, headers);
    to.push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`${route} ${pathName}: ${r.status}`);
    if (to === into.page) into.bytes += r.bytes;
  };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: VIEWERS }, async (_, v) => {
      const headers: Record<string, string> =
        route === "hosted"
          ? { host }
          : { authorization: `Bearer ${fixture.keys[roundIndex]?.[v] as string}` };
      if (route === "hosted") await timedGet("/", headers, into.viewer);
      // Paced viewers start spread over one pace, as readers arriving at different moments.
      if (PACE_MS > 0) await sleep((v / VIEWERS) * PACE_MS);
      for (let p = 1; p <= pages; p++) {
        const pathName =
          route === "hosted" ? `/pages/${p}.png` : `/v1/documents/${fixture.documentId}/pages/${p}/image.png`;
        const t0 = performance.now();
        await timedGet(pathName, headers, into.page);
        if (PACE_MS > 0) await sleep(t0 + PACE_MS - performance.now());
      }
    }),
  );
  into.seconds += (performance.now() - started) / 1000;
}

const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

async function main(): Promise<void> {
  const db = await createTestDatabase();
  const blobDir = mkdtempSync(path.join(os.tmpdir(), "quire-bench-host-"));
  const script = fileURLToPath(import.meta.url);
  let child: ChildProcess | undefined;
  try {
    const preparing = await startChild<Ready>(script, ["--serve", db.url, blobDir, "both"]);
    child = preparing.child;
    console.log(`preparing a ${PAGES}-page document (parse, store every image, publish)…`);
    const fixture = await prepare(preparing.ready.url);
    await stopChild(child);

    const measured = await startChild<Ready>(script, ["--serve", db.url, blobDir, "api"]);
    child = measured.child;
    const base = measured.ready.url;
    const samples = {
      rest: { page: [], viewer: [], bytes: 0, seconds: 0 } as Samples,
      hosted: { page: [], viewer: [], bytes: 0, seconds: 0 } as Samples,
    };
    // A short warm-up of both routes (code loaded and compiled, connections opened), not counted.
    const warm = { page: [], viewer: [], bytes: 0, seconds: 0 };
    for (const route of ["rest", "hosted"] as const) await round(base, fixture, route, ROUNDS, warm, 20);
    for (let r = 0; r < ROUNDS; r++) {
      console.log(`round ${r + 1} of ${ROUNDS}…`);
      await round(base, fixture, "rest", r, samples.rest);
      await round(base, fixture, "hosted", r, samples.hosted);
    }
    report(samples);
  } finally {
    if (child) await stopChild(child);
    client.close();
    await db.drop();
    rmSync(blobDir, { recursive: true, force: true });
  }
}

function report(s: { rest: Samples; hosted: Samples }): void {
  const row = (name: string, xs: number[], seconds: number) =>
    `| ${name} | ${xs.length} | ${percentile(xs, 50).toFixed(1)} | ${percentile(xs, 95).toFixed(1)} | ${percentile(xs, 99).toFixed(1)} | ${Math.max(...xs).toFixed(1)} | ${(xs.length / seconds).toFixed(0)} |`;
  console.log(
    `\n${VIEWERS} concurrent viewers${PACE_MS > 0 ? ` (each a page every ${PACE_MS} ms)` : " (closed loop)"}, ${PAGES} stored pages each, ${ROUNDS} rounds per route (ms)\n`,
  );
  console.log("| Route | Requests | p50 | p95 | p99 | max | req/s |");
  console.log("|---|---|---|---|---|---|---|");
  console.log(row("REST GET /v1/documents/{id}/pages/{n}/image.png", s.rest.page, s.rest.seconds));
  console.log(row("hosted GET /pages/{n}.png", s.hosted.page, s.hosted.seconds));
  console.log(row("hosted GET / (viewer page)", s.hosted.viewer, s.hosted.seconds));
  const p95 = percentile(s.hosted.page, 95);
  const ratio95 = p95 / percentile(s.rest.page, 95);
  const ratio50 = percentile(s.hosted.page, 50) / percentile(s.rest.page, 50);
  console.log(
    `\nhosted/REST: p50 ${ratio50.toFixed(2)}, p95 ${ratio95.toFixed(2)} (target <= ${TARGET_RATIO}); hosted page p95 ${p95.toFixed(1)} ms (target < ${TARGET_P95_MS})`,
  );
  // Both routes serve the same stored images: the same bytes on average, or something is off.
  const mean = (x: Samples) => (x.bytes / Math.max(1, x.page.length)).toFixed(0);
  console.log(`mean image bytes: REST ${mean(s.rest)}, hosted ${mean(s.hosted)}`);
}

if (process.argv[2] === "--serve") {
  await serveService(process.argv[3] as string, process.argv[4] as string, {
    ROLE: process.argv[5] as string,
    HOSTED_DOMAIN: DOMAIN,
    // Images are stored by the parent's warm-up pass, page by page, not in the background.
    PRERENDER_PAGES: "0",
  });
} else {
  await main();
}
