import { readFileSync } from "node:fs";
import path from "node:path";
import { createCanvas } from "@napi-rs/canvas";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, describe, expect, it } from "vitest";
import { layoutWords, newLayoutMemory } from "../../../src/core/extraction/layout/page-layout.ts";
import { wordsFromRuns } from "../../../src/core/extraction/layout/words.ts";
import { layoutExtractor } from "../../../src/core/extraction/layout-extractor.ts";
import { createOcrEngine, OCR_SCALE, type OcrWord, renderForOcr } from "../../../src/core/extraction/ocr.ts";
import { ThreadPageRenderer } from "../../../src/core/extraction/page-renderer.ts";
import { pdfiumMemoryBytes } from "../../../src/core/extraction/pdfium.ts";
import { openPdf } from "../../../src/core/extraction/pdfjs.ts";
import { testSans } from "../../support/drawn-scans.ts";

// "Scanned" PDFs: text drawn into a bitmap, the bitmap embedded as a full-page image, so the PDF has
// no text layer and only OCR can read it. The font comes from pdfjs-dist (Liberation Sans), so the
// test does not depend on which system fonts a machine has.

const FONT = testSans();

const PAGE_W = 612;
const PAGE_H = 792;
/** Scan resolution: bitmap pixels per page point (144 dpi). */
const K = 2;
/** Font size on the page, in points (32 px in the bitmap). */
const SIZE = 16;

type Placed = { str: string; x: number; y: number; width: number };

/** Draws lines of text (x, baseline y in points) into a page-sized bitmap; returns every word's place. */
function scan(
  lines: { text: string; x: number; y: number }[],
  opts: { rules?: { x0: number; y0: number; x1: number; y1: number }[] } = {},
) {
  const canvas = createCanvas(PAGE_W * K, PAGE_H * K);
  const ctx = canvas.getContext("2d");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "#000000";
  ctx.font = `${SIZE * K}px ${FONT}`;
  const words: Placed[] = [];
  for (const line of lines) {
    ctx.fillText(line.text, line.x * K, line.y * K);
    let offset = 0;
    for (const w of line.text.split(" ")) {
      const dx = ctx.measureText(line.text.slice(0, offset)).width / K;
      words.push({ str: w, x: line.x + dx, y: line.y, width: ctx.measureText(w).width / K });
      offset += w.length + 1;
    }
  }
  ctx.strokeStyle = "#000000";
  ctx.lineWidth = 1.5 * K;
  for (const r of opts.rules ?? []) {
    ctx.beginPath();
    ctx.moveTo(r.x0 * K, r.y0 * K);
    ctx.lineTo(r.x1 * K, r.y1 * K);
    ctx.stroke();
  }
  return { png: canvas.toBuffer("image/png"), words };
}

async function imagePdf(pngs: Buffer[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const png of pngs) {
    const page = doc.addPage([PAGE_W, PAGE_H]);
    const image = await doc.embedPng(png);
    page.drawImage(image, { x: 0, y: 0, width: PAGE_W, height: PAGE_H });
  }
  return doc.save();
}

const COLS = [72, 240, 380];
const TABLE = [
  ["Fruit", "Qty", "Price"],
  ["Apples", "3", "4.50"],
  ["Pears", "12", "7.25"],
];
const tableLines = (top: number) =>
  TABLE.flatMap((row, r) => row.map((text, c) => ({ text, x: COLS[c] as number, y: top + r * 40 })));

const invoice = scan([
  { text: "Invoice number 12345", x: 72, y: 100 },
  { text: "Total due 987.65", x: 72, y: 150 },
  ...tableLines(250),
]);
const ruledTop = 250;
const ruled = scan(tableLines(ruledTop), {
  rules: [
    ...[-30, 12, 52, 92].map((dy) => ({ x0: 60, y0: ruledTop + dy, x1: 470, y1: ruledTop + dy })),
    ...[60, 228, 368, 470].map((x) => ({ x0: x, y0: ruledTop - 30, x1: x, y1: ruledTop + 92 })),
  ],
});
const blank = createCanvas(PAGE_W * K, PAGE_H * K);
const blankCtx = blank.getContext("2d");
blankCtx.fillStyle = "#ffffff";
blankCtx.fillRect(0, 0, blank.width, blank.height);

const pdf = await imagePdf([invoice.png, blank.toBuffer("image/png"), ruled.png]);
const engine = createOcrEngine();
const renderer = new ThreadPageRenderer({ timeBudgetMs: 60_000 });
afterAll(async () => {
  await engine.close();
  await renderer.close();
});
const rendered = new Map<number, Promise<Buffer>>();
/** Page images at the OCR scale, rendered once for the whole file. */
const pagePng = (n: number) => {
  let p = rendered.get(n);
  if (!p) {
    p = renderer.render(pdf, n, OCR_SCALE);
    rendered.set(n, p);
  }
  return p;
};

/**
 * Each drawn word must come back, in place: x and baseline within 2 pt, width within 3 pt, size
 * within 20%. OCR boxes hug the ink, so x comes out ~1 pt right of the pen position (the glyph's
 * side bearing) and width ~1-2.5 pt short of the advance width; the baseline is exact here.
 */
function expectPlaced(got: OcrWord[], expected: Placed[]) {
  for (const e of expected) {
    const match = got.find((g) => g.str.toLowerCase() === e.str.toLowerCase());
    expect(match, `"${e.str}" in ${JSON.stringify(got.map((g) => g.str))}`).toBeDefined();
    const m = match as OcrWord;
    expect(Math.abs(m.x - e.x), `${e.str} x`).toBeLessThan(2);
    expect(Math.abs(m.y - e.y), `${e.str} baseline`).toBeLessThan(2);
    expect(Math.abs(m.width - e.width), `${e.str} width`).toBeLessThan(3);
    expect(m.size, `${e.str} size`).toBeGreaterThan(SIZE * 0.8);
    expect(m.size, `${e.str} size`).toBeLessThan(SIZE * 1.2);
  }
}

describe("OCR", () => {
  it("the scanned PDF has no text layer", async () => {
    const doc = await openPdf(pdf);
    const page = await doc.getPage(1);
    expect((await page.getTextContent()).items).toHaveLength(0);
    await doc.destroy();
  });

  it("recognises the words of a scanned page, where they stand on the page", async () => {
    const png = await pagePng(1);
    const words = await engine.recognize(png, OCR_SCALE);
    // Numbers exactly, words case-insensitively; nothing else read into the page.
    expect(words.map((w) => w.str)).toEqual(
      expect.arrayContaining(["12345", "987.65", "4.50", "7.25", "12", "3"]),
    );
    expectPlaced(words, invoice.words);
    expect(words).toHaveLength(invoice.words.length);
    for (const w of words) expect(w.confidence).toBeGreaterThanOrEqual(40);

    // Words with boxes are what the layout needs to rebuild the table.
    const placed = wordsFromRuns(words, PAGE_W, PAGE_H);
    const { tables, text } = layoutWords(
      placed.words,
      { horizontals: [], verticals: [] },
      placed.frame,
      newLayoutMemory(),
      {
        tables: true,
      },
    );
    expect(text).toContain("Invoice number 12345");
    expect(text).toContain("Total due 987.65");
    expect(tables).toHaveLength(1);
    expect(tables[0]?.grid.map((row) => row.map((c) => c?.text))).toEqual(TABLE);
  });

  it("renderForOcr renders at the OCR scale and reports it", async () => {
    const r = await renderForOcr(pdf, 3);
    expect(r).toMatchObject({ scale: OCR_SCALE, width: PAGE_W, height: PAGE_H });
    // A ruled table: the rules must not turn into words, nor hide the cells.
    const words = await engine.recognize(r.png, r.scale);
    expectPlaced(words, ruled.words);
    expect(words).toHaveLength(ruled.words.length);
  });

  it("a blank page gives no words", async () => {
    const png = await pagePng(2);
    expect(await engine.recognize(png, OCR_SCALE)).toEqual([]);
  });

  it("rejects bytes that are not an image, and keeps working", async () => {
    await expect(engine.recognize(Buffer.from("not an image"), OCR_SCALE)).rejects.toThrow(
      /OCR failed: .*read image/,
    );
    expect(await engine.recognize(await pagePng(2), OCR_SCALE)).toEqual([]);
  });

  it("a pool of two workers takes pages concurrently, in order of the calls", async () => {
    const pool = createOcrEngine({ workers: 2 });
    try {
      const [a, b, c] = await Promise.all([
        pool.recognize(await pagePng(2), OCR_SCALE),
        pool.recognize(await pagePng(1), OCR_SCALE),
        pool.recognize(await pagePng(2), OCR_SCALE),
      ]);
      expect(a).toEqual([]);
      expect(b?.map((w) => w.str)).toHaveLength(invoice.words.length);
      expect(c).toEqual([]);
    } finally {
      await pool.close();
    }
  });

  it("abandons a page that takes too long, and starts a fresh worker for the next", async () => {
    const hasty = createOcrEngine({ timeoutMs: 20 });
    try {
      await expect(hasty.recognize(await pagePng(1), OCR_SCALE)).rejects.toThrow(/longer than 20 ms/);
      // A second page does not wait forever on the killed worker.
      await expect(hasty.recognize(await pagePng(1), OCR_SCALE)).rejects.toThrow(/longer than 20 ms/);
    } finally {
      await hasty.close();
    }
  });

  it("close() fails the pages still waiting, stops the workers, and refuses new pages", async () => {
    const other = createOcrEngine({ workers: 2 });
    const png = await pagePng(2);
    const waiting = expect(other.recognize(png, OCR_SCALE)).rejects.toThrow(/closed/);
    await other.close();
    await waiting;
    await expect(other.recognize(await pagePng(2), OCR_SCALE)).rejects.toThrow(/closed/);
  });
});

describe("OCR inside extraction", () => {
  const run = async (bytes: Uint8Array, strategy: string) => {
    const s = await layoutExtractor.open(bytes, { strategy, capabilities: ["tables"] });
    try {
      const pages = [];
      for (let n = 1; n <= s.pageCount; n++) pages.push(await s.extractPage(n));
      return pages;
    } finally {
      await s.close();
    }
  };

  it("recognises only the pages without a text layer, and reports the method per page", async () => {
    // A mixed document: a born-digital page, then the scanned invoice.
    const doc = await PDFDocument.load(pdf);
    const mixed = await PDFDocument.create();
    const font = await mixed.embedFont(StandardFonts.Helvetica);
    mixed.addPage([PAGE_W, PAGE_H]).drawText("A page with a text layer", { x: 72, y: 700, size: 12, font });
    const [scannedPage] = await mixed.copyPages(doc, [0]);
    mixed.addPage(scannedPage);
    const pages = await run(await mixed.save(), "auto");
    expect(pages.map((p) => p.method)).toEqual(["text", "ocr"]);
    expect(pages[0]?.markdown).toBe("A page with a text layer");
    expect(pages[1]?.markdown).toContain("Invoice number 12345");
    // Recognised words take part in tables like any other text.
    expect(pages[1]?.tables[0]?.grid.map((row) => row.map((c) => c?.text))).toEqual(TABLE);
  });

  it("reads a page scanned into a JPEG 2000 image (drawn by PDFium's own decoder)", async () => {
    const scan = readFileSync(path.join(import.meta.dirname, "../../fixtures", "jpx-scan.pdf"));
    const [page] = await run(scan, "auto");
    expect(page?.method).toBe("ocr");
    expect(page?.markdown).toContain("Scanned delivery note 2041");
    expect(page?.markdown).toContain("Received in good order");
    expect(page?.markdown).toContain("Total due 318.40");
    // The extraction drew the page with PDFium in this thread and gave its memory back on close.
    expect(pdfiumMemoryBytes()).toBe(0);
  });

  it("strategy text forbids OCR and strategy ocr forces it", async () => {
    const [forbidden] = await run(pdf, "text");
    expect(forbidden?.method).toBe("text");
    expect(forbidden?.markdown).toBe("");
    const mixed = await PDFDocument.create();
    const font = await mixed.embedFont(StandardFonts.Helvetica);
    mixed
      .addPage([PAGE_W, PAGE_H])
      .drawText("Recognised from the picture", { x: 72, y: 700, size: 16, font });
    const [forced] = await run(await mixed.save(), "ocr");
    expect(forced?.method).toBe("ocr");
    expect(forced?.markdown).toBe("Recognised from the picture");
  });
});
