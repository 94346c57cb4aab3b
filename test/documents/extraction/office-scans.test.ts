import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { layoutExtractor } from "../../../src/core/extraction/layout-extractor.ts";
import { PdfiumDocument } from "../../../src/core/extraction/pdfium.ts";
import { drawForOcr, readScannedPage } from "../../../src/core/extraction/raster/scan-page.ts";

// Office-scanner faults on small scanned fixtures (test/fixtures/make-office-scans.py).

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, "../../fixtures", name));

afterAll(async () => {
  await layoutExtractor.close();
});

describe("a bold party block copied with heavy toner (heavy-toner-scan.pdf)", () => {
  it("finds the printed rule only, not bands through the bold words", async () => {
    const doc = await PdfiumDocument.open(fixture("heavy-toner-scan.pdf"));
    try {
      const { rules } = readScannedPage(drawForOcr(doc, 1));
      expect(rules.verticals).toHaveLength(0);
      expect(rules.horizontals).toHaveLength(1);
      const rule = rules.horizontals[0] as { x0: number; x1: number; y0: number };
      // The rule is drawn at 1.6 in, from 0.4 in to 5.1 in.
      expect(rule.y0).toBeCloseTo(115.2, 0);
      expect(rule.x1 - rule.x0).toBeGreaterThan(320);
    } finally {
      doc.close();
    }
  });

  it("reads the bold words whole", async () => {
    const doc = await layoutExtractor.open(fixture("heavy-toner-scan.pdf"), {
      strategy: "auto",
      capabilities: ["tables"],
    });
    const page = await doc.extractPage(1);
    await doc.close();
    expect(page.method).toBe("ocr");
    for (const words of ["Laboratoires Vernier Moulin", "44000 Nantes France", "1,483.50"])
      expect(page.markdown).toContain(words);
  }, 90_000);
});
