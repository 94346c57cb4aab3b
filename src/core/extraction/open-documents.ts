import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { openPdf } from "./pdfjs.ts";

// The documents the page-image thread holds open between renders. Opening a long PDF walks its
// page tree (hundreds of ms for 2,000 pages), and a viewer asks for its pages one after another.

const OPEN_DOCUMENTS = 4;
/**
 * pdfjs keeps what it read for every page drawn (about 25 KB a page after collection); an open
 * document drops it after this many renders, when no render of it is under way.
 */
const CLEANUP_EVERY = 50;

type Entry = {
  doc: Promise<PDFDocumentProxy>;
  users: number;
  used: number;
  /** Renders since the last cleanup. */
  renders: number;
  /** A cleanup under way: renders wait for it, as pdfjs refuses one during a render. */
  cleaning: Promise<void> | null;
  /** Cleanups done. */
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
  ): Promise<{ doc: PDFDocumentProxy; release: () => void } | null> {
    let entry = this.#open.get(key);
    if (!entry) {
      if (!pdf) return null;
      const doc = openPdf(pdf);
      entry = { doc, users: 0, used: 0, renders: 0, cleaning: null, cleanups: 0 };
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
      while (e.cleaning) await e.cleaning;
      return { doc, release: () => this.#release(e, doc) };
    } catch (err) {
      e.users--;
      throw err;
    }
  }

  #release(e: Entry, doc: PDFDocumentProxy) {
    e.users--;
    e.renders++;
    // At the first moment none is under way once enough have been drawn (renders that overlap,
    // a viewer's and the background's, may leave no such moment at an exact count).
    if (e.users === 0 && e.renders >= CLEANUP_EVERY) {
      e.renders = 0;
      e.cleaning = doc
        .cleanup()
        .then(() => {
          e.cleanups++;
        })
        .catch(() => undefined)
        .finally(() => {
          e.cleaning = null;
        });
    }
    this.#evict();
  }

  #evict() {
    if (this.#open.size <= OPEN_DOCUMENTS) return;
    const idle = [...this.#open.entries()]
      .filter(([, e]) => e.users === 0)
      .sort((a, b) => a[1].used - b[1].used);
    for (const [key] of idle.slice(0, this.#open.size - OPEN_DOCUMENTS)) this.forget(key);
  }

  /** The documents held open, and how often each dropped its page caches. */
  held(): HeldDocument[] {
    return [...this.#open.entries()].map(([key, e]) => ({ key, cleanups: e.cleanups }));
  }

  /** Closes an open document unless a render of it is under way. */
  closeIfIdle(key: string) {
    if (this.#open.get(key)?.users === 0) this.forget(key);
  }

  /** Forgets an open document (its file changed, it was deleted, or rendering is done with it). */
  forget(key: string) {
    const e = this.#open.get(key);
    if (!e) return;
    this.#open.delete(key);
    void e.doc.then((d) => d.destroy()).catch(() => undefined);
  }
}
