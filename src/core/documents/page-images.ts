import { LRUCache } from "lru-cache";
import type { BlobStore } from "../blobs/blob-store.ts";
import { PageRenderBudgetError, type PageRenderer } from "../extraction/page-renderer.ts";
import type { Logger } from "../log.ts";
import type { Services } from "../services.ts";
import { pageImageKey, pageImagePrefix } from "./blob-keys.ts";

// Page images for a viewer: rendered on first request, then served from the blob store. Two
// things keep a viewer fast beyond that cache:
//  - one render per image: requests for an image being rendered wait for that render instead of
//    starting their own (a viewer and its prefetch, or two readers of one public document);
//  - read-ahead: serving page n queues pages n+1..n+READ_AHEAD in the background, so a reader
//    turning pages finds them cached (a reader takes longer to read a page than it takes to
//    render one). The queue is worked one image at a time per process, holds at most MAX_QUEUED
//    images and MAX_QUEUED_PER_DOCUMENT of one document, and only scales up to
//    MAX_READ_AHEAD_SCALE are read ahead (a page at 4 takes several times as long); past those
//    bounds read-ahead is skipped, never a request.
// An image is stored only while its document still has the generation it was rendered from: a
// delete or a reparse (in this process or another) that lands during a render would otherwise
// leave an image nobody serves or removes.
// A page that ran over the time budget to draw is remembered (the most recent UNDRAWABLE_KEPT):
// asking again fails at once instead of spending the budget's CPU time again.

/** Pages rendered ahead of the one requested. */
export const READ_AHEAD = 2;
/** Images waiting for a background render, at most; read-ahead beyond is dropped. */
export const MAX_QUEUED = 16;
/** Of which one document's, at most: one busy reader does not take the others' read-ahead. */
export const MAX_QUEUED_PER_DOCUMENT = 4;
/** Larger scales are rendered on request only. */
export const MAX_READ_AHEAD_SCALE = 2;
/** Images remembered as over the drawing budget, at most (oldest forgotten first). */
const UNDRAWABLE_KEPT = 10_000;

export type PageImageRequest = {
  documentId: string;
  generation: number;
  page: number;
  scale: number;
  /** The PDF's bytes, read only if the document is not open in this process already. */
  load: () => Promise<Uint8Array>;
};

export type PageImageDeps = {
  blobs: BlobStore;
  log: Logger;
  renderer: Pick<PageRenderer, "render">;
  /** The document's active generation now, or null when it no longer exists. */
  activeGeneration: (documentId: string) => Promise<number | null>;
};

/** PageImageDeps' activeGeneration, read from the service's database. */
export const activeGenerationIn =
  (db: Services["db"]) =>
  async (documentId: string): Promise<number | null> =>
    (
      await db.prisma.document.findUnique({
        where: { id: documentId },
        select: { activeGeneration: true },
      })
    )?.activeGeneration ?? null;

const inFlight = new Map<string, Promise<Buffer>>();
type Job = { key: string; documentId: string; run: () => Promise<unknown> };
const queue: Job[] = [];
/** The read-ahead job being worked, between leaving the queue and its render being in flight too. */
let current: (Job & { done: Promise<unknown> }) | null = null;
let working = false;
/** Documents deleted through this process (most recent 10,000): nothing of theirs is stored again. */
const forgotten = new Set<string>();
const FORGOTTEN_KEPT = 10_000;
/**
 * Images this process has seen stored (most recent KNOWN_STORED_KEPT): read-ahead skips them
 * without asking the store, which a reader paging through stored pages would otherwise do twice
 * a page. Only read-ahead trusts it; a request reads the image itself (from memory or the store).
 */
const knownStored = new Set<string>();
const KNOWN_STORED_KEPT = 50_000;
function markStored(key: string) {
  if (knownStored.has(key)) return;
  knownStored.add(key);
  if (knownStored.size > KNOWN_STORED_KEPT) knownStored.delete(knownStored.values().next().value as string);
}
/**
 * The bytes of recently served images, most recently used kept, up to MEMORY_CACHE_BYTES: a
 * stored image never changes under its key (a reparse stores under a new generation), so a
 * reader paging through a document costs no read of the store per page. Each request has
 * checked the reader may see the document before it gets here.
 */
export const MEMORY_CACHE_BYTES = 64 * 2 ** 20;
/** Larger images (high scales) are read from the store each time. */
const MEMORY_CACHE_MAX_IMAGE = 2 * 2 ** 20;
const memory = new LRUCache<string, Buffer>({
  maxSize: MEMORY_CACHE_BYTES,
  maxEntrySize: MEMORY_CACHE_MAX_IMAGE,
  sizeCalculation: (png) => Math.max(1, png.length),
});

/** A stored image, from memory when served lately, else from the store (null when not stored). */
export async function storedPageImage(blobs: BlobStore, key: string): Promise<Buffer | null> {
  const known = memory.get(key);
  if (known) return known;
  const stored = await blobs.get(key);
  if (stored) {
    markStored(key);
    memory.set(key, stored);
  }
  return stored;
}

/** Images that ran over the drawing budget, with the error that said so. */
const undrawable = new Map<string, PageRenderBudgetError>();

const keyOf = (r: PageImageRequest) => pageImageKey(r.documentId, r.generation, r.page, r.scale);

/** Whether the document still exists with the generation the image was rendered from. */
async function stillCurrent(deps: PageImageDeps, r: PageImageRequest): Promise<boolean> {
  if (forgotten.has(r.documentId)) return false;
  return (await deps.activeGeneration(r.documentId)) === r.generation;
}

/** Renders the image and stores it, once however many callers ask at the same time. */
function renderOnce(deps: PageImageDeps, r: PageImageRequest): Promise<Buffer> {
  const key = keyOf(r);
  let render = inFlight.get(key);
  if (!render) {
    render = (async () => {
      const known = undrawable.get(key);
      if (known) throw known;
      let png: Buffer;
      try {
        png = await deps.renderer.render(r.load, r.page, r.scale, r.documentId);
      } catch (err) {
        if (err instanceof PageRenderBudgetError) {
          undrawable.set(key, err);
          if (undrawable.size > UNDRAWABLE_KEPT) undrawable.delete(undrawable.keys().next().value as string);
        }
        throw err;
      }
      // The callers were allowed to see the page when they asked: they get the image whatever
      // happens to the store from here.
      try {
        if (!(await stillCurrent(deps, r))) return png;
        await deps.blobs.put(key, png);
        // A delete or reparse between the check and the write: take the image out again.
        if (!(await stillCurrent(deps, r))) await deps.blobs.delete(key);
        else {
          markStored(key);
          memory.set(key, png);
        }
      } catch (err) {
        deps.log.warn("page image not stored", { key, error: (err as Error).message });
      }
      return png;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, render);
  }
  return render;
}

/** The page image: from the blob store when rendered before, else rendered now (and stored). */
export async function pageImage(deps: PageImageDeps, r: PageImageRequest): Promise<Buffer> {
  const key = keyOf(r);
  const pending = inFlight.get(key);
  if (pending) return pending;
  return (await storedPageImage(deps.blobs, key)) ?? renderOnce(deps, r);
}

/**
 * Renders and stores the image unless it is stored or being rendered already, or its document
 * has moved on from that generation (read-ahead and background rendering).
 */
export async function ensurePageImage(
  deps: PageImageDeps,
  r: PageImageRequest,
): Promise<"stored" | "rendered" | "stale"> {
  const key = keyOf(r);
  if (inFlight.has(key)) return "stored";
  if (await deps.blobs.has(key)) {
    markStored(key);
    return "stored";
  }
  if (!(await stillCurrent(deps, r))) return "stale";
  await renderOnce(deps, r);
  return "rendered";
}

/** A page image as a viewer asks for it: the image, with the next pages queued to be rendered ahead. */
export async function servePageImage(
  deps: PageImageDeps,
  r: PageImageRequest,
  pagesTotal: number,
): Promise<Buffer> {
  const png = await pageImage(deps, r);
  readAhead(deps, r, pagesTotal);
  return png;
}

/**
 * Queues the pages after `r.page` (up to `pagesTotal`) for rendering in the background, within
 * the bounds above. It never throws and never delays the caller; a page that fails to render is
 * logged and left for its own request to report.
 */
export function readAhead(deps: PageImageDeps, r: PageImageRequest, pagesTotal: number): void {
  if (r.scale > MAX_READ_AHEAD_SCALE || forgotten.has(r.documentId)) return;
  for (let page = r.page + 1; page <= Math.min(pagesTotal, r.page + READ_AHEAD); page++) {
    const next = { ...r, page };
    const key = keyOf(next);
    if (knownStored.has(key)) continue;
    // The queue holds a few jobs at most: what is pending is read off it, not kept beside it.
    const pending = inFlight.has(key) || current?.key === key || queue.some((j) => j.key === key);
    const mine =
      queue.filter((j) => j.documentId === r.documentId).length +
      (current?.documentId === r.documentId ? 1 : 0);
    if (pending || queue.length >= MAX_QUEUED || mine >= MAX_QUEUED_PER_DOCUMENT) continue;
    queue.push({
      key,
      documentId: r.documentId,
      run: () => ensurePageImage(deps, next),
    });
  }
  void drain(deps);
}

async function drain(deps: PageImageDeps) {
  if (working) return;
  working = true;
  try {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const done = job.run();
      current = { ...job, done };
      try {
        await done;
      } catch (err) {
        deps.log.warn("page image read-ahead failed", { key: job.key, error: (err as Error).message });
      } finally {
        current = null;
      }
    }
  } finally {
    working = false;
  }
}

/**
 * A deleted document: nothing of it is stored by this process from now on, its queued read-ahead
 * is dropped, and the call waits for its renders under way, so that removing its images
 * afterwards leaves none behind. (Another process's renders check the database before storing.)
 */
export async function forgetPageImages(documentId: string): Promise<void> {
  forgotten.add(documentId);
  if (forgotten.size > FORGOTTEN_KEPT) forgotten.delete(forgotten.values().next().value as string);
  const prefix = pageImagePrefix(documentId);
  for (const key of knownStored) if (key.startsWith(prefix)) knownStored.delete(key);
  for (const key of [...memory.keys()]) if (key.startsWith(prefix)) memory.delete(key);
  for (let i = queue.length - 1; i >= 0; i--) if (queue[i]?.documentId === documentId) queue.splice(i, 1);
  const renders: Promise<unknown>[] = [...inFlight]
    .filter(([key]) => key.startsWith(prefix))
    .map(([, p]) => p);
  if (current?.documentId === documentId) renders.push(current.done);
  await Promise.allSettled(renders);
}

/** Resolves once no page image is being rendered or waiting to be (tests and benchmarks). */
export async function readAheadIdle(): Promise<void> {
  while (working || queue.length || inFlight.size) await new Promise((r) => setTimeout(r, 10));
}
