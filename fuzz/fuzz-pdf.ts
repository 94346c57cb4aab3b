import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../src/config.ts";
import type { ProcessExtractor } from "../src/core/extraction/process-extractor.ts";
import { createLogger } from "../src/core/log.ts";
import { startService } from "../src/start-service.ts";
import { type FuzzSummary, fuzzAccounts, mutationSeeds, runFuzz } from "./run-fuzz.ts";

// npm run fuzz:pdf -- --count 10000 [--seed 1] [--concurrency 4] [--out fuzz-out] [--minutes 60]
//
// Starts the whole service (API and worker in one process, the default role) on an embedded
// PostgreSQL in a temporary folder, with the configuration of the environment otherwise, and
// sends it hostile and mutated PDFs. Writes summary.json and the slowest inputs (and any that
// hung) to --out; exits 1 when anything counted against the service.

const { values } = parseArgs({
  options: {
    count: { type: "string", default: "300" },
    seed: { type: "string", default: "1" },
    concurrency: { type: "string", default: "4" },
    out: { type: "string", default: "fuzz-out" },
    minutes: { type: "string" },
  },
});
const count = Number(values.count);
/** Accounts the uploads are spread over: each may upload 30 documents a minute (SPEC 8). */
const ACCOUNTS = 16;
const seed = Number(values.seed);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "quire-fuzz-"));
// Run as root, the embedded PostgreSQL runs as a user of its own, which must reach the folder.
chmodSync(dataDir, 0o755);
const operatorSecret = randomBytes(24).toString("hex");
const config = loadConfig({
  PRERENDER_PAGES: "0",
  LOG_LEVEL: "silent",
  ...process.env,
  WORKER_SECRET: operatorSecret,
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  PORT: "0",
  HOST: "127.0.0.1",
});
const service = await startService(config, createLogger(config.logLevel));
const extractor = service.services.extractor as ProcessExtractor;
let summary: FuzzSummary;
try {
  if (!service.url) throw new Error("the fuzz service has no API");
  summary = await runFuzz({
    url: service.url,
    keys: await fuzzAccounts(service.url, operatorSecret, ACCOUNTS),
    count,
    seed,
    seeds: mutationSeeds(path.resolve(import.meta.dirname, "../../shared/corpus/tables")),
    concurrency: Number(values.concurrency),
    until: values.minutes ? Date.now() + Number(values.minutes) * 60_000 : undefined,
    pageBudgetMs: config.pageTimeBudgetSeconds * 1000,
    onResult: (r, done) => {
      if (done % 100 === 0 || r.ms === null || (r.ms ?? 0) > 5000)
        process.stdout.write(`${done}/${count} ${r.name} ${r.phase} ${r.ms ?? "HUNG"} ms\n`);
    },
  });
} finally {
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const out = path.resolve(values.out);
mkdirSync(out, { recursive: true });
const save = (prefix: string, name: string, bytes: Uint8Array) =>
  writeFileSync(path.join(out, `${prefix}-${name.replace(/[^\w.@+-]/g, "_")}.pdf`), bytes);
for (const [i, r] of summary.hangs.entries()) save(`hang${i}`, r.name, r.input);
for (const [i, r] of summary.slowest.entries()) save(`slow${i}`, r.name, r.input);
for (const [i, r] of summary.errorInputs.entries()) save(`error${i}`, r.name, r.bytes);
for (const [i, r] of summary.crashes.entries()) save(`crash${i}`, r.name, r.input);
const capMb = config.extractionMemoryBytes / 2 ** 20;
const peakMb = Math.round(extractor.stats.peakBytes / 2 ** 20);
const report = {
  date: new Date().toISOString(),
  count: summary.count,
  seed,
  wallSeconds: Math.round(summary.wallMs / 1000),
  phases: summary.phases,
  hangs: summary.hangs.map((r) => r.name),
  silent: summary.silent.map((r) => r.name),
  crashes: summary.crashes.map((r) => `${r.name}: ${r.reason}`),
  serverErrors: summary.serverErrors,
  health: summary.health,
  documentMs: summary.ms,
  extractions: extractor.stats.extractions,
  peakMemoryMb: peakMb,
  memoryCapMb: capMb,
  pageBudgetSeconds: config.pageTimeBudgetSeconds,
  slowest: summary.slowest.map((r) => ({
    name: r.name,
    id: r.id,
    ms: r.ms,
    phase: r.phase,
    reason: r.reason,
  })),
  documents: summary.results.map((r) => `${r.id ?? "-"} ${r.name} ${r.phase} ${r.ms ?? "HUNG"}`),
  reasons: summary.reasons,
};
writeFileSync(path.join(out, "summary.json"), `${JSON.stringify(report, null, 2)}\n`);
process.stdout.write(`${JSON.stringify({ ...report, reasons: undefined, slowest: undefined }, null, 2)}\n`);
const bad =
  summary.hangs.length +
    summary.silent.length +
    summary.crashes.length +
    summary.serverErrors.length +
    summary.health.missed >
    0 || peakMb >= capMb;
process.stdout.write(bad ? "FUZZ FAILED\n" : `fuzz passed: ${summary.count} inputs, written to ${out}\n`);
process.exit(bad ? 1 : 0);
