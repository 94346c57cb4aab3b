import { newDoc, ruledTable, text } from "../../test/support/layout-pdfs.ts";

// The long generated report of `npm run bench:extract`, shared with the extraction output check
// (bench/extraction-hashes.ts) so both read the same pages.

const WORDS =
  "the quarterly figures show revenue growth across every region while costs held steady and the board approved a new budget for operations logistics research and staff training in the coming year".split(
    " ",
  );

/** A report of `pages` pages: a heading, paragraphs, and a ruled 4-column table every `tableEvery` pages. */
export async function reportDoc(pages: number, tableEvery: number): Promise<Uint8Array> {
  const { doc, font, bold } = await newDoc();
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const sentence = () =>
    Array.from({ length: 11 + Math.floor(rand() * 3) }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(
      " ",
    );
  const paragraph = (page: ReturnType<typeof doc.addPage>, from: number, to: number) => {
    for (let y = from; y <= to; y += 14) text(page, font, sentence(), 72, y, 10);
  };
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([612, 792]);
    text(page, bold, `Section ${p}: operations review`, 72, 60, 14);
    if (p % tableEvery === 0) {
      paragraph(page, 100, 300);
      const rows = [
        ["Region", "Revenue", "Costs", "Growth"],
        ...Array.from({ length: 9 }, (_, r) => [
          `Region ${p}-${r + 1}`,
          `${(1000 + ((p * 37 + r * 101) % 9000)).toLocaleString("en-US")}`,
          `${(500 + ((p * 53 + r * 71) % 4000)).toLocaleString("en-US")}`,
          `${(p + r) % 17}%`,
        ]),
      ];
      const bottom = ruledTable(page, font, rows, [72, 220, 340, 460, 540], 330);
      paragraph(page, bottom + 30, 720);
    } else {
      paragraph(page, 100, 720);
    }
    text(page, font, `Page ${p} of ${pages}`, 280, 760, 8);
  }
  return doc.save();
}
