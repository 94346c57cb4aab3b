import { readdirSync, readFileSync } from "node:fs";
import { PdfiumDocument } from "./src/core/extraction/pdfium.ts";
import { drawPagePng } from "./src/core/extraction/render-page.ts";
import { warmUpPdf } from "./src/core/extraction/warm-up-pdf.ts";

const w = await PdfiumDocument.open(warmUpPdf());
for (let i = 0; i < 4; i++) drawPagePng(w, 1, 1.5);
w.close();
const dir = "/work/shared/corpus/tables/";
for (const f of readdirSync(dir).filter((f) => f.endsWith(".pdf"))) {
  const d = await PdfiumDocument.open(readFileSync(dir + f));
  const ts: string[] = [];
  for (let i = 0; i < 2; i++) {
    const t = performance.now();
    d.drawPage(
      1,
      () => 1.5,
      () => 0,
    );
    ts.push((performance.now() - t).toFixed(0));
  }
  d.close();
  console.log(f.slice(0, 30).padEnd(30), ts.join(" "));
}
