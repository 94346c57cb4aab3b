import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { degrees } from "pdf-lib";
import { expect, it } from "vitest";
import { openPdf } from "../../src/core/extraction/pdfjs.ts";
import { patchPdfjsWorker, TEXT_PATCHES } from "../../src/core/extraction/pdfjs-limits-plugin.ts";
import { newDoc } from "../support/layout-pdfs.ts";

// pdfjs's worker module is read with patches in (pdfjs-limits-plugin.ts): some correct its text,
// some only make it cheaper and must leave what it returns as it was.

it("finds the place of every patch, once, in the installed pdfjs", () => {
  const source = readFileSync(
    createRequire(import.meta.url).resolve("pdfjs-dist/legacy/build/pdf.worker.mjs"),
    "utf8",
  );
  const patched = patchPdfjsWorker(source);
  for (const p of TEXT_PATCHES) expect(patched).toContain(p.add);
});

it("places text drawn turned and scaled where pdfjs's matrix product places it, on the last page of a long flat page tree", async () => {
  const { doc, font } = await newDoc();
  for (let p = 1; p <= 120; p++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Page ${p}`, { x: 100, y: 700, size: 10, font });
    if (p === 120) page.drawText("Turned", { x: 300, y: 200, size: 12, font, rotate: degrees(90) });
  }
  const pdf = await openPdf(await doc.save());
  try {
    // Pages read in order, as extraction reads them, each found through the page tree.
    const texts: string[] = [];
    for (let p = 1; p <= pdf.numPages; p++) {
      const content = await (await pdf.getPage(p)).getTextContent();
      texts.push(
        (content.items as { str: string }[])
          .map((i) => i.str)
          .filter(Boolean)
          .join(" "),
      );
    }
    expect(texts[0]).toBe("Page 1");
    expect(texts[119]).toBe("Page 120 Turned");
    const last = await (await pdf.getPage(120)).getTextContent();
    const turned = (last.items as { str: string; transform: number[] }[]).find((i) => i.str === "Turned");
    // Rotated a quarter turn anticlockwise about its origin, 12 points high.
    const [a, b, c, d, e, f] = turned?.transform ?? [];
    expect([a, b, c, d].map((v) => Math.round((v ?? Number.NaN) * 1e6) / 1e6)).toEqual([0, 12, -12, 0]);
    expect([e, f]).toEqual([300, 200]);
  } finally {
    await pdf.destroy();
  }
});
