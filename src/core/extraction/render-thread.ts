import { parentPort } from "node:worker_threads";
import { OpenDocuments } from "./open-documents.ts";
import { openPdf, pdfjs } from "./pdfjs.ts";
import type { FromRenderThread, ToRenderThread } from "./render-messages.ts";
import { drawPagePng } from "./render-page.ts";

// The page-image thread's entry (started by page-renderer.ts). pdfjs draws a page in one run of
// promise callbacks that never yields to the event loop: a page with millions of drawing
// operations would hold whatever thread draws it for minutes, and no timer there could stop it.
// Here that thread is not the service's, and the service can end it.

const port = parentPort;
if (!port) throw new Error("render-thread.ts runs as a worker thread (see page-renderer.ts)");

const open = new OpenDocuments();
const reply = (m: FromRenderThread, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

async function render(m: Extract<ToRenderThread, { op: "render" }>): Promise<void> {
  let doc: Awaited<ReturnType<typeof openPdf>>;
  let release: () => void;
  if (m.key === null) {
    if (!m.pdf) throw new Error("a render without a key carries its PDF");
    doc = await openPdf(m.pdf);
    const d = doc;
    release = () => void d.destroy();
  } else {
    const held = await open.acquire(m.key, m.pdf);
    if (!held) return reply({ id: m.id, needPdf: true });
    ({ doc, release } = held);
  }
  try {
    const page = await doc.getPage(m.page);
    try {
      const { png } = await drawPagePng(page, m.scale);
      // A copy in memory of its own: the encoder's Buffer may share a pooled block with others,
      // which transferring would take from under them.
      const own = new Uint8Array(png);
      reply({ id: m.id, png: own }, [own.buffer]);
    } finally {
      page.cleanup();
    }
  } finally {
    release();
  }
}

// Loaded before the first render is timed: a cold pdfjs takes a few hundred ms to load. Should it
// fail to load, renders report it.
void pdfjs()
  .catch(() => undefined)
  .finally(() => reply({ ready: true }));

port.on("message", (m: ToRenderThread) => {
  switch (m.op) {
    case "render":
      render(m).catch((err: Error) =>
        reply({
          id: m.id,
          error: { name: err?.constructor?.name ?? "Error", message: String(err?.message ?? err) },
        }),
      );
      return;
    case "forget":
      open.forget(m.key);
      return;
    case "close-if-idle":
      open.closeIfIdle(m.key);
      return;
    case "held":
      reply({ id: m.id, held: open.held() });
      return;
  }
});
