import { describe, expect, it } from "vitest";
import { openForRendering, renderPagePng } from "../src/core/extraction/render-page.ts";
import { textPdf } from "./support/pdfs.ts";

describe("renderPagePng on a document kept open", () => {
  it("draws the same images after the open document has dropped its page caches (every 50 renders), one and two at a time", async () => {
    const pdf = await textPdf([
      ["First page", "Alpha beta gamma."],
      ["Second page", "Delta epsilon."],
      ["Third page", "Zeta eta theta."],
    ]);
    const key = "render-page-test";
    const first = await Promise.all([1, 2, 3].map((p) => renderPagePng(pdf, p, 0.5, key)));
    expect(new Set(first.map((b) => b.toString("base64"))).size).toBe(3);
    // 120 more renders of the same open document, one at a time and then in pairs: the document
    // drops its caches after the 50th (none under way then; later ones depend on timing), and every
    // image after that is the same as before.
    for (let i = 0; i < 120; i++) {
      const pages = i < 60 ? [(i % 3) + 1] : [(i % 3) + 1, ((i + 1) % 3) + 1];
      const pngs = await Promise.all(pages.map((p) => renderPagePng(pdf, p, 0.5, key)));
      pngs.forEach((png, j) => {
        expect(png.equals(first[(pages[j] as number) - 1] as Buffer)).toBe(true);
      });
    }
    // At least the cleanup after the 50th render happened (later ones depend on timing).
    const held = openForRendering().find((d) => d.key === key);
    expect(held?.cleanups).toBeGreaterThanOrEqual(1);
  });
});
