import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { cachedModule } from "./bundled-module.ts";
import { patchPdfjsWorker, TEXT_PATCHES } from "./pdfjs-limits-plugin.ts";

// pdfjs read in-thread (the service, tests, benches) reads text as the extraction process does:
// its worker module with the text patches of pdfjs-limits-plugin.ts in (not the reading limits,
// which belong to the extraction process), written once into node_modules/.cache beside the
// bundles of bundled-module.ts and imported from there.

/**
 * Loads pdfjs's worker module with the text patches in. The extraction process's bundle replaces
 * this module with a plain import of the worker, which its build patches with the limits too
 * (pdfjs-limits-plugin.ts).
 */
export async function loadPdfjsWorker(): Promise<unknown> {
  return import(await textPatchedWorker());
}

async function textPatchedWorker(): Promise<string> {
  const source = await readFile(
    createRequire(import.meta.url).resolve("pdfjs-dist/legacy/build/pdf.worker.mjs"),
    "utf8",
  );
  return (await cachedModule("pdf.worker", patchPdfjsWorker(source, TEXT_PATCHES))).href;
}
