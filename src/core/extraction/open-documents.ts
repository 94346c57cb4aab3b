import { PdfiumDocument } from "./pdfium.ts";

// The documents the page-image thread holds open between renders: a viewer asks for a document's
// pages one after another, and each open copies the whole PDF into PDFium's memory and reads its
// cross-reference table again.

const OPEN_DOCUMENTS = 4;
/**
 * PDFium keeps the objects, fonts and images it read for as long as a document is open; an open
 * document is reopened from its bytes after this many renders, when no render of it is under way.
 */
const CLEANUP_EVERY = 50;

type Entry = {
  doc: Promise<PdfiumDocument>;
  users: number;
  used: number;
  /** Renders since the last cleanup. */
  renders: number;
  /** Reopenings done. */
  cleanups: number;
};

export type HeldDocument = { key: string; cleanups: number };

export class OpenDocuments {
  readonly #open = new Map<string, Entry>();

  /**
   * The document under `key`, opened from `pdf` when it is not open; null when it is not open and
   * no `pdf` was given (the caller then sends the bytes). `release` must be called after use.
   */
  async acquire(
    key: string,
    pdf: Uint8Array | undefined,
  ): Promise<{ doc: PdfiumDocument; release: () => void } | null> {
    let entry = this.#open.get(key);
    if (!entry) {
      if (!pdf) return null;
      const doc = PdfiumDocument.open(pdf);
      entry = { doc, users: 0, used: 0, renders: 0, cleanups: 0 };
      this.#open.set(key, entry);
      const mine = entry;
      doc.catch(() => {
        if (this.#open.get(key) === mine) this.#open.delete(key);
      });
    }
    entry.users++;
    entry.used = Date.now();
    const e = entry;
    try {
      const doc = await e.doc;
      return { doc, release: () => this.#release(e, doc) };
    } catch (err) {
      e.users--;
      throw err;
    }
  }

  #release(e: Entry, doc: PdfiumDocument) {
    e.users--;
    e.renders++;
    // At the first moment none is under way once enough have been drawn (renders that overlap,
    // a viewer's and the background's, may leave no such moment at an exact count).
    if (e.users === 0 && e.renders >= CLEANUP_EVERY) {
      e.renders = 0;
      doc.reopen();
      e.cleanups++;
    }
    this.#evict();
  }

  #evict() {
    if (this.#open.size <= OPEN_DOCUMENTS) return;
    const idle = [...this.#open.entries()]
      .filter(([, e]) => e.users === 0)
      .sort((a, b) => a[1].used - b[1].used);
    for (const [key] of idle.slice(0, this.#open.size - OPEN_DOCUMENTS)) void this.forget(key);
  }

  /** The documents held open, and how often each was reopened to drop what it had read. */
  held(): HeldDocument[] {
    return [...this.#open.entries()].map(([key, e]) => ({ key, cleanups: e.cleanups }));
  }

  /** Closes an open document unless a render of it is under way. */
  closeIfIdle(key: string) {
    if (this.#open.get(key)?.users === 0) void this.forget(key);
  }

  /** Forgets an open document (its file changed, it was deleted, or rendering is done with it). */
  forget(key: string): Promise<void> {
    const e = this.#open.get(key);
    if (!e) return Promise.resolve();
    this.#open.delete(key);
    return e.doc.then((d) => d.close()).catch(() => undefined);
  }

  /** Closes every open document; they are opened again when next asked for. */
  async forgetAll(): Promise<void> {
    await Promise.all([...this.#open.keys()].map((key) => this.forget(key)));
  }
}
