// `npm run bench:ingest`: how fast a burst of uploads becomes readable pages, end to end, next to
// the extractor alone on the same PDFs.
//
//   - A mix of PDFs is made up front with pdf-lib (BENCH_DOCS documents, default 200, of 1-20
//     pages; every third has aligned tables), from a fixed seed so every run sees the same files.
//   - The extractor alone: layoutExtractor in this process over the same PDFs, sequentially and
//     WORKER_CONCURRENCY documents at a time (default 2, as the worker runs them).
//   - End to end: a fresh database; the API (ROLE=api) in this process, as test/support/server.ts
//     starts it; ONE worker process (`tsx src/main.ts`, ROLE=worker) on the same database and the
//     same BLOB_DIR, whose RSS is sampled every 100 ms. After one warm-up document (it proves the
//     worker is up), every PDF is uploaded at once over real HTTP multipart to POST /v1/documents,
//     and the database is polled until every document is terminal.
//
// The expensive rate limit (30 uploads a minute per key) is kept as it is in production: the
// uploads are spread over enough accounts that no key sends more than UPLOAD_BUDGET of them.
//
// Reported: failed requests (uploads and the final GET of every document; the 409s a client gets
// polling pages/1 before it is extracted are not failures), time to all uploaded, time to the
// first page readable over GET /v1/documents/{id}/pages/1, documents/s and pages/s from the first
// upload to the last document terminal, the worker's peak RSS, and end to end ÷ extractor alone
// (target >= 0.5: PASS/FAIL is printed, the exit code stays 0). Then where the time went: job
// timings from pg-boss, the polling floor, the worker thread's time on and off a core
// (/proc/<pid>/schedstat), CPU per page by process, and the per-page writes timed alone. On a
// shared machine the wall-clock figures move with the neighbours' load; the CPU figures less so.
//
// Knobs: BENCH_DOCS (200), BENCH_TENANTS (10, raised as the budget needs), WORKER_CONCURRENCY (2,
// passed to the worker), BENCH_WORKER_PG_OPTIONS (see below). Linux only (/proc).

import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from "pdf-lib";
import pg from "pg";
import { loadConfig } from "../src/config.ts";
import { connectDatabase } from "../src/core/db/client.ts";
import { defaultCapabilities } from "../src/core/documents/phases.ts";
import { layoutExtractor } from "../src/core/extraction/layout-extractor.ts";
import { createLogger } from "../src/core/log.ts";
import { type RunningService, startService } from "../src/start-service.ts";
import { createTestDatabase, type TestDatabase } from "../test/support/database.ts";
import { call } from "../test/support/http.ts";
import { BENCH_WORKER_SECRET, benchServiceConfig } from "./support/bench-service-config.ts";

const root = path.resolve(import.meta.dirname, "..");
const tsx = path.join(root, "node_modules/.bin/tsx");

const DOCS = Number(process.env.BENCH_DOCS ?? 200);
const MIN_PAGES = 1;
const MAX_PAGES = 20;
/** Every TABLE_EVERY-th document carries aligned tables (on its odd pages). */
const TABLE_EVERY = 3;
/** Uploads per key in the whole run: under the 30 expensive requests a minute, whatever the window. */
const UPLOAD_BUDGET = 20;
const TENANTS = Math.max(Number(process.env.BENCH_TENANTS ?? 10), Math.ceil(DOCS / UPLOAD_BUDGET));
/** The worker's concurrency, read and checked as the service reads it. */
const CONCURRENCY = loadConfig({ WORKER_CONCURRENCY: process.env.WORKER_CONCURRENCY }).workerConcurrency;
const TARGET_RATIO = 0.5;
const RSS_SAMPLE_MS = 100;
const POLL_MS = 50;
const RUN_TIMEOUT_MS = 15 * 60_000;
const TERMINAL = ["complete", "awaiting_review", "error"];
/** pollingIntervalSeconds of the extraction queue's worker in src/jobs/runner.ts, for the diagnostics. */
const WORKER_POLL_MS = 500;
/** USER_HZ: the unit of the CPU times in /proc (100 on every Linux build that matters). */
const CLOCK_TICKS = 100;
/**
 * An experiment knob, not a setting of the service: PostgreSQL session options for the worker's
 * connections only (libpq `options`), e.g. "-c synchronous_commit=off", to measure what a setting
 * would change before anyone changes the code.
 */
const WORKER_PG_OPTIONS = process.env.BENCH_WORKER_PG_OPTIONS ?? "";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mib = (kb: number) => kb / 1024;
const fmt = (n: number, digits = 2) => n.toFixed(digits);

// ---------------------------------------------------------------------------------------------
// The PDFs.
// ---------------------------------------------------------------------------------------------

type BenchPdf = { name: string; bytes: Uint8Array; pages: number; tables: number };

/** mulberry32: a small seeded generator, so every run makes the same documents. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  "the of and to in is that for it as with was on be by this are from at or an which have not " +
  "revenue quarter region growth contract invoice supplier delivery schedule payment terms " +
  "warranty clause agreement party notice period budget forecast margin customer service " +
  "report analysis summary results figures table section appendix review approval signed"
).split(" ");

function drawTable(page: PDFPage, font: PDFFont, bold: PDFFont, rand: () => number, top: number): number {
  const headers = ["Item", "Region", "Quantity", "Price", "Total"];
  const cols = 3 + Math.floor(rand() * 3);
  const rows = 5 + Math.floor(rand() * 8);
  const step = 468 / cols;
  for (let r = 0; r <= rows; r++) {
    const y = top - r * 16;
    for (let c = 0; c < cols; c++) {
      const text =
        r === 0
          ? (headers[c] as string)
          : c === 0
            ? `${WORDS[Math.floor(rand() * WORDS.length)]} ${r}`
            : `${Math.floor(rand() * 9000) + 100}`;
      page.drawText(text, { x: 72 + c * step, y, size: 10, font: r === 0 ? bold : font });
    }
  }
  return top - (rows + 1) * 16 - 20;
}

async function makePdf(index: number, rand: () => number): Promise<BenchPdf> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const pages = MIN_PAGES + Math.floor(rand() * (MAX_PAGES - MIN_PAGES + 1));
  const withTables = index % TABLE_EVERY === 0;
  let tables = 0;
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Document ${index + 1}, section ${p}`, { x: 72, y: 730, size: 16, font: bold });
    let y = 700;
    if (withTables && p % 2 === 1) {
      y = drawTable(page, font, bold, rand, y);
      tables++;
    }
    let inParagraph = 0;
    while (y > 80) {
      let line = "";
      for (;;) {
        const next = `${line}${line ? " " : ""}${WORDS[Math.floor(rand() * WORDS.length)]}`;
        if (font.widthOfTextAtSize(next, 10) > 468) break;
        line = next;
      }
      page.drawText(line, { x: 72, y, size: 10, font });
      y -= 13;
      if (++inParagraph >= 4 + Math.floor(rand() * 5)) {
        y -= 10;
        inParagraph = 0;
      }
    }
  }
  return { name: `bench-${String(index + 1).padStart(3, "0")}.pdf`, bytes: await doc.save(), pages, tables };
}

// ---------------------------------------------------------------------------------------------
// The extractor alone.
// ---------------------------------------------------------------------------------------------

async function extractDocument(bytes: Uint8Array): Promise<number> {
  const session = await layoutExtractor.open(bytes, { strategy: "auto", capabilities: defaultCapabilities });
  try {
    for (let n = 1; n <= session.pageCount; n++) await session.extractPage(n);
    return session.pageCount;
  } finally {
    await session.close();
  }
}

async function extractorAlone(pdfs: BenchPdf[], concurrency: number) {
  let next = 0;
  let pages = 0;
  const thread = threadTimesOf(process.pid);
  const machine = machineCpu();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < pdfs.length; i = next++) {
        const extracted = await extractDocument(pdfs[i]!.bytes);
        pages += extracted;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const after = threadTimesOf(process.pid);
  const m = machineCpu();
  return {
    seconds,
    pages,
    pagesPerSecond: pages / seconds,
    /** Time the JavaScript thread ran, and waited for a core it was ready to run on. */
    onCpu: after.run - thread.run,
    waitingForCpu: after.wait - thread.wait,
    machineBusy: (m.busy - machine.busy) / (m.total - machine.total),
  };
}

function describeAlone(label: string, r: Awaited<ReturnType<typeof extractorAlone>>): string {
  return (
    `  extractor alone, ${label}: ${r.pages} pages in ${fmt(r.seconds)} s -> ${fmt(r.pagesPerSecond, 1)} pages/s ` +
    `(thread on a core ${fmt((100 * r.onCpu) / r.seconds, 0)}%, waiting for one ${fmt((100 * r.waitingForCpu) / r.seconds, 0)}%; ` +
    `${fmt((1000 * r.onCpu) / r.pages, 2)} ms of CPU per page; machine ${fmt(100 * r.machineBusy, 0)}% busy)`
  );
}

// ---------------------------------------------------------------------------------------------
// The worker process and its memory.
// ---------------------------------------------------------------------------------------------

/** VmRSS and VmHWM (the kernel's own peak) of a process, in KiB; null once it is gone. */
function memoryOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
    return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
  } catch {
    return null;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8")
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    return [];
  }
}

function descendantsOf(pid: number): number[] {
  const out: number[] = [];
  for (const child of childrenOf(pid)) out.push(child, ...descendantsOf(child));
  return out;
}

function cmdlineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * The main thread of a process (the JavaScript thread for node), from /proc/<pid>/schedstat: the
 * seconds it ran on a core and the seconds it was ready to run but waited for one.
 */
function threadTimesOf(pid: number): { run: number; wait: number } {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/schedstat`, "utf8").trim().split(/\s+/).map(Number);
    return { run: (run ?? 0) / 1e9, wait: (wait ?? 0) / 1e9 };
  } catch {
    return { run: 0, wait: 0 };
  }
}

/** CPU seconds used so far by the PostgreSQL backends serving one database, by backend pid. */
async function postgresBackendsCpu(db: pg.Client, name: string): Promise<Map<number, number>> {
  const { rows } = await db.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = $1", [
    name,
  ]);
  return new Map(rows.map((r) => [r.pid, cpuSecondsOf(r.pid)]));
}

/** The whole machine's CPU time so far, busy and total, in seconds (all cores summed). */
function machineCpu(): { busy: number; total: number } {
  const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const total = v.reduce((a, b) => a + b, 0);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  return { busy: (total - idle) / CLOCK_TICKS, total: total / CLOCK_TICKS };
}

/** CPU used between two calls: the worker, this process (the API and the load), the whole machine. */
async function cpuMeter(workerPid: number, db: pg.Client, databaseName: string) {
  const start = {
    worker: cpuSecondsOf(workerPid),
    thread: threadTimesOf(workerPid),
    self: process.cpuUsage(),
    machine: machineCpu(),
    postgres: await postgresBackendsCpu(db, databaseName),
  };
  return async () => {
    const self = process.cpuUsage(start.self);
    const machine = machineCpu();
    const thread = threadTimesOf(workerPid);
    let postgres = 0;
    // A backend that started during the run counts from 0; one that ended during it is missed.
    for (const [pid, cpu] of await postgresBackendsCpu(db, databaseName))
      postgres += cpu - (start.postgres.get(pid) ?? 0);
    return {
      worker: cpuSecondsOf(workerPid) - start.worker,
      workerThreadRun: thread.run - start.thread.run,
      workerThreadWait: thread.wait - start.thread.wait,
      self: (self.user + self.system) / 1e6,
      postgres,
      machineBusy: machine.busy - start.machine.busy,
      machineTotal: machine.total - start.machine.total,
    };
  };
}

type Worker = {
  child: ChildProcess;
  stderr: () => string;
  /** The node process running src/main.ts (tsx starts it as a child of its own launcher). */
  mainPid: () => number;
  peakRss: () => number;
  peakTreeRss: () => number;
  currentRss: () => number;
  resetPeak: () => void;
  highWaterMark: () => number;
  stop: () => Promise<void>;
};

function startWorker(env: Record<string, string>): Worker {
  // As test/support/process.ts: BASE_URL is not ours to pass on.
  const { BASE_URL: _base, ...inherited } = process.env;
  const child = spawn(tsx, [path.join(root, "src/main.ts")], {
    cwd: root,
    env: { ...inherited, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stdout?.on("data", () => undefined);
  child.stderr?.on("data", (d) => (stderr += d));
  const rootPid = child.pid;
  if (rootPid === undefined) throw new Error("the worker process did not start");

  let main = rootPid;
  let tree: number[] = [rootPid];
  let peak = 0;
  let peakTree = 0;
  let current = 0;
  let ticks = 0;
  const resolveTree = () => {
    tree = [rootPid, ...descendantsOf(rootPid)];
    main = tree.find((pid) => pid !== rootPid && cmdlineOf(pid).includes("src/main.ts")) ?? rootPid;
  };
  const sample = () => {
    if (ticks++ % 10 === 0) resolveTree();
    let total = 0;
    for (const pid of tree) {
      const m = memoryOf(pid);
      if (!m) continue;
      total += m.rss;
      if (pid === main) {
        current = m.rss;
        peak = Math.max(peak, m.rss);
      }
    }
    peakTree = Math.max(peakTree, total);
  };
  const sampler = setInterval(sample, RSS_SAMPLE_MS);
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  void exited.then(() => clearInterval(sampler));

  return {
    child,
    stderr: () => stderr,
    mainPid: () => main,
    peakRss: () => peak,
    peakTreeRss: () => peakTree,
    currentRss: () => current,
    resetPeak: () => {
      sample();
      peak = current;
      peakTree = 0;
    },
    highWaterMark: () => memoryOf(main)?.hwm ?? 0,
    async stop() {
      clearInterval(sampler);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const pids = [rootPid, ...descendantsOf(rootPid)];
      child.kill("SIGTERM");
      const timer = setTimeout(() => {
        for (const pid of pids.reverse()) {
          try {
            process.kill(pid, "SIGKILL");
          } catch {
            // already gone
          }
        }
      }, 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The run.
// ---------------------------------------------------------------------------------------------

type Tenant = { accountId: string; secret: string };

async function createTenant(base: string, name: string): Promise<Tenant> {
  const r = await call(base, "POST", "/v1/accounts", {
    headers: { "x-document-agent-secret": BENCH_WORKER_SECRET },
    json: { name },
  });
  if (r.status !== 201) throw new Error(`creating an account answered ${r.status}: ${r.text}`);
  return { accountId: r.body.account.id, secret: r.body.secret };
}

function uploadForm(pdf: BenchPdf): FormData {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(pdf.bytes)], { type: "application/pdf" }), pdf.name);
  return form;
}

async function waitTerminal(db: pg.Client, accountIds: string[], count: number, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM documents WHERE account_id = ANY($1) AND phase = ANY($2)",
      [accountIds, TERMINAL],
    );
    if ((rows[0]?.n ?? 0) >= count) return;
    await sleep(POLL_MS);
  }
  throw new Error(`documents did not reach a terminal phase in ${timeoutMs} ms`);
}

type Upload = { status: number; id: string | null; at: number; tenant: Tenant; error?: string };

type EndToEnd = {
  uploads: Upload[];
  uploadsDoneMs: number;
  firstPageRowMs: number | null;
  firstPageReadMs: number | null;
  endMs: number;
  t0Wall: number;
};

async function endToEnd(base: string, db: pg.Client, pdfs: BenchPdf[], tenants: Tenant[]): Promise<EndToEnd> {
  const accountIds = tenants.map((t) => t.accountId);
  const byAccount = new Map(tenants.map((t) => [t.accountId, t]));
  const forms = pdfs.map(uploadForm);
  let firstPageRowMs: number | null = null;
  let firstPageReadMs: number | null = null;
  let uploadsSettled = false;
  let accepted = 0;

  const t0Wall = Date.now();
  const t0 = performance.now();
  const since = () => performance.now() - t0;

  const uploads = Promise.all(
    forms.map(async (body, i): Promise<Upload> => {
      const tenant = tenants[i % tenants.length]!;
      try {
        const r = await call(base, "POST", "/v1/documents", { key: tenant.secret, body });
        if (r.status === 202) accepted++;
        return {
          status: r.status,
          id: r.status === 202 ? r.body.id : null,
          at: since(),
          tenant,
          ...(r.status === 202 ? {} : { error: r.text.slice(0, 300) }),
        };
      } catch (err) {
        return { status: 0, id: null, at: since(), tenant, error: (err as Error).message };
      }
    }),
  ).finally(() => {
    uploadsSettled = true;
  });

  // Time to first page readable: a client polling GET pages/1 of the first document with a page.
  const readFirstPage = async (documentId: string, tenant: Tenant) => {
    for (let attempt = 0; attempt < 200; attempt++) {
      const r = await call(base, "GET", `/v1/documents/${documentId}/pages/1`, { key: tenant.secret });
      if (r.status === 200) {
        firstPageReadMs = since();
        return;
      }
      await sleep(10);
    }
  };
  let reading: Promise<void> | null = null;

  let endMs: number | null = null;
  while (endMs === null) {
    if (since() > RUN_TIMEOUT_MS) throw new Error(`the run did not finish in ${RUN_TIMEOUT_MS} ms`);
    if (firstPageRowMs === null) {
      const { rows } = await db.query<{ document_id: string; account_id: string }>(
        `SELECT p.document_id, d.account_id FROM pages p JOIN documents d ON d.id = p.document_id
         WHERE d.account_id = ANY($1) AND p.page_number = 1 LIMIT 1`,
        [accountIds],
      );
      const row = rows[0];
      if (row) {
        firstPageRowMs = since();
        reading = readFirstPage(row.document_id, byAccount.get(row.account_id)!);
      }
    }
    const settled = uploadsSettled;
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM documents WHERE account_id = ANY($1) AND phase = ANY($2)",
      [accountIds, TERMINAL],
    );
    if (settled && (rows[0]?.n ?? 0) >= accepted) endMs = since();
    else await sleep(POLL_MS);
  }
  const done = await uploads;
  await reading;
  return {
    uploads: done,
    uploadsDoneMs: Math.max(...done.map((u) => u.at)),
    firstPageRowMs,
    firstPageReadMs,
    endMs,
    t0Wall,
  };
}

/** What pg-boss recorded of the run's jobs: when they started and finished, relative to t0. */
async function jobTimeline(db: pg.Client, ids: string[], t0Wall: number) {
  const { rows } = await db.query<{
    jobs: number;
    retries: number;
    busy_s: number;
    first_created: number;
    first_started: number;
    last_completed: number;
  }>(
    `SELECT count(*)::int AS jobs, coalesce(sum(retry_count), 0)::int AS retries,
            extract(epoch FROM sum(completed_on - started_on))::float8 AS busy_s,
            extract(epoch FROM min(created_on))::float8 * 1000 AS first_created,
            extract(epoch FROM min(started_on))::float8 * 1000 AS first_started,
            extract(epoch FROM max(completed_on))::float8 * 1000 AS last_completed
       FROM pgboss.job WHERE name = 'extract-document' AND data->>'documentId' = ANY($1)`,
    [ids],
  );
  const r = rows[0]!;
  // With a backlog a slot fetches its next job as soon as the last one is done, unless the job
  // (fetch included) took less than the polling interval minus 100 ms: then pg-boss waits out the
  // rest of the interval first. So every job occupies its slot for at least about one interval.
  const { rows: floor } = await db.query<{ short_jobs: number; lost_s: number; median_ms: number }>(
    `SELECT count(*) FILTER (WHERE d < $2 - 100)::int AS short_jobs,
            coalesce(sum($2 - d) FILTER (WHERE d < $2 - 100), 0)::float8 / 1000 AS lost_s,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY d)::float8 AS median_ms
       FROM (SELECT extract(epoch FROM completed_on - started_on)::float8 * 1000 AS d FROM pgboss.job
              WHERE name = 'extract-document' AND data->>'documentId' = ANY($1) AND completed_on IS NOT NULL) j`,
    [ids, WORKER_POLL_MS],
  );
  const f = floor[0]!;
  return {
    jobs: r.jobs,
    retries: r.retries,
    busySeconds: r.busy_s,
    firstCreatedMs: r.first_created - t0Wall,
    firstStartedMs: r.first_started - t0Wall,
    lastCompletedMs: r.last_completed - t0Wall,
    medianJobMs: f.median_ms,
    shortJobs: f.short_jobs,
    slotSecondsLostToPolling: f.lost_s,
  };
}

/** The worker's per-page writes, timed on their own: the page transaction, then the NOTIFY. */
async function pageWriteCost(databaseUrl: string, documentId: string, samples: number) {
  const db = connectDatabase({ url: databaseUrl, poolSize: 2, sqlPoolSize: 1 });
  try {
    const doc = await db.prisma.document.findUniqueOrThrow({ where: { id: documentId } });
    const generation = 10_000;
    const text = "the quick brown fox jumps over the lazy dog ".repeat(60);
    let txMs = 0;
    let notifyMs = 0;
    for (let n = 1; n <= samples; n++) {
      const a = performance.now();
      await db.prisma.$transaction(async (tx) => {
        await tx.page.create({
          data: {
            documentId,
            generation,
            pageNumber: n,
            markdown: text,
            text,
            width: 612,
            height: 792,
            method: "text",
          },
        });
        await tx.document.updateMany({
          where: { id: documentId, workingGeneration: doc.workingGeneration },
          data: { pagesCompleted: doc.pagesCompleted },
        });
      });
      const b = performance.now();
      await db.pool.query("SELECT pg_notify($1, $2)", [
        "quire_bench",
        JSON.stringify({ t: `document:${documentId}`, p: { id: documentId, phase: "extracting" } }),
      ]);
      notifyMs += performance.now() - b;
      txMs += b - a;
    }
    await db.prisma.page.deleteMany({ where: { documentId, generation } });
    return { txMs: txMs / samples, notifyMs: notifyMs / samples };
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  console.log(
    `\nbench:ingest — ${DOCS} documents of ${MIN_PAGES}-${MAX_PAGES} pages, ${TENANTS} accounts, ` +
      `WORKER_CONCURRENCY ${CONCURRENCY}; node ${process.version}, ${os.cpus().length} cores, ` +
      `load average ${os
        .loadavg()
        .map((l) => fmt(l))
        .join(" ")}` +
      `${WORKER_PG_OPTIONS ? `; worker PostgreSQL options "${WORKER_PG_OPTIONS}"` : ""}.`,
  );

  // 1. The PDFs.
  const rand = seeded(20_261_122);
  let generating = performance.now();
  const pdfs: BenchPdf[] = [];
  for (let i = 0; i < DOCS; i++) pdfs.push(await makePdf(i, rand));
  const totalPages = pdfs.reduce((s, p) => s + p.pages, 0);
  const totalTables = pdfs.reduce((s, p) => s + p.tables, 0);
  const totalBytes = pdfs.reduce((s, p) => s + p.bytes.byteLength, 0);
  generating = performance.now() - generating;
  console.log(
    `  generated ${DOCS} PDFs: ${totalPages} pages, ${totalTables} tables, ` +
      `${fmt(totalBytes / 1024 / 1024, 1)} MiB, in ${fmt(generating / 1000, 1)} s`,
  );

  // 2. The extractor alone (a few documents first, so the JIT is warm for both passes).
  await extractorAlone(pdfs.slice(0, 10), 1);
  const sequential = await extractorAlone(pdfs, 1);
  console.log(describeAlone("sequential", sequential));
  const concurrent = await extractorAlone(pdfs, CONCURRENCY);
  console.log(describeAlone(`${CONCURRENCY} at a time`, concurrent));

  // 3. End to end.
  const database: TestDatabase = await createTestDatabase();
  const { config, blobDir, removeBlobDir } = benchServiceConfig(database.url);
  let running: RunningService | null = null;
  let worker: Worker | null = null;
  const db = new pg.Client({ connectionString: database.url });
  try {
    running = await startService(config, createLogger(config.logLevel));
    const base = running.url;
    if (!base) throw new Error("the service has no API role");
    await db.connect();

    const tenants: Tenant[] = [];
    for (let i = 0; i < TENANTS; i++) tenants.push(await createTenant(base, `bench-${i}`));
    const warmTenant = await createTenant(base, "bench-warm-up");

    const workerUrl = new URL(database.url);
    if (WORKER_PG_OPTIONS) workerUrl.searchParams.set("options", WORKER_PG_OPTIONS);
    worker = startWorker({
      ROLE: "worker",
      DATABASE_URL: workerUrl.toString(),
      BLOB_DIR: blobDir,
      LOG_LEVEL: "warn",
      WORKER_CONCURRENCY: String(CONCURRENCY),
    });
    const workerStarted = performance.now();
    // The warm-up document: once it is terminal the worker is up and has its modules loaded.
    const warm = await call(base, "POST", "/v1/documents", {
      key: warmTenant.secret,
      body: uploadForm(pdfs[0]!),
    });
    if (warm.status !== 202) throw new Error(`the warm-up upload answered ${warm.status}: ${warm.text}`);
    await waitTerminal(db, [warmTenant.accountId], 1, 120_000).catch((err: Error) => {
      throw new Error(`${err.message}\nworker stderr:\n${worker?.stderr()}`);
    });
    await sleep(500);
    const idleRss = worker.currentRss();
    console.log(
      `  worker up and warm in ${fmt((performance.now() - workerStarted) / 1000, 1)} s ` +
        `(pid ${worker.mainPid()}, ${fmt(mib(idleRss), 0)} MiB RSS idle)`,
    );
    worker.resetPeak();
    const cpuSince = await cpuMeter(worker.mainPid(), db, database.name);

    console.log(`  uploading ${DOCS} documents at once...`);
    const run = await endToEnd(base, db, pdfs, tenants);
    const cpu = await cpuSince();
    const peakRss = worker.peakRss();
    const peakTreeRss = worker.peakTreeRss();
    const hwm = worker.highWaterMark();

    const failedUploads = run.uploads.filter((u) => u.status !== 202);
    const tooMany = run.uploads.filter((u) => u.status === 429).length;
    const ids = run.uploads.flatMap((u) => (u.id ? [u.id] : []));

    // Every document read back over HTTP, as a client would see it (20 standard requests per key).
    const reads = await Promise.all(
      run.uploads
        .filter((u) => u.id)
        .map((u) => call(base, "GET", `/v1/documents/${u.id}`, { key: u.tenant.secret })),
    );
    const failedReads = reads.filter((r) => r.status !== 200).length;
    const phases = new Map<string, number>();
    for (const r of reads) phases.set(r.body?.phase, (phases.get(r.body?.phase) ?? 0) + 1);
    const { rows: counts } = await db.query<{ pages: number; tables: number }>(
      `SELECT (SELECT count(*)::int FROM pages p JOIN documents d ON d.id = p.document_id
                WHERE d.account_id = ANY($1)) AS pages,
              (SELECT count(*)::int FROM document_tables t JOIN documents d ON d.id = t.document_id
                WHERE d.account_id = ANY($1)) AS tables`,
      [tenants.map((t) => t.accountId)],
    );
    const pagesStored = counts[0]?.pages ?? 0;
    const tablesStored = counts[0]?.tables ?? 0;
    const timeline = await jobTimeline(db, ids, run.t0Wall);
    const writes = await pageWriteCost(database.url, ids[0]!, 300);

    const seconds = run.endMs / 1000;
    const floorSeconds = (timeline.jobs * WORKER_POLL_MS) / 1000 / CONCURRENCY;
    const e2ePagesPerSecond = pagesStored / seconds;
    const e2eDocsPerSecond = ids.length / seconds;
    const ratio = e2ePagesPerSecond / concurrent.pagesPerSecond;
    const failedRequests = failedUploads.length + failedReads;
    const workerWarnings = (worker.stderr().match(/"level":"(warn|error)"/g) ?? []).length;

    console.log(
      [
        "",
        `  uploads: ${run.uploads.length - failedUploads.length} accepted, ${failedUploads.length} failed (${tooMany} x 429); ` +
          `reads: ${reads.length - failedReads} ok, ${failedReads} failed`,
        `  phases: ${[...phases].map(([p, n]) => `${p} ${n}`).join(", ")}; pages stored ${pagesStored} of ${totalPages}; ` +
          `tables stored ${tablesStored} (${totalTables} drawn)`,
        `  worker: ${timeline.jobs} jobs, ${timeline.retries} retries, ${workerWarnings} warnings/errors logged; ` +
          `peak RSS ${fmt(mib(peakRss), 0)} MiB sampled, ${fmt(mib(hwm), 0)} MiB kernel high-water mark ` +
          `(tsx launcher included: ${fmt(mib(peakTreeRss), 0)} MiB)`,
        "",
        "  where the time goes (ms from the first upload):",
        `    first job created ${fmt(timeline.firstCreatedMs, 0)}, first job started ${fmt(timeline.firstStartedMs, 0)}, ` +
          `first page row ${fmt(run.firstPageRowMs ?? Number.NaN, 0)}, first GET pages/1 ${fmt(run.firstPageReadMs ?? Number.NaN, 0)}`,
        `    all uploaded ${fmt(run.uploadsDoneMs, 0)}, last job completed ${fmt(timeline.lastCompletedMs, 0)}, ` +
          `all terminal seen ${fmt(run.endMs, 0)}`,
        `    worker slots busy ${fmt(timeline.busySeconds, 1)} s of ${CONCURRENCY} x ${fmt(seconds, 1)} s ` +
          `(${fmt((100 * timeline.busySeconds) / (CONCURRENCY * seconds), 0)}%); median job ${fmt(timeline.medianJobMs, 0)} ms; ` +
          `${timeline.shortJobs} jobs shorter than the ${WORKER_POLL_MS} ms polling interval left their slot idle ` +
          `~${fmt(timeline.slotSecondsLostToPolling, 1)} slot-seconds in all`,
        `    polling floor: a slot starts at most one job per ${WORKER_POLL_MS} ms, so ${timeline.jobs} jobs on ` +
          `${CONCURRENCY} slots take >= ${fmt(floorSeconds, 1)} s, a ceiling of ${fmt(pagesStored / floorSeconds, 1)} pages/s ` +
          `for this mix (${fmt(pagesStored / floorSeconds / concurrent.pagesPerSecond)} of the extractor alone)`,
        `    in the worker ${fmt((1000 * seconds) / pagesStored, 2)} ms of wall time per page; extractor alone ` +
          `${fmt(1000 / concurrent.pagesPerSecond, 2)} ms (${CONCURRENCY} at a time), ${fmt(1000 / sequential.pagesPerSecond, 2)} ms (sequential)`,
        `    worker JavaScript thread: on a core ${fmt((100 * cpu.workerThreadRun) / seconds, 0)}% of the run, ` +
          `waiting for a core ${fmt((100 * cpu.workerThreadWait) / seconds, 0)}%, ` +
          `idle or waiting on PostgreSQL ${fmt((100 * (seconds - cpu.workerThreadRun - cpu.workerThreadWait)) / seconds, 0)}%`,
        `    CPU per page: worker JavaScript thread ${fmt((1000 * cpu.workerThreadRun) / pagesStored, 2)} ms ` +
          `(extractor alone ${fmt((1000 * concurrent.onCpu) / concurrent.pages, 2)} ms), worker process (all threads) ` +
          `${fmt((1000 * cpu.worker) / pagesStored, 2)} ms, PostgreSQL backends of the ` +
          `bench database ${fmt((1000 * cpu.postgres) / pagesStored, 2)} ms, this process (API + load) ` +
          `${fmt((1000 * cpu.self) / pagesStored, 2)} ms`,
        `    machine ${fmt((100 * cpu.machineBusy) / cpu.machineTotal, 0)}% busy during the run; of its ` +
          `${fmt(cpu.machineBusy, 1)} busy core-seconds, ${fmt(cpu.machineBusy - cpu.worker - cpu.self - cpu.postgres, 1)} ` +
          `were neither the worker, this process nor the bench database's backends (other processes, WAL writer, kernel)`,
        `    per-page writes measured alone: transaction (insert page + update document) ${fmt(writes.txMs)} ms, ` +
          `NOTIFY ${fmt(writes.notifyMs)} ms`,
      ].join("\n"),
    );
    if (failedUploads.length) {
      console.log(
        `  first failures: ${failedUploads
          .slice(0, 3)
          .map((u) => `${u.status} ${u.error}`)
          .join(" | ")}`,
      );
    }

    console.log(
      [
        "",
        `| Ingest: ${ids.length} PDFs, ${pagesStored} pages, 1 worker (WORKER_CONCURRENCY ${CONCURRENCY}) | |`,
        "|---|---:|",
        `| Failed requests (uploads + reads) | ${failedRequests} |`,
        `| Time to all uploaded | ${fmt(run.uploadsDoneMs / 1000)} s |`,
        `| Time to first page readable (GET pages/1) | ${fmt((run.firstPageReadMs ?? Number.NaN) / 1000)} s |`,
        `| End to end, first upload to last document terminal | ${fmt(seconds)} s |`,
        `| End to end throughput | ${fmt(e2eDocsPerSecond, 1)} docs/s, ${fmt(e2ePagesPerSecond, 1)} pages/s |`,
        `| Extractor alone, sequential | ${fmt(sequential.pagesPerSecond, 1)} pages/s |`,
        `| Extractor alone, ${CONCURRENCY} at a time | ${fmt(concurrent.pagesPerSecond, 1)} pages/s |`,
        `| End to end ÷ extractor alone | ${fmt(ratio)} (target >= ${TARGET_RATIO}) |`,
        `| Worker peak RSS | ${fmt(mib(peakRss), 0)} MiB (idle ${fmt(mib(idleRss), 0)} MiB) |`,
        "",
      ].join("\n"),
    );
    console.log(
      `${ratio >= TARGET_RATIO ? "PASS" : "FAIL"}: end to end runs at ${fmt(ratio)} of the extractor alone ` +
        `(target >= ${TARGET_RATIO}).`,
    );
    if (failedRequests > 0)
      console.log(`NOT OK: ${failedRequests} requests failed; the figures are suspect.`);
  } finally {
    await worker?.stop();
    await running?.stop();
    await db.end().catch(() => undefined);
    await database.drop();
    removeBlobDir();
  }
}

main().catch((err: Error) => {
  console.error(err);
  process.exitCode = 1;
});
