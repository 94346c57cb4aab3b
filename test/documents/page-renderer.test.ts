import { PDFDocument } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { PageRenderBudgetError, ThreadPageRenderer } from "../../src/core/extraction/page-renderer.ts";
import { PdfOpenError } from "../../src/core/extraction/pdf-open-error.ts";
import { heavyPdf, textPdf } from "../support/pdfs.ts";

// The page-image thread: real PDFs drawn on a real worker thread.

const renderers: ThreadPageRenderer[] = [];
const rendererOf = (timeBudgetMs = 60_000) => {
  const r = new ThreadPageRenderer({ timeBudgetMs });
  renderers.push(r);
  return r;
};
afterAll(async () => {
  for (const r of renderers) await r.close();
});

const threePages = () =>
  textPdf([
    ["First page", "Alpha beta gamma."],
    ["Second page", "Delta epsilon."],
    ["Third page", "Zeta eta theta."],
  ]);
const isPng = (b: Buffer) => b.subarray(1, 4).toString("latin1") === "PNG";

describe("ThreadPageRenderer", () => {
  it("draws the same images after the open document has dropped its page caches (every 50 renders), one and two at a time", async () => {
    const renderer = rendererOf();
    const pdf = await threePages();
    const key = "render-page-test";
    const first = await Promise.all([1, 2, 3].map((p) => renderer.render(pdf, p, 0.5, key)));
    expect(new Set(first.map((b) => b.toString("base64"))).size).toBe(3);
    // 120 more renders of the same open document, one at a time and then in pairs: the document
    // drops its caches after the 50th (none under way then; later ones depend on timing), and every
    // image after that is the same as before.
    for (let i = 0; i < 120; i++) {
      const pages = i < 60 ? [(i % 3) + 1] : [(i % 3) + 1, ((i + 1) % 3) + 1];
      const pngs = await Promise.all(pages.map((p) => renderer.render(pdf, p, 0.5, key)));
      pngs.forEach((png, j) => {
        expect(png.equals(first[(pages[j] as number) - 1] as Buffer)).toBe(true);
      });
    }
    const held = (await renderer.held()).find((d) => d.key === key);
    expect(held?.cleanups).toBeGreaterThanOrEqual(1);
    renderer.forget(key);
    expect((await renderer.held()).map((d) => d.key)).not.toContain(key);
  });

  it("reads a keyed document's PDF once, while it stays open, and a keyless one every time", async () => {
    const renderer = rendererOf();
    const pdf = await threePages();
    let loads = 0;
    const load = async () => {
      loads++;
      return pdf;
    };
    for (const p of [1, 2, 3, 1])
      expect(isPng(await renderer.render(load, p, 0.5, "loaded-once"))).toBe(true);
    expect(loads).toBe(1);
    const a = await renderer.render(pdf, 2, 0.5);
    const b = await renderer.render(pdf, 2, 0.5, "loaded-once");
    expect(a.equals(b)).toBe(true);
    expect((await renderer.held()).map((d) => d.key)).toEqual(["loaded-once"]);
    renderer.closeIfIdle("loaded-once");
    expect(await renderer.held()).toEqual([]);
  });

  it("fails a file that is not a PDF with PdfOpenError, and a page past the end, and draws the next request", async () => {
    const renderer = rendererOf();
    const notPdf = new TextEncoder().encode("%PDF-1.7 this is not really a PDF");
    await expect(renderer.render(notPdf, 1, 0.5, "broken")).rejects.toBeInstanceOf(PdfOpenError);
    const pdf = await threePages();
    await expect(renderer.render(pdf, 9, 0.5, "short")).rejects.toThrow(/page/i);
    expect(isPng(await renderer.render(pdf, 3, 0.5, "short"))).toBe(true);
  });

  it("stops a page over the time budget without holding this thread, and the renders sharing the thread still finish", async () => {
    const renderer = rendererOf(1000);
    // 4,000 whole-page fills at scale 4: over 5 s to draw on this machine, and PDFium draws a page
    // in one call that does not yield.
    const pdf = await heavyPdf({ pages: 2, heavy: 2, strokes: 0, fills: 4000 });
    const plain = await renderer.render(pdf, 1, 0.5, "heavy");
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 10);
    const started = Date.now();
    const heavy = renderer.render(pdf, 2, 4, "heavy").catch((e: Error) => e);
    // Asked for while the heavy page holds the thread: redone on the next one.
    const light = renderer.render(pdf, 1, 0.5, "heavy");
    const err = await heavy;
    const waited = Date.now() - started;
    clearInterval(ticker);
    expect(err).toBeInstanceOf(PageRenderBudgetError);
    expect((err as Error).message).toMatch(/Page 2 took longer than 1 s to draw/);
    // This thread ran its timers all along (a 10 ms ticker; held, it would not have ticked at all).
    expect(ticks).toBeGreaterThan(waited / 10 / 4);
    expect((await light).equals(plain)).toBe(true);
    expect((await renderer.render(pdf, 1, 0.5)).equals(plain)).toBe(true);
  });

  it("closes its documents once a large image has grown its drawing memory past 128 MB, and draws again", async () => {
    const renderer = rendererOf();
    const doc = await PDFDocument.create();
    doc.addPage([2000, 2000]).drawText("Poster", { x: 100, y: 1800, size: 96 });
    const poster = await doc.save();
    const small = await threePages();
    expect(isPng(await renderer.render(small, 1, 0.5, "small"))).toBe(true);
    expect(isPng(await renderer.render(poster, 1, 0.5, "poster"))).toBe(true);
    expect((await renderer.held()).map((d) => d.key).sort()).toEqual(["poster", "small"]);
    // 8000 x 8000 pixels: 256 MB of bitmap in PDFium's memory, which only grows (past 128 MB, given back).
    expect(isPng(await renderer.render(poster, 1, 4, "poster"))).toBe(true);
    expect(await renderer.held()).toEqual([]);
    expect(isPng(await renderer.render(small, 2, 0.5, "small"))).toBe(true);
    expect((await renderer.held()).map((d) => d.key)).toEqual(["small"]);
  });

  it("takes forget, close-if-idle and held while its thread is still starting, and closes then", async () => {
    const starting = rendererOf();
    starting.warm();
    starting.forget("nothing-open");
    starting.closeIfIdle("nothing-open");
    expect(await starting.held()).toEqual([]);
    await starting.close();
    await expect(starting.render(await threePages(), 1, 0.5)).rejects.toThrow(/closed/);
    const renderer = rendererOf();
    renderer.warm();
    renderer.forget("nothing-open");
    expect(isPng(await renderer.render(await threePages(), 1, 0.5))).toBe(true);
  });

  it("refuses renders once closed", async () => {
    const renderer = rendererOf();
    const pdf = await threePages();
    expect(isPng(await renderer.render(pdf, 1, 0.5))).toBe(true);
    await renderer.close();
    await expect(renderer.render(pdf, 1, 0.5)).rejects.toThrow(/closed/);
  });
});
