import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { registeredFontContents } from "../src/core/extraction/canvas-fonts.ts";
import { openPdf } from "../src/core/extraction/pdfjs.ts";
import { canvasPng, drawPage } from "../src/core/extraction/render-page.ts";
import { textPdf } from "./support/pdfs.ts";

// Page images draw text with the PDF's fonts registered in the canvas (src/core/extraction/
// canvas-fonts.ts). What must hold: the same picture as drawing glyphs as paths, fonts
// unregistered when their document goes, and one document's going not taking the fonts of
// another that embeds the same font.

const corpus = path.resolve(import.meta.dirname, "../../shared/corpus/tables");

/** Luma of every pixel of a drawn page (the canvas is RGBA, opaque). */
async function draw(doc: Awaited<ReturnType<typeof openPdf>>, n = 1, scale = 1) {
  const page = await doc.getPage(n);
  const { canvas } = await drawPage(page, scale);
  const rgba = canvas.data();
  const luma = new Uint8Array(rgba.length / 4);
  for (let i = 0; i < luma.length; i++)
    luma[i] = Math.round(
      0.299 * (rgba[4 * i] as number) +
        0.587 * (rgba[4 * i + 1] as number) +
        0.114 * (rgba[4 * i + 2] as number),
    );
  return { luma, png: canvasPng(canvas), width: canvas.width, height: canvas.height };
}

/**
 * Where two pictures put ink, compared in blocks of `size` pixels: the share of blocks holding
 * ink in one picture and none in the other, over the blocks holding ink in either. Stroke weight
 * (hinting, anti-aliasing) does not move it; missing, extra or misplaced letters do.
 */
function inkPlaceDifference(a: Uint8Array, b: Uint8Array, width: number, size = 6): number {
  const height = a.length / width;
  let either = 0;
  let differ = 0;
  for (let by = 0; by < height; by += size)
    for (let bx = 0; bx < width; bx += size) {
      let inkA = false;
      let inkB = false;
      for (let y = by; y < Math.min(height, by + size); y++)
        for (let x = bx; x < Math.min(width, bx + size); x++) {
          if ((a[y * width + x] as number) < 128) inkA = true;
          if ((b[y * width + x] as number) < 128) inkB = true;
        }
      if (inkA || inkB) either++;
      if (inkA !== inkB) differ++;
    }
  return either ? differ / either : 0;
}

describe("text drawn with canvas fonts", () => {
  it("draws the pages as pdfjs's glyph paths do, embedded and standard fonts alike", async () => {
    for (const file of [
      "12s0324.pdf",
      "Publication_of_award_of_Bids_for_Transport_Sector__August_2016.pdf",
    ]) {
      const bytes = readFileSync(path.join(corpus, file));
      const withPaths = await openPdf(bytes);
      const withFonts = await openPdf(bytes, { drawing: true });
      try {
        const a = await draw(withPaths, 1, 1.5);
        const b = await draw(withFonts, 1, 1.5);
        expect([b.width, b.height]).toEqual([a.width, a.height]);
        // Glyph outlines rasterised by Skia's font engine (hinted) against the same outlines
        // filled as paths: strokes are a little lighter, the letters stand in the same places.
        console.log(file, inkPlaceDifference(a.luma, b.luma, a.width));
        expect(inkPlaceDifference(a.luma, b.luma, a.width), file).toBeLessThan(0.1);
        // And there is text: a good share of the page is ink in both.
        const ink = (l: Uint8Array) => l.filter((v) => v < 128).length / l.length;
        expect(ink(b.luma)).toBeGreaterThan(0.5 * ink(a.luma));
      } finally {
        await withPaths.destroy();
        await withFonts.destroy();
      }
    }
  });

  it("unregisters a document's fonts when it is destroyed", async () => {
    const before = registeredFontContents();
    const doc = await openPdf(readFileSync(path.join(corpus, "12s0324.pdf")), { drawing: true });
    await draw(doc);
    // Four embedded fonts on that page, all used.
    expect(registeredFontContents()).toBeGreaterThan(before);
    await doc.destroy();
    expect(registeredFontContents()).toBe(before);
  });

  it("keeps a font that another open document also uses when one of them goes", async () => {
    // Two documents set in Helvetica: pdfjs gives both the same converted font.
    const one = await openPdf(await textPdf([["Quarterly revenue grew in every region"]], { size: 28 }), {
      drawing: true,
    });
    const two = await openPdf(await textPdf([["Quarterly revenue grew in every region"]], { size: 28 }), {
      drawing: true,
    });
    try {
      await draw(one);
      const before = await draw(two);
      await one.destroy();
      // A fresh page object, so pdfjs draws it again with the font as it is registered now.
      two.cleanup();
      const after = await draw(two);
      expect(after.png.equals(before.png)).toBe(true);
    } finally {
      await one.destroy();
      await two.destroy();
    }
  });
});
