import type { ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { bundledModule } from "../extraction/bundled-module.ts";
import { forkHelper, helperReady } from "../helper-process.ts";
import type { ConversionAnswer, FromConversionChild, ToConversionChild } from "./conversion-messages.ts";

// One conversion process (conversion-child.ts) as a worker sees it: requests answered one at a
// time, each with a time budget. Over the budget the process is killed with SIGKILL (a decoder
// stuck in native code cannot be asked to stop) and the request fails naming why; the process is
// not used again. Each conversion has a process of its own, ended when the conversion ends.

/** Longest a new process may take to load sharp and pdf-lib. */
const START_MS = 30_000;

export type ConversionFailureCode = "IMAGE_TOO_LARGE" | "IMAGE_UNREADABLE" | "IMAGE_TIME_BUDGET";

/** A request the process refused or could not finish: the input it was about is at fault. */
export class ConversionStepError extends Error {
  constructor(
    readonly code: ConversionFailureCode,
    message: string,
  ) {
    super(message);
    this.name = "ConversionStepError";
  }
}

type Request = ToConversionChild extends infer T ? (T extends { id: number } ? Omit<T, "id"> : never) : never;

type Pending = {
  id: number;
  resolve: (a: ConversionAnswer) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
};

export class ConversionProcess {
  readonly #child: ChildProcess;
  #pending: Pending | null = null;
  #nextId = 1;
  #ended: string | null = null;

  static async start(opts: { heapMb: number }): Promise<ConversionProcess> {
    const file = fileURLToPath(await bundledModule("conversion-child"));
    const p = new ConversionProcess(file, opts.heapMb);
    await p.#ready;
    return p;
  }

  readonly #ready: Promise<void>;

  private constructor(file: string, heapMb: number) {
    this.#child = forkHelper(file, [], heapMb);
    this.#ready = helperReady<FromConversionChild>(this.#child, "The conversion process", START_MS, {
      message: (m) => this.#answer(m),
      late: () => this.kill("the conversion process did not start in time"),
      error: (err) => this.#end(`the conversion process failed: ${err.message}`),
      exit: (code, signal) => this.#end(`the decoder stopped (${signal ?? `exit code ${code}`})`),
    });
  }

  /** Sends a request and waits for its answer, at most `budgetMs`. */
  request(req: Request, budgetMs: number): Promise<ConversionAnswer> {
    if (this.#ended) return Promise.reject(new ConversionStepError("IMAGE_UNREADABLE", this.#ended));
    if (this.#pending) return Promise.reject(new Error("the conversion process is busy"));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => {
          const why = `it took longer than the time budget of ${budgetMs / 1000} s (CONVERSION_IMAGE_SECONDS)`;
          this.#fail(new ConversionStepError("IMAGE_TIME_BUDGET", why));
          this.kill(why);
        },
        Math.max(1, budgetMs),
      );
      this.#pending = { id, resolve, reject, timer };
      this.#child.send({ ...req, id } as ToConversionChild);
    });
  }

  /** Ends the process at once; a request under way fails with `why`. */
  kill(why: string): void {
    this.#end(why);
    if (this.#child.exitCode === null && this.#child.signalCode === null) this.#child.kill("SIGKILL");
  }

  #answer(m: Exclude<FromConversionChild, { ready: true }>): void {
    const p = this.#pending;
    if (!p || p.id !== m.id) return;
    this.#pending = null;
    clearTimeout(p.timer);
    if (m.ok) p.resolve(m.answer);
    else p.reject(new ConversionStepError(m.code, m.message));
  }

  #fail(err: Error): void {
    const p = this.#pending;
    if (!p) return;
    this.#pending = null;
    clearTimeout(p.timer);
    p.reject(err);
  }

  #end(why: string): void {
    if (this.#ended) return;
    this.#ended = why;
    // A process that dies mid-request died on that request's image (a decoder crash, memory).
    this.#fail(new ConversionStepError("IMAGE_UNREADABLE", why));
  }
}
