import type { BlobStore } from "../blobs/blob-store.ts";
import { renderPagePng } from "../extraction/render-page.ts";
import type { Logger } from "../log.ts";
import { pageImageKey, pageImagePrefix } from "./blob-keys.ts";

// Page images for a viewer: rendered on first request, then served from the blob store. Two
// things keep a viewer fast beyond that cache:
//  - one render per image: requests for an image being rendered wait for that render instead of
//    starting their own (a viewer and its prefetch, or two readers of one public document);
//  - read-ahead: serving page n queues pages n+1..n+READ_AHEAD in the background, so a reader
//    turning pages finds them cached (a page renders in 20-130 ms at 1.5; a reader takes longer
//    than that to read one). The queue is worked one image at a time per process and holds at
//    most MAX_QUEUED images; past that, read-ahead is skipped, never the requests themselves.

/** Pages rendered ahead of the one requested. */
export const READ_AHEAD = 2;
/** Images waiting for a background render, at most; read-ahead beyond is dropped. */
export const MAX_QUEUED = 16;

export type PageImageRequest = {
  documentId: string;
  generation: number;
  page: number;
  scale: number;
  /** The PDF's bytes, read only if the document is not open in this process already. */
  load: () => Promise<Uint8Array>;
};

type Deps = { blobs: BlobStore; log: Logger };

const inFlight = new Map<string, Promise<Buffer>>();
const queue: { key: string; run: () => Promise<unknown> }[] = [];
const queued = new Set<string>();
/** The read-ahead job being worked, between leaving the queue and its render being in flight too. */
let current: { key: string; done: Promise<unknown> } | null = null;
let working = false;

const keyOf = (r: PageImageRequest) => pageImageKey(r.documentId, r.generation, r.page, r.scale);

/** Renders the image and stores it, once however many callers ask at the same time. */
function renderOnce(deps: Deps, r: PageImageRequest): Promise<Buffer> {
  const key = keyOf(r);
  let render = inFlight.get(key);
  if (!render) {
    render = (async () => {
      const png = await renderPagePng(r.load, r.page, r.scale, r.documentId);
      await deps.blobs.put(key, png);
      return png;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, render);
  }
  return render;
}

/** The page image: from the blob store when rendered before, else rendered now (and stored). */
export async function pageImage(deps: Deps, r: PageImageRequest): Promise<Buffer> {
  const key = keyOf(r);
  const pending = inFlight.get(key);
  if (pending) return pending;
  return (await deps.blobs.get(key)) ?? renderOnce(deps, r);
}

/**
 * Queues the pages after `r.page` (up to `pagesTotal`) for rendering in the background. It never
 * throws and never delays the caller; a page that fails to render is logged and left for its
 * own request to report.
 */
export function readAhead(deps: Deps, r: PageImageRequest, pagesTotal: number): void {
  for (let page = r.page + 1; page <= Math.min(pagesTotal, r.page + READ_AHEAD); page++) {
    const next = { ...r, page };
    const key = keyOf(next);
    if (inFlight.has(key) || queued.has(key) || queue.length >= MAX_QUEUED) continue;
    queued.add(key);
    queue.push({
      key,
      run: async () => {
        if (await deps.blobs.get(key)) return;
        await renderOnce(deps, next);
      },
    });
  }
  void drain(deps);
}

async function drain(deps: Deps) {
  if (working) return;
  working = true;
  try {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const done = job.run();
      current = { key: job.key, done };
      try {
        await done;
      } catch (err) {
        deps.log.warn("page image read-ahead failed", { key: job.key, error: (err as Error).message });
      } finally {
        current = null;
        queued.delete(job.key);
      }
    }
  } finally {
    working = false;
  }
}

/**
 * Drops the queued read-ahead of a document and waits for its renders under way, so that a
 * delete removing its images afterwards leaves none behind.
 */
export async function forgetPageImages(documentId: string): Promise<void> {
  const prefix = pageImagePrefix(documentId);
  for (let i = queue.length - 1; i >= 0; i--) {
    const job = queue[i];
    if (job?.key.startsWith(prefix)) {
      queued.delete(job.key);
      queue.splice(i, 1);
    }
  }
  const renders: Promise<unknown>[] = [...inFlight]
    .filter(([key]) => key.startsWith(prefix))
    .map(([, p]) => p);
  if (current?.key.startsWith(prefix)) renders.push(current.done);
  await Promise.allSettled(renders);
}

/** Resolves once the background queue is empty (tests, and a clean shutdown). */
export async function readAheadIdle(): Promise<void> {
  while (working || queue.length || inFlight.size) await new Promise((r) => setTimeout(r, 10));
}
