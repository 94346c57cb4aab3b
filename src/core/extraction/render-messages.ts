import type { HeldDocument } from "./open-documents.ts";

// What the service and its page-image thread (render-thread.ts) say to each other.

export type ToRenderThread =
  /** Draw a page. `key` names a document the thread keeps open; `pdf` comes when it has not got it. */
  | { op: "render"; id: number; key: string | null; page: number; scale: number; pdf?: Uint8Array }
  | { op: "forget"; key: string }
  | { op: "close-if-idle"; key: string }
  | { op: "held"; id: number };

export type FromRenderThread =
  /** PDFium is loaded: renders sent from now on are timed. */
  | { ready: true }
  | { id: number; png: Uint8Array }
  /** The document under the render's key is not open: send its bytes. */
  | { id: number; needPdf: true }
  | { id: number; error: { name: string; message: string } }
  | { id: number; held: HeldDocument[] };

/** What the service starts the thread with. */
export type RenderThreadData = {
  /** PDFium's compiled code (see compiledPdfium in pdfium.ts); the thread compiles its own without. */
  pdfium?: WebAssembly.Module;
  /** Marked while the thread is in zlib, so it is never terminated there (zlib-section.ts). */
  zlibGuard?: Int32Array;
};
