import { type Canvas, createCanvas } from "@napi-rs/canvas";
import type { PDFDocumentProxy, PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { openPdf } from "./pdfjs.ts";
import { encodePngRgba } from "./png.ts";

export const MIN_SCALE = 0.25;
export const MAX_SCALE = 4;
/** The largest image we render, in pixels per side: a huge page at a high scale would exhaust memory. */
export const MAX_SIDE_PX = 8000;
/** The scale page images are served at by default (and pre-rendered at by `page_images`). */
export const DEFAULT_IMAGE_SCALE = 1.5;

// Documents recently rendered stay open: opening a long PDF walks its page tree (hundreds of ms
// for 2,000 pages), and a viewer asks for its pages one after another.
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
const open = new Map<string, Entry>();

async function acquire(
  key: string | undefined,
  load: () => Promise<Uint8Array>,
): Promise<{ doc: PDFDocumentProxy; release: () => void }> {
  if (!key) {
    const doc = await openPdf(await load());
    return { doc, release: () => void doc.destroy() };
  }
  let entry = open.get(key);
  if (!entry) {
    const doc = (async () => openPdf(await load()))();
    entry = { doc, users: 0, used: 0, renders: 0, cleaning: null, cleanups: 0 };
    open.set(key, entry);
    doc.catch(() => open.delete(key));
  }
  entry.users++;
  entry.used = Date.now();
  const e = entry;
  try {
    const doc = await e.doc;
    while (e.cleaning) await e.cleaning;
    return {
      doc,
      release: () => {
        e.users--;
        e.renders++;
        // At the first moment none is under way once enough have been drawn (renders that
        // overlap, a viewer's and the background's, may leave no such moment at an exact count).
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
        evict();
      },
    };
  } catch (err) {
    e.users--;
    throw err;
  }
}

function evict() {
  if (open.size <= OPEN_DOCUMENTS) return;
  const idle = [...open.entries()].filter(([, e]) => e.users === 0).sort((a, b) => a[1].used - b[1].used);
  for (const [key] of idle.slice(0, open.size - OPEN_DOCUMENTS)) forgetRendered(key);
}

/** The documents held open for rendering, and how often each dropped its page caches (tests). */
export const openForRendering = () => [...open.entries()].map(([key, e]) => ({ key, cleanups: e.cleanups }));

/** Closes an open document unless a render of it is under way (background rendering is done with it). */
export function closeRenderedIfIdle(key: string) {
  if (open.get(key)?.users === 0) forgetRendered(key);
}

/** Forgets an open document (after its file changed or it was deleted). */
export function forgetRendered(key: string) {
  const e = open.get(key);
  if (!e) return;
  open.delete(key);
  void e.doc.then((d) => d.destroy()).catch(() => undefined);
}

/**
 * Draws an open page on a white canvas at a scale (1 = 72 dpi), less when a side would exceed
 * MAX_SIDE_PX; returns the canvas and the scale it was drawn at.
 */
export async function drawPage(
  page: PDFPageProxy,
  scale: number,
): Promise<{ canvas: Canvas; scale: number }> {
  const base = page.getViewport({ scale: 1 });
  // Clamp so neither side exceeds the cap, whatever the page size.
  const fit = Math.min(scale, MAX_SIDE_PX / base.width, MAX_SIDE_PX / base.height);
  const viewport = page.getViewport({ scale: fit });
  const width = Math.max(1, Math.ceil(viewport.width));
  const height = Math.max(1, Math.ceil(viewport.height));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, width, height);
  await page.render({
    canvasContext: ctx as unknown as CanvasRenderingContext2D,
    canvas: canvas as never,
    viewport,
  }).promise;
  return { canvas, scale: fit };
}

/**
 * A drawn page as PNG. The canvas's own pixel buffer: getImageData would copy and un-premultiply
 * every pixel, 7 ms more a page at 1.5, for the same bytes on an opaque page.
 */
export const canvasPng = (canvas: Canvas): Buffer =>
  encodePngRgba(canvas.data(), canvas.width, canvas.height);

/**
 * Gives a canvas's pixel memory back now. @napi-rs/canvas holds it outside the JavaScript heap,
 * where V8 does not see it, and the canvas object is small: the heap saw no reason to collect
 * it, so every page drawn kept its pixels (measured: 6 MB more resident memory a page at 1.5,
 * 3.7 GB after 600 pages), and every new canvas came on fresh memory (page faults: a page
 * rendered in 53 ms p50 / 88 p95 that way, in 18 / 22 ms with the memory given back).
 * Shrinking the canvas frees its surface.
 */
export function releaseCanvas(canvas: Canvas): void {
  canvas.width = 1;
  canvas.height = 1;
}

/** Draws an open page and encodes it as PNG, then frees the canvas; returns the scale drawn at. */
export async function drawPagePng(
  page: PDFPageProxy,
  scale: number,
): Promise<{ png: Buffer; scale: number }> {
  const drawn = await drawPage(page, scale);
  try {
    return { png: canvasPng(drawn.canvas), scale: drawn.scale };
  } finally {
    releaseCanvas(drawn.canvas);
  }
}

/**
 * Renders one page to PNG at a scale (1 = 72 dpi), white background. With a `key`, the opened
 * document is kept for the next pages; `pdf` may then be a loader, called only when needed.
 */
export async function renderPagePng(
  pdf: Uint8Array | (() => Promise<Uint8Array>),
  pageNumber: number,
  scale: number,
  key?: string,
): Promise<Buffer> {
  const load = typeof pdf === "function" ? pdf : async () => pdf;
  const { doc, release } = await acquire(key, load);
  try {
    const page = await doc.getPage(pageNumber);
    try {
      return (await drawPagePng(page, scale)).png;
    } finally {
      page.cleanup();
    }
  } finally {
    release();
  }
}
