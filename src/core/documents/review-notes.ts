/**
 * What a person should look at before relying on an extraction: pages that could not be read and
 * pages that gave no text. Any at the end puts the document in awaiting_review with the notes as
 * its reason; approving moves it to complete, a reparse retries.
 */
export class ReviewNotes {
  private readonly failedPages: number[];
  private readonly failures: string[] = [];
  private readonly emptyPages: number[] = [];

  /** `failedBefore`: pages an earlier attempt of this generation stored as failed. */
  constructor(failedBefore: number[]) {
    this.failedPages = [...failedBefore];
  }

  failed(page: number, reason: string): void {
    this.failedPages.push(page);
    this.failures.push(reason);
  }

  empty(page: number): void {
    this.emptyPages.push(page);
  }

  /** The document's review reason, or null when every page was read and gave text. */
  reason(): string | null {
    const { failedPages, failures, emptyPages } = this;
    const notes = [
      failedPages.length
        ? `pages that could not be read: ${failedPages.join(", ")}${failures.length ? ` (${failures.slice(0, 3).join("; ")})` : ""}`
        : "",
      emptyPages.length
        ? `pages with no text found (blank, or a scan OCR could not read): ${emptyPages.join(", ")}`
        : "",
    ].filter(Boolean);
    return notes.length ? `Review needed: ${notes.join("; ")}.` : null;
  }
}
