import { parentPort, workerData } from "node:worker_threads";
import { OpenDocuments } from "./open-documents.ts";
import { PdfiumDocument, pdfiumMemoryBytes, unloadPdfium, usePdfiumCode } from "./pdfium.ts";
import type { FromRenderThread, RenderThreadData, ToRenderThread } from "./render-messages.ts";
import { DEFAULT_IMAGE_SCALE, drawPagePng } from "./render-page.ts";
import { warmUpPdf } from "./warm-up-pdf.ts";
import { useZlibGuard } from "./zlib-section.ts";

// The page-image thread's entry (started by page-renderer.ts). PDFium draws a page in one
// synchronous call: a page with millions of drawing operations would hold whatever thread draws
// it for seconds, and no timer there could stop it. Here that thread is not the service's, and
// the service can end it.

const port = parentPort;
if (!port) throw new Error("render-thread.ts runs as a worker thread (see page-renderer.ts)");

/**
 * PDFium's memory only grows, to fit the largest image drawn: past this, once no render is under
 * way, the documents are closed and the module dropped, to be loaded again by the next render.
 * Page images at the default scale stay well under the limit; an 8000 px square one takes 256 MB.
 */
const PDFIUM_MEMORY_LIMIT = 128 * 1024 * 1024;

const open = new OpenDocuments();
let rendering = 0;
const reply = (m: FromRenderThread, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

async function render(m: Extract<ToRenderThread, { op: "render" }>): Promise<void> {
  let doc: PdfiumDocument;
  let release: () => void;
  if (m.key === null) {
    if (!m.pdf) throw new Error("a render without a key carries its PDF");
    doc = await PdfiumDocument.open(m.pdf);
    const d = doc;
    release = () => d.close();
  } else {
    const held = await open.acquire(m.key, m.pdf);
    if (!held) return reply({ id: m.id, needPdf: true });
    ({ doc, release } = held);
  }
  try {
    const { png } = drawPagePng(doc, m.page, m.scale);
    // A copy in memory of its own: the encoder's Buffer may share a pooled block with others,
    // which transferring would take from under them.
    const own = new Uint8Array(png);
    reply({ id: m.id, png: own }, [own.buffer]);
  } finally {
    release();
  }
}

/**
 * Gives PDFium's memory back when it has grown past the limit and nothing is being drawn (every
 * use of an open document happens inside a render, so no render means no document in use).
 */
async function shrinkWhenIdle(): Promise<void> {
  if (rendering > 0 || pdfiumMemoryBytes() <= PDFIUM_MEMORY_LIMIT) return;
  await open.forgetAll();
  // A render that started meanwhile holds a document of this module.
  if (rendering === 0) unloadPdfium();
}

/**
 * Draws the warm-up page a few times (the draws after the first are fast once PDFium's code is
 * optimised): a thread started with code nobody has run yet gets it optimised here, before the
 * first render is timed, instead of on the first pages asked for.
 */
const WARM_UP_DRAWS = 4;

async function warmUp(): Promise<void> {
  const doc = await PdfiumDocument.open(warmUpPdf());
  try {
    for (let i = 0; i < WARM_UP_DRAWS; i++) drawPagePng(doc, 1, DEFAULT_IMAGE_SCALE);
  } finally {
    doc.close();
  }
}

// PDFium's code, compiled once by the service and used by every thread it starts.
const data = workerData as RenderThreadData | null;
if (data?.pdfium) usePdfiumCode(data.pdfium);
useZlibGuard(data?.zlibGuard);
// Loaded and warmed before the first render is timed. Should it fail to load, renders report it.
void warmUp()
  .catch(() => undefined)
  .finally(() => reply({ ready: true }));

port.on("message", (m: ToRenderThread) => {
  switch (m.op) {
    case "render":
      rendering++;
      render(m)
        .catch((err: Error) => {
          reply({
            id: m.id,
            error: { name: err?.constructor?.name ?? "Error", message: String(err?.message ?? err) },
          });
          // PDFium aborted mid-call (out of memory, say): its state can no longer be trusted, so
          // the thread ends and the service starts another for the next render.
          if (err instanceof WebAssembly.RuntimeError) process.exit(1);
        })
        .finally(() => {
          rendering--;
          return shrinkWhenIdle();
        })
        .catch(() => undefined);
      return;
    case "forget":
      void open.forget(m.key);
      return;
    case "close-if-idle":
      open.closeIfIdle(m.key);
      return;
    case "held":
      reply({ id: m.id, held: open.held() });
      return;
  }
});
