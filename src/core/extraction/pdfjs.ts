import { createRequire } from "node:module";
import path from "node:path";
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { installSyncDecompression } from "./decompression.ts";
import { PdfOpenError } from "./pdf-open-error.ts";
import { loadPdfjsWorker } from "./pdfjs-text-worker.ts";

// pdfjs-dist 5 (6.x needs Node 22). The legacy build runs in-thread on Node, no worker needed.
// It wants its font data, character maps and wasm decoders by path, or it warns and degrades.
const require = createRequire(import.meta.url);
const root = path.dirname(require.resolve("pdfjs-dist/package.json"));
// Plain paths, not file:// URLs: on Node, pdfjs reads these with fs.readFile, which takes a
// URL string for a relative path and fails, silently leaving out the CMaps of CJK text, the 14
// standard fonts and the JPEG 2000 / JBIG2 decoders.
const dir = (name: string) => `${path.join(root, name)}/`;

type PdfjsModule = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

// The legacy build installs core-js polyfills for the whole process, and some replace methods the
// engine has natively with slower JavaScript ones: Array.prototype.push and JSON.parse and
// JSON.stringify (for proposals pdfjs does not use; stringify slower still once the worker module
// has wrapped it again, and every HTTP reply, log line and query parameter of the service goes
// through it). Node 20 needs none of them. Both pdf.mjs and its in-thread worker module install
// them; both are loaded here, and the native methods, captured before either loads, are put back
// once both are in.
const natives: [Record<string, unknown>, string, unknown][] = [
  [Array.prototype as unknown as Record<string, unknown>, "push", Array.prototype.push],
  [JSON as unknown as Record<string, unknown>, "parse", JSON.parse],
  [JSON as unknown as Record<string, unknown>, "stringify", JSON.stringify],
];
const restoreNatives = () => {
  for (const [owner, key, native] of natives) if (owner[key] !== native) owner[key] = native;
};
let loaded: Promise<PdfjsModule> | null = null;
export const pdfjs = () => {
  loaded ??= (async () => {
    installSyncDecompression();
    const mod = await import("pdfjs-dist/legacy/build/pdf.mjs");
    // The worker module sets globalThis.pdfjsWorker, which pdf.mjs then uses instead of loading
    // it with the first document (after which a PDF that failed to open left the polyfills in).
    // Its copy with the text patches in (pdfjs-text-worker.ts).
    await loadPdfjsWorker();
    restoreNatives();
    return mod;
  })();
  return loaded;
};

/** Opens a PDF from bytes; a broken, encrypted or empty file becomes a PdfOpenError a person can read. */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const { getDocument } = await pdfjs();
  const task = getDocument({
    // pdfjs takes ownership of (and may detach) the buffer it is given.
    data: new Uint8Array(bytes),
    standardFontDataUrl: dir("standard_fonts"),
    cMapUrl: dir("cmaps"),
    cMapPacked: true,
    wasmUrl: dir("wasm"),
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
    // A wrong password prompt must fail, not wait for an answer that never comes.
    password: "",
  });
  try {
    const doc = await task.promise;
    if (doc.numPages < 1) {
      await doc.destroy();
      throw new PdfOpenError("The PDF has no pages.");
    }
    return doc;
  } catch (err) {
    await task.destroy().catch(() => undefined);
    if (err instanceof PdfOpenError) throw err;
    const name = (err as { name?: string }).name;
    if (name === "PasswordException") {
      throw new PdfOpenError("The PDF is encrypted with a password; upload a copy without the password.");
    }
    if (name === "InvalidPDFException") {
      throw new PdfOpenError(
        `The file is not a readable PDF (${(err as Error).message}); it may be truncated or damaged.`,
      );
    }
    throw new PdfOpenError(`The PDF could not be opened: ${(err as Error).message}`);
  }
}
