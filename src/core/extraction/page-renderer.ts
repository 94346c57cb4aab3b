import { Worker } from "node:worker_threads";
import { bundledModule } from "./bundled-module.ts";
import type { HeldDocument } from "./open-documents.ts";
import { PdfOpenError } from "./pdf-open-error.ts";
import { compiledPdfium } from "./pdfium.ts";
import type { FromRenderThread, RenderThreadData, ToRenderThread } from "./render-messages.ts";
import { newZlibGuard, terminateOutsideZlib } from "./zlib-section.ts";

// Page images are drawn on a thread of their own (render-thread.ts), for three reasons:
//  - PDFium draws a page in one synchronous call: a page of a million strokes holds the thread
//    drawing it for seconds, during which no request would be answered and no timer run; on
//    the service's own thread one such page requested would freeze every client of the process;
//  - only from outside can such a render be stopped: over the time budget the thread is ended
//    (Worker.terminate stops JavaScript mid-loop) and a new one takes the other renders;
//  - a 2-core machine draws while the service's thread answers requests and extracts.
// The thread holds the documents it draws open (open-documents.ts); a render names its document
// by key and the PDF's bytes are sent only when the thread has not got it open.

export class PageRenderError extends Error {}
/** The page took longer than the time budget to draw; drawing it again would take as long. */
export class PageRenderBudgetError extends PageRenderError {}

export type PdfSource = Uint8Array | (() => Promise<Uint8Array>);

export interface PageRenderer {
  /**
   * One page as PNG at a scale (1 = 72 dpi), white background, capped at MAX_SIDE_PX a side.
   * With a `key`, the document stays open for the next pages, and `pdf` may be a loader called
   * only when it is not open.
   */
  render(pdf: PdfSource, pageNumber: number, scale: number, key?: string): Promise<Buffer>;
  /** Closes the document under `key` (deleted, or its file changed). */
  forget(key: string): void;
  /** Closes the document under `key` unless a render of it is under way (background rendering is done with it). */
  closeIfIdle(key: string): void;
  /** The documents held open, and how often each dropped its page caches (tests). */
  held(): Promise<HeldDocument[]>;
  /** Starts the thread and loads PDFium in it, so the first image asked for does not wait for that. */
  warm(): void;
  close(): Promise<void>;
}

type Pending = {
  key: string | null;
  page: number;
  scale: number;
  pdf: PdfSource;
  resolve: (png: Buffer) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout | null;
};

type Thread = {
  /** Null until the thread's module is found (or built) and the thread started. */
  worker: Worker | null;
  /** Settles once PDFium is loaded in it; rejects when the thread could not start. */
  ready: Promise<void>;
  /** The word the thread marks while in zlib: it is terminated only outside (zlib-section.ts). */
  zlib: Int32Array;
};

/** A PageRenderer on one thread; a render over `timeBudgetMs` ends the thread and fails with PageRenderBudgetError. */
export class ThreadPageRenderer implements PageRenderer {
  readonly #timeBudgetMs: number;
  #thread: Thread | null = null;
  readonly #pending = new Map<number, Pending>();
  readonly #asks = new Map<number, (held: HeldDocument[]) => void>();
  #nextId = 1;
  #closed = false;

  constructor(opts: { timeBudgetMs: number }) {
    this.#timeBudgetMs = opts.timeBudgetMs;
  }

  render(pdf: PdfSource, pageNumber: number, scale: number, key?: string): Promise<Buffer> {
    if (this.#closed) return Promise.reject(new PageRenderError("The page renderer is closed."));
    return new Promise<Buffer>((resolve, reject) => {
      const id = this.#nextId++;
      this.#pending.set(id, { key: key ?? null, page: pageNumber, scale, pdf, resolve, reject, timer: null });
      void this.#send(id, false);
    });
  }

  // A thread still starting holds no document open: there is nothing to forget or report yet.
  forget(key: string): void {
    this.#thread?.worker?.postMessage({ op: "forget", key } satisfies ToRenderThread);
  }

  closeIfIdle(key: string): void {
    this.#thread?.worker?.postMessage({ op: "close-if-idle", key } satisfies ToRenderThread);
  }

  held(): Promise<HeldDocument[]> {
    const worker = this.#thread?.worker;
    if (!worker) return Promise.resolve([]);
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#asks.set(id, resolve);
      worker.postMessage({ op: "held", id } satisfies ToRenderThread);
    });
  }

  warm(): void {
    if (this.#closed) return;
    this.#thread ??= this.#start();
  }

  async close(): Promise<void> {
    this.#closed = true;
    const thread = this.#thread;
    this.#thread = null;
    this.#failAll(new PageRenderError("The page renderer was closed."));
    if (thread?.worker) await terminateOutsideZlib(thread.worker, thread.zlib);
  }

  /** Sends a render to the thread (starting one if needed), with its PDF when asked for or keyless. */
  async #send(id: number, withPdf: boolean): Promise<void> {
    const p = this.#pending.get(id);
    if (!p) return;
    let pdf: Uint8Array | undefined;
    try {
      if (withPdf || p.key === null) pdf = typeof p.pdf === "function" ? await p.pdf() : p.pdf;
      if (this.#closed || !this.#pending.has(id)) return;
      this.#thread ??= this.#start();
      const thread = this.#thread;
      await thread.ready;
      // Ended while this render waited for it (another render ran over its budget): the renders
      // it held were sent again, this one included.
      if (this.#thread !== thread || !this.#pending.has(id)) return;
      // Timed from the first time the render reaches a ready thread; a PDF sent on request does
      // not restart the clock.
      p.timer ??= setTimeout(() => this.#overBudget(id), this.#timeBudgetMs);
      thread.worker?.postMessage({
        op: "render",
        id,
        key: p.key,
        page: p.page,
        scale: p.scale,
        pdf,
      } satisfies ToRenderThread);
    } catch (err) {
      this.#settle(id)?.reject(err as Error);
    }
  }

  #settle(id: number): Pending | undefined {
    const p = this.#pending.get(id);
    if (!p) return undefined;
    this.#pending.delete(id);
    if (p.timer) clearTimeout(p.timer);
    return p;
  }

  #start(): Thread {
    const thread: Thread = { worker: null, ready: Promise.resolve(), zlib: newZlibGuard() };
    thread.ready = (async () => {
      const url = await bundledModule("render-thread");
      // Compiled here once, for every thread this renderer starts: what V8 optimised while one
      // thread drew is kept for the next, after a budget overrun (see compiledPdfium).
      const pdfium = await compiledPdfium().catch(() => undefined);
      const workerData: RenderThreadData = { pdfium, zlibGuard: thread.zlib };
      // A heap cap: a document that would take more ends the thread (its renders fail), not the process.
      const worker = new Worker(url, { workerData, resourceLimits: { maxOldGenerationSizeMb: 1024 } });
      thread.worker = worker;
      // Closed, or replaced, while the module was being found: this thread has no use.
      if (this.#thread !== thread) {
        void terminateOutsideZlib(worker, thread.zlib);
        throw new PageRenderError("The page renderer was closed.");
      }
      // The thread alone does not keep the process alive; a render waiting has its timer for that.
      worker.unref();
      const stopped = (why: string) => {
        if (this.#thread !== thread) return;
        this.#thread = null;
        this.#failAll(new PageRenderError(`The page renderer stopped: ${why}`));
      };
      await new Promise<void>((resolve, reject) => {
        worker.on("message", (m: FromRenderThread) => {
          if ("ready" in m) resolve();
          else this.#onMessage(m);
        });
        worker.on("error", (err) => {
          reject(err);
          stopped(err.message);
        });
        worker.on("exit", (code) => {
          reject(new PageRenderError(`The page renderer exited (code ${code}) before it was ready.`));
          stopped(`exit code ${code}`);
        });
      });
    })();
    // A thread that could not start is forgotten, so the next render tries a new one.
    thread.ready.catch(() => {
      if (this.#thread === thread) this.#thread = null;
    });
    return thread;
  }

  #onMessage(m: Exclude<FromRenderThread, { ready: true }>) {
    if ("held" in m) {
      this.#asks.get(m.id)?.(m.held);
      this.#asks.delete(m.id);
      return;
    }
    if ("needPdf" in m) {
      void this.#send(m.id, true);
      return;
    }
    const p = this.#settle(m.id);
    if (!p) return;
    if ("png" in m) p.resolve(Buffer.from(m.png.buffer, m.png.byteOffset, m.png.byteLength));
    else
      p.reject(
        m.error.name === "PdfOpenError"
          ? new PdfOpenError(m.error.message)
          : new PageRenderError(m.error.message),
      );
  }

  /**
   * A render ran out of time: it fails, the thread is ended (nothing else stops PDFium mid-page),
   * and the renders that were sharing it start again on a new one, with budgets of their own.
   */
  #overBudget(id: number) {
    const p = this.#settle(id);
    if (!p) return;
    p.reject(
      new PageRenderBudgetError(
        `Page ${p.page} took longer than ${this.#timeBudgetMs / 1000} s to draw; it is too complex to render as an image.`,
      ),
    );
    const thread = this.#thread;
    this.#thread = null;
    if (thread?.worker) void terminateOutsideZlib(thread.worker, thread.zlib);
    this.#answerAsks();
    for (const [other, q] of this.#pending) {
      if (q.timer) clearTimeout(q.timer);
      q.timer = null;
      // The new thread has no document open: each render brings its PDF.
      void this.#send(other, true);
    }
  }

  #failAll(err: Error) {
    for (const id of [...this.#pending.keys()]) this.#settle(id)?.reject(err);
    this.#answerAsks();
  }

  /** Questions to a thread that is gone: it held no document open. */
  #answerAsks() {
    for (const resolve of this.#asks.values()) resolve([]);
    this.#asks.clear();
  }
}
