/**
 * Whether this process is extracting, or was a moment ago. Background page images wait for a
 * quiet moment, not merely a free one: in a burst of short documents the worker's slots are free
 * for a few milliseconds between jobs, and a render started then holds the next extraction back.
 * Waiting for a quiet period (QUIET_BEFORE_IMAGES_MS in worker.ts) keeps ingestion close to its
 * speed without background images (docs/benchmarks.md).
 */
export class ExtractionActivity {
  #running = 0;
  #lastEnd = Number.NEGATIVE_INFINITY;
  readonly #quietMs: number;
  readonly #now: () => number;

  constructor(quietMs: number, now: () => number = Date.now) {
    this.#quietMs = quietMs;
    this.#now = now;
  }

  started(): void {
    this.#running++;
  }

  ended(): void {
    this.#running--;
    this.#lastEnd = this.#now();
  }

  /** An extraction under way, or one ended less than the quiet period ago. */
  busy = (): boolean => this.#running > 0 || this.#now() - this.#lastEnd < this.#quietMs;
}
