import { PDFDocument, PDFName, PDFString } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { layoutExtractor } from "../../src/core/extraction/layout-extractor.ts";
import { openPdf, pdfjs } from "../../src/core/extraction/pdfjs.ts";
import { textPdf } from "../support/pdfs.ts";

// pdfjs reads three kinds of data files from its package: character maps (CMaps) for CJK text,
// the 14 standard fonts, and wasm image decoders. When one cannot be read it only logs a warning,
// so these tests look at what depends on them.

/**
 * Japanese text in a non-embedded CID font with a predefined CMap (UniJIS-UCS2-H), as Acrobat
 * writes it; with `between`, at body size between two paragraphs of English in Helvetica.
 */
async function japanesePdf(between = false): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const ctx = doc.context;
  const descriptor = ctx.obj({
    Type: "FontDescriptor",
    FontName: "KozMinPro-Regular",
    Flags: 4,
    FontBBox: [0, -120, 1000, 880],
    ItalicAngle: 0,
    Ascent: 880,
    Descent: -120,
    CapHeight: 740,
    StemV: 80,
  });
  const cidFont = ctx.obj({
    Type: "Font",
    Subtype: "CIDFontType0",
    BaseFont: "KozMinPro-Regular",
    CIDSystemInfo: { Registry: PDFString.of("Adobe"), Ordering: PDFString.of("Japan1"), Supplement: 4 },
    FontDescriptor: ctx.register(descriptor),
    DW: 1000,
  });
  const font = ctx.obj({
    Type: "Font",
    Subtype: "Type0",
    BaseFont: "KozMinPro-Regular-UniJIS-UCS2-H",
    Encoding: "UniJIS-UCS2-H",
    DescendantFonts: [ctx.register(cidFont)],
  });
  page.node.setFontDictionary(PDFName.of("F1"), ctx.register(font));
  page.node.setFontDictionary(
    PDFName.of("F2"),
    ctx.register(ctx.obj({ Type: "Font", Subtype: "Type1", BaseFont: "Helvetica" })),
  );
  // テスト (test) and 日本語 (Japanese), as UCS-2 codes.
  const content = ctx.flateStream(
    between
      ? "BT /F2 10 Tf 72 700 Td (The note below says it in Japanese, on two lines.) Tj ET " +
          "BT /F1 10 Tf 72 680 Td <30C630B930C8> Tj 0 -12 Td <65E5672C8A9E> Tj ET " +
          "BT /F2 10 Tf 72 640 Td (And the report goes on in English after it.) Tj ET"
      : "BT /F1 24 Tf 72 700 Td <30C630B930C8> Tj 0 -40 Td <65E5672C8A9E> Tj ET",
  );
  page.node.set(PDFName.of("Contents"), ctx.register(content));
  return doc.save();
}

describe("pdfjs's data files", () => {
  it("reads CJK text through its predefined character map", async () => {
    const s = await layoutExtractor.open(await japanesePdf(), { strategy: "text", capabilities: [] });
    try {
      const page = await s.extractPage(1);
      expect(page.markdown).toContain("テスト");
      expect(page.markdown).toContain("日本語");
    } finally {
      await s.close();
    }
  });

  it("does not take CJK text, whose glyphs are all one width, for fixed-pitch code", async () => {
    const s = await layoutExtractor.open(await japanesePdf(true), { strategy: "text", capabilities: [] });
    try {
      const page = await s.extractPage(1);
      expect(page.markdown).toBe(
        [
          "The note below says it in Japanese, on two lines.",
          "テスト 日本語",
          "And the report goes on in English after it.",
        ].join("\n\n"),
      );
    } finally {
      await s.close();
    }
  });

  it("loads a standard font the PDF does not embed, so page images draw it with its own glyphs", async () => {
    // Helvetica, not embedded: pdfjs substitutes its bundled Liberation Sans. When that file
    // cannot be read, the font is "missing" and page images fall back to whatever sans-serif
    // font the machine has (none, on a bare server: the text disappears from the image).
    const doc = await openPdf(await textPdf([["Quarterly revenue grew"]]));
    try {
      const page = await doc.getPage(1);
      const ops = await page.getOperatorList();
      const { OPS } = await pdfjs();
      const fonts = ops.fnArray.flatMap((fn, i) =>
        fn === OPS.setFont ? [(ops.argsArray[i] as [string])[0]] : [],
      );
      expect(fonts.length).toBeGreaterThan(0);
      for (const name of fonts)
        expect((page.commonObjs.get(name) as { missingFile: boolean }).missingFile).toBe(false);
    } finally {
      await doc.destroy();
    }
  });
});
