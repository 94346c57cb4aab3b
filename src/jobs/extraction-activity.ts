/**
 * Whether this process is extracting, or was a moment ago. Background page images wait for a
 * quiet moment, not merely a free one: in a burst of short documents the worker's slots are free
 * for a few milliseconds between jobs, and a render started then holds the next extraction back
 * (bench:ingest, 200 PDFs: 93.0 pages/s without background images, 75.7 with them starting in
 * those gaps, 90.8 with a 2 s quiet period).
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
