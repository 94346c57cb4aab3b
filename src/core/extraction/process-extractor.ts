import type { FromExtractionChild } from "./extraction-messages.ts";
import { CLOCK_FACTOR, ExtractionProcess, type ProcessLimits } from "./extraction-process.ts";
import {
  DEFAULT_LIMITS,
  DocumentBudgetError,
  type ExtractedPage,
  type ExtractionSession,
  type ExtractOptions,
  type Extractor,
} from "./extractor.ts";
import { PdfOpenError } from "./pdf-open-error.ts";

// The service's extractor: each document is read in an extraction process of its own
// (extraction-process.ts), never on the service's event loop, so a page that would run for ever
// or eat the machine's memory costs its budget and is recorded as failed; the process is killed
// and a fresh one reopens the document for the pages after it. Processes are kept between
// documents (loading pdfjs costs a few hundred milliseconds) and ended when idle.

/** An idle process is ended after this long without a document. */
const IDLE_MS = 60_000;
/** Closing a document (PDFium and pdfjs memory given back) is not given longer than this. */
const CLOSE_MS = 10_000;

export class ProcessExtractor implements Extractor {
  readonly #limits: ProcessLimits;
  readonly #idle: { proc: ExtractionProcess; timer: NodeJS.Timeout }[] = [];
  readonly #live = new Set<ExtractionProcess>();
  #closed = false;
  /** The most memory any extraction took so far, and how many there were (diagnostics, fuzzing). */
  readonly stats = { extractions: 0, peakBytes: 0 };

  constructor(limits: ProcessLimits) {
    this.#limits = limits;
  }

  async open(bytes: Uint8Array, options: ExtractOptions): Promise<ExtractionSession> {
    const session = new ProcessSession(this, bytes, options);
    await session.start();
    return session;
  }

  /** Starts a process ahead of the first document, so that document does not wait for one. */
  warm(): void {
    if (this.#closed || this.#live.size) return;
    this.acquire().then(
      (p) => this.release(p),
      () => undefined,
    );
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const { timer } of this.#idle) clearTimeout(timer);
    this.#idle.length = 0;
    for (const p of this.#live) p.kill("the service is stopping");
    this.#live.clear();
  }

  /** An idle process, or a new one. */
  async acquire(): Promise<ExtractionProcess> {
    if (this.#closed) throw new Error("The extractor is closed.");
    for (let idle = this.#idle.pop(); idle; idle = this.#idle.pop()) {
      clearTimeout(idle.timer);
      if (!idle.proc.ended) return idle.proc;
      this.#live.delete(idle.proc);
    }
    const proc = await ExtractionProcess.start(this.#limits);
    this.#live.add(proc);
    if (this.#closed) {
      proc.kill("the service is stopping");
      throw new Error("The extractor is closed.");
    }
    return proc;
  }

  /** Takes a process back after a document; one that grew past half its limit is ended instead. */
  release(proc: ExtractionProcess): void {
    if (this.#closed || proc.ended || proc.residentBytes() > this.#limits.memoryBytes / 2) {
      proc.kill("released");
      this.#live.delete(proc);
      return;
    }
    const timer = setTimeout(() => {
      const i = this.#idle.findIndex((e) => e.proc === proc);
      if (i >= 0) this.#idle.splice(i, 1);
      proc.kill("idle");
      this.#live.delete(proc);
    }, IDLE_MS);
    timer.unref();
    this.#idle.push({ proc, timer });
  }

  /** What one extraction took, reported when its session closes or fails to open. */
  record(peakBytes: number): void {
    this.stats.extractions++;
    this.stats.peakBytes = Math.max(this.stats.peakBytes, peakBytes);
  }

  forget(proc: ExtractionProcess): void {
    proc.kill("replaced");
    this.#live.delete(proc);
  }
}

/** One document in an extraction process; a process killed over a page is replaced for the next. */
class ProcessSession implements ExtractionSession {
  pageCount = 0;
  readonly #owner: ProcessExtractor;
  readonly #bytes: Uint8Array;
  readonly #options: ExtractOptions;
  #proc: ExtractionProcess | null = null;
  /** The last page read whole: a new process reads it again to carry what runs across pages. */
  #lastGood = 0;
  #peak = 0;
  /** The process has not read a page of this document yet. */
  #fresh = true;

  constructor(owner: ProcessExtractor, bytes: Uint8Array, options: ExtractOptions) {
    this.#owner = owner;
    this.#bytes = bytes;
    this.#options = options;
  }

  async start(): Promise<void> {
    try {
      await this.#process();
    } catch (err) {
      this.#owner.record(this.#peak);
      throw err;
    }
  }

  async extractPage(pageNumber: number): Promise<ExtractedPage> {
    const proc = await this.#process();
    if (pageNumber > 1 && this.#lastGood === pageNumber - 1 && this.#fresh) {
      // What the previous process carried (a table running on, the running headers seen) is
      // rebuilt by reading the previous page again; its result is not used.
      await this.#ask(proc, { op: "page", pageNumber: pageNumber - 1 }, `page ${pageNumber - 1}`).catch(
        () => undefined,
      );
    }
    this.#fresh = false;
    const answer = await this.#ask(await this.#process(), { op: "page", pageNumber }, `page ${pageNumber}`);
    if (!("page" in answer))
      throw new Error(`page ${pageNumber}: unexpected answer from the extraction process`);
    this.#lastGood = pageNumber;
    return answer.page;
  }

  peakMemoryBytes(): number {
    return Math.max(this.#peak, this.#proc?.peakBytes() ?? 0);
  }

  async close(): Promise<void> {
    const proc = this.#proc;
    this.#proc = null;
    if (proc) {
      this.#peak = Math.max(this.#peak, proc.peakBytes());
      try {
        await proc.request({ op: "close" }, { wallMs: CLOSE_MS }, "closing the document");
        this.#peak = Math.max(this.#peak, proc.peakBytes());
        this.#owner.release(proc);
      } catch {
        this.#owner.forget(proc);
      }
    }
    this.#owner.record(this.#peak);
  }

  /** The document's process: the one it has, or a new one with the document opened in it. */
  async #process(): Promise<ExtractionProcess> {
    if (this.#proc && !this.#proc.ended) return this.#proc;
    if (this.#proc) {
      this.#peak = Math.max(this.#peak, this.#proc.peakBytes());
      this.#owner.forget(this.#proc);
      this.#proc = null;
    }
    const proc = await this.#owner.acquire();
    proc.resetPeak();
    try {
      const answer = await this.#ask(
        proc,
        { op: "open", pdf: this.#bytes, options: this.#options },
        "opening the PDF",
      );
      if (!("pageCount" in answer)) throw new Error("opening the PDF: unexpected answer");
      this.pageCount = answer.pageCount;
    } catch (err) {
      this.#peak = Math.max(this.#peak, proc.peakBytes());
      if (proc.ended) this.#owner.forget(proc);
      else this.#owner.release(proc);
      throw err;
    }
    this.#proc = proc;
    this.#fresh = true;
    return proc;
  }

  /** One request within the page budget and what is left of the document's; errors come back as the child named them. */
  async #ask(
    proc: ExtractionProcess,
    req: Parameters<ExtractionProcess["request"]>[0],
    what: string,
  ): Promise<FromExtractionChild> {
    const limits = this.#options.limits ?? DEFAULT_LIMITS;
    const left = limits.deadline - Date.now();
    if (left <= 0) throw new DocumentBudgetError(`the document's time ran out before ${what}`);
    const clock = CLOCK_FACTOR * limits.pageTimeMs;
    const documentShorter = left < clock;
    let answer: FromExtractionChild;
    try {
      answer = await proc.request(req, { cpuMs: limits.pageTimeMs, wallMs: Math.min(clock, left) }, what);
    } catch (err) {
      if (documentShorter && Date.now() >= limits.deadline)
        throw new DocumentBudgetError(`the document's time ran out on ${what}`);
      throw err;
    }
    if ("error" in answer) {
      const { name, message } = answer.error;
      throw name === "PdfOpenError" ? new PdfOpenError(message) : new Error(message);
    }
    return answer;
  }
}
