import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { PdfOpenError } from "../../src/core/extraction/pdf-open-error.ts";
import { openPdf } from "../../src/core/extraction/pdfjs.ts";

// pdfjs's legacy build replaces native methods process-wide with slower core-js ones (push, and
// JSON.parse/stringify, which every HTTP reply goes through); src/core/extraction/pdfjs.ts puts
// the engine's own back. pdfjs is loaded lazily, on the first openPdf, so these are the natives.
const natives = { push: Array.prototype.push, parse: JSON.parse, stringify: JSON.stringify };
const corpus = path.resolve(import.meta.dirname, "../../../shared/corpus/tables");

it("keeps the engine's own push, JSON.parse and JSON.stringify once pdfjs and its worker are loaded", async () => {
  // The first PDF of the process does not open: pdfjs and its worker module are loaded all the same.
  await expect(openPdf(new TextEncoder().encode("%PDF-1.7 not really"))).rejects.toThrow(PdfOpenError);
  expect(Array.prototype.push).toBe(natives.push);
  expect(JSON.parse).toBe(natives.parse);
  expect(JSON.stringify).toBe(natives.stringify);
  const doc = await openPdf(readFileSync(path.join(corpus, "twotables.pdf")));
  const page = await doc.getPage(1);
  await page.getTextContent();
  await doc.destroy();
  expect(Array.prototype.push).toBe(natives.push);
  expect(JSON.parse).toBe(natives.parse);
  expect(JSON.stringify).toBe(natives.stringify);
});
