import {
  fill,
  lineTo,
  moveTo,
  PDFDocument,
  type PDFOperator,
  rectangle,
  rgb,
  StandardFonts,
  setFillingRgbColor,
  stroke,
} from "pdf-lib";
import { pngBytes as pngImage } from "./images.ts";

// PDFs made on the spot with known content, so tests know exactly what extraction must find.

export async function textPdf(pages: string[][], opts: { size?: number } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const size = opts.size ?? 12;
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, i) => {
      page.drawText(line, { x: 72, y: 720 - i * size * 1.4, size, font, color: rgb(0, 0, 0) });
    });
  }
  return doc.save();
}

/** A heading, a paragraph and an aligned table with a header row: what the plain extractor must rebuild. */
export async function reportPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  page.drawText("Quarterly Report", { x: 72, y: 720, size: 24, font: bold });
  page.drawText("Revenue grew in every region this quarter.", { x: 72, y: 680, size: 11, font });
  const rows = [
    ["Region", "Revenue", "Growth"],
    ["North", "1,200", "4%"],
    ["South", "950", "7%"],
    ["West, Coast", "2,310", "12%"],
  ];
  rows.forEach((r, i) => {
    r.forEach((cellText, j) => {
      page.drawText(cellText, { x: 72 + j * 150, y: 630 - i * 18, size: 11, font: i === 0 ? bold : font });
    });
  });
  page.drawText("Figures in thousands of dollars.", { x: 72, y: 540, size: 11, font });
  return doc.save();
}

export async function blankPdf(pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]);
  return doc.save();
}

/** A long document: `pages` pages of numbered paragraphs. */
export async function longPdf(pages: number): Promise<Uint8Array> {
  return textPdf(
    Array.from({ length: pages }, (_, p) =>
      Array.from(
        { length: 30 },
        (_, l) => `Page ${p + 1} line ${l + 1}: the quick brown fox jumps over the lazy dog.`,
      ),
    ),
    { size: 10 },
  );
}

/** The first bytes of a real PNG file, padded: a non-PDF that a careless client might rename. */
export function pngBytes(): Uint8Array {
  return new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(200).fill(0)]);
}

/** Three pages of an annual report, one fact or two on each (retrieval and search tests). */
export function annualReportPdf(): Promise<Uint8Array> {
  return textPdf([
    [
      "Annual Report 2025",
      "",
      "The company Quire Industries was founded in Lisbon.",
      "Its headquarters moved to Porto in 2019.",
    ],
    [
      "Financial results",
      "",
      "Total revenue reached 4,500,000 euros in fiscal year 2025.",
      "Net payment terms are thirty days for every invoice.",
    ],
    [
      "Risks",
      "",
      "Terms for the payment of the net amount may change.",
      "Our auditors are Moreau and Partners.",
    ],
  ]);
}

/**
 * `pages` pages reading "Page n text"; page `heavy` also carries `strokes` tiny strokes (and a
 * second column, "Total 12", which makes it a table candidate whose drawing is read): a page
 * over the drawing budgets without a huge file.
 */
/**
 * `pages` pages of one line of text; page `heavy` also carries `strokes` tiny strokes (many drawing
 * operations) and `fills` rectangles filled over the whole page one upon another (few operations,
 * each painting every pixel: drawing time grows with the image's size).
 */
export async function heavyPdf(opts: {
  pages: number;
  heavy: number;
  strokes: number;
  fills?: number;
}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= opts.pages; n++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Page ${n} text`, { x: 72, y: 700, size: 12, font });
    if (n === opts.heavy) {
      page.drawText("Total 12", { x: 400, y: 700, size: 12, font });
      const ops: PDFOperator[] = [];
      for (let i = 0; i < opts.strokes; i++) {
        const x = 50 + (i % 500);
        const y = 100 + (Math.floor(i / 500) % 550);
        ops.push(moveTo(x, y), lineTo(x + 0.5, y + 3), stroke());
      }
      for (let i = 0; i < (opts.fills ?? 0); i++)
        ops.push(setFillingRgbColor((i % 7) / 7, 0.5, 0.5), rectangle(i % 10, i % 13, 600, 780), fill());
      // In chunks: spreading 60,000 arguments into one call overflows the stack.
      for (let i = 0; i < ops.length; i += 5000) page.pushOperators(...ops.slice(i, i + 5000));
    }
  }
  return doc.save();
}

/** A page of prose with a picture, a small icon, and a picture with words set over it. */
export async function picturePdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  const text = (s: string, x: number, yTop: number) => page.drawText(s, { x, y: 792 - yTop, size: 10, font });
  const red = await doc.embedPng(await pngImage(40, 20, { r: 200, g: 30, b: 30 }));
  text("A picture of the plant follows.", 72, 150);
  page.drawImage(red, { x: 100, y: 792 - 300, width: 200, height: 100 });
  text("Figure 1. The plant in spring.", 100, 320);
  page.drawImage(red, { x: 72, y: 792 - 400, width: 8, height: 8 });
  page.drawImage(red, { x: 300, y: 792 - 600, width: 200, height: 100 });
  text("Words set over the second picture", 310, 560);
  return doc.save();
}
