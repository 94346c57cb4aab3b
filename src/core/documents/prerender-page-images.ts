import type { PageRenderer } from "../extraction/page-renderer.ts";
import { DEFAULT_IMAGE_SCALE } from "../extraction/render-page.ts";
import type { Services } from "../services.ts";
import { sourceBlobKey } from "./blob-keys.ts";
import { activeGenerationIn, ensurePageImage, type PageImageDeps } from "./page-images.ts";

// Page images made in the background after a document is extracted (PRERENDER_PAGES), so that a
// viewer finds every page stored, not only the ones read ahead of a reader. Rendering one page
// takes longer than a viewer should wait for a page it jumps to, and far longer than serving a
// stored file. The work is a cache: it is kept in this process only (a restart drops its queue;
// pages not made are rendered when asked for), it waits while the process extracts (extraction
// is what users wait for), it renders one page at a time, and it stops for a document that is
// deleted or parsed again.

export type PrerenderDeps = Omit<PageImageDeps, "renderer"> & {
  renderer: Pick<PageRenderer, "render" | "closeIfIdle">;
  /** Pages made per document, from the first; 0 turns background rendering off. */
  pages: number;
  /**
   * The document as stored now, with the pages its extraction marked failed (over the page's
   * operation or time budget: drawing them would hold the process as long), or null when it no
   * longer exists.
   */
  document: (documentId: string) => Promise<{
    activeGeneration: number;
    pagesTotal: number | null;
    failedPages: number[];
  } | null>;
  /** The document's PDF. */
  load: (documentId: string) => Promise<Uint8Array>;
  /** True while the process has work that goes first (extraction): rendering waits for it. */
  busy: () => boolean;
};

/** How long rendering waits before looking again whether the process is still busy. */
const BUSY_WAIT_MS = 200;
/** Documents waiting, at most; past that the oldest waiting is dropped (its pages render on request). */
export const MAX_WAITING_DOCUMENTS = 10_000;

type Job = { documentId: string; generation: number };

export class PageImagePrerenderer {
  readonly #deps: PrerenderDeps;
  readonly #waiting: Job[] = [];
  #running: Promise<void> | null = null;
  #stopped = false;

  constructor(deps: PrerenderDeps) {
    this.#deps = deps;
  }

  /** Queues a document's extraction just finished; a newer generation replaces an older one waiting. */
  enqueue(job: Job): void {
    if (this.#stopped || this.#deps.pages <= 0) return;
    const i = this.#waiting.findIndex((j) => j.documentId === job.documentId);
    if (i >= 0) this.#waiting.splice(i, 1);
    this.#waiting.push(job);
    if (this.#waiting.length > MAX_WAITING_DOCUMENTS) {
      const dropped = this.#waiting.shift();
      this.#deps.log.warn("background page images skipped: too many documents waiting", {
        documentId: dropped?.documentId,
      });
    }
    this.#running ??= this.#work().finally(() => {
      this.#running = null;
    });
  }

  /** Resolves when nothing is waiting or being rendered (tests and benchmarks). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** Stops after the page under way; what is waiting is dropped. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#waiting.length = 0;
    await this.idle();
  }

  async #work(): Promise<void> {
    for (let job = this.#waiting.shift(); job && !this.#stopped; job = this.#waiting.shift()) {
      try {
        await this.#document(job);
      } catch (err) {
        this.#deps.log.warn("background page images failed", {
          documentId: job.documentId,
          error: (err as Error).message,
        });
      }
    }
  }

  async #document({ documentId, generation }: Job): Promise<void> {
    const deps = this.#deps;
    const doc = await deps.document(documentId);
    if (!doc || doc.activeGeneration !== generation || !doc.pagesTotal) return;
    const failed = new Set(doc.failedPages);
    const load = () => deps.load(documentId);
    try {
      for (let page = 1; page <= Math.min(doc.pagesTotal, deps.pages); page++) {
        if (failed.has(page)) continue;
        while (deps.busy() && !this.#stopped) await new Promise((r) => setTimeout(r, BUSY_WAIT_MS));
        if (this.#stopped) return;
        // Requests that arrived during the last render are answered before the next one starts.
        await new Promise((r) => setImmediate(r));
        const r = { documentId, generation, page, scale: DEFAULT_IMAGE_SCALE, load };
        try {
          if ((await ensurePageImage(deps, r)) === "stale") return;
        } catch (err) {
          // One page that cannot be drawn does not stop the others; its request will report it.
          deps.log.warn("background page image failed", { documentId, page, error: (err as Error).message });
        }
      }
    } finally {
      // Done with it: a worker that serves no viewer would otherwise keep the PDF open.
      deps.renderer.closeIfIdle(documentId);
    }
  }
}

/** A prerenderer over the service's database and blob store, `busy` telling when to wait. */
export function storedDocumentPrerenderer(
  services: Pick<Services, "db" | "blobs" | "log" | "renderer">,
  pages: number,
  busy: () => boolean,
): PageImagePrerenderer {
  const { db, blobs, log, renderer } = services;
  return new PageImagePrerenderer({
    pages,
    blobs,
    log,
    renderer,
    document: async (id) => {
      const doc = await db.prisma.document.findUnique({
        where: { id },
        select: { activeGeneration: true, pagesTotal: true },
      });
      if (!doc) return null;
      const failed = await db.prisma.page.findMany({
        where: { documentId: id, generation: doc.activeGeneration, method: "failed" },
        select: { pageNumber: true },
      });
      return { ...doc, failedPages: failed.map((p) => p.pageNumber) };
    },
    activeGeneration: activeGenerationIn(db),
    load: async (id) => {
      const pdf = await blobs.get(sourceBlobKey(id));
      if (!pdf) throw new Error(`the source of document ${id} is missing`);
      return pdf;
    },
    busy,
  });
}
