import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { init, type WrappedPdfiumModule } from "@embedpdf/pdfium";
import { PdfOpenError } from "./pdf-open-error.ts";

// Page images are drawn by PDFium, Chrome's PDF engine, compiled to WebAssembly (@embedpdf/pdfium:
// MIT wrapper, PDFium itself Apache 2.0). pdfjs reads the text and drawing operations; it could
// draw the images too, but on @napi-rs/canvas every glyph is filled as a path and rasterised
// again each time, where PDFium keeps its rasterised glyphs and draws a page several times
// faster. Its drawing is synchronous: a thread drawing a page does nothing else until it is done
// (see page-renderer.ts for how that is bounded).

const require = createRequire(import.meta.url);

type Pdfium = WrappedPdfiumModule;

// FPDF_RenderPageBitmap flags: annotations' appearances (form fields, stamps, highlights) as a
// viewer shows them, and bytes in RGBA order, as the PNG writer takes them.
const FPDF_ANNOT = 0x01;
const FPDF_REVERSE_BYTE_ORDER = 0x10;
// FPDF_GetLastError codes.
const FPDF_ERR_FILE = 2;
const FPDF_ERR_FORMAT = 3;
const FPDF_ERR_PASSWORD = 4;
const FPDF_ERR_SECURITY = 5;

/** The module's memory as bytes (typed in @types/emscripten, which this project does not load). */
const heap = (m: Pdfium): Uint8Array => (m.pdfium as unknown as { HEAPU8: Uint8Array }).HEAPU8;

let compiled: Promise<WebAssembly.Module> | null = null;
let loaded: Promise<Pdfium> | null = null;
/** The instance `loaded` gave, once it has. */
let instance: Pdfium | null = null;

/**
 * PDFium's code, compiled once a thread, or handed over from another thread (a compiled module
 * can be posted to a worker). V8 compiles WebAssembly quickly and plainly first and optimises the
 * functions that run hot as they do: the first pages a fresh compilation draws take several times
 * longer, and that optimised code belongs to the compiled module. Every instance made from it,
 * in any thread, draws at full speed at once.
 */
export function compiledPdfium(): Promise<WebAssembly.Module> {
  compiled ??= readFile(require.resolve("@embedpdf/pdfium/pdfium.wasm")).then((bytes) =>
    WebAssembly.compile(bytes),
  );
  compiled.catch(() => {
    compiled = null;
  });
  return compiled;
}

/** Uses PDFium's code compiled by another thread (see compiledPdfium). */
export function usePdfiumCode(module: WebAssembly.Module): void {
  compiled ??= Promise.resolve(module);
}

/** The PDFium instance of this thread, made on first use (quickly, from compiled code). */
export function pdfium(): Promise<Pdfium> {
  if (loaded) return loaded;
  const load = (async () => {
    const module = await compiledPdfium();
    // Instantiated here from the compiled code: the package's default would fetch the wasm file
    // from a CDN and compile it again.
    // The package waits for `done` alone: a failed instantiation rejects through `failed`.
    let failed: (err: unknown) => void = () => undefined;
    const failure = new Promise<never>((_, reject) => {
      failed = reject;
    });
    const m = await Promise.race([
      init({
        instantiateWasm(
          imports: WebAssembly.Imports,
          done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
        ) {
          WebAssembly.instantiate(module, imports).then((instance) => done(instance, module), failed);
          return {};
        },
      } as Parameters<typeof init>[0]),
      failure,
    ]);
    m.PDFiumExt_Init();
    return m;
  })();
  loaded = load;
  // Unless it was dropped (unloadPdfium) while loading: then it is not this thread's instance.
  load.then(
    (m) => {
      if (loaded === load) instance = m;
    },
    () => {
      if (loaded === load) loaded = null;
    },
  );
  return load;
}

/** Bytes of WebAssembly memory the loaded module holds (0 when none is loaded). */
export const pdfiumMemoryBytes = (): number => (instance ? heap(instance).byteLength : 0);

/**
 * Drops this thread's instance, so that its memory goes with it: WebAssembly memory grows (a page
 * drawn at 8000 px a side takes 256 MB) and never shrinks. The compiled code stays. Only when no
 * document is open: each holds pointers into that memory.
 */
export function unloadPdfium(): void {
  if (PdfiumDocument.openCount > 0) throw new Error("PDFium documents are still open");
  loaded = null;
  instance = null;
}

/** A page's size in points, as shown (its /Rotate applied). */
export type PageSize = { width: number; height: number };

export type PagePixels = {
  /** RGBA, 4 bytes a pixel, rows top to bottom; valid only inside the callback. */
  rgba: Uint8Array;
  width: number;
  height: number;
  /** The scale drawn at (pixels per point). */
  scale: number;
  page: PageSize;
};

/** A PDF opened in PDFium, its bytes copied into the module's memory for as long as it is open. */
export class PdfiumDocument {
  static openCount = 0;
  readonly #m: Pdfium;
  readonly #bytes: number;
  readonly #size: number;
  #doc: number;
  #closed = false;
  readonly pageCount: number;

  private constructor(m: Pdfium, bytes: number, size: number, doc: number) {
    this.#m = m;
    this.#bytes = bytes;
    this.#size = size;
    this.#doc = doc;
    this.pageCount = m.FPDF_GetPageCount(doc);
  }

  /** Opens a PDF; a broken, encrypted or empty file becomes a PdfOpenError a person can read. */
  static async open(pdf: Uint8Array): Promise<PdfiumDocument> {
    const m = await pdfium();
    const bytes = m.pdfium.wasmExports.malloc(Math.max(1, pdf.byteLength));
    if (!bytes) throw new PdfOpenError("The PDF is too large to open for drawing.");
    heap(m).set(pdf, bytes);
    const doc = m.FPDF_LoadMemDocument(bytes, pdf.byteLength, "");
    if (!doc) {
      const code = m.FPDF_GetLastError();
      m.pdfium.wasmExports.free(bytes);
      throw new PdfOpenError(openErrorMessage(code));
    }
    const opened = new PdfiumDocument(m, bytes, pdf.byteLength, doc);
    PdfiumDocument.openCount++;
    if (opened.pageCount < 1) {
      opened.close();
      throw new PdfOpenError("The PDF has no pages.");
    }
    return opened;
  }

  /**
   * Draws page `pageNumber` (from 1) on white at the scale (pixels per point) that `scaleFor`
   * gives for the page's size, and hands its pixels to `use`; the image's sides are rounded up.
   */
  drawPage<T>(pageNumber: number, scaleFor: (page: PageSize) => number, use: (pixels: PagePixels) => T): T {
    const m = this.#m;
    if (!this.#doc) throw new Error("The document is closed.");
    if (!Number.isInteger(pageNumber) || pageNumber < 1 || pageNumber > this.pageCount)
      throw new Error(`The PDF has no page ${pageNumber}; it has ${this.pageCount}.`);
    const page = m.FPDF_LoadPage(this.#doc, pageNumber - 1);
    if (!page) throw new Error(`Page ${pageNumber} could not be read.`);
    let bitmap = 0;
    try {
      const size = { width: m.FPDF_GetPageWidthF(page), height: m.FPDF_GetPageHeightF(page) };
      const drawn = scaleFor(size);
      const width = Math.max(1, Math.ceil(size.width * drawn));
      const height = Math.max(1, Math.ceil(size.height * drawn));
      // With alpha, filled opaque white first: every pixel stays opaque whatever is drawn over it.
      bitmap = m.FPDFBitmap_Create(width, height, 1);
      if (!bitmap) throw new Error(`Page ${pageNumber} is too large to draw at scale ${drawn}.`);
      m.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
      m.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, FPDF_ANNOT | FPDF_REVERSE_BYTE_ORDER);
      const at = m.FPDFBitmap_GetBuffer(bitmap);
      const stride = m.FPDFBitmap_GetStride(bitmap);
      if (stride !== width * 4) throw new Error(`unexpected bitmap stride ${stride} for width ${width}`);
      // A view, not a copy; read after drawing, as memory growth replaces the heap's buffer.
      const rgba = heap(m).subarray(at, at + stride * height);
      return use({ rgba, width, height, scale: drawn, page: size });
    } finally {
      if (bitmap) m.FPDFBitmap_Destroy(bitmap);
      m.FPDF_ClosePage(page);
    }
  }

  /**
   * Closes and reopens the document from the same bytes: PDFium keeps the objects, fonts and
   * images it has read for the document's life, and a viewer paging through a long one would
   * keep them all.
   */
  reopen(): void {
    if (this.#closed) return;
    this.#m.FPDF_CloseDocument(this.#doc);
    this.#doc = this.#m.FPDF_LoadMemDocument(this.#bytes, this.#size, "");
    if (!this.#doc) this.close();
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#doc) this.#m.FPDF_CloseDocument(this.#doc);
    this.#doc = 0;
    this.#m.pdfium.wasmExports.free(this.#bytes);
    PdfiumDocument.openCount--;
  }
}

function openErrorMessage(code: number): string {
  switch (code) {
    case FPDF_ERR_PASSWORD:
      return "The PDF is encrypted with a password; upload a copy without the password.";
    case FPDF_ERR_SECURITY:
      return "The PDF is protected by a security handler that cannot be read; upload an unprotected copy.";
    case FPDF_ERR_FORMAT:
    case FPDF_ERR_FILE:
      return "The file is not a readable PDF; it may be truncated or damaged.";
    default:
      return "The PDF could not be opened.";
  }
}
