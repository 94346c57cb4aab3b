// `npm run bench:extract`: the layout extractor's speed and memory on the text layer, next to
// poppler's `pdftotext -layout`, and the cost of page images.
//
//   1. The set: every PDF in the table corpus ($TABLES_CORPUS, default /work/shared/corpus/tables)
//      plus two PDFs made with pdf-lib into a temp dir (their generation is timed apart): a
//      BENCH_MID_PAGES-page report (default 300) with a ruled table every 3rd page, and a
//      BENCH_LONG_PAGES-page one (default 2000) with a ruled table every 10th page.
//   2. Per file: full extraction in this process, sequentially, page by page (layoutExtractor,
//      strategy "text", capabilities ["tables"]; open and close included; after one warm-up
//      extraction), then `pdftotext -layout <file> -` spawned on the same file (process start to
//      exit). Pages, seconds, pages/s and ours ÷ pdftotext, per file and overall (total pages ÷
//      total time). Target: overall ratio >= 1/5, on wall time. CPU time is reported beside it
//      (ours: process.cpuUsage; pdftotext: a second run under bash's `times`), as it moves less
//      with the machine's load. Without pdftotext on the PATH the comparison is skipped.
//      The in-process peak RSS (VmHWM, reset before the set) is reported too.
//   3. Memory: the long PDF extracted in a child process (node --import tsx
//      bench/extract-worker.ts, as the service runs its TypeScript) whose VmRSS is read from
//      /proc/<pid>/status every RSS_SAMPLE_MS. Target: peak < 600 MB. For comparison, when
//      node_modules/.bin/esbuild exists (tsx's own), the same worker bundled and run by plain node.
//   4. Page images at scale 1.5 on ~30 pages across the files, through the service's renderer
//      (ThreadPageRenderer: drawn on its own thread, each PDF sent to it): a cold pass with the
//      PDF opened on every call, the first call of the run (the thread's start) reported apart;
//      then, warm and file by file, the renderer again with each document kept open, its steps re-timed phase by phase (open /
//      draw / encode / close), and a variant that opens each PDF once and renders
//      its pages from the open document. Target: p95 < 80 ms a page (warm, as it is). Then a reader paging through each
//      multi-page file via the service's page-image path (read-ahead, blob store), 300 ms a page.
//      Then background page images (PRERENDER_PAGES) over the 300-page file, timed, and 30
//      random pages of it served through the same path afterwards.
//   5. A markdown table of the figures, for the README.
//
// PASS/FAIL is printed; the exit code is 0 either way. Linux only (/proc). About 3 minutes on
// 2 cores. Knobs: TABLES_CORPUS, BENCH_MID_PAGES (300), BENCH_LONG_PAGES (2000), BENCH_KEEP=1
// (keep the temp dir with the generated PDFs; its path is printed).

import { spawn, spawnSync } from "node:child_process";
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createLocalBlobStore } from "../src/core/blobs/local-blob-store.ts";
import { READ_AHEAD, readAheadIdle, servePageImage } from "../src/core/documents/page-images.ts";
import { PageImagePrerenderer } from "../src/core/documents/prerender-page-images.ts";
import { layoutExtractor } from "../src/core/extraction/layout-extractor.ts";
import { ThreadPageRenderer } from "../src/core/extraction/page-renderer.ts";
import { PdfiumDocument } from "../src/core/extraction/pdfium.ts";
import { encodePngRgba } from "../src/core/extraction/png.ts";
import { fitScale } from "../src/core/extraction/render-page.ts";
import { createLogger } from "../src/core/log.ts";
import { reportDoc } from "./support/report-pdf.ts";

const root = path.resolve(import.meta.dirname, "..");
const WORKER = path.join(root, "bench/extract-worker.ts");
const CORPUS = process.env.TABLES_CORPUS ?? "/work/shared/corpus/tables";
const MID_PAGES = Number(process.env.BENCH_MID_PAGES ?? 300);
const LONG_PAGES = Number(process.env.BENCH_LONG_PAGES ?? 2000);
const KEEP = process.env.BENCH_KEEP === "1";
const OPTIONS = { strategy: "text", capabilities: ["tables"] } as const;

const TARGET_RATIO = 1 / 5;
const TARGET_PEAK_MB = 600;
const TARGET_RENDER_MS = 80;
const RENDER_SCALE = 1.5;
const RSS_SAMPLE_MS = 50;

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

const now = () => performance.now();
const mb = (kb: number) => kb / 1024;
const f0 = (n: number) => n.toFixed(0);
const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);
const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");

/** Nearest-rank percentile of a non-empty list. */
function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] ?? Number.NaN;
}
const stats = (v: number[]) => ({ p50: pct(v, 50), p95: pct(v, 95), max: Math.max(...v), n: v.length });
const fmtStats = (s: { p50: number; p95: number; max: number }) =>
  `${f1(s.p50)} / ${f1(s.p95)} / ${f1(s.max)}`;

/** A field of /proc/<pid>/status in kB, or null when the process is gone. */
function procStatusKb(pid: number | "self", field: "VmRSS" | "VmHWM"): number | null {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

function table(headers: string[], rows: string[][], right = new Set<number>()): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (right.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join("  ");
  return [line(headers), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

// ---------------------------------------------------------------------------------------------
// 1. The set
// ---------------------------------------------------------------------------------------------

type BenchFile = { label: string; file: string; generated: boolean };

const tmp = mkdtempSync(path.join(os.tmpdir(), "quire-bench-extract-"));
const files: BenchFile[] = [];
let corpusFiles: string[] = [];
try {
  corpusFiles = readdirSync(CORPUS)
    .filter((f) => f.toLowerCase().endsWith(".pdf"))
    .sort();
} catch (err) {
  console.log(`corpus ${CORPUS} unreadable (${(err as Error).message}); measuring the generated PDFs only`);
}
for (const f of corpusFiles) files.push({ label: f, file: path.join(CORPUS, f), generated: false });

console.log(
  `machine: ${os.cpus()[0]?.model ?? "?"} x${os.cpus().length}, ${f0(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
);
console.log(`corpus: ${CORPUS} (${corpusFiles.length} PDFs); generated into ${tmp}`);

const generation: { label: string; pages: number; ms: number; bytes: number }[] = [];
for (const [pages, every] of [
  [MID_PAGES, 3],
  [LONG_PAGES, 10],
] as const) {
  if (pages < 1) continue;
  const label = `generated-${pages}p.pdf`;
  const t = now();
  const bytes = await reportDoc(pages, every);
  const ms = now() - t;
  const file = path.join(tmp, label);
  writeFileSync(file, bytes);
  generation.push({ label, pages, ms, bytes: bytes.length });
  files.push({ label, file, generated: true });
  console.log(
    `generated ${label}: ${pages} pages, table every ${every} pages, ${f1(bytes.length / 2 ** 20)} MiB in ${f1(ms / 1000)} s`,
  );
}
const longFile = files.find((f) => f.label === `generated-${LONG_PAGES}p.pdf`);

// ---------------------------------------------------------------------------------------------
// 2. Extraction, ours and pdftotext's
// ---------------------------------------------------------------------------------------------

const havePdftotext = spawnSync("which", ["pdftotext"]).status === 0;
if (!havePdftotext) console.log("pdftotext not found on the PATH (poppler-utils): the comparison is skipped");

async function extractAll(bytes: Uint8Array) {
  const t = now();
  const cpu = process.cpuUsage();
  const session = await layoutExtractor.open(bytes, OPTIONS);
  let failed = 0;
  try {
    for (let p = 1; p <= session.pageCount; p++) {
      try {
        await session.extractPage(p);
      } catch {
        failed++;
      }
    }
  } finally {
    await session.close();
  }
  const c = process.cpuUsage(cpu);
  return { pages: session.pageCount, failed, ms: now() - t, cpuMs: (c.user + c.system) / 1000 };
}

type Ptt = { ms: number; cpuMs: number | null; pages: number; ok: boolean };

/**
 * `pdftotext -layout file -`, spawn to exit, pages counted by the form feeds it writes; then run
 * once more under bash for its CPU time (the `times` builtin), which the machine's load moves less.
 */
async function pdftotext(file: string): Promise<Ptt> {
  const run = (cmd: string, args: string[]) =>
    new Promise<{ ms: number; pages: number; ok: boolean; stderr: string }>((resolve) => {
      const t = now();
      const child = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"] });
      let pages = 0;
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => {
        for (const b of chunk) if (b === 0x0c) pages++;
      });
      child.stderr.on("data", (c: Buffer) => {
        stderr += c.toString();
      });
      child.on("error", () => resolve({ ms: now() - t, pages, ok: false, stderr }));
      child.on("close", (code) => resolve({ ms: now() - t, pages, ok: code === 0, stderr }));
    });
  const wall = await run("pdftotext", ["-layout", file, "-"]);
  const timed = await run("bash", [
    "-c",
    'pdftotext -layout "$1" - 2>/dev/null; s=$?; times >&2; exit $s',
    "_",
    file,
  ]);
  // `times`: the shell's user/sys, then its children's, as "0m0.012s 0m0.004s".
  const m = /(\d+)m([\d.]+)s\s+(\d+)m([\d.]+)s\s*$/.exec(timed.stderr.trim());
  const cpuMs = m ? (Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) * 60 + Number(m[4])) * 1000 : null;
  return { ms: wall.ms, cpuMs, pages: wall.pages, ok: wall.ok };
}

// Warm-up: loads pdfjs and the extractor's modules, so the first file does not pay for them.
{
  const warm = files[0];
  if (warm) {
    const t = now();
    await extractAll(new Uint8Array(readFileSync(warm.file)));
    console.log(`warm-up (module load + one extraction of ${warm.label}): ${f0(now() - t)} ms, not counted`);
  }
}

// The in-process high-water mark, reset to the current RSS (Linux >= 4.0).
const rssAtReset = procStatusKb("self", "VmRSS");
let hwmReset = false;
try {
  writeFileSync("/proc/self/clear_refs", "5");
  hwmReset = true;
} catch {
  // Not permitted: the figure then covers the generation too.
}

type Row = BenchFile & { pages: number; failed: number; ms: number; cpuMs: number; ptt: Ptt | null };
const rows: Row[] = [];
console.log("\nextracting (in process, sequential) ...");
for (const f of files) {
  const bytes = new Uint8Array(readFileSync(f.file));
  const ours = await extractAll(bytes);
  const ptt = havePdftotext ? await pdftotext(f.file) : null;
  rows.push({ ...f, ...ours, ptt });
}
const inProcessPeakKb = procStatusKb("self", "VmHWM");

const rate = (pages: number, ms: number) => (ms > 0 ? pages / (ms / 1000) : 0);
function summary(rs: Row[]) {
  const sum = (get: (r: Row) => number) => rs.reduce((a, r) => a + get(r), 0);
  const pages = sum((r) => r.pages);
  const ms = sum((r) => r.ms);
  const cpuMs = sum((r) => r.cpuMs);
  const pttMs = sum((r) => r.ptt?.ms ?? 0);
  const pttCpuMs = sum((r) => r.ptt?.cpuMs ?? 0);
  const ours = rate(pages, ms);
  const theirs = rate(pages, pttMs);
  const ok = havePdftotext && theirs > 0;
  return {
    pages,
    ms,
    cpuMs,
    pttMs,
    pttCpuMs,
    ours,
    theirs,
    ratio: ok ? ours / theirs : null,
    // CPU pages/s ratio = pdftotext CPU time / ours.
    cpuRatio: ok && cpuMs > 0 && pttCpuMs > 0 ? pttCpuMs / cpuMs : null,
  };
}
const fmtRatio = (r: number | null) => (r === null ? "n/a" : f2(r));
const extractionTable = table(
  [
    "file",
    "pages",
    "ours s",
    "ours p/s",
    "ours cpu s",
    "pdftotext s",
    "pdftotext p/s",
    "pdftotext cpu s",
    "ratio",
    "ratio cpu",
    "note",
  ],
  [
    ...rows.map((r) => {
      const s = summary([r]);
      const notes = [
        r.failed ? `${r.failed} pages failed` : "",
        r.ptt && !r.ptt.ok ? "pdftotext failed" : "",
        r.ptt?.ok && r.ptt.pages !== r.pages ? `pdftotext saw ${r.ptt.pages} pages` : "",
      ].filter(Boolean);
      return [r.label, ...cells(s), notes.join("; ")];
    }),
    ...[
      ["corpus total", rows.filter((r) => !r.generated)],
      ["generated total", rows.filter((r) => r.generated)],
      ["ALL", rows],
    ].map(([label, rs]) => [label as string, ...cells(summary(rs as Row[])), ""]),
  ],
  new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]),
);
function cells(s: ReturnType<typeof summary>): string[] {
  return [
    String(s.pages),
    f2(s.ms / 1000),
    f1(s.ours),
    f2(s.cpuMs / 1000),
    havePdftotext ? f2(s.pttMs / 1000) : "-",
    havePdftotext ? f1(s.theirs) : "-",
    havePdftotext ? f2(s.pttCpuMs / 1000) : "-",
    fmtRatio(s.ratio),
    fmtRatio(s.cpuRatio),
  ];
}
console.log(extractionTable);
console.log("(ratio = ours pages/s ÷ pdftotext pages/s on wall time; ratio cpu = the same on CPU time)");
const all = summary(rows);
const failedPages = rows.reduce((a, r) => a + r.failed, 0);
console.log(
  all.ratio === null
    ? "throughput vs pdftotext: SKIP (no pdftotext)"
    : `throughput vs pdftotext: ours ${f1(all.ours)} p/s, pdftotext ${f1(all.theirs)} p/s, ratio ${f2(all.ratio)} (target >= ${f2(TARGET_RATIO)}): ${verdict(all.ratio >= TARGET_RATIO)}; on CPU time ${fmtRatio(all.cpuRatio)}`,
);
if (failedPages)
  console.log(`  ${failedPages} pages failed to extract (counted in the pages, timed as they ran)`);
console.log(
  `in-process peak RSS over the set: ${inProcessPeakKb ? f0(mb(inProcessPeakKb)) : "?"} MB (${hwmReset ? `high-water mark reset before the set, at ${f0(mb(rssAtReset ?? 0))} MB` : "high-water mark not reset: includes the generation"})`,
);

// ---------------------------------------------------------------------------------------------
// 3. Peak memory of the long extraction, in a child process
// ---------------------------------------------------------------------------------------------

type ChildResult = {
  peakKb: number;
  hwmKb: number;
  samples: { t: number; kb: number }[];
  wallMs: number;
  report: { pages: number; failed: number; ms: number; vmHwmMb: number | null } | null;
  error: string;
};

/** Runs `node <args>` (the worker and its file), sampling its RSS until it exits. */
function childExtract(args: string[]): Promise<ChildResult> {
  return new Promise((resolve) => {
    const t = now();
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const samples: { t: number; kb: number }[] = [];
    let peakKb = 0;
    let hwmKb = 0;
    const sample = () => {
      if (child.pid === undefined) return;
      const kb = procStatusKb(child.pid, "VmRSS");
      const hwm = procStatusKb(child.pid, "VmHWM");
      if (kb !== null) {
        samples.push({ t: now() - t, kb });
        peakKb = Math.max(peakKb, kb);
      }
      if (hwm !== null) hwmKb = Math.max(hwmKb, hwm);
    };
    const timer = setInterval(sample, RSS_SAMPLE_MS);
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      err += c.toString();
    });
    child.on("close", (code) => {
      clearInterval(timer);
      let report: ChildResult["report"] = null;
      try {
        report = JSON.parse(out.trim().split("\n").pop() ?? "") as ChildResult["report"];
      } catch {
        // reported below
      }
      resolve({
        peakKb,
        hwmKb,
        samples,
        wallMs: now() - t,
        report,
        error: code === 0 ? "" : `exit ${code}: ${err.slice(-500)}`,
      });
    });
  });
}

/** The peak of a child run: the highest of the samples, the VmHWM last read and the worker's own. */
const peakMbOf = (c: ChildResult) => mb(Math.max(c.peakKb, c.hwmKb, (c.report?.vmHwmMb ?? 0) * 1024));

function reportChild(c: ChildResult) {
  if (c.error || !c.report) console.log(`  the worker failed: ${c.error || "no JSON on stdout"}`);
  const r = c.report;
  if (r)
    console.log(
      `  worker: ${r.pages} pages${r.failed ? ` (${r.failed} failed)` : ""} in ${f2(r.ms / 1000)} s (${f1(rate(r.pages, r.ms))} p/s; process wall time ${f2(c.wallMs / 1000)} s, module load included)`,
    );
  // RSS over the run: flat means bounded by a page; a climb with the page count means something is kept.
  const s = c.samples;
  if (s.length) {
    const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * (s.length - 1)))]?.kb ?? 0;
    console.log(
      `  RSS over the run (MB) at 10/25/50/75/100 %: ${[0.1, 0.25, 0.5, 0.75, 1].map((q) => f0(mb(at(q)))).join(" / ")} (${s.length} samples)`,
    );
  }
  console.log(
    `  peak RSS: ${f0(mb(c.peakKb))} MB sampled, VmHWM ${f0(mb(c.hwmKb))} MB at the last read${r?.vmHwmMb ? `, ${f0(r.vmHwmMb)} MB by the worker at exit` : ""}`,
  );
}

let child: ChildResult | null = null;
/** The same worker bundled by esbuild (tsx's own copy) and run by plain node: the peak without the tsx loader. */
let plain: ChildResult | null = null;
if (longFile) {
  console.log(
    `\npeak memory: ${longFile.label} in a child process (node --import tsx ${path.relative(root, WORKER)}), VmRSS sampled every ${RSS_SAMPLE_MS} ms ...`,
  );
  child = await childExtract(["--import", "tsx", WORKER, longFile.file]);
  reportChild(child);
  const peak = peakMbOf(child);
  console.log(
    `  peak ${f0(peak)} MB (target < ${TARGET_PEAK_MB} MB): ${verdict(!child.error && peak < TARGET_PEAK_MB)}`,
  );

  const esbuild = path.join(root, "node_modules/.bin/esbuild");
  if (existsSync(esbuild)) {
    const bundle = path.join(tmp, "extract-worker.mjs");
    const built = spawnSync(
      esbuild,
      [
        WORKER,
        "--bundle",
        "--platform=node",
        "--format=esm",
        "--packages=external",
        `--outfile=${bundle}`,
        "--log-level=error",
      ],
      { encoding: "utf8" },
    );
    if (built.status === 0) {
      // The bundle imports its packages by name: let them resolve from the project's node_modules.
      symlinkSync(path.join(root, "node_modules"), path.join(tmp, "node_modules"), "dir");
      console.log(
        "  for comparison, the same worker bundled by esbuild and run by plain node (no tsx loader) ...",
      );
      plain = await childExtract([bundle, longFile.file]);
      reportChild(plain);
    } else {
      console.log(
        `  (esbuild could not bundle the worker, no plain-node comparison: ${built.stderr.trim().slice(0, 300)})`,
      );
    }
  }
}
const childPeakMb = child && !child.error ? peakMbOf(child) : null;
const plainPeakMb = plain && !plain.error ? peakMbOf(plain) : null;

// ---------------------------------------------------------------------------------------------
// 4. Page images
// ---------------------------------------------------------------------------------------------

/** The pages drawn: page 1 of every corpus PDF, then pages spread over the generated ones (~30 in all). */
const renderSet: { f: BenchFile; pages: number[] }[] = [];
for (const r of rows) {
  if (!r.generated) renderSet.push({ f: r, pages: [1] });
}
const genRows = rows.filter((r) => r.generated);
const spare = Math.max(genRows.length * 3, 30 - renderSet.length);
for (const [i, r] of genRows.entries()) {
  const n = Math.max(1, Math.floor(spare / genRows.length) + (i < spare % genRows.length ? 1 : 0));
  // Spread evenly, always including the first and the last page.
  const ps = new Set<number>();
  for (let k = 0; k < n; k++) ps.add(1 + Math.round((k * (r.pages - 1)) / Math.max(1, n - 1)));
  renderSet.push({ f: r, pages: [...ps].sort((a, b) => a - b) });
}
const renderCount = renderSet.reduce((a, s) => a + s.pages.length, 0);

/** Wall and CPU time (all threads of this process: the PNG encoder runs off the main thread) of one call. */
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const t = now();
  const value = await work();
  const ms = now() - t;
  const c = process.cpuUsage(cpu);
  return { value, ms, cpuMs: (c.user + c.system) / 1000 };
}

/**
 * A page image's steps on an open document in this thread, each timed: drawing (the page read
 * included; the scale capped as drawPagePng caps it), then PNG.
 */
function renderOpen(doc: PdfiumDocument, pageNumber: number, scale: number) {
  const t = now();
  let encode = 0;
  const drawn = doc.drawPage(
    pageNumber,
    (page) => fitScale(page, scale),
    ({ rgba, width: w, height: h }) => {
      const e = now();
      const png = encodePngRgba(rgba, w, h);
      encode = now() - e;
      return { bytes: png.length, w, h };
    },
  );
  return { render: now() - t - encode, encode, ...drawn };
}

console.log(
  `\npage images at scale ${RENDER_SCALE}: ${renderCount} pages over ${renderSet.length} files ...`,
);
const bytesOf = new Map(renderSet.map((s) => [s.f.file, new Uint8Array(readFileSync(s.f.file))]));
const must = (f: BenchFile) => bytesOf.get(f.file) as Uint8Array;
type Series = { ms: number[]; cpu: number[] };
const series = (): Series => ({ ms: [], cpu: [] });

// (a) Cold: the service's renderer, the first page images this process draws: its thread starts
// with the first call (reported apart), and no document is kept open.
const renderer = new ThreadPageRenderer({ timeBudgetMs: 60_000 });
const cold = series();
let firstCall: { ms: number; cpuMs: number; label: string } | null = null;
for (const { f, pages } of renderSet) {
  for (const p of pages) {
    const r = await timed(() => renderer.render(must(f), p, RENDER_SCALE));
    if (!firstCall) firstCall = { ms: r.ms, cpuMs: r.cpuMs, label: `${f.label} p${p}` };
    else {
      cold.ms.push(r.ms);
      cold.cpu.push(r.cpuMs);
    }
  }
}

// (b) Warm, file by file so the machine's load moves all three alike: the renderer, each document kept open;
// the same steps re-timed phase by phase, one open per call; and the document opened once.
const warm = series();
const perCall = {
  open: [] as number[],
  render: [] as number[],
  encode: [] as number[],
  destroy: [] as number[],
  total: series(),
};
const kept = {
  open: [] as number[],
  total: series(),
  render: [] as number[],
  encode: [] as number[],
};
const byFile: string[][] = [];
for (const { f, pages } of renderSet) {
  const mine = {
    asIs: [] as number[],
    render: [] as number[],
    encode: [] as number[],
    kb: [] as number[],
    px: "",
  };
  for (const p of pages) {
    // Keyed like the service keys it (one key per document), so the document stays open between pages.
    const r = await timed(() => renderer.render(must(f), p, RENDER_SCALE, f.file));
    warm.ms.push(r.ms);
    warm.cpu.push(r.cpuMs);
    mine.asIs.push(r.ms);
  }
  for (const p of pages) {
    const r = await timed(async () => {
      let t = now();
      const doc = await PdfiumDocument.open(must(f));
      const open = now() - t;
      const steps = renderOpen(doc, p, RENDER_SCALE);
      t = now();
      doc.close();
      return { open, ...steps, destroy: now() - t };
    });
    perCall.open.push(r.value.open);
    perCall.render.push(r.value.render);
    perCall.encode.push(r.value.encode);
    perCall.destroy.push(r.value.destroy);
    perCall.total.ms.push(r.ms);
    perCall.total.cpu.push(r.cpuMs);
  }
  const t0 = now();
  const doc = await PdfiumDocument.open(must(f));
  kept.open.push(now() - t0);
  try {
    for (const p of pages) {
      const r = await timed(async () => renderOpen(doc, p, RENDER_SCALE));
      kept.total.ms.push(r.ms);
      kept.total.cpu.push(r.cpuMs);
      kept.render.push(r.value.render);
      kept.encode.push(r.value.encode);
      mine.render.push(r.value.render);
      mine.encode.push(r.value.encode);
      mine.kb.push(r.value.bytes / 1024);
      mine.px = `${r.value.w}x${r.value.h}`;
    }
  } finally {
    doc.close();
  }
  byFile.push([
    f.label,
    String(pages.length),
    mine.px,
    f0(pct(mine.asIs, 50)),
    f0(pct(mine.render, 50)),
    f0(pct(mine.encode, 50)),
    f0(pct(mine.kb, 50)),
  ]);
}

const coldStats = stats(cold.ms);
const warmStats = stats(warm.ms);
const keptStats = stats(kept.total.ms);
const row = (label: string, ms: number[], cpu?: number[]) => [
  label,
  fmtStats(stats(ms)),
  cpu ? f1(pct(cpu, 50)) : "",
  String(ms.length),
];
console.log(
  table(
    ["ms per page", "wall p50 / p95 / max", "cpu p50", "n"],
    [
      row("renderer.render as is, cold", cold.ms, cold.cpu),
      row("renderer.render as is, warm", warm.ms, warm.cpu),
      ...(["open", "render", "encode", "destroy"] as const).map((k) =>
        row(`  same steps per call: ${k}`, perCall[k]),
      ),
      row("  same steps per call: total", perCall.total.ms, perCall.total.cpu),
      row("open once: open (per file)", kept.open),
      row("open once: per page", kept.total.ms, kept.total.cpu),
      ...(["render", "encode"] as const).map((k) => row(`  open once: ${k}`, kept[k])),
    ],
    new Set([1, 2, 3]),
  ),
);
console.log(
  `first call of the run (${firstCall?.label}): ${f1(firstCall?.ms ?? 0)} ms wall, ${f1(firstCall?.cpuMs ?? 0)} ms CPU; not in the figures above`,
);
console.log(
  `\nby file (warm, ms p50):\n${table(["file", "pages", "pixels", "as is", "render", "encode", "PNG KiB"], byFile, new Set([1, 3, 4, 5, 6]))}`,
);
console.log(
  `renderer.render p95 warm ${f1(warmStats.p95)} ms, cold ${f1(coldStats.p95)} ms (target < ${TARGET_RENDER_MS} ms): ${verdict(warmStats.p95 < TARGET_RENDER_MS)}; open-once variant p95 ${f1(keptStats.p95)} ms: ${verdict(keptStats.p95 < TARGET_RENDER_MS)}`,
);

// (c) A reader through the service's page-image path (src/core/documents/page-images.ts, a local
// blob store in the temp dir): pages 1..READER_PAGES of each multi-page file one after another,
// READER_MS apart (a quick page flip), each request timed. The first page of a file is drawn on
// request; later ones were rendered ahead while the previous one was read.
const READER_PAGES = 8;
const READER_MS = 300;
const readerBlobs = createLocalBlobStore(path.join(tmp, "reader-blobs"));
const readerDeps = {
  blobs: readerBlobs,
  log: createLogger("silent"),
  renderer,
  activeGeneration: async () => 1,
};
const reader = { first: [] as number[], later: [] as number[] };
for (const r of rows.filter((x) => x.pages > 1)) {
  const pages = Math.min(READER_PAGES, r.pages);
  const bytes = new Uint8Array(readFileSync(r.file));
  for (let p = 1; p <= pages; p++) {
    const req = {
      documentId: `bench-${r.label.replace(/[^A-Za-z0-9]/g, "")}`,
      generation: 1,
      page: p,
      scale: RENDER_SCALE,
      load: async () => bytes,
    };
    const t = now();
    await servePageImage(readerDeps, req, pages);
    (p === 1 ? reader.first : reader.later).push(now() - t);
    await new Promise((res) => setTimeout(res, READER_MS));
  }
}
await readAheadIdle();
const readerLater = stats(reader.later);
const readerFirst = stats(reader.first);
console.log(
  `\nreader through the page-image service (${READER_MS} ms between pages, read-ahead ${READ_AHEAD}): first page of a file p50 / p95 / max ${fmtStats(readerFirst)} ms (n ${readerFirst.n}); later pages ${fmtStats(readerLater)} ms (n ${readerLater.n}): ${verdict(readerLater.p95 < TARGET_RENDER_MS)}`,
);

// (d) A viewer jumping to any page of a document whose images were made in the background
// (PRERENDER_PAGES, src/core/documents/prerender-page-images.ts): the generated 300-page file's
// pages rendered one after another into a local blob store, then 30 pages in a fixed random order
// asked for through the same page-image path.
const jumpFile = rows.find((x) => x.label === "generated-300p.pdf");
let jump: {
  pages: number;
  ms: number;
  cpuMs: number;
  kb: number;
  rssMb: number;
  served: ReturnType<typeof stats>;
} | null = null;
if (jumpFile) {
  const jumpBytes = new Uint8Array(readFileSync(jumpFile.file));
  const jumpBlobs = createLocalBlobStore(path.join(tmp, "prerender-blobs"));
  const documentId = "bench-prerender";
  const pre = new PageImagePrerenderer({
    pages: jumpFile.pages,
    blobs: jumpBlobs,
    log: createLogger("silent"),
    renderer,
    activeGeneration: async () => 1,
    document: async () => ({ activeGeneration: 1, pagesTotal: jumpFile.pages, failedPages: [] }),
    load: async () => jumpBytes,
    busy: () => false,
  });
  const cpu0 = process.cpuUsage();
  const t0 = now();
  pre.enqueue({ documentId, generation: 1 });
  await pre.idle();
  const ms = now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const keys = await jumpBlobs.list(`documents/${documentId}/images/`);
  let bytes = 0;
  for (const k of keys) bytes += (await jumpBlobs.get(k))?.length ?? 0;
  const rssMb = mb(procStatusKb("self", "VmRSS") ?? 0);
  let seed = 7;
  const served: number[] = [];
  const deps = { blobs: jumpBlobs, log: createLogger("silent"), renderer, activeGeneration: async () => 1 };
  for (let i = 0; i < 30; i++) {
    seed = (seed * 48271) % 2147483647;
    const page = 1 + (seed % jumpFile.pages);
    const req = { documentId, generation: 1, page, scale: RENDER_SCALE, load: async () => jumpBytes };
    const t = now();
    await servePageImage(deps, req, jumpFile.pages);
    served.push(now() - t);
  }
  await readAheadIdle();
  jump = {
    pages: keys.length,
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    kb: bytes / 1024,
    rssMb,
    served: stats(served),
  };
  console.log(
    `\nbackground page images (${jumpFile.label}): ${jump.pages} pages in ${f1(ms / 1000)} s (${f1(ms / jump.pages)} ms a page, CPU ${f1(jump.cpuMs / jump.pages)} ms), ${f0(jump.kb / jump.pages)} KB a page, process RSS after ${f0(rssMb)} MB; then 30 random pages served p50 / p95 / max ${fmtStats(jump.served)} ms: ${verdict(jump.served.p95 < TARGET_RENDER_MS)}`,
  );
}

// ---------------------------------------------------------------------------------------------
// 5. The README table
// ---------------------------------------------------------------------------------------------

const corpus = summary(rows.filter((r) => !r.generated));
const pttCell = (s: ReturnType<typeof summary>) =>
  havePdftotext ? `${fmtRatio(s.ratio)} (CPU time: ${fmtRatio(s.cpuRatio)})` : "skipped (no pdftotext)";
const md = [
  "| Measure | Figure | Target | Result |",
  "|---|---|---|---|",
  `| Generation (pdf-lib, not counted) | ${generation.map((g) => `${g.pages} p in ${f1(g.ms / 1000)} s`).join(", ")} | | |`,
  `| Extraction, text + tables, in process (${rows.length} files, ${all.pages} pages) | ${f1(all.ours)} pages/s (${f1(all.ms / 1000)} s, CPU ${f1(all.cpuMs / 1000)} s) | | |`,
  `| pdftotext -layout, same files | ${havePdftotext ? `${f1(all.theirs)} pages/s (${f1(all.pttMs / 1000)} s, CPU ${f1(all.pttCpuMs / 1000)} s)` : "not installed"} | | |`,
  `| Ours ÷ pdftotext pages/s, overall | ${pttCell(all)} | ≥ ${f2(TARGET_RATIO)} | ${all.ratio === null ? "SKIP" : verdict(all.ratio >= TARGET_RATIO)} |`,
  `| Ours ÷ pdftotext pages/s, corpus only (${corpus.pages} pages) | ${pttCell(corpus)} | | |`,
  `| Peak RSS, ${LONG_PAGES}-page extraction (child process) | ${childPeakMb === null ? "n/a" : `${f0(childPeakMb)} MB`} | < ${TARGET_PEAK_MB} MB | ${childPeakMb === null ? "n/a" : verdict(childPeakMb < TARGET_PEAK_MB)} |`,
  `| Peak RSS, same worker bundled, plain node (as npm start runs it) | ${plainPeakMb === null ? "n/a" : `${f0(plainPeakMb)} MB`} | < ${TARGET_PEAK_MB} MB | ${plainPeakMb === null ? "n/a" : verdict(plainPeakMb < TARGET_PEAK_MB)} |`,
  `| Peak RSS, whole set in process | ${inProcessPeakKb ? `${f0(mb(inProcessPeakKb))} MB` : "n/a"} | | |`,
  `| renderer.render @${RENDER_SCALE} warm, p50 / p95 / max (${warmStats.n} pages) | ${fmtStats(warmStats)} ms | < ${TARGET_RENDER_MS} ms | ${verdict(warmStats.p95 < TARGET_RENDER_MS)} |`,
  `| renderer.render cold (first pass), p50 / p95 / max | ${fmtStats(coldStats)} ms; first call ${f0(firstCall?.ms ?? 0)} ms | | |`,
  `| Per call, p50: open / draw / encode / destroy | ${(["open", "render", "encode", "destroy"] as const).map((k) => f1(pct(perCall[k], 50))).join(" / ")} ms | | |`,
  `| Document kept open, per page p50 / p95 / max | ${fmtStats(keptStats)} ms (open ${f1(pct(kept.open, 50))} ms p50 per file) | < ${TARGET_RENDER_MS} ms | ${verdict(keptStats.p95 < TARGET_RENDER_MS)} |`,
  `| Reader paging through (${READER_MS} ms a page), first page / later pages p50 / p95 | ${f1(readerFirst.p50)} / ${f1(readerFirst.p95)} ms; ${f1(readerLater.p50)} / ${f1(readerLater.p95)} ms | < ${TARGET_RENDER_MS} ms | ${verdict(readerLater.p95 < TARGET_RENDER_MS)} (later pages) |`,
  ...(jump
    ? [
        `| Background page images (${jump.pages} pages), per page wall / CPU; stored size | ${f1(jump.ms / jump.pages)} / ${f1(jump.cpuMs / jump.pages)} ms; ${f0(jump.kb / jump.pages)} KB | | |`,
        `| Any page after background rendering, p50 / p95 / max (30 random pages) | ${fmtStats(jump.served)} ms | < ${TARGET_RENDER_MS} ms | ${verdict(jump.served.p95 < TARGET_RENDER_MS)} |`,
      ]
    : []),
];
console.log(`\n${md.join("\n")}`);
await renderer.close();

if (KEEP) console.log(`\ngenerated PDFs kept in ${tmp}`);
else {
  // The node_modules link first, on its own, so nothing can reach into the project's packages.
  const link = path.join(tmp, "node_modules");
  if (existsSync(link)) unlinkSync(link);
  rmSync(tmp, { recursive: true, force: true });
}
