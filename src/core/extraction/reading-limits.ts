// Bounds on the work pdfjs does while it reads one page, checked as it reads (see
// pdfjs-limits-plugin.ts for where pdfjs calls in). A page of a few kilobytes can ask for
// unbounded work: a million nested graphics states (pdfjs's text pass is quadratic in the depth),
// forms that draw each other two at a time 25 levels deep, a pattern that paints itself, a stream
// that inflates a thousandfold at each of three filters. Each is stopped here with its reason,
// long before the page's time or memory budget would end the process.
//
// pdfjs catches errors in much of its reading and carries on with what it has, so a limit once
// reached stays reached until the next page: every later check throws again at once, and the
// extractor asks `reached()` after each pdfjs call and fails the page with the reason.

export type ReadingLimitValues = {
  /** Content operators read in one pass over a page (forms, patterns and Type 3 glyphs included). */
  maxOps: number;
  /**
   * Content streams begun in one pass over a page: the page's own and one for each form, pattern
   * or glyph procedure drawn (each draw of a form reads it again).
   */
  maxStreams: number;
  /** How deep graphics states (q) may nest. */
  maxSaveDepth: number;
  /** Bytes one stream may inflate to. */
  maxStreamBytes: number;
  /** Bytes the streams read for one page may inflate to in all. */
  maxPageInflatedBytes: number;
};

export const DEFAULT_READING_LIMITS: Omit<ReadingLimitValues, "maxOps"> = {
  maxStreams: 20_000,
  maxSaveDepth: 1000,
  maxStreamBytes: 256 * 2 ** 20,
  maxPageInflatedBytes: 512 * 2 ** 20,
};

export class ReadingLimitError extends Error {}

const MB = 2 ** 20;

export class ReadingLimits {
  #limits: ReadingLimitValues | null = null;
  #ops = 0;
  #streams = 0;
  #inflated = 0;
  #reached: ReadingLimitError | null = null;

  /** Starts a page: counts from zero under these limits. */
  beginPage(limits: ReadingLimitValues): void {
    this.#limits = limits;
    this.#ops = 0;
    this.#streams = 0;
    this.#inflated = 0;
    this.#reached = null;
  }

  /** Starts another pass over the same page (text, then drawing operations): operators count anew. */
  beginPass(): void {
    this.#ops = 0;
    this.#streams = 0;
  }

  /** Ends the page: reading outside a page (opening the document) is bounded only by its budget. */
  endPage(): void {
    this.#limits = null;
  }

  /** Why the page's reading was stopped, or null. */
  reached(): string | null {
    return this.#reached?.message ?? null;
  }

  /** pdfjs begins reading a content stream. */
  stream(): void {
    const l = this.#limits;
    if (!l) return;
    if (this.#reached) throw this.#reached;
    if (++this.#streams > l.maxStreams)
      this.#stop(`draws more than ${l.maxStreams} forms, patterns and glyph procedures`);
  }

  /** pdfjs read one operator. */
  op(): void {
    const l = this.#limits;
    if (!l) return;
    if (this.#reached) throw this.#reached;
    if (++this.#ops > l.maxOps) this.#stop(`has more than ${l.maxOps} drawing operations`);
  }

  /** pdfjs saves the graphics state, `depth` states being saved already. */
  save(depth: number): void {
    const l = this.#limits;
    if (!l) return;
    if (this.#reached) throw this.#reached;
    if (depth >= l.maxSaveDepth) this.#stop(`nests graphics states more than ${l.maxSaveDepth} deep`);
  }

  /** A decoding stream grows its buffer from `from` to `to` bytes. */
  grow(to: number, from: number): void {
    const l = this.#limits;
    if (!l) return;
    if (this.#reached) throw this.#reached;
    if (to > l.maxStreamBytes)
      this.#stop(`has a stream that inflates to more than ${l.maxStreamBytes / MB} MB`);
    this.#inflated += to - from;
    if (this.#inflated > l.maxPageInflatedBytes)
      this.#stop(`has streams that inflate to more than ${l.maxPageInflatedBytes / MB} MB in all`);
  }

  /** Inflated output of `bytes` produced outside pdfjs's own decoders (the DecompressionStream). */
  inflated(bytes: number): void {
    this.grow(bytes, 0);
  }

  // One error, thrown again by every later check: pdfjs may catch each and read on, and a
  // million fresh errors with their stacks would cost more memory than the page.
  #stop(reason: string): never {
    this.#reached = new ReadingLimitError(reason);
    throw this.#reached;
  }
}

/** Where the patched pdfjs finds the limits: one page is read at a time in an extraction process. */
export const READING_LIMITS_KEY = "__quireReadingLimits";

export const readingLimits = new ReadingLimits();
(globalThis as Record<string, unknown>)[READING_LIMITS_KEY] = readingLimits;
