import { readFileSync } from "node:fs";
import path from "node:path";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { degrees, PDFDocument, rgb, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { PdfOpenError } from "../../src/core/extraction/pdf-open-error.ts";
import { PdfiumDocument, pdfiumMemoryBytes, unloadPdfium } from "../../src/core/extraction/pdfium.ts";
import { openPdf } from "../../src/core/extraction/pdfjs.ts";
import { drawPagePng } from "../../src/core/extraction/render-page.ts";
import { warmUpPdf } from "../../src/core/extraction/warm-up-pdf.ts";
import { textPdf } from "../support/pdfs.ts";

// PDFium, which draws page images and pages for OCR: real PDFs drawn and the PNGs decoded back.

/** A Letter page: a red square at (100, 100)-(200, 200) from the top left, black text below it. */
async function squarePdf(opts: { rotate?: number } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.drawRectangle({ x: 100, y: 792 - 200, width: 100, height: 100, color: rgb(1, 0, 0) });
  page.drawText("Quarterly revenue", { x: 100, y: 792 - 300, size: 30, font });
  if (opts.rotate) page.setRotation(degrees(opts.rotate));
  return doc.save();
}

/** The decoded PNG's pixel at (x, y), as [r, g, b, a]. */
async function pixels(png: Buffer) {
  const img = await loadImage(png);
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext("2d");
  ctx.drawImage(img, 0, 0);
  const data = ctx.getImageData(0, 0, img.width, img.height).data;
  return {
    width: img.width,
    height: img.height,
    at: (x: number, y: number) => [...data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4)],
  };
}

describe("PDFium page drawing", () => {
  it("draws a page at a scale: its size rounded up, colours in place and in RGBA order, opaque white elsewhere", async () => {
    const doc = await PdfiumDocument.open(await squarePdf());
    try {
      expect(doc.pageCount).toBe(1);
      const drawn = drawPagePng(doc, 1, 1.5);
      expect(drawn).toMatchObject({ scale: 1.5, width: 612, height: 792 });
      const img = await pixels(drawn.png);
      expect([img.width, img.height]).toEqual([918, 1188]);
      expect(img.at(225, 225)).toEqual([255, 0, 0, 255]); // inside the square, at (150, 150) pt
      expect(img.at(30, 30)).toEqual([255, 255, 255, 255]);
      // The text below the square is drawn: some pixel of its line is dark.
      const line = Array.from({ length: 400 }, (_, i) => img.at(150 + i, 440));
      expect(line.some(([r]) => (r as number) < 80)).toBe(true);
    } finally {
      doc.close();
    }
  });

  it("draws a page turned by /Rotate the way it is shown, its size swapped", async () => {
    const doc = await PdfiumDocument.open(await squarePdf({ rotate: 90 }));
    try {
      const drawn = drawPagePng(doc, 1, 1);
      expect(drawn).toMatchObject({ width: 792, height: 612 });
      const img = await pixels(drawn.png);
      expect([img.width, img.height]).toEqual([792, 612]);
      // Turned clockwise: the square's top-left corner area (100-200 pt down, 100-200 across) now
      // stands 100-200 pt from the right edge and 100-200 pt from the top.
      expect(img.at(792 - 150, 150)).toEqual([255, 0, 0, 255]);
      expect(img.at(150, 150)).toEqual([255, 255, 255, 255]);
    } finally {
      doc.close();
    }
  });

  it("lowers the scale so that no side exceeds the cap", async () => {
    const doc = await PdfiumDocument.open(await squarePdf());
    try {
      const drawn = drawPagePng(doc, 1, 4, 500);
      expect(drawn.scale).toBeCloseTo(500 / 792, 6);
      const img = await pixels(drawn.png);
      expect(img.height).toBe(500);
      expect(img.width).toBe(Math.ceil(612 * (500 / 792)));
    } finally {
      doc.close();
    }
  });

  it("refuses what it cannot open with a message a person can act on, and a page past the end", async () => {
    const encrypted = readFileSync(path.join(import.meta.dirname, "../fixtures", "encrypted.pdf"));
    await expect(PdfiumDocument.open(encrypted)).rejects.toThrow(
      new PdfOpenError("The PDF is encrypted with a password; upload a copy without the password."),
    );
    await expect(
      PdfiumDocument.open(new TextEncoder().encode("%PDF-1.7 this is not really a PDF")),
    ).rejects.toThrow(/not a readable PDF; it may be truncated or damaged/);
    await expect(PdfiumDocument.open(new Uint8Array(0))).rejects.toBeInstanceOf(PdfOpenError);
    const doc = await PdfiumDocument.open(await textPdf([["One"], ["Two"]]));
    try {
      expect(() => drawPagePng(doc, 3, 1)).toThrow("The PDF has no page 3; it has 2.");
      expect(() => drawPagePng(doc, 0, 1)).toThrow(/no page 0/);
    } finally {
      doc.close();
    }
    expect(PdfiumDocument.openCount).toBe(0);
  });

  it("draws the same image after the document is reopened, and none once closed", async () => {
    const doc = await PdfiumDocument.open(await textPdf([["First"], ["Second"]]));
    const before = drawPagePng(doc, 2, 0.5).png;
    doc.reopen();
    expect(drawPagePng(doc, 2, 0.5).png.equals(before)).toBe(true);
    doc.close();
    doc.close(); // a second close is harmless
    expect(() => drawPagePng(doc, 1, 0.5)).toThrow(/closed/);
    expect(PdfiumDocument.openCount).toBe(0);
  });

  it("gives its memory back when unloaded, only once no document is open", async () => {
    const doc = await PdfiumDocument.open(await squarePdf());
    // 4000 x 5176 pixels: 83 MB of bitmap in the module's memory, which stays grown.
    drawPagePng(doc, 1, 4000 / 612);
    expect(await pdfiumMemoryBytes()).toBeGreaterThan(80 * 1024 * 1024);
    expect(() => unloadPdfium()).toThrow(/still open/);
    doc.close();
    unloadPdfium();
    expect(await pdfiumMemoryBytes()).toBe(0);
    // Loaded again on the next open.
    const again = await PdfiumDocument.open(await squarePdf());
    expect((await pixels(drawPagePng(again, 1, 0.5).png)).at(75, 75)).toEqual([255, 0, 0, 255]);
    again.close();
    expect(await pdfiumMemoryBytes()).toBeLessThan(80 * 1024 * 1024);
  });
});

describe("the render thread's warm-up page", () => {
  it("is a PDF that PDFium draws and pdfjs reads: a heading, lines of text in a standard and an embedded font, a ruled table", async () => {
    const doc = await PdfiumDocument.open(warmUpPdf());
    try {
      const img = await pixels(drawPagePng(doc, 1, 1).png);
      // The heading's line (18 pt at 730 pt up, so about 50-62 px down at scale 1) has ink.
      const heading = Array.from({ length: 200 }, (_, i) => img.at(80 + i, 56));
      expect(heading.some(([r]) => (r as number) < 80)).toBe(true);
    } finally {
      doc.close();
    }
    const pdf = await openPdf(warmUpPdf());
    try {
      const text = await (await pdf.getPage(1)).getTextContent();
      const strings = text.items.map((i) => ("str" in i ? i.str : ""));
      expect(strings).toContain("Quarterly report on operations");
      // Set in the embedded TrueType font, which pdfjs reads from the file.
      expect(strings).toContain("Line 40: revenue, costs and margins for the period, in thousands.");
      const fonts = new Set(text.items.map((i) => ("fontName" in i ? i.fontName : "")));
      expect(fonts.size).toBe(3);
      expect(strings).toContain("1104.50");
    } finally {
      await pdf.destroy();
    }
  });
});
