import type { ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { forkHelper, helperReady } from "../helper-process.ts";
import { bundledModule } from "./bundled-module.ts";
import type { FromExtractionChild, ToExtractionChild } from "./extraction-messages.ts";
import { ExtractionLimitError } from "./extractor.ts";
import { OVER_MEMORY_SIGNAL } from "./process-watch.ts";

// One extraction process (extraction-child.ts) as the service sees it: requests answered one at a
// time, each with a time budget, and the process's memory watched while it works. Over either,
// the process is killed (SIGKILL: nothing inside it has to cooperate) and the request fails with
// the reason; the process is not used again.
//
// A page's budget is counted in the processor time the process spends on it (all its threads,
// OCR workers included), not in time on the clock: on a machine shared with other work a page
// gets a fraction of a core, and a clock budget would fail on a busy machine the very page it
// reads on an idle one, so that what a document reads as would depend on the machine's load.

/** How often the memory of a working process is sampled for its peak (the limit is kept inside it). */
const WATCH_MS = 50;
/**
 * The share of the memory limit at which the process's own watch (process-watch.ts) ends it: memory
 * can grow between two of its reads, and the peak must stay under the limit.
 */
const KILL_AT = 0.85;
/** The V8 heap's share of the limit; the rest is code, buffers outside the heap and WebAssembly. */
const HEAP_SHARE = 0.6;
/** Longest a new process may take to load its code. */
const START_MS = 30_000;
/**
 * A request with a processor-time budget still ends after this many times its budget on the
 * clock: a process that waits without working (stuck) uses no processor time.
 */
export const CLOCK_FACTOR = 10;
/** Linux's USER_HZ, the unit of the processor times in /proc/<pid>/stat (100 on every architecture). */
const TICKS_PER_SECOND = 100;

/**
 * A request's time: `cpuMs` of the process's processor time (where it can be read; on the clock
 * elsewhere), and at most `wallMs` on the clock in any case.
 */
export type RequestBudget = { cpuMs?: number; wallMs: number };

export type ProcessLimits = {
  /** Resident memory the process may not reach: it is killed on its way there. */
  memoryBytes: number;
};

type Pending = {
  id: number;
  what: string;
  resolve: (m: FromExtractionChild) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
  /** Processor time allowed (ms) and the process's processor time when the request was sent. */
  cpu?: { budgetMs: number; startMs: number };
};

type Request =
  | Omit<Extract<ToExtractionChild, { op: "open" }>, "id">
  | Omit<Extract<ToExtractionChild, { op: "page" }>, "id">
  | Omit<Extract<ToExtractionChild, { op: "close" }>, "id">;

export class ExtractionProcess {
  readonly #child: ChildProcess;
  readonly #limits: ProcessLimits;
  readonly ready: Promise<void>;
  #pending: Pending | null = null;
  #nextId = 1;
  #watch: NodeJS.Timeout | null = null;
  /** Why the process ended, once it has; a process that ended takes no more requests. */
  #ended: string | null = null;
  /** The largest resident size seen since the last resetPeak. */
  #peak = 0;

  static async start(limits: ProcessLimits): Promise<ExtractionProcess> {
    const p = new ExtractionProcess(fileURLToPath(await bundledModule("extraction-child")), limits);
    await p.ready;
    return p;
  }

  private constructor(file: string, limits: ProcessLimits) {
    this.#limits = limits;
    // The heap cap ends the process cleanly before the memory watch has to.
    this.#child = forkHelper(
      file,
      [String(Math.floor(limits.memoryBytes * KILL_AT))],
      Math.max(64, Math.floor((limits.memoryBytes * HEAP_SHARE) / 2 ** 20)),
    );
    this.ready = helperReady<FromExtractionChild>(this.#child, "The extraction process", START_MS, {
      message: (m) => this.#answer(m),
      late: () => this.#end("the extraction process did not start in time"),
      error: (err) => this.#end(`the extraction process failed: ${err.message}`),
      exit: (code, signal) => {
        // Its memory watch ended it, or it ran out of heap (V8's fatal error aborts).
        const overMemory = signal === OVER_MEMORY_SIGNAL || signal === "SIGABRT" || code === 134;
        if (overMemory) {
          // It reached the watch's threshold at least; its own last reading went with it.
          this.#peak = Math.max(this.#peak, limits.memoryBytes * KILL_AT);
          this.#end(this.#overMemory(), true);
        } else this.#end(`the extraction process stopped (${signal ?? `exit code ${code}`})`);
      },
    });
  }

  get ended(): boolean {
    return this.#ended !== null;
  }

  get pid(): number | undefined {
    return this.#child.pid;
  }

  /** Sends a request and waits for its answer within `budget`; `what` names it in errors ("page 3"). */
  request(req: Request, budget: RequestBudget, what: string): Promise<FromExtractionChild> {
    if (this.#ended) return Promise.reject(new Error(`${what}: ${this.#ended}`));
    if (this.#pending) return Promise.reject(new Error("the extraction process is busy"));
    const id = this.#nextId++;
    const startMs = budget.cpuMs === undefined ? null : this.#cpuMs();
    // Without a reading of processor time, the processor budget is kept on the clock.
    const wallMs =
      budget.cpuMs !== undefined && startMs === null ? Math.min(budget.cpuMs, budget.wallMs) : budget.wallMs;
    const cpu =
      budget.cpuMs !== undefined && startMs !== null ? { budgetMs: budget.cpuMs, startMs } : undefined;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.#end(`${what} took longer than ${wallMs / 1000} s`, true),
        Math.max(1, wallMs),
      );
      this.#pending = { id, what, resolve, reject, timer, cpu };
      this.#watch ??= setInterval(() => this.#sample(), WATCH_MS);
      this.#child.send({ ...req, id } as ToExtractionChild);
    });
  }

  /** The resident memory now (bytes), or 0 when it cannot be read (not Linux, or ended). */
  residentBytes(): number {
    return this.#status("VmRSS");
  }

  /**
   * The largest resident size since the last reset: the kernel's high-water mark where it can be
   * reset per extraction, else the largest the memory watch saw.
   */
  peakBytes(): number {
    return Math.max(this.#peak, this.#status("VmHWM"));
  }

  /** Starts a new high-water mark (one per document the process extracts). */
  resetPeak(): void {
    this.#peak = 0;
    try {
      // "5" resets the peak resident size the kernel keeps for the process (Linux 4.0+).
      writeFileSync(`/proc/${this.#child.pid}/clear_refs`, "5");
    } catch {
      // Not Linux, or not allowed: the watch's samples stand in.
    }
  }

  /** Ends the process at once; a request under way fails with `reason`. */
  kill(reason = "the extraction process was stopped"): void {
    this.#end(reason);
  }

  #answer(m: Exclude<FromExtractionChild, { ready: true }>) {
    const p = this.#pending;
    if (!p || p.id !== m.id) return;
    this.#settle();
    p.resolve(m);
  }

  #settle() {
    const p = this.#pending;
    this.#pending = null;
    if (p) clearTimeout(p.timer);
    if (this.#watch) clearInterval(this.#watch);
    this.#watch = null;
  }

  #sample() {
    this.#peak = Math.max(this.#peak, this.residentBytes());
    const p = this.#pending;
    if (!p?.cpu) return;
    const used = (this.#cpuMs() ?? p.cpu.startMs) - p.cpu.startMs;
    if (used > p.cpu.budgetMs)
      this.#end(`${p.what} took longer than ${p.cpu.budgetMs / 1000} s of processor time`, true);
  }

  /** The processor time (user and system, all threads) the process has used, in ms; null when unreadable. */
  #cpuMs(): number | null {
    if (this.#ended || !this.#child.pid) return null;
    try {
      const stat = readFileSync(`/proc/${this.#child.pid}/stat`, "latin1");
      // Fields after the command name (which may hold spaces), from the state (field 3) on.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const ticks = Number(fields[11]) + Number(fields[12]);
      return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : null;
    } catch {
      return null;
    }
  }

  #overMemory() {
    const what = this.#pending?.what ?? "the document";
    return `${what} needed more memory than the ${Math.round(this.#limits.memoryBytes / 2 ** 20)} MB an extraction may use`;
  }

  /** `limit`: the reason is a limit the work ran into (time, memory), not a failure of the process. */
  #end(reason: string, limit = false) {
    if (this.#ended) return;
    this.#ended = reason;
    const p = this.#pending;
    this.#settle();
    if (this.#child.exitCode === null && this.#child.signalCode === null) this.#child.kill("SIGKILL");
    p?.reject(limit ? new ExtractionLimitError(reason) : new Error(`${p.what}: ${reason}`));
  }

  #status(field: "VmRSS" | "VmHWM"): number {
    if (this.#ended || !this.#child.pid) return 0;
    try {
      const status = readFileSync(`/proc/${this.#child.pid}/status`, "latin1");
      const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1];
      return kb ? Number(kb) * 1024 : 0;
    } catch {
      return 0;
    }
  }
}
