import { degrees, PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { tableToHtml } from "../../../src/core/exports/table-formats.ts";
import type { ExtractedPage } from "../../../src/core/extraction/extractor.ts";
import { layoutExtractor } from "../../../src/core/extraction/layout-extractor.ts";
import { textRows } from "../../../src/core/extraction/table-model.ts";
import {
  continuingTablePdf,
  hline,
  letterPage,
  newDoc,
  rotatedText,
  ruledTable,
  text,
  textLines,
  textRight,
  unruledTable,
  vline,
} from "../../support/layout-pdfs.ts";

async function extract(bytes: Uint8Array, strategy = "text"): Promise<ExtractedPage[]> {
  const s = await layoutExtractor.open(bytes, { strategy, capabilities: ["tables"] });
  try {
    const pages: ExtractedPage[] = [];
    for (let n = 1; n <= s.pageCount; n++) pages.push(await s.extractPage(n));
    return pages;
  } finally {
    await s.close();
  }
}

describe("ruled tables", () => {
  it("rebuilds a ruled grid exactly, in place in the page's markdown, its text not repeated as paragraphs", async () => {
    const { doc, font, page } = await letterPage();
    text(page, font, "Before the table.", 72, 80);
    ruledTable(
      page,
      font,
      [
        ["Name", "Qty", "Price"],
        ["Apple", "3", "1.20"],
        ["Pear", "10", "0.80"],
      ],
      [72, 200, 300, 400],
      100,
    );
    text(page, font, "After the table.", 72, 200);
    const [p] = await extract(await doc.save());
    expect(p?.tables).toHaveLength(1);
    expect(textRows(p!.tables[0]!.grid)).toEqual([
      ["Name", "Qty", "Price"],
      ["Apple", "3", "1.20"],
      ["Pear", "10", "0.80"],
    ]);
    const [x0, y0, x1, y1] = p!.tables[0]!.bbox;
    expect([x0, y0, x1, y1].map(Math.round)).toEqual([72, 100, 400, 160]);
    expect(p?.markdown).toBe(
      "Before the table.\n\n| Name | Qty | Price |\n| --- | --- | --- |\n| Apple | 3 | 1.20 |\n| Pear | 10 | 0.80 |\n\nAfter the table.",
    );
  });

  it("keeps cells spanning columns and cells whose text wraps over two lines", async () => {
    const { doc, font, page } = await letterPage();
    ruledTable(
      page,
      font,
      [
        ["Region", "Sales", null],
        ["", "2023", "2024"],
        ["North\nand East", "10", "12"],
      ],
      [72, 200, 300, 400],
      100,
    );
    const [p] = await extract(await doc.save());
    const grid = p!.tables[0]!.grid;
    expect(grid[0]?.[1]).toMatchObject({ text: "Sales", colSpan: 2 });
    expect(grid[0]?.[2]).toBeNull();
    expect(grid[2]?.[0]?.text).toBe("North\nand East");
    expect(textRows(grid)).toEqual([
      ["Region", "Sales", ""],
      ["", "2023", "2024"],
      ["North\nand East", "10", "12"],
    ]);
    expect(tableToHtml(grid)).toContain('<th colspan="2">Sales</th>');
  });
  it("parts a group header from its columns' headers when no rule runs between them", async () => {
    const { doc, font, page } = await letterPage();
    const xs = [72, 160, 220, 280, 340, 400];
    // Header band 100-130: the group label centred over three columns on the first line, their
    // own headers on the second; the column rules under the group start at the body (130).
    hline(page, 72, 400, 100);
    hline(page, 72, 400, 130);
    hline(page, 72, 400, 150);
    hline(page, 72, 400, 170);
    for (const x of [72, 160, 340, 400]) vline(page, x, 100, 170);
    for (const x of [220, 280]) vline(page, x, 130, 170);
    text(page, font, "Pre-Pawn", 250 - font.widthOfTextAtSize("Pre-Pawn", 10) / 2, 112);
    text(page, font, "State", 76, 125);
    for (const [i, h] of ["Handgun", "Long Gun", "Other"].entries())
      text(page, font, h, (xs[i + 1] as number) + 4, 125);
    text(page, font, "Total", 344, 125);
    for (const [r, row] of [
      ["Alabama", "14", "15", "0", "29"],
      ["Alaska", "9", "3", "1", "13"],
    ].entries())
      for (const [i, v] of row.entries()) text(page, font, v, (xs[i] as number) + 4, 145 + r * 14);
    const [p] = await extract(await doc.save());
    const grid = p!.tables[0]!.grid;
    expect(grid[0]?.[0]).toMatchObject({ text: "State", rowSpan: 2 });
    expect(grid[0]?.[1]).toMatchObject({ text: "Pre-Pawn", colSpan: 3, rowSpan: 1 });
    expect(textRows(grid)).toEqual([
      ["State", "Pre-Pawn", "", "", "Total"],
      ["", "Handgun", "Long Gun", "Other", ""],
      ["Alabama", "14", "15", "0", "29"],
      ["Alaska", "9", "3", "1", "13"],
    ]);
  });

  it("keeps a header that wraps over columns it covers as one cell", async () => {
    // "Persons employed / in the sector": its last line runs across the column line below it.
    const { doc, font, page } = await letterPage();
    hline(page, 72, 340, 100);
    hline(page, 72, 340, 130);
    hline(page, 72, 340, 150);
    hline(page, 72, 340, 170);
    for (const x of [72, 160, 340]) vline(page, x, 100, 170);
    vline(page, 250, 130, 170);
    text(page, font, "Region", 76, 125);
    text(page, font, "Persons employed in the", 180, 112);
    text(page, font, "manufacturing sector", 200, 125);
    for (const [r, row] of [
      ["North", "1,200", "300"],
      ["South", "900", "250"],
    ].entries())
      for (const [i, v] of row.entries()) text(page, font, v, [76, 164, 254][i] as number, 145 + r * 14);
    const [p] = await extract(await doc.save());
    expect(textRows(p!.tables[0]!.grid)).toEqual([
      ["Region", "Persons employed in the\nmanufacturing sector", ""],
      ["North", "1,200", "300"],
      ["South", "900", "250"],
    ]);
  });

  it("keeps a title row whole when the rule under it stops short of the first column", async () => {
    // The rule under the title runs from the second column on (the first column's header cell
    // reaches up to the title): the title's cell and the one under it are no rectangle.
    const { doc, font, page } = await letterPage();
    const xs = [72, 160, 240, 320];
    hline(page, 72, 320, 100);
    hline(page, 160, 320, 125);
    for (const y of [145, 165, 185]) hline(page, 72, 320, y);
    vline(page, 72, 100, 185);
    vline(page, 320, 100, 185);
    for (const x of [160, 240]) vline(page, x, 125, 185);
    text(page, font, "Firearm checks, November", 130, 115);
    text(page, font, "State", 76, 140);
    text(page, font, "Permit", 164, 140);
    text(page, font, "Handgun", 244, 140);
    for (const [r, row] of [
      ["Alabama", "18,870", "23,022"],
      ["Alaska", "209", "3,062"],
    ].entries())
      for (const [i, v] of row.entries()) text(page, font, v, (xs[i] as number) + 4, 160 + r * 20);
    const [p] = await extract(await doc.save());
    const grid = p!.tables[0]!.grid;
    expect(grid[0]?.[0]).toMatchObject({ text: "Firearm checks, November", colSpan: 3 });
    expect(textRows(grid)).toEqual([
      ["Firearm checks, November", "", ""],
      ["State", "Permit", "Handgun"],
      ["Alabama", "18,870", "23,022"],
      ["Alaska", "209", "3,062"],
    ]);
  });

  it("reads the records of a body that rules its columns but not its rows, one line each", async () => {
    const { doc, font, page } = await letterPage();
    const xs = [72, 200, 300, 400];
    const rows = [
      ["Group", "Count", "Share"],
      ["Under 18", "1,530", "12.0"],
      ["18 to 64", "8,253", "71.4"],
      ["65 and over", "1,904", "16.6"],
      ["Total", "11,687", "100.0"],
    ];
    // Rules: above and below the header, at the bottom, and between the columns all the way down.
    hline(page, 72, 400, 100);
    hline(page, 72, 400, 120);
    hline(page, 72, 400, 190);
    for (const x of xs) vline(page, x, 100, 190);
    rows.forEach((r, i) => {
      r.forEach((c, k) => {
        text(page, font, c, (xs[k] as number) + 4, i === 0 ? 114 : 134 + (i - 1) * 14);
      });
    });
    const [p] = await extract(await doc.save());
    expect(p?.tables).toHaveLength(1);
    expect(textRows(p!.tables[0]!.grid)).toEqual(rows);
  });

  it("parts an unruled body into records at the wider gaps, each record's wrapped lines kept in its cells", async () => {
    const { doc, font, page } = await letterPage();
    const xs = [72, 160, 330, 500];
    hline(page, 72, 500, 100);
    hline(page, 72, 500, 120);
    hline(page, 72, 500, 290);
    for (const x of xs) vline(page, x, 100, 290);
    text(page, font, "Source", 76, 114);
    text(page, font, "Definition", 164, 114);
    text(page, font, "Examples", 334, 114);
    // Records 12 pt line pitch inside, 24 pt from one record to the next.
    const records = [
      ["Stationary:", "", ""],
      ["Major", "Emissions of ten tons\nor more a year", "Utilities, steel\nmills, refineries"],
      ["Area", "Emissions of less\nthan ten tons a year", "Dry cleaners,\ngas stations"],
      ["Mobile:", "", ""],
      ["On-road", "Emissions from\nmotor vehicles", "Cars, buses"],
    ];
    let y = 136;
    for (const rec of records) {
      let lines = 1;
      rec.forEach((c, k) => {
        const parts = c.split("\n");
        lines = Math.max(lines, parts.length);
        parts.forEach((line, j) => {
          if (line) text(page, font, line, (xs[k] as number) + 4, y + j * 12);
        });
      });
      y += (lines - 1) * 12 + 24;
    }
    const [p] = await extract(await doc.save());
    expect(p?.tables).toHaveLength(1);
    expect(textRows(p!.tables[0]!.grid)).toEqual([["Source", "Definition", "Examples"], ...records]);
  });

  it("keeps a ruled table whose cells hold bulleted lists and justified text (gaps that are no columns)", async () => {
    const { doc, font, page } = await letterPage();
    const xs = [72, 220, 460];
    hline(page, 72, 460, 100);
    hline(page, 72, 460, 120);
    hline(page, 72, 460, 176);
    hline(page, 72, 460, 232);
    for (const x of xs) vline(page, x, 100, 232);
    text(page, font, "Property", 76, 114);
    text(page, font, "Reasons", 224, 114);
    text(page, font, "Clarity", 76, 134);
    // Bullets stand a wide gap from their text; wrapped lines line up with the text.
    const bullets = ["Not relevant to patients", "Many missing answers", "Unclear to patients"];
    bullets.forEach((b, i) => {
      text(page, font, "•", 224, 134 + i * 14);
      text(page, font, b, 238, 134 + i * 14);
    });
    // Justified text: words spread a wide gap apart, at other places on each line.
    const spread = (words: string[], y: number) => {
      let x = 76;
      for (const w of words) {
        text(page, font, w, x, y);
        x += font.widthOfTextAtSize(w, 10) + 12;
      }
    };
    spread(["Number", "of", "member"], 190);
    spread(["states", "where", "they"], 204);
    text(page, font, "apply", 76, 218);
    text(page, font, "•", 224, 190);
    text(page, font, "Few", 238, 190);
    const [p] = await extract(await doc.save());
    expect(p?.tables).toHaveLength(1);
    expect(textRows(p!.tables[0]!.grid)).toEqual([
      ["Property", "Reasons"],
      ["Clarity", bullets.map((b) => `• ${b}`).join("\n")],
      ["Number of member\nstates where they\napply", "• Few"],
    ]);
  });
});

describe("unruled tables", () => {
  it("finds aligned columns with left, right and decimal-aligned values and a header", async () => {
    const { doc, font, bold, page } = await letterPage();
    text(page, font, "Quarterly figures for the three regions are below.", 72, 80);
    const rows = [
      ["Region", "Units", "Revenue"],
      ["North", "1,204", "12,001.50"],
      ["South", "87", "950.25"],
      ["West Coast", "12", "2,310.00"],
    ];
    rows.forEach((r, i) => {
      const y = 110 + i * 16;
      text(page, i === 0 ? bold : font, r[0] as string, 72, y);
      // Numbers right-aligned at x = 260 and 380.
      for (const [k, right] of [
        [1, 260],
        [2, 380],
      ] as const) {
        const s = r[k] as string;
        text(page, i === 0 ? bold : font, s, right - font.widthOfTextAtSize(s, 10), y);
      }
    });
    const [p] = await extract(await doc.save());
    expect(p?.tables).toHaveLength(1);
    expect(textRows(p!.tables[0]!.grid)).toEqual(rows);
    expect(
      p?.markdown.startsWith(
        "Quarterly figures for the three regions are below.\n\n| Region | Units | Revenue |",
      ),
    ).toBe(true);
  });

  it("reads a zebra-shaded table (filled bands, no rules) from its alignment", async () => {
    const { doc, font, page } = await letterPage();
    const rows = [
      ["Item", "Count", "Status"],
      ["Bolts", "400", "ok"],
      ["Nuts", "380", "low"],
      ["Washers", "95", "ok"],
    ];
    rows.forEach((r, i) => {
      const y = 120 + i * 18;
      if (i % 2 === 1)
        page.drawRectangle({
          x: 70,
          y: 792 - y - 5,
          width: 330,
          height: 16,
          color: { type: "RGB", red: 0.9, green: 0.9, blue: 0.9 } as never,
        });
      r.forEach((c, k) => {
        text(page, font, c, 72 + k * 120, y);
      });
    });
    const [p] = await extract(await doc.save());
    expect(textRows(p!.tables[0]!.grid)).toEqual(rows);
  });
  it("keeps apart header cells that stand a column apart where the rule between them is left out", async () => {
    const { doc, font, page } = await letterPage();
    const rows = [
      ["Item", "Description"],
      ["Tuition", "The cost of a course"],
      ["Room and board", "Lodging and food"],
      ["Books", "Books and supplies"],
      ["Fees", "Activity and parking fees"],
      ["Equipment", "A computer, a printer"],
      ["Travel", "Trips home in the breaks"],
    ];
    const bottom = 100 + rows.length * 20;
    for (let y = 100; y <= bottom; y += 20) hline(page, 72, 400, y);
    vline(page, 72, 100, bottom);
    vline(page, 400, 100, bottom);
    // The column rule starts below the header row (a header set on a filled band, say).
    vline(page, 180, 120, bottom);
    rows.forEach((r, i) => {
      text(page, font, r[0] as string, 76, 114 + i * 20);
      text(page, font, r[1] as string, 184, 114 + i * 20);
    });
    const [p] = await extract(await doc.save());
    expect(p?.tables).toHaveLength(1);
    expect(textRows(p!.tables[0]!.grid)).toEqual(rows);
  });

  it("keeps one table across a section row set apart by wider spacing", async () => {
    const { doc, font, page } = await letterPage();
    const rows = [
      ["Year", "Grade 7", "Grade 8"],
      ["Actual", "", ""],
      ["2009", "3,642", "3,652"],
      ["2010", "3,676", "3,659"],
      ["Projected", "", ""],
      ["2011", "3,713", "3,687"],
      ["2012", "3,775", "3,724"],
    ];
    // 14 pt from row to row; 40 pt above the section row "Projected".
    const ys = [100, 114, 128, 142, 182, 196, 210];
    unruledTable(page, font, rows, ys, [{ left: 72 }, { right: 260 }, { right: 360 }]);
    const [p] = await extract(await doc.save());
    expect(p?.tables).toHaveLength(1);
    expect(textRows(p!.tables[0]!.grid)).toEqual(rows);
  });
  it("keeps one table across section labels set out to the left of its columns", async () => {
    const { doc, font, page, right } = await letterPage();
    const rows = [
      ["Male", "", ""],
      ["0", "39", "5.8"],
      ["250", "30", "5.9"],
      ["Female", "", ""],
      ["0", "23", "5.4"],
      ["250", "34", "5.6"],
    ];
    // The doses right-aligned at x = 130, the labels at x = 60; 40 pt above each label.
    const ys = [100, 140, 154, 194, 234, 248];
    rows.forEach((r, i) => {
      const y = ys[i] as number;
      if (!r[1]) text(page, font, r[0] as string, 60, y);
      else {
        right(r[0] as string, 130, y);
        right(r[1], 230, y);
        right(r[2] as string, 330, y);
      }
    });
    const [p] = await extract(await doc.save());
    const grids = p!.tables.map((t) => textRows(t.grid));
    expect(grids).toContainEqual(rows.slice(1));
  });

  it("keeps one table whose sections repeat the same row labels under section labels in the label column", async () => {
    const { doc, font, page } = await letterPage();
    const rows = [
      ["Net asset value", "5,111,372"],
      ["Units outstanding", "49,136"],
      ["Value per unit", "104.03"],
      ["Class B", ""],
      ["Net asset value", "49,144,825"],
      ["Units outstanding", "471,555"],
      ["Value per unit", "104.22"],
    ];
    // 22 pt from row to row, 33 pt above and below the section label: the run breaks there, and
    // the part after it starts with the first part's first label, with other figures.
    unruledTable(page, font, rows, [100, 122, 144, 177, 210, 232, 254], [{ left: 72 }, { right: 400 }]);
    const [p] = await extract(await doc.save());
    expect(p!.tables.map((t) => textRows(t.grid))).toEqual([rows]);
  });

  it("reads parts whose first lines repeat the row label as two tables when a title over the figures, or nothing but the same header, tells them apart", async () => {
    const columns = [{ left: 72 }, { right: 240 }, { right: 300 }, { right: 360 }];
    const first = [
      ["Proportion", "1.0", "1.1", "1.2"],
      ["0.9", "80", "88", "96"],
      ["0.5", "30", "33", "36"],
    ];
    // Other figures in the repeated line, and a title centred over the figures between the parts
    // (not a section label in the label column).
    const titled = await letterPage();
    const second = [
      ["Proportion", "1.7", "1.8", "1.9"],
      ["0.9", "136", "144", "152"],
      ["0.5", "51", "54", "57"],
    ];
    unruledTable(titled.page, titled.font, first, [100, 114, 128], columns);
    text(titled.page, titled.font, "Design effect", 250, 164);
    unruledTable(titled.page, titled.font, second, [200, 214, 228], columns);
    const [t] = await extract(await titled.doc.save());
    expect(t!.tables.map((x) => textRows(x.grid))).toEqual([first, second]);
    // The same header line again, under a label in the label column: a header, not a row.
    const repeated = await letterPage();
    const again = [first[0] as string[], ["0.1", "80", "88", "96"], ["0.05", "160", "176", "192"]];
    unruledTable(repeated.page, repeated.font, first, [100, 114, 128], columns);
    text(repeated.page, repeated.font, "Continued", 72, 164);
    unruledTable(repeated.page, repeated.font, again, [200, 214, 228], columns);
    const [r] = await extract(await repeated.doc.save());
    expect(r!.tables.map((x) => textRows(x.grid))).toEqual([first, again]);
  });

  it("reads a price list with the currency sign after each amount (8 €) as a table", async () => {
    const { doc, font, page } = await letterPage();
    const rows = [
      ["White wines", "12.5 cl"],
      ["Côtes du Rhône", ""],
      ["Domaine de la Guicharde « Autour de la chapelle » 2016", "8 €"],
      ["Vacqueyras", ""],
      ["Domaine de Montvac « Melodine » 2016", "10 €"],
      ["Côtes de Provence", ""],
      ["Château Grand Boise 2017", "9 €"],
    ];
    const ys = rows.map((_, i) => 100 + i * 16);
    unruledTable(page, font, rows, ys, [{ left: 72 }, { right: 520 }]);
    const [p] = await extract(await doc.save());
    expect(p!.tables.map((t) => textRows(t.grid))).toEqual([rows]);
  });

  it("keeps the second line of a middle cell in its row when rows stand farther apart than its lines", async () => {
    const { doc, font, page } = await letterPage();
    // Rows 16 pt apart, a wrapped date's second line 12 pt under its first: closer than a row,
    // though not by the half that marks a padded table, and not in lower case.
    const lines = [
      ["State", "Date", "Halts", "Days"],
      ["Delhi", "1.12.2009", "8", "17"],
      ["Rajasthan", "2.12.2009 to", "5", "12"],
      ["", "19.12.2009", "", ""],
      ["Gujarat", "20.12.2009 to", "6", "13"],
      ["", "3.1.2010", "", ""],
      ["Total", "", "19", "42"],
    ];
    const columns = [{ left: 72 }, { left: 160 }, { right: 300 }, { right: 360 }];
    unruledTable(page, font, lines, [100, 116, 132, 144, 160, 172, 188], columns);
    const [p] = await extract(await doc.save());
    expect(p!.tables.map((t) => textRows(t.grid))).toEqual([
      [
        ["State", "Date", "Halts", "Days"],
        ["Delhi", "1.12.2009", "8", "17"],
        ["Rajasthan", "2.12.2009 to\n19.12.2009", "5", "12"],
        ["Gujarat", "20.12.2009 to\n3.1.2010", "6", "13"],
        ["Total", "", "19", "42"],
      ],
    ]);
  });

  it("takes dot leaders for no column: a value wider than a leader's end stays in its own column", async () => {
    const { doc, font, page, right } = await letterPage();
    const dot = font.widthOfTextAtSize(".", 10);
    // Leaders end where the typesetter stopped them, some past where a wide value starts.
    const rows: [string, number, string, string][] = [
      ["Total", 235, "1,234,567", "100.0"],
      ["Cars", 268, "5", "0.1"],
      ["Trucks", 262, "12,345", "1.0"],
      ["Buses", 250, "345", "0.3"],
    ];
    right("Count", 300, 100);
    right("Share", 380, 100);
    text(page, font, "Item", 72, 100);
    const expected = [["Item", "Count", "Share"]];
    rows.forEach(([label, end, count, share], i) => {
      const y = 114 + i * 14;
      const from = 72 + font.widthOfTextAtSize(label, 10) + 4;
      const leader = ".".repeat(Math.floor((end - from) / dot));
      text(page, font, label, 72, y);
      text(page, font, leader, from, y);
      right(count, 300, y);
      right(share, 380, y);
      expected.push([`${label} ${leader}`, count, share]);
    });
    const [p] = await extract(await doc.save());
    expect(p?.tables).toHaveLength(1);
    expect(textRows(p!.tables[0]!.grid)).toEqual(expected);
  });

  it("reads a table set under another with its header repeated as a second table, a typed rule as no row", async () => {
    const { doc, font, page, right } = await letterPage();
    const first = [
      ["Rate", "1.0", "1.1", "1.2"],
      ["0.9", "80", "88", "96"],
      ["0.5", "30", "33", "36"],
      ["0.1", "80", "88", "96"],
    ];
    const second = [
      ["Rate", "1.7", "1.8", "1.9"],
      ["0.9", "136", "144", "152"],
      ["0.5", "51", "54", "57"],
      ["0.1", "136", "144", "152"],
    ];
    // The second table's columns stand 7 pt to the left of the first's; each header is underlined
    // with typed dashes.
    const draw = (rows: string[][], top: number, shift: number) => {
      rows.forEach((r, i) => {
        const y = top + (i === 0 ? 0 : 14 + i * 14);
        text(page, font, r[0] as string, 72, y);
        r.slice(1).forEach((c, k) => {
          right(c, 200 + k * 60 - shift, y);
        });
      });
      text(page, font, "-".repeat(60), 72, top + 14);
    };
    draw(first, 100, 0);
    draw(second, 178, 7);
    const [p] = await extract(await doc.save());
    expect(p!.tables.map((t) => textRows(t.grid))).toEqual([first, second]);
  });

  it("reads two columns of words between rules above and below as a table when the left one holds ragged labels", async () => {
    const { doc, font, page } = await letterPage();
    const rows = [
      ["Variable", "Assumption"],
      ["Population", "Consistent with the latest census estimates"],
      ["Young adults", "Grows by a tenth of a percent a year"],
      ["Inflation rate", "Stays between one and two percent"],
      ["Unemployment rate", "Remains close to its long-run average"],
    ];
    hline(page, 72, 540, 90);
    hline(page, 72, 540, 106);
    hline(page, 72, 540, 106 + rows.length * 14);
    rows.forEach((r, i) => {
      const y = 102 + i * 14 + (i > 0 ? 4 : 0);
      text(page, font, r[0] as string, 72, y);
      // The descriptions right-aligned at the rules' end.
      text(page, font, r[1] as string, 540 - font.widthOfTextAtSize(r[1] as string, 10), y);
    });
    const [p] = await extract(await doc.save());
    expect(p?.tables).toHaveLength(1);
    expect(textRows(p!.tables[0]!.grid)).toEqual(rows);
  });

  it("keeps a wrapped cell's second line, set in lower case under the cells it carries on, in its row", async () => {
    const { doc, font, page, right } = await letterPage();
    const lines = [
      ["Item", "Description", "Cost"],
      ["Tuition", "The cost of a course", "1,200"],
      ["Room and", "Lodging and food for", "800"],
      ["board", "the whole year", ""],
      ["Books", "Texts and supplies", "350"],
    ];
    lines.forEach((r, i) => {
      const y = 100 + i * 14;
      text(page, font, r[0] as string, 72, y);
      text(page, font, r[1] as string, 200, y);
      if (r[2]) right(r[2], 420, y);
    });
    const [p] = await extract(await doc.save());
    expect(p?.tables).toHaveLength(1);
    expect(textRows(p!.tables[0]!.grid)).toEqual([
      ["Item", "Description", "Cost"],
      ["Tuition", "The cost of a course", "1,200"],
      ["Room and\nboard", "Lodging and food for\nthe whole year", "800"],
      ["Books", "Texts and supplies", "350"],
    ]);
  });

  it("keeps a cell wrapped over three lines in its row, and a last row whose other cells are empty", async () => {
    const { doc, font, page, right } = await letterPage();
    text(page, font, "The figures below are for the year ended in March, before any revisions.", 72, 80);
    // Rows 18 apart, the wrapped lines of a cell 12 apart.
    const rows: [string[], string, string][] = [
      [["Account"], "Amount", "Share"],
      [["Administrative and general", "expenses of the regional", "office staff"], "1,204", "12.5%"],
      [["Rent"], "870", "3.1%"],
      [["Capital grants received", "during the year"], "95", "0.4%"],
    ];
    let y = 110;
    for (const [label, a, b] of rows) {
      label.forEach((l, k) => {
        text(page, font, l, 72, y + k * 12);
      });
      right(a, 300, y);
      right(b, 380, y);
      y += 18 + (label.length - 1) * 12;
    }
    text(
      page,
      font,
      "The notes that follow explain the main movements and the revised estimates.",
      72,
      y + 20,
    );
    // A table whose last row has its label only.
    const p2 = doc.addPage([612, 792]);
    const plain = [
      ["Item", "Count"],
      ["Bolts", "400"],
      ["Nuts", "380"],
      ["Washers", ""],
    ];
    plain.forEach((r, i) => {
      text(p2, font, r[0] as string, 72, 100 + i * 19);
      if (r[1]) text(p2, font, r[1], 200 - font.widthOfTextAtSize(r[1], 10), 100 + i * 19);
    });
    const [p, q] = await extract(await doc.save());
    expect(p?.tables).toHaveLength(1);
    expect(textRows(p!.tables[0]!.grid)).toEqual(rows.map(([label, a, b]) => [label.join("\n"), a, b]));
    expect(
      p?.markdown.endsWith("The notes that follow explain the main movements and the revised estimates."),
    ).toBe(true);
    expect(textRows(q!.tables[0]!.grid)).toEqual(plain);
  });

  it("keeps a dollar sign set apart at a column's left (accounting style) in its amount's cell", async () => {
    const { doc, font, page, right } = await letterPage();
    const rows = [
      ["Item", "Units", "Price"],
      ["Bolts", "400", "$ 1,250.00"],
      ["Nuts", "380", "$ 95.50"],
      ["Washers", "1,020", ""],
      ["Springs", "75", "$ 12,400.75"],
    ];
    rows.forEach((r, i) => {
      const y = 100 + i * 16;
      text(page, font, r[0] as string, 72, y);
      right(r[1] as string, 220, y);
      const price = r[2] as string;
      if (i === 0) right(price, 360, y);
      else if (price) {
        text(page, font, "$", 280, y);
        right(price.slice(2), 360, y);
      }
    });
    const [p] = await extract(await doc.save());
    expect(p?.tables).toHaveLength(1);
    expect(textRows(p!.tables[0]!.grid)).toEqual(rows);
  });

  it("puts header text set sideways over the columns of an unruled table in the header cells it stands over", async () => {
    const { doc, font, page, right } = await letterPage();
    const rows = [
      ["Alden", "1,204", "640", "564"],
      ["Bristol", "987", "512", "475"],
      ["Cole", "1,530", "700", "830"],
      ["Dunmore", "2,001", "1,150", "851"],
    ];
    // Column headers printed upwards, their feet just above the first row; values right-aligned
    // under them.
    const heads = ["Votes cast", "Smith", "Jones"];
    heads.forEach((h, k) => {
      rotatedText(page, font, h, 200 + k * 60 - 4, 792 - 150, 90);
    });
    rows.forEach((r, i) => {
      const y = 166 + i * 14;
      text(page, font, r[0] as string, 72, y);
      r.slice(1).forEach((c, k) => {
        right(c, 200 + k * 60, y);
      });
    });
    const [p] = await extract(await doc.save());
    expect(p?.tables).toHaveLength(1);
    expect(textRows(p!.tables[0]!.grid)).toEqual([["", ...heads], ...rows]);
  });

  it("reads labels of two lines with their values set between the lines as one row each", async () => {
    const { doc, font, page, right } = await letterPage();
    const rows = [
      ["Median household", "income", "49,497", "51,295", "52,587"],
      ["Household income", "inequality", "0.4590", "0.4560", "0.4580"],
      ["Premature", "mortality", "7108.3", "6960.6", "6920.0"],
    ];
    text(page, font, "Measure", 72, 100);
    ["2019", "2020", "2021"].forEach((h, k) => {
      right(h, 260 + k * 70, 100);
    });
    rows.forEach((r, i) => {
      const y = 120 + i * 30;
      text(page, font, r[0] as string, 72, y);
      text(page, font, r[1] as string, 72, y + 10);
      r.slice(2).forEach((c, k) => {
        right(c, 260 + k * 70, y + 5);
      });
    });
    const [p] = await extract(await doc.save());
    expect(p?.tables).toHaveLength(1);
    expect(textRows(p!.tables[0]!.grid)).toEqual([
      ["Measure", "2019", "2020", "2021"],
      ...rows.map((r) => [`${r[0]}\n${r[1]}`, ...r.slice(2)]),
    ]);
  });
  it("reads the lines of a padded row as one row, whichever line holds the values and however the wrapped text starts", async () => {
    const { doc, font, page, right } = await letterPage();
    // Rows 24 apart, the wrapped lines of a cell 12 apart: a wrapped label's other cells on its
    // last line, a description carried on in a line that starts with a capital.
    const rows: [string[], string[], string][] = [
      [["Region"], ["Description"], "Amount"],
      [["North"], ["Capital works on", "Harbour Road"], "1,200"],
      [["Regional grants", "and transfers"], ["Grants to councils"], "870"],
      [["Rent"], ["Office lease"], "95"],
    ];
    let y = 100;
    for (const [label, desc, amount] of rows) {
      const last = y + (Math.max(label.length, desc.length) - 1) * 12;
      const top = label.length > 1 ? last - (label.length - 1) * 12 : y;
      label.forEach((l, k) => {
        text(page, font, l, 72, top + k * 12);
      });
      desc.forEach((d, k) => {
        text(page, font, d, 200, (label.length > 1 ? last : y) + k * 12);
      });
      right(amount, 400, label.length > 1 ? last : y);
      y = last + 24;
    }
    const [p] = await extract(await doc.save());
    expect(p?.tables).toHaveLength(1);
    expect(textRows(p!.tables[0]!.grid)).toEqual(
      rows.map(([label, desc, amount]) => [label.join("\n"), desc.join("\n"), amount]),
    );
  });
  it("keeps in its row a label wrapped over three lines above the line that holds the row's values", async () => {
    const { doc, font, page, right } = await letterPage();
    // Rows 24 apart, a label's lines 12 apart, its values on its last line.
    const rows: [string[], string, string][] = [
      [["Account"], "Amount", "Status"],
      [["Current department", "expenses and other", "liabilities"], "1,204", "open"],
      [["Rent"], "870", "closed"],
      [["General fund for", "the regional office", "staff"], "95", "pending"],
      [["Travel"], "42", "open"],
    ];
    let y = 100;
    for (const [label, a, b] of rows) {
      label.forEach((l, k) => {
        text(page, font, l, 72, y + k * 12);
      });
      const last = y + (label.length - 1) * 12;
      right(a, 300, last);
      text(page, font, b, 340, last);
      y = last + 24;
    }
    const [p] = await extract(await doc.save());
    expect(p?.tables).toHaveLength(1);
    expect(textRows(p!.tables[0]!.grid)).toEqual(rows.map(([label, a, b]) => [label.join("\n"), a, b]));
  });
  it("keeps in the table a row whose label wraps over three lines and whose other cells are empty", async () => {
    const { doc, font, page, right } = await letterPage();
    // Rows 24 apart, a label's lines 12 apart, the values on its first line.
    const rows: [string[], string][] = [
      [["Name"], "Actual"],
      [["Total of provided", "current"], "$35,700"],
      [["Office of net", "property expenses", "before"], "$23,394"],
      [["Current from share", "and current under", "tax"], ""],
      [["Of including", "charges before"], "$90,117"],
    ];
    let y = 100;
    for (const [label, value] of rows) {
      label.forEach((l, k) => {
        text(page, font, l, 72, y + k * 12);
      });
      if (value) right(value, 300, y);
      y += (label.length - 1) * 12 + 24;
    }
    const [p] = await extract(await doc.save());
    expect(p?.tables).toHaveLength(1);
    expect(textRows(p!.tables[0]!.grid)).toEqual(rows.map(([label, value]) => [label.join("\n"), value]));
  });
});

describe("cells spanning columns of an unruled table", () => {
  it("keeps a note row set across the figures, and a header centred over them, whole in the first column they span", async () => {
    const { doc, font, page } = await letterPage();
    const figures = [{ left: 72 }, { right: 300 }, { right: 380 }, { right: 460 }, { right: 540 }];
    const body = [
      ["Source", "1", "2", "3", "4"],
      ["Projections to 2017", "0.3", "0.7", "1.1", "1.4"],
      ["Projections to 2018", "0.4", "0.7", "0.8", "1.1"],
      ["Projections to 2019", "0.1", "0.1", "0.2", "0.6"],
      ["Example", "0.2", "0.5", "0.7", "1.3"],
    ];
    unruledTable(page, font, body, [100, 128, 142, 156, 198], figures);
    // A note from the first figure column to past the last one's start, and a header reaching
    // only the middle two columns but centred over all four (285-540).
    const note = "Absolute difference between actual and projected values";
    text(page, font, note, 285, 114);
    const header = "Mean absolute percentage error";
    text(page, font, header, 412.5 - font.widthOfTextAtSize(header, 10) / 2, 178);
    const [p] = await extract(await doc.save());
    expect(p!.tables).toHaveLength(1);
    const grid = p!.tables[0]!.grid;
    expect(textRows(grid)).toEqual([
      body[0],
      ["", note, "", "", ""],
      ...body.slice(1, 4),
      ["", header, "", "", ""],
      body[4],
    ]);
    expect(tableToHtml(grid)).toContain(`<td colspan="4">${header}</td>`);
  });

  it("spans each group header, wrapped or not, over the figure columns it is centred over; a one-column header's next line not", async () => {
    const { doc, font, page } = await letterPage();
    // Two groups of three figure columns, the groups' headers centred over them;
    // the last column's header is wrapped over two lines, the second one short and centred.
    const columns = [{ left: 72 }, 240, 280, 320, 380, 420, 480].map((x) =>
      typeof x === "number" ? { right: x } : x,
    );
    // The groups' headers are wrapped over two lines, each line centred.
    const groups: [string, number, number, number][] = [
      ["Public", 212, 320, 90],
      ["schools", 212, 320, 100],
      ["Private", 352, 480, 90],
      ["schools", 352, 480, 100],
    ];
    for (const [name, from, to, y] of groups)
      text(page, font, name, (from + to) / 2 - font.widthOfTextAtSize(name, 10) / 2, y);
    const rows = [
      ["Year", "PK-12", "PK-8", "9-12", "PK-12", "PK-8", "Grade 9"],
      ["", "", "", "", "", "", "to 12"],
      ["2019", "512", "380", "132", "48", "36", "12"],
      ["2020", "518", "384", "134", "47", "35", "12"],
      ["2021", "521", "386", "135", "46", "34", "12"],
    ];
    unruledTable(page, font, rows, [114, 124, 140, 154, 168], columns);
    const [p] = await extract(await doc.save());
    expect(p!.tables).toHaveLength(1);
    const grid = p!.tables[0]!.grid;
    expect(textRows(grid)).toEqual([
      ["", "Public\nschools", "", "", "Private\nschools", "", ""],
      ["Year", "PK-12", "PK-8", "9-12", "PK-12", "PK-8", "Grade 9\nto 12"],
      ...rows.slice(2),
    ]);
    const html = tableToHtml(grid);
    expect(html).toMatch(/<th colspan="3">Public\s*(<br>)?\s*schools<\/th>/);
    expect(html).toMatch(/<th colspan="3">Private\s*(<br>)?\s*schools<\/th>/);
  });

  it("splits by column a line whose cells stand closer than a segment gap but farther apart than its spaces", async () => {
    const { doc, font, page } = await letterPage();
    // Columns 44 pt apart: the grades (37 pt wide) leave 7 pt between them, less than the gap
    // (9 pt) that parts segments but more than a space (2.8 pt): one segment, unevenly spaced.
    const columns = [{ left: 72 }, { right: 300 }, { right: 344 }, { right: 388 }, { right: 432 }];
    const rows = [
      ["Crop", "Q1", "Q2", "Q3", "Q4"],
      ["Wheat", "12", "14", "15", "17"],
      ["Grade", "Grade A", "Grade B", "Grade A", "Grade C"],
      ["Barley", "8", "9", "9", "10"],
      ["Oats", "3", "4", "4", "5"],
    ];
    unruledTable(page, font, rows, [100, 114, 128, 142, 156], columns);
    const [p] = await extract(await doc.save());
    expect(p!.tables.map((t) => textRows(t.grid))).toEqual([rows]);
  });
});

describe("reading order and structure", () => {
  it("reads two columns down the left, then down the right, under a full-width title", async () => {
    const { doc, font, bold, page } = await letterPage();
    text(page, bold, "A Two Column Article", 72, 70, 20);
    const left = [
      "The left column starts here and",
      "goes on for a few lines of text",
      "before it ends at the bottom.",
    ];
    const right = [
      "The right column is read only",
      "after the left one, from its top",
      "down to its last line.",
    ];
    left.forEach((l, i) => {
      text(page, font, l, 72, 120 + i * 13);
    });
    right.forEach((l, i) => {
      text(page, font, l, 320, 120 + i * 13);
    });
    const [p] = await extract(await doc.save());
    expect(p?.markdown).toBe(`# A Two Column Article\n\n${left.join(" ")}\n\n${right.join(" ")}`);
    expect(p?.tables).toEqual([]);
  });

  // Running text for a column of prose: `n` lines of eight words or so, filling 72 pt... 290 pt.
  const proseLines = (n: number, from: number) =>
    Array.from({ length: n }, (_, i) => `Line ${from + i} of the running text, set in this column.`);

  it("finds a table set in one column of a two-column page, its rows on the other column's lines", async () => {
    const { doc, font, page } = await letterPage();
    // The left column's lines stand every 13 pt; the right column's prose, then its table's rows,
    // then prose again, on the same baselines: each row of the table shares a line with prose.
    const y = (i: number) => 100 + i * 13;
    // A paragraph of the left column ends on a table row's line: a short line on both sides once.
    const left = [...proseLines(8, 1), "and so it ends.", ...proseLines(11, 10)];
    textLines(page, font, left, 72, y(0));
    textLines(page, font, proseLines(5, 100), 320, y(0));
    const rows = [
      ["Payroll period", "Allowance"],
      ["Weekly", "71.15"],
      ["Biweekly", "142.31"],
      ["Monthly", "308.33"],
      ["Quarterly", "925.00"],
      ["Annually", "3,700.00"],
    ];
    unruledTable(
      page,
      font,
      rows,
      rows.map((_, i) => y(6 + i)),
      [{ left: 330 }, { right: 520 }],
    );
    textLines(page, font, proseLines(7, 200), 320, y(13));
    const [p] = await extract(await doc.save());
    expect(p!.tables.map((t) => textRows(t.grid))).toEqual([rows]);
    // The prose of both columns is read as paragraphs, none of it taken into the table.
    expect(p!.markdown).toContain(left.slice(0, 9).join(" "));
    expect(p!.markdown).toContain(left.slice(9).join(" "));
    expect(p!.markdown).toContain(proseLines(7, 200).join(" "));
  });

  it("finds a table of figures filling one column beside a column of prose, and keeps a label-and-description table whole", async () => {
    const { doc, font, page } = await letterPage();
    const y = (i: number) => 100 + i * 13;
    // Left: a table of states and figures; right: prose on the same baselines.
    const rows = [
      ["State", "Deaths", "Rate"],
      ["Ohio", "19,820", "154.0"],
      ["Kentucky", "6,530", "148.6"],
      ["Maryland", "7,744", "141.7"],
      ["Iowa", "5,469", "141.6"],
      ["Delaware", "1,305", "140.8"],
    ];
    unruledTable(
      page,
      font,
      rows,
      rows.map((_, i) => y(i)),
      [{ left: 72 }, { right: 200 }, { right: 270 }],
    );
    textLines(page, font, proseLines(8, 1), 320, y(0));
    // Below, across the page between rules: labels and their descriptions, running text on the
    // right (a table, not prose beside a table of figures).
    hline(page, 72, 590, y(11) + 4);
    hline(page, 72, 590, y(15) + 4);
    const described = [
      ["Population", "Census Bureau projection: average annual growth of 0.1%"],
      ["Income", "Annual percent changes range between -1.9% and 2.2%"],
      ["Inflation", "Inflation rate ranges between 1.0% and 2.0% a year"],
      ["Unemployment", "Remains between 17.7% and 26.8% for the whole period"],
    ];
    unruledTable(
      page,
      font,
      described,
      described.map((_, i) => y(12 + i)),
      [{ left: 72 }, { left: 320 }],
    );
    const [p] = await extract(await doc.save());
    expect(p!.tables.map((t) => textRows(t.grid))).toEqual([rows, described]);
    expect(p!.markdown).toContain(proseLines(8, 1).join(" "));
  });

  it("keeps a table whole whose long labels fill the left half of the page and whose figures stand in the right", async () => {
    const { doc, font, page } = await letterPage();
    const rows = Array.from({ length: 12 }, (_, i) => [
      `Projections of Education Statistics to ${2017 + i}`,
      `0.${i % 10}`,
      `${1 + (i % 3)}.${i % 7}`,
      `${2 + (i % 4)}.${i % 9}`,
    ]);
    unruledTable(
      page,
      font,
      rows,
      rows.map((_, i) => 100 + i * 13),
      [{ left: 72 }, { right: 400 }, { right: 470 }, { right: 540 }],
    );
    const [p] = await extract(await doc.save());
    expect(p!.tables.map((t) => textRows(t.grid))).toEqual([rows]);
  });

  it("keeps a table set across both columns of a two-column page whole, its middle gap at the gutter", async () => {
    const { doc, font, page } = await letterPage();
    const y = (i: number) => 100 + i * 13;
    textLines(page, font, proseLines(8, 1), 72, y(0));
    textLines(page, font, proseLines(8, 100), 320, y(0));
    // Four columns across the page; the two middle ones stand either side of the page's gutter.
    const rows = [
      ["Region", "Plants", "Output", "Share"],
      ["North", "12", "1,204", "31%"],
      ["South", "9", "988", "25%"],
      ["East", "15", "1,356", "35%"],
      ["West", "4", "352", "9%"],
    ];
    const columns = [{ left: 72 }, { right: 260 }, { right: 380 }, { right: 540 }];
    unruledTable(
      page,
      font,
      rows,
      rows.map((_, i) => y(10 + i)),
      columns,
    );
    textLines(page, font, proseLines(8, 200), 72, y(17));
    textLines(page, font, proseLines(8, 300), 320, y(17));
    const [p] = await extract(await doc.save());
    expect(p!.tables.map((t) => textRows(t.grid))).toEqual([rows]);
  });

  it("gives each column's text its own size: a heading in one column leaves the other column's line on its baseline body text", async () => {
    const { doc, font, bold, page } = await letterPage();
    const left = ["The left column opens with a paragraph", "of body text set at ten points."];
    const right = [
      "The right column runs on in body text",
      "whose second line shares its baseline",
      "with the heading of the left column,",
      "and whose last line ends it here.",
    ];
    textLines(page, font, left, 72, 100);
    text(page, bold, "A Heading", 72, 126 + 13, 16);
    textLines(page, font, ["Text under the heading."], 72, 160);
    textLines(page, font, right, 320, 113);
    const [p] = await extract(await doc.save());
    expect(p?.markdown).toBe(
      [left.join(" "), "## A Heading", "Text under the heading.", right.join(" ")].join("\n\n"),
    );
  });

  it("keeps an item's wrapped line in the item when its bullet is set larger than its text", async () => {
    const { doc, font, page } = await letterPage();
    text(page, font, "Two things follow:", 72, 100);
    for (const [k, lines] of [
      ["The first thing, which takes more", "than one line to say."],
      ["The second thing, also wrapped", "over two lines."],
    ].entries()) {
      const y = 116 + k * 30;
      text(page, font, "\u2022", 72, y, 14);
      textLines(page, font, lines, 84, y);
    }
    const [p] = await extract(await doc.save());
    expect(p?.markdown).toBe(
      "Two things follow:\n\n- The first thing, which takes more than one line to say.\n\n- The second thing, also wrapped over two lines.",
    );
  });

  it("reads two columns of prose a font size apart down each, and a sidebar beside them on its own", async () => {
    const { doc, font, page } = await letterPage();
    // Columns 10 pt apart (one font size); a sidebar of three short lines at the
    // left, on the same baselines as the first column's lines.
    const column = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => `Line ${from + i} of running text in this column.`);
    const right = 160 + Math.max(...column(12, 1).map((l) => font.widthOfTextAtSize(l, 10))) + 10;
    textLines(page, font, column(12, 1), 160, 100);
    textLines(page, font, column(12, 100), right, 100);
    const sidebar = ["Jane Roe is", "an economist", "at the Bureau."];
    textLines(page, font, sidebar, 60, 100 + 13 * 4);
    const [p] = await extract(await doc.save());
    expect(p?.markdown).toBe(
      [sidebar.join(" "), column(12, 1).join(" "), column(12, 100).join(" ")].join("\n\n"),
    );
  });

  it("makes headings, list items, de-hyphenated paragraphs, and leaves page numbers and running headers out", async () => {
    const { doc, font, bold } = await newDoc();
    for (let n = 1; n <= 2; n++) {
      const page = doc.addPage([612, 792]);
      text(page, font, "ACME Corp. Annual Report 2024", 72, 30, 8);
      text(page, bold, `Section ${n}`, 72, 90, 16);
      text(page, font, "This paragraph has a word that is broken over two lines: the extrac-", 72, 120);
      text(page, font, "tion joins it again into one word.", 72, 133);
      text(page, font, "• first point", 72, 160);
      text(page, font, "• second point", 72, 173);
      text(page, font, "1. numbered step", 72, 190);
      text(page, font, String(n), 300, 770, 9);
    }
    const [p1, p2] = await extract(await doc.save());
    const expected = (n: number) =>
      [
        `## Section ${n}`,
        "This paragraph has a word that is broken over two lines: the extraction joins it again into one word.",
        "- first point",
        "- second point",
        "1. numbered step",
      ].join("\n\n");
    // The running header is seen for the first time on page 1, so it stays there; from page 2 on
    // it is known to repeat and is left out. Page numbers are left out everywhere.
    expect(p1?.markdown).toBe(`ACME Corp. Annual Report 2024\n\n${expected(1)}`);
    expect(p2?.markdown).toBe(expected(2));
  });

  it("makes a numbered line set large a heading, and one at body size a list item", async () => {
    const { doc, font, page } = await letterPage();
    text(page, font, "2. Unified system", 72, 90, 16);
    text(page, font, "The proposal has two parts, in this order:", 72, 120);
    text(page, font, "1. a standard way to install information", 72, 140);
    text(page, font, "2. a standard way to read it", 72, 153);
    const [p] = await extract(await doc.save());
    expect(p?.markdown).toBe(
      [
        "## 2. Unified system",
        "The proposal has two parts, in this order:",
        "1. a standard way to install information",
        "2. a standard way to read it",
      ].join("\n\n"),
    );
  });

  it("levels numbered headings by their depth, and makes none of a contents entry, a number or a row of figures set large or bold", async () => {
    const { doc, font, bold, page } = await letterPage();
    // Sections and subsections set in one size: only the numbering tells them apart.
    text(page, font, "1. Introduction", 72, 80, 16);
    text(page, font, "Body text of the introduction, set at the page's body size.", 72, 110);
    text(page, font, "1.1. Scope", 72, 140, 16);
    text(page, font, "Body text of the scope, set at the same size as the rest.", 72, 170);
    text(page, font, "A.2 Appendix section", 72, 200, 16);
    text(page, font, "2 Methods . . . . . . . . . . . . . . . 7", 72, 240, 14);
    text(page, font, "54", 72, 280, 16);
    text(page, bold, "Total 1,396 4,338 7,057 8,875", 72, 320);
    text(page, font, "# not a heading: a line that starts with a hash sign.", 72, 360);
    const [p] = await extract(await doc.save());
    expect(p?.markdown).toBe(
      [
        "## 1. Introduction",
        "Body text of the introduction, set at the page's body size.",
        "### 1.1. Scope",
        "Body text of the scope, set at the same size as the rest.",
        "### A.2 Appendix section",
        "2 Methods . . . . . . . . . . . . . . . 7",
        "54",
        "Total 1,396 4,338 7,057 8,875",
        "\\# not a heading: a line that starts with a hash sign.",
      ].join("\n\n"),
    );
  });

  it("makes a short bold line at body size a heading, set apart from the regular paragraph under it", async () => {
    // pdfjs's text content names fonts g_d0_fN with a generic family: the weight is only in the
    // font's own name ("Helvetica-Bold"), which a page's operator list brings.
    const { doc, font, bold } = await newDoc();
    for (let n = 1; n <= 3; n++) {
      const page = doc.addPage([612, 792]);
      text(page, bold, `Method ${n}`, 72, 100);
      text(page, font, "The sample was weighed twice and the mean", 72, 113);
      text(page, font, "of the two readings was kept for the record.", 72, 126);
      // A line with a few bold words stays in its paragraph.
      text(page, font, "A closing paragraph with", 72, 160);
      text(page, bold, "two bold", 72 + font.widthOfTextAtSize("A closing paragraph with ", 10), 160);
      text(page, font, "words in the middle of its lines.", 72, 173);
    }
    const pages = await extract(await doc.save());
    for (const [i, p] of pages.entries())
      expect(p.markdown).toBe(
        [
          `#### Method ${i + 1}`,
          "The sample was weighed twice and the mean of the two readings was kept for the record.",
          "A closing paragraph with two bold words in the middle of its lines.",
        ].join("\n\n"),
      );
  });

  it("reads TeX's bold face (CMBX10, no 'Bold' in its name) as bold", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([612, 792]);
    const ctx = doc.context;
    for (const [key, name] of [
      ["F1", "CMR10"],
      ["F2", "CMBX10"],
    ])
      page.node.setFontDictionary(
        PDFName.of(key as string),
        ctx.register(ctx.obj({ Type: "Font", Subtype: "Type1", BaseFont: name as string })),
      );
    page.node.set(
      PDFName.of("Contents"),
      ctx.register(
        ctx.flateStream(
          "BT /F2 10 Tf 72 700 Td (Results) Tj ET " +
            "BT /F1 10 Tf 72 687 Td (The data show a clear trend over the years.) Tj ET",
        ),
      ),
    );
    const [p] = await extract(await doc.save());
    expect(p?.markdown).toBe("#### Results\n\nThe data show a clear trend over the years.");
  });

  it("makes fixed-pitch lines in a proportional page a code block, with their line breaks, indentation and blank lines", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const mono = await doc.embedFont(StandardFonts.Courier);
    const cw = mono.widthOfTextAtSize("x", 10);
    const page = doc.addPage([612, 792]);
    text(page, font, "The configuration file looks like this:", 72, 100);
    const code: [number, string][] = [
      [0, "server {"],
      [2, "listen 8080;"],
      [2, "root   /srv/www;"],
      [0, ""],
      [2, "location / {"],
      [4, "index index.html;"],
      [2, "}"],
      [0, "}"],
    ];
    let y = 120;
    for (const [indent, line] of code) {
      // Each word drawn where a typewriter would put it, so the gaps are the text's own spaces.
      let x = 72 + indent * cw;
      for (const part of line.split(/(\s+)/)) {
        if (part.trim()) text(page, mono, part, x, y);
        x += part.length * cw;
      }
      y += 12;
    }
    text(page, font, "Restart the server after changing it.", 72, y + 10);
    // A second page set wholly in Courier, typed: prose, not code.
    const typed = doc.addPage([612, 792]);
    text(typed, mono, "This memo was typed on a machine", 72, 100);
    text(typed, mono, "and reads as ordinary paragraphs.", 72, 112);
    const [p1, p2] = await extract(await doc.save());
    expect(p1?.markdown).toBe(
      [
        "The configuration file looks like this:",
        [
          "```",
          "server {",
          "  listen 8080;",
          "  root   /srv/www;",
          "",
          "  location / {",
          "    index index.html;",
          "  }",
          "}",
          "```",
        ].join("\n"),
        "Restart the server after changing it.",
      ].join("\n\n"),
    );
    expect(p2?.markdown).toBe("This memo was typed on a machine and reads as ordinary paragraphs.");
  });

  it("makes one fixed-pitch line code only when it is set apart, and keeps a bullet set large a list item", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const mono = await doc.embedFont(StandardFonts.Courier);
    const page = doc.addPage([612, 792]);
    text(page, font, "Call the function as shown:", 72, 100);
    text(page, mono, "render(page, scale);", 90, 125);
    text(page, font, "It returns a picture of the page, drawn at the scale given, and", 72, 150);
    // A fixed-pitch line run on from the prose line above, as a signature broken over two lines.
    text(page, mono, "element_name )", 72, 162);
    text(page, font, "Further options are listed below.", 72, 190);
    text(page, font, "•", 72, 215, 14);
    text(page, font, "Install the package first", 84, 215);
    const [p] = await extract(await doc.save());
    expect(p?.markdown).toBe(
      [
        "Call the function as shown:",
        "```\nrender(page, scale);\n```",
        "It returns a picture of the page, drawn at the scale given, and element_name )",
        "Further options are listed below.",
        "- Install the package first",
      ].join("\n\n"),
    );
  });

  it("keeps every row of a table that reaches into the pages' margins, however alike the rows", async () => {
    // Rows alike once digits are masked ("Item # #.# #%"), from the top edge of each page to the
    // bottom, on two pages: not a running header repeated, on the first page or the second.
    const { doc, font } = await newDoc();
    const pages = [0, 1].map((p) =>
      Array.from({ length: 54 }, (_, r) => [
        `Item ${p * 54 + r + 1}`,
        `${(r * 7) % 90}.${r % 10}`,
        `${r % 13}%`,
      ]),
    );
    for (const rows of pages) {
      const page = doc.addPage([612, 792]);
      rows.forEach((row, r) => {
        row.forEach((c, k) => {
          text(page, font, c, 72 + k * 150, 24 + r * 13.5);
        });
      });
    }
    const extracted = await extract(await doc.save());
    expect(extracted.map((p) => p.tables.flatMap((t) => textRows(t.grid)))).toEqual(pages);
  });

  it("keeps the margin band of a very tall page to an inch and a half", async () => {
    // A heading 150 pt down a 3,000 pt page, on two pages: inside 8% of the page (240 pt) but
    // outside the cap, so it is body text, not a running header left out of page 2.
    const { doc, font } = await newDoc();
    for (let n = 0; n < 2; n++) {
      const page = doc.addPage([612, 3000]);
      text(page, font, "Summary of results", 72, 150);
      text(page, font, `Body text of page ${n + 1} with enough words to be a paragraph.`, 72, 400);
    }
    const pages = await extract(await doc.save());
    for (const p of pages) expect(p.markdown).toContain("Summary of results");
  });

  it("reads a page with /Rotate 90 and a table printed sideways the right way up", async () => {
    const { doc, font } = await newDoc();
    const rotated = doc.addPage([612, 792]);
    rotated.setRotation(degrees(90));
    // On a page displayed turned by 90 degrees, text drawn at -90 degrees reads upright.
    rotated.drawText("Upright on a rotated page", { x: 100, y: 700, size: 12, font, rotate: degrees(-90) });
    const sideways = doc.addPage([612, 792]);
    const rows = [
      ["Year", "Total"],
      ["2023", "1,000"],
      ["2024", "1,250"],
      ["2025", "1,400"],
    ];
    rows.forEach((r, i) => {
      r.forEach((c, k) => {
        sideways.drawText(c, { x: 150 + i * 16, y: 200 + k * 120, size: 10, font, rotate: degrees(90) });
      });
    });
    const [p1, p2] = await extract(await doc.save());
    expect(p1?.markdown).toBe("Upright on a rotated page");
    expect(textRows(p2!.tables[0]!.grid)).toEqual(rows);
  });
});

describe("tables across pages", () => {
  it("marks the rows at the top of the next page as a continuation and drops a repeated header", async () => {
    const { bytes, body } = await continuingTablePdf();
    const [a, b] = await extract(bytes);
    expect(a?.tables[0]?.continuation).toBeUndefined();
    expect(b?.tables[0]?.continuation).toBe(true);
    expect(textRows(b!.tables[0]!.grid)).toEqual(body(31, 5));
  });
});

describe("text normalisation", () => {
  it("spells out ligatures, plains odd spaces and drops soft hyphens, but keeps full-width CJK", async () => {
    const { normalizeText } = await import("../../../src/core/extraction/layout/normalize-text.ts");
    expect(normalizeText("\uFB01nal e\uFB00ort\u00A0now\u2009\u00ADok")).toBe("final effort now ok");
    expect(normalizeText("（単位：百万円）１２")).toBe("（単位：百万円）１２");
  });
});

describe("drop caps", () => {
  /** A 40-pt bold letter whose baseline is that of the third 10-pt line wrapped beside it. */
  async function dropCapPage(letter: string, beside: string[], after: string[]) {
    const { doc, font, bold, page } = await letterPage();
    const capWidth = bold.widthOfTextAtSize(letter, 40);
    page.drawText(letter, { x: 72, y: 792 - 126, size: 40, font: bold });
    textLines(page, font, beside, 72 + capWidth + 3, 100);
    textLines(page, font, after, 72, 100 + beside.length * 13);
    return doc.save();
  }

  it("joins a drop cap to the word it begins, and its paragraph reads as one", async () => {
    const [p] = await extract(
      await dropCapPage(
        "T",
        [
          "he quarter began with the figures that",
          "follow, and with the notes that explain",
          "them in detail for every reader of this",
        ],
        ["report, in the order the board asked for.", "Revenue grew again in the spring."],
      ),
    );
    expect(p?.markdown).toBe(
      "The quarter began with the figures that follow, and with the notes that explain them in detail for every reader of this report, in the order the board asked for. Revenue grew again in the spring.",
    );
  });

  it("leaves a large letter alone when text does not wrap beside it down to its baseline", async () => {
    // One line beside the letter (a grade next to its label), and a letter heading a glossary.
    const { doc, font, bold, page } = await letterPage();
    page.drawText("B", { x: 72, y: 792 - 126, size: 40, font: bold });
    text(page, font, "Rating for the year", 72 + bold.widthOfTextAtSize("B", 40) + 3, 126);
    page.drawText("A", { x: 72, y: 792 - 300, size: 40, font: bold });
    textLines(
      page,
      font,
      ["Accrual: revenue counted when earned.", "Asset: what the company owns."],
      72,
      330,
    );
    const [p] = await extract(await doc.save());
    expect(p?.markdown).not.toMatch(/BRating|AAccrual/);
    expect(p?.markdown).toContain("Accrual: revenue counted when earned.");
    expect(p?.markdown).toMatch(/(^|\n)#+ A(\n|$)/);
  });
});

describe("pages set in three columns", () => {
  it("reads three columns of prose a little over a font size apart down each column, and finds no table in them", async () => {
    const { doc, font, page } = await letterPage();
    const size = 9;
    const width = 166;
    const gutter = 9.5; // 1.05 em: under the 1.2 em that parts any columns
    for (let c = 0; c < 3; c++) {
      // Words packed into lines that fill the column, each column's baselines a little lower
      // than the one before (as columns set apart drift).
      const words = Array.from({ length: 120 }, (_, k) => `c${c + 1}w${k + 1}`);
      const lines: string[] = [];
      let line = "";
      for (const w of words) {
        const next = line ? `${line} ${w}` : w;
        if (font.widthOfTextAtSize(next, size) > width) {
          lines.push(line);
          line = w;
        } else line = next;
      }
      lines.push(line);
      lines.forEach((l, i) => {
        text(page, font, l, 45 + c * (width + gutter), 100 + c * 1.3 + i * 10, size);
      });
    }
    const [p] = await extract(await doc.save());
    expect(p?.tables).toHaveLength(0);
    const md = p?.markdown ?? "";
    const all = (c: number) => Array.from({ length: 120 }, (_, k) => `c${c}w${k + 1}`).join(" ");
    expect(md).toContain(all(1));
    expect(md).toContain(all(2));
    expect(md).toContain(all(3));
    expect(md.indexOf("c1w1 ")).toBeLessThan(md.indexOf("c2w1 "));
    expect(md.indexOf("c2w1 ")).toBeLessThan(md.indexOf("c3w1 "));
  });

  it("takes no table from two lines of labels that share one column (a figure's labels beside a title)", async () => {
    const { doc, font, page } = await letterPage();
    text(page, font, "Martin Thoma", 100, 100);
    text(page, font, "x2", 330, 100);
    text(page, font, "y1", 420, 100);
    text(page, font, "E-Mail: info@example.org", 100, 112);
    text(page, font, "w3", 380, 112);
    textLines(page, font, ["A paragraph of running text below the title and the figure."], 100, 160);
    const [p] = await extract(await doc.save());
    expect(p?.tables).toHaveLength(0);
  });
});

describe("line numbers in the margin", () => {
  it("drops a transcript's line numbers, blank lines numbered too, and reads its text", async () => {
    const { doc, page } = await letterPage();
    const mono = await doc.embedFont(StandardFonts.Courier);
    const body = [
      "IN THE SUPREME COURT OF THE UNITED STATES",
      "The above-entitled matter came on for oral",
      "argument before the Supreme Court of the United States",
      "at 1:01 p.m.",
      "APPEARANCES:",
      "STEVEN E. MERCER, ESQ., on behalf of the Petitioner.",
    ];
    for (let n = 1; n <= 25; n++) {
      const y = 100 + (n - 1) * 24;
      const label = String(n);
      text(page, mono, label, 100 - mono.widthOfTextAtSize(label, 11), y, 11);
      const line = body[n - 1];
      if (line) text(page, mono, line, 125, y, 11);
    }
    const [p] = await extract(await doc.save());
    expect(p?.tables).toHaveLength(0);
    const md = p?.markdown ?? "";
    for (const line of body) expect(md).toContain(line);
    expect(md).not.toMatch(/(^|\n)\s*(`{3}\n)?\d/);
  });

  it("keeps a table's column of row numbers", async () => {
    const { doc, font, page } = await letterPage();
    const rows = Array.from({ length: 12 }, (_, k) => [
      String(k + 1),
      `Region ${String.fromCharCode(65 + k)}`,
      `${(k + 1) * 7}.5`,
    ]);
    for (const [k, row] of rows.entries()) {
      const y = 120 + k * 14;
      textRight(page, font, row[0] as string, 90, y);
      text(page, font, row[1] as string, 110, y);
      textRight(page, font, row[2] as string, 300, y);
    }
    const [p] = await extract(await doc.save());
    expect(p?.tables).toHaveLength(1);
    expect(textRows(p!.tables[0]!.grid).map((r) => r[0])).toEqual(rows.map((r) => r[0]));
  });
});

describe("superscripts", () => {
  it("reads a note's raised reference mark in its place in the sentence, the paragraph whole", async () => {
    const { doc, font, page } = await letterPage();
    text(page, font, "Recent news headlines are filled with reports of data breaches", 72, 100);
    const before = "and attacks on businesses. The Identity Theft Resource Center";
    text(page, font, before, 72, 113);
    // The mark: 6 pt, raised half the body's size above the line's baseline, touching the word.
    const markX = 72 + font.widthOfTextAtSize(before, 10) + 0.5;
    text(page, font, "1", markX, 108, 6);
    text(page, font, "reports that many", markX + font.widthOfTextAtSize("1", 6) + 2.5, 113);
    text(page, font, "breaches have occurred since then, exposing many records.", 72, 126);
    const [p] = await extract(await doc.save());
    expect(p?.markdown).toBe(
      "Recent news headlines are filled with reports of data breaches and attacks on businesses. The Identity Theft Resource Center 1 reports that many breaches have occurred since then, exposing many records.",
    );
  });

  it("leaves a smaller line apart when it does not touch the line below it", async () => {
    const { doc, font, page } = await letterPage();
    text(page, font, "Figure 2: a small caption set over the chart", 72, 100, 7);
    text(page, font, "The body text starts further right on the page here.", 300, 104);
    const [p] = await extract(await doc.save());
    expect(p?.markdown).not.toMatch(/chart The body/);
  });
});

describe("checkboxes in a ruled form", () => {
  it("keeps a ruled form whose answers are ticked boxes as a table: the boxes' room is no column gap", async () => {
    const { doc, font, page } = await letterPage();
    const rows = [
      ["Standard", "Cast billets for structural steel"],
      ["Mandatory", "Yes            No"],
      ["Issued by", "National standards body"],
      ["Obtained", "Yes            No"],
    ];
    ruledTable(page, font, rows, [72, 200, 420], 100);
    // A 9 pt box after each option, drawn as four rules, between "Yes" and "No".
    const box = (x: number, yTop: number) => {
      hline(page, x, x + 9, yTop);
      hline(page, x, x + 9, yTop + 9);
      vline(page, x, yTop, yTop + 9);
      vline(page, x + 9, yTop, yTop + 9);
    };
    const yes = 204 + font.widthOfTextAtSize("Yes", 10) + 4;
    for (const top of [120, 160]) box(yes, top + 5);
    const [p] = await extract(await doc.save());
    expect(p?.tables).toHaveLength(1);
    expect(textRows(p!.tables[0]!.grid)).toEqual([
      ["Standard", "Cast billets for structural steel"],
      ["Mandatory", "Yes No"],
      ["Issued by", "National standards body"],
      ["Obtained", "Yes No"],
    ]);
  });
});

describe("widely leaded columns under a heading", () => {
  it("reads a heading's column before the next column, whose first lines stand beside the heading", async () => {
    const { doc, font, bold, page } = await letterPage();
    const full = "This summary runs across the whole page above the two columns and says what follows";
    textLines(page, font, [full, full, full, full], 72, 100, 14);
    // The heading heads the left column; the right column starts at its height. Lines 17 pt
    // apart in 10 pt type leave 0.7 em between them, as wide as the gap under the heading.
    page.drawText("1 Introduction", { x: 72, y: 792 - 200, size: 12, font: bold });
    const left = Array.from({ length: 8 }, (_, i) => `left column line ${i + 1} of the running text here`);
    const right = Array.from(
      { length: 11 },
      (_, i) => `right column line ${i + 1} of the running text there`,
    );
    textLines(page, font, left, 72, 240, 17);
    textLines(page, font, right, 320, 197, 17);
    const [p] = await extract(await doc.save());
    const md = p?.markdown ?? "";
    const at = (s: string) => md.indexOf(s);
    expect(at("Introduction")).toBeGreaterThan(0);
    expect(at("Introduction")).toBeLessThan(at("left column line 1 "));
    expect(at("left column line 8 ")).toBeLessThan(at("right column line 1 "));
    expect(at("right column line 1 ")).toBeLessThan(at("right column line 2 "));
  });
});

describe("a sidebar in its own type beside a column", () => {
  it("reads the sidebar's items down, then the column, though some of their lines overlap", async () => {
    const { doc, font, bold, page } = await letterPage();
    // Bold 12 pt items 14 pt apart in the margin, the body 10 pt lines 12 pt apart beside them.
    const items = [
      "Implement roles and",
      "separation of duties",
      "",
      "Leverage row",
      "permissions on the",
      "database",
    ];
    items.forEach((s, i) => {
      if (s) page.drawText(s, { x: 40, y: 792 - (250 + 14 * i), size: 12, font: bold });
    });
    const body = [
      "This publication describes the feature of the database that",
      "controls access to rows and columns, and the advantages of",
      "controlling access to data in a way that is comprehensive and",
      "transparent. It helps you understand the capabilities of the",
      "feature and gives examples of defining, creating and using",
      "permissions and masks in a relational database environment.",
      "It is written for engineers and developers of applications.",
    ];
    textLines(page, font, body, 200, 250, 12);
    const [p] = await extract(await doc.save());
    expect(p?.markdown).toContain(
      "This publication describes the feature of the database that controls access to rows and columns,",
    );
    const md = p?.markdown ?? "";
    expect(md.indexOf("Implement roles and separation of duties")).toBeGreaterThanOrEqual(0);
    expect(md.indexOf("Leverage row permissions on the database")).toBeLessThan(
      md.indexOf("This publication"),
    );
  });
});

describe("a paragraph across the page over two columns, a leading apart", () => {
  it("still reads the columns one after the other, not line by line across", async () => {
    const { doc, font, page } = await letterPage();
    const full = "This opening paragraph runs across the whole page above the two columns that follow here";
    // Lines 17 pt apart in 10 pt type: 0.7 em of white between lines, and the same over the columns.
    textLines(page, font, [full, full, full], 72, 100, 17);
    const left = Array.from({ length: 6 }, (_, i) => `left column line ${i + 1} of the running text here`);
    const right = Array.from({ length: 6 }, (_, i) => `right column line ${i + 1} of the running text there`);
    textLines(page, font, left, 72, 151, 17);
    textLines(page, font, right, 320, 151, 17);
    const [p] = await extract(await doc.save());
    const md = p?.markdown ?? "";
    const at = (s: string) => md.indexOf(s);
    expect(at("left column line 6 ")).toBeGreaterThan(0);
    expect(at("left column line 6 ")).toBeLessThan(at("right column line 1 "));
  });
});

describe("columns ending unbalanced over a paragraph across the page, a leading apart", () => {
  it("reads the columns one after the other, then the paragraph", async () => {
    const { doc, font, page } = await letterPage();
    const left = Array.from({ length: 6 }, (_, i) => `left column line ${i + 1} of the running text here`);
    const right = Array.from({ length: 4 }, (_, i) => `right column line ${i + 1} of the running text there`);
    textLines(page, font, left, 72, 100, 17);
    textLines(page, font, right, 320, 100, 17);
    const full = "This closing paragraph runs across the whole page under the two columns that end here";
    textLines(page, font, [full, full], 72, 100 + 6 * 17, 17);
    const [p] = await extract(await doc.save());
    const md = p?.markdown ?? "";
    const at = (s: string) => md.indexOf(s);
    expect(at("left column line 6 ")).toBeGreaterThan(0);
    expect(at("left column line 6 ")).toBeLessThan(at("right column line 1 "));
    expect(at("right column line 4 ")).toBeLessThan(at("This closing paragraph"));
  });
});
