import { readFileSync } from "node:fs";
import path from "node:path";
import {
  appendBezierCurve,
  clip,
  closePath,
  concatTransformationMatrix,
  degrees,
  endPath,
  fill,
  lineTo,
  moveTo,
  PDFDocument,
  PDFName,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
  setGraphicsState,
  setLineWidth,
  stroke,
} from "pdf-lib";
import { describe, expect, it } from "vitest";
import { type PageGraphics, pageGraphics, type Segment } from "../../../src/core/extraction/graphics.ts";
import { openPdf } from "../../../src/core/extraction/pdfjs.ts";

// PDFs drawn on the spot with rules at known places: the graphics walk must find exactly those.

const corpus = path.resolve(import.meta.dirname, "../../../../shared/corpus/tables");
const W = 612;
const H = 792;

async function build(draw: (page: PDFPage, doc: PDFDocument) => void | Promise<void>) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([W, H]);
  await draw(page, doc);
  return doc.save();
}

async function graphicsOf(
  bytes: Uint8Array,
  opts?: { maxOps?: number },
  pageNumber = 1,
): Promise<PageGraphics> {
  const doc = await openPdf(bytes);
  try {
    return await pageGraphics(await doc.getPage(pageNumber), opts);
  } finally {
    await doc.destroy();
  }
}

/** Positions in PDF space, bottom-left origin: the 3x3 grid every layout test draws. */
const xs = [100, 200, 300, 400];
const ys = [700, 650, 600, 550];

function drawGrid(page: PDFPage, thickness = 1) {
  for (const y of ys) page.drawLine({ start: { x: 100, y }, end: { x: 400, y }, thickness });
  for (const x of xs) page.drawLine({ start: { x, y: 550 }, end: { x, y: 700 }, thickness });
}

/** The segments rounded, so exact expectations do not trip on float32 noise. */
const r2 = (s: Segment) => ({
  x0: Math.round(s.x0 * 100) / 100,
  y0: Math.round(s.y0 * 100) / 100,
  x1: Math.round(s.x1 * 100) / 100,
  y1: Math.round(s.y1 * 100) / 100,
  width: Math.round(s.width * 100) / 100,
});

/** The grid's rules in top-left coordinates, after a map from PDF space and a width. */
function expectedGrid(map: (x: number, y: number) => [number, number], width: number) {
  const horizontals = ys
    .map((y) => {
      const [x0, ty] = map(100, y);
      const [x1] = map(400, y);
      return { x0, y0: ty, x1, y1: ty, width };
    })
    .sort((a, b) => a.y0 - b.y0);
  const verticals = xs.map((x) => {
    const [tx, y0] = map(x, 700);
    const [, y1] = map(x, 550);
    return { x0: tx, y0, x1: tx, y1, width };
  });
  return { horizontals, verticals };
}

const topLeft = (x: number, y: number): [number, number] => [x, H - y];

describe("pageGraphics: ruled grids", () => {
  it("finds every rule of a 3x3 grid drawn with strokes, at its exact place", async () => {
    const g = await graphicsOf(await build((page) => drawGrid(page)));
    expect(g.truncated).toBe(false);
    expect(g.rects).toEqual([]);
    expect(g.horizontals.map(r2)).toEqual(expectedGrid(topLeft, 1).horizontals);
    expect(g.verticals.map(r2)).toEqual(expectedGrid(topLeft, 1).verticals);
    // Horizontal ones run left to right, vertical ones top to bottom.
    for (const s of g.horizontals) expect(s.y0 === s.y1 && s.x0 < s.x1).toBe(true);
    for (const s of g.verticals) expect(s.x0 === s.x1 && s.y0 < s.y1).toBe(true);
  });

  it("joins the shared sides of cells drawn as stroked rectangles into one rule each", async () => {
    const bytes = await build((page) => {
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 3; j++) {
          // drawRectangle draws m/l/h paths; the raw `re` operator is covered as well.
          if ((i + j) % 2 === 0) {
            page.drawRectangle({
              x: xs[j] as number,
              y: ys[i + 1] as number,
              width: 100,
              height: 50,
              borderWidth: 1,
              borderColor: rgb(0, 0, 0),
            });
          } else {
            page.pushOperators(
              pushGraphicsState(),
              setLineWidth(1),
              rectangle(xs[j] as number, ys[i + 1] as number, 100, 50),
              stroke(),
              popGraphicsState(),
            );
          }
        }
      }
    });
    const g = await graphicsOf(bytes);
    expect(g.horizontals.map(r2)).toEqual(expectedGrid(topLeft, 1).horizontals);
    expect(g.verticals.map(r2)).toEqual(expectedGrid(topLeft, 1).verticals);
  });

  it("reads rules drawn as thin filled rectangles as segments through their middle", async () => {
    const bytes = await build((page) => {
      for (const y of ys)
        page.drawRectangle({ x: 100, y: y - 0.25, width: 300, height: 0.5, color: rgb(0, 0, 0) });
      for (const x of xs)
        page.drawRectangle({ x: x - 1, y: 550, width: 2, height: 150, color: rgb(0, 0, 0) });
    });
    const g = await graphicsOf(bytes);
    expect(g.rects).toEqual([]);
    expect(g.horizontals.map(r2)).toEqual(expectedGrid(topLeft, 0.5).horizontals);
    expect(g.verticals.map(r2)).toEqual(expectedGrid(topLeft, 2).verticals);
  });

  it("applies a transformation pushed around the drawing (translate + scale)", async () => {
    const bytes = await build((page) => {
      page.pushOperators(pushGraphicsState(), concatTransformationMatrix(0.5, 0, 0, 0.5, 30, 40));
      drawGrid(page, 2);
      page.pushOperators(popGraphicsState());
    });
    const g = await graphicsOf(bytes);
    const map = (x: number, y: number): [number, number] => [0.5 * x + 30, H - (0.5 * y + 40)];
    // A 2pt pen at half scale is 1pt on the page.
    expect(g.horizontals.map(r2)).toEqual(expectedGrid(map, 1).horizontals);
    expect(g.verticals.map(r2)).toEqual(expectedGrid(map, 1).verticals);
  });

  it("applies a form XObject's matrix (an embedded page drawn scaled and moved)", async () => {
    const bytes = await build(async (page, doc) => {
      const src = await PDFDocument.create();
      drawGrid(src.addPage([W, H]));
      const [form] = await doc.embedPdf(await src.save());
      if (!form) throw new Error("embedPdf gave nothing");
      page.drawPage(form, { x: 20, y: 10, xScale: 0.5, yScale: 0.5 });
    });
    const g = await graphicsOf(bytes);
    const map = (x: number, y: number): [number, number] => [0.5 * x + 20, H - (0.5 * y + 10)];
    expect(g.horizontals.map(r2)).toEqual(expectedGrid(map, 0.5).horizontals);
    expect(g.verticals.map(r2)).toEqual(expectedGrid(map, 0.5).verticals);
  });

  it("gives a /Rotate 90 page's rules in the displayed (landscape) frame", async () => {
    const bytes = await build((page) => {
      page.setRotation(degrees(90));
      drawGrid(page);
    });
    const doc = await openPdf(bytes);
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: 1 });
    expect([viewport.width, viewport.height]).toEqual([H, W]);
    const g = await pageGraphics(page);
    await doc.destroy();
    // Turned a quarter clockwise: the PDF's bottom-left corner is now the top-left, so the
    // PDF's y is the displayed x, and its x the displayed y. Horizontal rules become vertical.
    expect(g.verticals.map(r2)).toEqual(
      ys.map((y) => ({ x0: y, y0: 100, x1: y, y1: 400, width: 1 })).sort((a, b) => a.x0 - b.x0),
    );
    expect(g.horizontals.map(r2)).toEqual(xs.map((x) => ({ x0: 550, y0: x, x1: 700, y1: x, width: 1 })));
  });

  it("measures from the crop box's corner and drops what the crop box hides", async () => {
    const bytes = await build((page) => {
      page.setCropBox(50, 40, 400, 700);
      drawGrid(page);
      // Outside the crop box: not on the displayed page.
      page.drawLine({ start: { x: 460, y: 300 }, end: { x: 600, y: 300 }, thickness: 1 });
    });
    const g = await graphicsOf(bytes);
    const map = (x: number, y: number): [number, number] => [x - 50, 740 - y];
    expect(g.horizontals.map(r2)).toEqual(expectedGrid(map, 1).horizontals);
    expect(g.verticals.map(r2)).toEqual(expectedGrid(map, 1).verticals);
  });
});

describe("pageGraphics: fills, clipping and noise", () => {
  it("keeps zebra-shaded rows as rectangles with their colour, and skips white ones", async () => {
    const bytes = await build((page) => {
      // A white page-sized background, as many generators paint first.
      page.drawRectangle({ x: 0, y: 0, width: W, height: H, color: rgb(1, 1, 1) });
      for (let i = 0; i < 4; i++) {
        const y = 600 - i * 20;
        const color = i % 2 === 0 ? rgb(1, 0.8, 0.6) : rgb(1, 1, 1);
        // Each row painted cell by cell, as spreadsheets export them.
        for (let j = 0; j < 3; j++)
          page.drawRectangle({ x: 100 + j * 100, y, width: 100, height: 20, color });
      }
    });
    const g = await graphicsOf(bytes);
    expect(g.horizontals).toEqual([]);
    expect(g.verticals).toEqual([]);
    expect(g.rects).toEqual([
      { x0: 100, y0: H - 620, x1: 400, y1: H - 600, fill: "#ffcc99" },
      { x0: 100, y0: H - 580, x1: 400, y1: H - 560, fill: "#ffcc99" },
    ]);
  });

  it("reads annotation appearances (a bordered form field) in page coordinates", async () => {
    const bytes = await build((page, doc) => {
      const field = doc.getForm().createTextField("name");
      field.addToPage(page, {
        x: 100,
        y: 500,
        width: 200,
        height: 40,
        borderWidth: 2,
        borderColor: rgb(0, 0, 0),
        backgroundColor: rgb(1, 0.8, 0.6),
      });
    });
    const g = await graphicsOf(bytes);
    expect(g.rects).toEqual([{ x0: 100, y0: H - 540, x1: 300, y1: H - 500, fill: "#ffcc99" }]);
    expect(g.horizontals.map(r2)).toEqual([
      { x0: 100, y0: H - 540, x1: 300, y1: H - 540, width: 2 },
      { x0: 100, y0: H - 500, x1: 300, y1: H - 500, width: 2 },
    ]);
    expect(g.verticals.map(r2)).toEqual([
      { x0: 100, y0: H - 540, x1: 100, y1: H - 500, width: 2 },
      { x0: 300, y0: H - 540, x1: 300, y1: H - 500, width: 2 },
    ]);
  });

  it("follows line width and opacity set through an ExtGState", async () => {
    const bytes = await build((page, doc) => {
      page.node.setExtGState(PDFName.of("Wide"), doc.context.obj({ Type: "ExtGState", LW: 3 }));
      page.node.setExtGState(PDFName.of("Clear"), doc.context.obj({ Type: "ExtGState", ca: 0 }));
      page.pushOperators(
        pushGraphicsState(),
        setGraphicsState("Wide"),
        moveTo(100, 500),
        lineTo(300, 500),
        stroke(),
        // Fully transparent: paints nothing.
        setGraphicsState("Clear"),
        setFillingRgbColor(0.2, 0.2, 0.2),
        rectangle(100, 300, 200, 50),
        fill(),
        popGraphicsState(),
      );
    });
    const g = await graphicsOf(bytes);
    expect(g.rects).toEqual([]);
    expect(g.verticals).toEqual([]);
    expect(g.horizontals.map(r2)).toEqual([{ x0: 100, y0: H - 500, x1: 300, y1: H - 500, width: 3 }]);
  });

  it("reads an even-odd filled frame (`re re f*`) as its four sides", async () => {
    const bytes = await build((page) => {
      page.pushOperators(
        pushGraphicsState(),
        setFillingRgbColor(0, 0, 0),
        rectangle(100, 500, 300, 200),
        rectangle(101, 501, 298, 198),
        PDFOperator.of(PDFOperatorNames.FillEvenOdd),
        popGraphicsState(),
      );
    });
    const g = await graphicsOf(bytes);
    expect(g.rects).toEqual([]);
    expect(g.horizontals.map(r2)).toEqual([
      { x0: 100, y0: H - 699.5, x1: 400, y1: H - 699.5, width: 1 },
      { x0: 100, y0: H - 500.5, x1: 400, y1: H - 500.5, width: 1 },
    ]);
    expect(g.verticals.map(r2)).toEqual([
      { x0: 100.5, y0: H - 699, x1: 100.5, y1: H - 501, width: 1 },
      { x0: 399.5, y0: H - 699, x1: 399.5, y1: H - 501, width: 1 },
    ]);
  });

  it("does not report a clipping path, and cuts what is drawn to the clip", async () => {
    const bytes = await build((page) => {
      page.pushOperators(
        pushGraphicsState(),
        rectangle(50, 50, 200, 200),
        clip(),
        endPath(),
        // Runs past the clip on both sides.
        moveTo(0, 100),
        lineTo(500, 100),
        stroke(),
        // Wholly outside the clip: invisible.
        moveTo(300, 400),
        lineTo(500, 400),
        stroke(),
        popGraphicsState(),
      );
      // After Q the clip is gone again.
      page.drawLine({ start: { x: 300, y: 500 }, end: { x: 500, y: 500 }, thickness: 1 });
    });
    const g = await graphicsOf(bytes);
    expect(g.verticals).toEqual([]);
    expect(g.rects).toEqual([]);
    expect(g.horizontals.map(r2)).toEqual([
      { x0: 300, y0: H - 500, x1: 500, y1: H - 500, width: 1 },
      { x0: 50, y0: H - 100, x1: 250, y1: H - 100, width: 1 },
    ]);
  });

  it("ignores curves, slanted lines and unpainted paths; tolerates a slight slant", async () => {
    const bytes = await build((page) => {
      page.drawCircle({ x: 300, y: 400, size: 50, borderWidth: 1, borderColor: rgb(0, 0, 0) });
      page.drawEllipse({ x: 300, y: 200, xScale: 80, yScale: 20, color: rgb(0.2, 0.4, 0.6) });
      page.drawLine({ start: { x: 100, y: 100 }, end: { x: 200, y: 150 }, thickness: 1 });
      page.pushOperators(moveTo(100, 600), lineTo(400, 600), endPath());
      // 0.5pt of slant over 200pt: a rule drawn a little crooked.
      page.drawLine({ start: { x: 100, y: 700 }, end: { x: 300, y: 700.5 }, thickness: 1 });
      // A filled triangle is no rectangle.
      page.pushOperators(moveTo(400, 100), lineTo(500, 100), lineTo(450, 150), fill());
    });
    const g = await graphicsOf(bytes);
    expect(g.verticals).toEqual([]);
    expect(g.rects).toEqual([]);
    expect(g.horizontals.map(r2)).toEqual([{ x0: 100, y0: H - 700.25, x1: 300, y1: H - 700.25, width: 1 }]);
  });

  it("keeps a filled box with rounded corners as a shaded rectangle, drawing no rules", async () => {
    // A 200 x 300 box, corners rounded 12pt (each a Bezier curve), tinted.
    const [x0, y0, x1, y1, r, k] = [100, 300, 300, 600, 12, 12 * 0.5523];
    const bytes = await build((page) => {
      page.pushOperators(
        setFillingRgbColor(0.9, 0.93, 0.96),
        moveTo(x0 + r, y0),
        lineTo(x1 - r, y0),
        appendBezierCurve(x1 - r + k, y0, x1, y0 + r - k, x1, y0 + r),
        lineTo(x1, y1 - r),
        appendBezierCurve(x1, y1 - r + k, x1 - r + k, y1, x1 - r, y1),
        lineTo(x0 + r, y1),
        appendBezierCurve(x0 + r - k, y1, x0, y1 - r + k, x0, y1 - r),
        lineTo(x0, y0 + r),
        appendBezierCurve(x0, y0 + r - k, x0 + r - k, y0, x0 + r, y0),
        closePath(),
        fill(),
      );
    });
    const g = await graphicsOf(bytes);
    expect(g.horizontals).toEqual([]);
    expect(g.verticals).toEqual([]);
    expect(g.rects).toEqual([{ x0: 100, y0: H - 600, x1: 300, y1: H - 300, fill: "#e6edf5" }]);
  });

  it("merges collinear pieces that overlap or nearly touch, and keeps apart ones that do not", async () => {
    const bytes = await build((page) => {
      page.drawLine({ start: { x: 100, y: 500 }, end: { x: 200, y: 500 }, thickness: 1 });
      page.drawLine({ start: { x: 150, y: 500 }, end: { x: 250, y: 500 }, thickness: 1 });
      page.drawLine({ start: { x: 250.5, y: 500.3 }, end: { x: 300, y: 500.3 }, thickness: 1 });
      page.drawLine({ start: { x: 320, y: 500 }, end: { x: 400, y: 500 }, thickness: 1 });
    });
    const g = await graphicsOf(bytes);
    expect(g.horizontals).toHaveLength(2);
    const [a, b] = g.horizontals.map(r2);
    expect(a).toMatchObject({ x0: 100, x1: 300 });
    expect(a?.y0).toBeCloseTo(H - 500, 0);
    expect(b).toEqual({ x0: 320, y0: H - 500, x1: 400, y1: H - 500, width: 1 });
  });

  it("stops at the operator budget and says so", async () => {
    const bytes = await build((page) => {
      for (let i = 0; i < 200; i++)
        page.drawLine({ start: { x: 50, y: 50 + i * 3.5 }, end: { x: 550, y: 50 + i * 3.5 } });
    });
    const full = await graphicsOf(bytes);
    expect(full.truncated).toBe(false);
    expect(full.horizontals).toHaveLength(200);
    const cut = await graphicsOf(bytes, { maxOps: 100 });
    expect(cut.truncated).toBe(true);
    expect(cut.horizontals.length).toBeGreaterThan(0);
    expect(cut.horizontals.length).toBeLessThan(200);
  });
});

describe("pageGraphics: corpus PDFs", () => {
  it("finds the ruled tables of spanning_cells.pdf", async () => {
    const g = await graphicsOf(readFileSync(path.join(corpus, "spanning_cells.pdf")));
    // Two tables: 22 + 5 row rules, 3 + 7 column rules split by the spanning header rows.
    expect(g.horizontals.length).toBeGreaterThanOrEqual(25);
    expect(g.verticals.length).toBeGreaterThanOrEqual(20);
    const full = g.horizontals.filter((s) => s.x1 - s.x0 > 300);
    expect(full.length).toBeGreaterThanOrEqual(25);
    // The first table's frame: rules from x≈120 to x≈475, the top one at y≈146.
    expect(Math.min(...g.horizontals.map((s) => s.x0))).toBeCloseTo(119.6, 0);
    expect(Math.max(...g.horizontals.map((s) => s.x1))).toBeCloseTo(475.3, 0);
    expect(Math.min(...g.horizontals.map((s) => s.y0))).toBeCloseTo(146.5, 0);
    expect(g.truncated).toBe(false);
  });

  it("finds the ruled tables of twotables_2.pdf", async () => {
    const g = await graphicsOf(readFileSync(path.join(corpus, "twotables_2.pdf")));
    expect(g.horizontals.length).toBeGreaterThanOrEqual(28);
    expect(g.verticals.length).toBeGreaterThanOrEqual(16);
    // Two tables one above the other, each with 9 column rules from x≈82 to x≈531.
    const cols = [...new Set(g.verticals.map((s) => Math.round(s.x0)))].sort((a, b) => a - b);
    expect(cols).toEqual([82, 179, 229, 279, 330, 380, 430, 481, 531]);
    for (const s of g.horizontals) {
      expect(s.x0).toBeGreaterThan(80);
      expect(s.x1).toBeLessThan(533);
    }
  });

  it("gives a rotated corpus page (schools.pdf, /Rotate 90) in landscape coordinates", async () => {
    const g = await graphicsOf(readFileSync(path.join(corpus, "schools.pdf")));
    expect(g.horizontals.length).toBeGreaterThanOrEqual(40);
    expect(g.verticals.length).toBeGreaterThanOrEqual(10);
    // Rows run across the landscape page, wider than the portrait page is.
    expect(Math.max(...g.horizontals.map((s) => s.x1 - s.x0))).toBeGreaterThan(700);
    for (const s of g.verticals) expect(s.y1).toBeLessThanOrEqual(612);
  });

  it("finds the shaded TOTAL rows of frx_2012_disclosure.pdf", async () => {
    const g = await graphicsOf(readFileSync(path.join(corpus, "frx_2012_disclosure.pdf")));
    const grey = g.rects.filter((r) => r.fill === "#bfbfbf");
    expect(grey.length).toBeGreaterThanOrEqual(40);
    // Full-width bands, each about one text line tall.
    for (const r of grey) {
      expect(r.x0).toBeCloseTo(50.6, 0);
      expect(r.x1).toBeCloseTo(550.9, 0);
      expect(r.y1 - r.y0).toBeLessThan(20);
    }
  });
});
