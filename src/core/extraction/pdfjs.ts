import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { PDFDocumentProxy } from "pdfjs-dist/legacy/build/pdf.mjs";
import { installSyncDecompression } from "./decompression.ts";

// pdfjs-dist 5 (6.x needs Node 22). The legacy build runs in-thread on Node, no worker needed.
// It wants its font data, character maps and wasm decoders by path, or it warns and degrades.
const require = createRequire(import.meta.url);
const root = path.dirname(require.resolve("pdfjs-dist/package.json"));
const dir = (name: string) => `${pathToFileURL(path.join(root, name)).href}/`;

type PdfjsModule = typeof import("pdfjs-dist/legacy/build/pdf.mjs");

// The legacy build installs core-js polyfills, among them a JavaScript Array.prototype.push for
// the whole process, measured 3.5 times slower than the engine's own. Node 20 needs none of it.
// Both pdf.mjs and its in-thread worker module (loaded with the first document) install it, so
// the native method, captured before either loads, is put back after each.
const nativePush = Array.prototype.push;
const restorePush = () => {
  if (Array.prototype.push !== nativePush) Array.prototype.push = nativePush;
};
let loaded: Promise<PdfjsModule> | null = null;
export const pdfjs = () => {
  loaded ??= (async () => {
    installSyncDecompression();
    const mod = await import("pdfjs-dist/legacy/build/pdf.mjs");
    restorePush();
    return mod;
  })();
  return loaded;
};

export class PdfOpenError extends Error {}

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
    restorePush();
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
