import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fuzzAccounts, mutationSeeds, runFuzz } from "../../fuzz/run-fuzz.ts";
import type { ProcessExtractor } from "../../src/core/extraction/process-extractor.ts";
import { startTestServer, type TestServer, WORKER_SECRET } from "../support/server.ts";

// The bounded fuzz run of `npm test`: 120 hostile and mutated PDFs through the whole service (API
// and worker in one process), each read in an extraction process of its own, so about a second
// each. QUIRE_FUZZ_COUNT runs more in this test; longer runs: `npm run fuzz:pdf -- --count 10000`.

const COUNT = Number(process.env.QUIRE_FUZZ_COUNT ?? 120);
const PAGE_BUDGET_SECONDS = 5;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    ROLE: "both",
    PAGE_TIME_BUDGET_SECONDS: String(PAGE_BUDGET_SECONDS),
    PAGE_IMAGE_TIME_BUDGET_SECONDS: "5",
    // The production default: API requests and the worker share the process's connections.
    DB_POOL_SIZE: "10",
  });
});
afterAll(async () => {
  await server?.close();
});

it(`reads ${COUNT} hostile and mutated PDFs to a terminal phase with a reason, within budget, while /health answers`, async () => {
  const summary = await runFuzz({
    url: server.url,
    keys: await fuzzAccounts(server.url, WORKER_SECRET, 12),
    count: COUNT,
    seed: 20261125,
    seeds: mutationSeeds(path.resolve(import.meta.dirname, "../../../shared/corpus/tables")),
    // As many documents in flight as the worker reads at once: the queue stays full, and the
    // machine (two cores, the other test files running beside) is not asked for more.
    concurrency: 2,
    pageBudgetMs: PAGE_BUDGET_SECONDS * 1000,
  });
  expect(summary.count).toBe(COUNT);
  expect(summary.hangs.map((r) => r.name)).toEqual([]);
  expect(summary.silent.map((r) => r.name)).toEqual([]);
  expect(summary.crashes.map((r) => `${r.name}: ${r.reason}`)).toEqual([]);
  expect(summary.serverErrors).toEqual([]);
  expect(summary.health.missed).toBe(0);
  expect(summary.health.asked).toBeGreaterThan(10);
  // Every kind of outcome was met: the run is not all refusals.
  expect(summary.phases.complete).toBeGreaterThan(0);
  expect(summary.phases.awaiting_review).toBeGreaterThan(0);
  expect(summary.phases.error).toBeGreaterThan(0);
  const extractor = server.services.extractor as ProcessExtractor;
  expect(extractor.stats.extractions).toBeGreaterThan(COUNT / 2);
  expect(extractor.stats.peakBytes).toBeLessThan(server.services.config.extractionMemoryBytes);
}, 600_000);
