import { PDFDocument, type PDFFont, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { readsAsProse } from "../src/core/extraction/layout/prose-evidence.ts";
import { layoutExtractor } from "../src/core/extraction/layout-extractor.ts";

// Two justified columns of prose whose paragraph gaps line up across the page, with a gutter
// narrower than the gap that parts segments (0.8 em): the page must be read down the left column,
// then down the right, and no table may come out of it.

const WORDS =
  "the reader follows each sentence down its column before turning to the next one and expects the words to stay in the order the writer set them while the printer spaced them out to fill every line from edge to edge".split(
    " ",
  );
const NAMES = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel"];

/** Justified lines of `width` points, each paragraph opening with its name. */
function paragraphLines(name: string, font: PDFFont, size: number, width: number, seed: number): string[][] {
  const words = [
    name,
    ...Array.from({ length: 48 }, (_, k) => WORDS[(k * 7 + seed) % WORDS.length] as string),
  ];
  const lines: string[][] = [];
  let cur: string[] = [];
  for (const w of words) {
    const next = [...cur, w];
    if (cur.length && font.widthOfTextAtSize(next.join(" "), size) > width) {
      lines.push(cur);
      cur = [w];
    } else cur = next;
  }
  lines.push(cur);
  return lines;
}

async function twoColumnPage(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const size = 10;
  const width = 246;
  const columns = [50, 50 + width + 8];
  let k = 0;
  for (const x of columns) {
    let y = 780;
    for (let p = 0; p < 4; p++) {
      const lines = paragraphLines(NAMES[k] as string, font, size, width, k);
      k++;
      lines.forEach((words, i) => {
        const last = i === lines.length - 1;
        const inked = words.reduce((n, w) => n + font.widthOfTextAtSize(w, size), 0);
        const gap =
          last || words.length < 2 ? font.widthOfTextAtSize(" ", size) : (width - inked) / (words.length - 1);
        let at = x;
        for (const w of words) {
          page.drawText(w, { x: at, y, size, font });
          at += font.widthOfTextAtSize(w, size) + gap;
        }
        y -= 12;
      });
      y -= 12;
    }
  }
  return doc.save();
}

describe("prose in columns", () => {
  it("reads justified columns with aligned paragraph gaps column by column, with no table", async () => {
    const session = await layoutExtractor.open(await twoColumnPage(), {
      strategy: "auto",
      capabilities: ["tables"],
    });
    const page = await session.extractPage(1);
    await session.close();
    expect(page.tables).toHaveLength(0);
    const starts = NAMES.map((n) => page.markdown.indexOf(n));
    expect(starts.every((s) => s >= 0)).toBe(true);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
  });

  it("tells prose cut at a gutter from a table", () => {
    const prose = [
      ["the reader follows each sentence", "down its column before turning to"],
      ["the next one and expects the", "words to stay in the order the"],
      ["writer set them while the printer", "spaced them out to fill every"],
    ];
    expect(readsAsProse(prose)).toBe(true);
    const table = [
      ["Item", "Status", "Amount"],
      ["Current department expenses", "open", "26,759"],
      ["General fund balance", "low", "24,337"],
    ];
    expect(readsAsProse(table)).toBe(false);
  });
});
