// The generated documents of bench:answers: six documents of 2-5 pages, written here as text and
// drawn with pdf-lib, each in a style of its own (an annual report with a table, a memo with
// header fields, a two-column magazine article, a product manual with numbered sections and
// tables, a budget whose ruled table runs over two pages, typewritten board minutes), so that no
// answering rule can be tuned to one template. Their facts are invented; the questions about
// them are in qa-set.json. The layout is deterministic: the same bytes every run.

import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";

type Block =
  | { kind: "title"; text: string; size?: number }
  | { kind: "subtitle"; text: string }
  | { kind: "heading"; text: string }
  | { kind: "para"; text: string }
  | { kind: "list"; items: string[]; numbered?: boolean }
  | { kind: "fields"; rows: [string, string][] }
  | {
      kind: "table";
      columns: string[];
      rows: string[][];
      /** Shares of the text width, one a column. */
      widths: number[];
      rules: "grid" | "booktabs" | "none";
      /** Columns whose cells are set flush right (numbers). */
      right?: number[];
      /** The header row drawn again at the top of a page the table runs onto. */
      repeatHeader?: boolean;
    }
  | { kind: "page" }
  | { kind: "column" };

type Style = {
  family: "helvetica" | "times" | "courier";
  size: number;
  /** Points: [width, height]. */
  pageSize: [number, number];
  margin: number;
  columns: 1 | 2;
  gutter: number;
  /** A running header on every page after the first. */
  runningHeader?: string;
  footer: (page: number, pages: number) => string;
};

export type GeneratedDocument = { name: string; blocks: Block[]; style: Style };

const FONTS = {
  helvetica: [StandardFonts.Helvetica, StandardFonts.HelveticaBold],
  times: [StandardFonts.TimesRoman, StandardFonts.TimesRomanBold],
  courier: [StandardFonts.Courier, StandardFonts.CourierBold],
} as const;

/** Words set into lines no wider than `width`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** Lays the blocks out top to bottom, column by column, page by page. */
export async function renderDocument(d: GeneratedDocument): Promise<Uint8Array> {
  const { style } = d;
  const pdf = await PDFDocument.create();
  pdf.setTitle(d.name);
  // Fixed dates so the bytes are the same every run.
  pdf.setCreationDate(new Date("2026-11-26T00:00:00Z"));
  pdf.setModificationDate(new Date("2026-11-26T00:00:00Z"));
  const [regularName, boldName] = FONTS[style.family];
  const regular = await pdf.embedFont(regularName);
  const bold = await pdf.embedFont(boldName);
  const [W, H] = style.pageSize;
  const size = style.size;
  const leading = size * 1.35;
  const fullWidth = W - 2 * style.margin;
  const colWidth = style.columns === 2 ? (fullWidth - style.gutter) / 2 : fullWidth;
  const top = H - style.margin;
  const bottom = style.margin + 20;

  const pages: PDFPage[] = [];
  let page = pdf.addPage([W, H]);
  pages.push(page);
  let col = 0;
  let y = top;
  /** Where the columns start on this page: below a title that spans them. */
  let columnsTop = top;
  const x0 = () => style.margin + col * (colWidth + style.gutter);

  const newPage = () => {
    page = pdf.addPage([W, H]);
    pages.push(page);
    col = 0;
    y = top;
    columnsTop = top;
  };
  const nextColumn = () => {
    if (style.columns === 2 && col === 0) {
      col = 1;
      y = columnsTop;
    } else newPage();
  };
  const room = (h: number) => {
    if (y - h < bottom) nextColumn();
  };
  const text = (s: string, x: number, font: PDFFont, sz = size) =>
    page.drawText(s, { x, y: y - sz, size: sz, font, color: rgb(0, 0, 0) });
  const rule = (xa: number, xb: number, at: number, thickness = 0.6) =>
    page.drawLine({ start: { x: xa, y: at }, end: { x: xb, y: at }, thickness, color: rgb(0, 0, 0) });
  const lines = (ls: string[], x: number, font: PDFFont) => {
    for (const l of ls) {
      room(leading);
      text(l, x, font);
      y -= leading;
    }
  };

  for (const b of d.blocks) {
    switch (b.kind) {
      case "title": {
        // A title spans every column.
        const sz = b.size ?? size * 2;
        for (const l of wrap(b.text, bold, sz, fullWidth)) {
          page.drawText(l, { x: style.margin, y: y - sz, size: sz, font: bold });
          y -= sz * 1.3;
        }
        y -= sz * 0.5;
        columnsTop = y;
        break;
      }
      case "subtitle": {
        const sz = size * 1.15;
        for (const l of wrap(b.text, regular, sz, fullWidth)) {
          page.drawText(l, { x: style.margin, y: y - sz, size: sz, font: regular });
          y -= sz * 1.35;
        }
        y -= sz;
        columnsTop = y;
        break;
      }
      case "heading": {
        const sz = size * 1.25;
        y -= leading * 0.6;
        room(sz * 1.4 + 3 * leading);
        for (const l of wrap(b.text, bold, sz, colWidth)) {
          text(l, x0(), bold, sz);
          y -= sz * 1.4;
        }
        y -= leading * 0.3;
        break;
      }
      case "para":
        lines(wrap(b.text, regular, size, colWidth), x0(), regular);
        y -= leading * 0.6;
        break;
      case "list": {
        b.items.forEach((item, i) => {
          const marker = b.numbered ? `${i + 1}.` : "\u2022";
          const indent = size * 1.8;
          const ls = wrap(item, regular, size, colWidth - indent);
          room(leading);
          text(marker, x0(), regular);
          ls.forEach((l, j) => {
            if (j) room(leading);
            text(l, x0() + indent, regular);
            y -= leading;
          });
          y -= leading * 0.2;
        });
        y -= leading * 0.4;
        break;
      }
      case "fields": {
        const labelWidth =
          Math.max(...b.rows.map(([label]) => bold.widthOfTextAtSize(label, size))) + size * 2;
        for (const [label, value] of b.rows) {
          room(leading);
          text(label, x0(), bold);
          text(value, x0() + labelWidth, regular);
          y -= leading * 1.2;
        }
        y -= leading * 0.5;
        break;
      }
      case "table": {
        const pad = 4;
        const xs: number[] = [];
        let acc = x0();
        for (const w of b.widths) {
          xs.push(acc);
          acc += w * colWidth;
        }
        const right = acc;
        const cellLines = (row: string[], font: PDFFont) =>
          row.map((c, j) => wrap(c, font, size, (b.widths[j] ?? 0) * colWidth - 2 * pad));
        const drawRow = (row: string[], font: PDFFont, header: boolean) => {
          const cells = cellLines(row, font);
          const h = Math.max(...cells.map((c) => c.length)) * leading + 2 * pad;
          if (y - h < bottom) {
            nextColumn();
            if (b.repeatHeader && !header) drawRow(b.columns, bold, true);
          }
          const rowTop = y;
          cells.forEach((ls, j) => {
            ls.forEach((l, k) => {
              const w = font.widthOfTextAtSize(l, size);
              const cellRight = (xs[j + 1] ?? right) - pad;
              const x = b.right?.includes(j) ? cellRight - w : (xs[j] ?? 0) + pad;
              page.drawText(l, { x, y: rowTop - pad - size - k * leading, size, font });
            });
          });
          y -= h;
          if (b.rules === "grid") {
            rule(xs[0] ?? 0, right, rowTop);
            rule(xs[0] ?? 0, right, y);
            for (const x of [...xs, right])
              page.drawLine({
                start: { x, y: rowTop },
                end: { x, y },
                thickness: 0.6,
                color: rgb(0, 0, 0),
              });
          } else if (b.rules === "booktabs" && header) {
            rule(xs[0] ?? 0, right, rowTop, 1);
            rule(xs[0] ?? 0, right, y, 0.6);
          }
        };
        room(3 * leading);
        drawRow(b.columns, bold, true);
        for (const r of b.rows) drawRow(r, regular, false);
        if (b.rules === "booktabs") rule(xs[0] ?? 0, right, y, 1);
        y -= leading;
        break;
      }
      case "page":
        newPage();
        break;
      case "column":
        nextColumn();
        break;
    }
  }

  pages.forEach((p, i) => {
    const footer = style.footer(i + 1, pages.length);
    const fw = regular.widthOfTextAtSize(footer, size * 0.85);
    p.drawText(footer, { x: (W - fw) / 2, y: style.margin / 2, size: size * 0.85, font: regular });
    if (style.runningHeader && i > 0)
      p.drawText(style.runningHeader, {
        x: style.margin,
        y: H - style.margin / 2,
        size: size * 0.8,
        font: regular,
      });
  });
  return pdf.save();
}

const A4: [number, number] = [595, 842];
const LETTER: [number, number] = [612, 792];

// ---------------------------------------------------------------------------------------------
// 1. An annual report: letter, operations with a table, finances, outlook; a page each.
// ---------------------------------------------------------------------------------------------
const harbourReport: GeneratedDocument = {
  name: "northwind-harbour-annual-report-2025.pdf",
  style: {
    family: "helvetica",
    size: 10.5,
    pageSize: A4,
    margin: 64,
    columns: 1,
    gutter: 0,
    runningHeader: "Northwind Harbour Authority - Annual Report 2025",
    footer: (p) => `${p}`,
  },
  blocks: [
    { kind: "title", text: "Northwind Harbour Authority", size: 22 },
    { kind: "subtitle", text: "Annual Report 2025" },
    { kind: "heading", text: "Letter from the Chair" },
    {
      kind: "para",
      text:
        "2025 was the busiest year in the history of the Authority. Ships called at our quays 3,412 times, " +
        "eleven percent more than in 2024, and for the first time the Eastern Container Terminal handled " +
        "more than half a million TEU in a single year.",
    },
    {
      kind: "para",
      text:
        "In March the Board appointed Margit Olsen as Chief Executive. She succeeds Peter Lund, who retired " +
        "after fourteen years in the post and to whom the Board owes a great deal.",
    },
    {
      kind: "para",
      text:
        "The new cruise pier at Skarvik opened on 14 June and had received 61 cruise calls by the end of " +
        "the season. Its terminal building was designed by the Bergen practice Fjordform Arkitekter and " +
        "is heated entirely by seawater heat pumps.",
    },
    {
      kind: "para",
      text:
        "We thank the 1,140 people who work for the Authority, and the pilots, tug crews and dock workers " +
        "on whom the port depends every day of the year.",
    },
    { kind: "para", text: "Ingrid Halvorsen, Chair of the Board" },
    { kind: "page" },
    { kind: "heading", text: "Operations" },
    {
      kind: "para",
      text:
        "The average time a container ship spent at berth fell from 31 hours to 26 hours after two new " +
        "ship-to-shore cranes entered service in April. Dredging of the approach channel to a depth of " +
        "16.5 metres was completed in October, so vessels of up to 14,000 TEU can now call without " +
        "waiting for high tide.",
    },
    {
      kind: "para",
      text:
        "Winter storms closed the harbour entrance for a total of 52 hours in January and February. No " +
        "vessel was damaged, but twenty-three calls had to be rescheduled.",
    },
    { kind: "para", text: "Traffic by terminal in 2025:" },
    {
      kind: "table",
      columns: ["Terminal", "Vessel calls", "Containers (TEU)", "Bulk (thousand tonnes)"],
      rows: [
        ["Eastern Container Terminal", "1,204", "512,300", "0"],
        ["Skarvik Cruise Pier", "61", "0", "0"],
        ["North Bulk Quay", "688", "0", "4,870"],
        ["Ro-Ro Berths 4-6", "1,017", "38,900", "0"],
        ["Fishing Harbour", "442", "0", "96"],
        ["Total", "3,412", "551,200", "4,966"],
      ],
      widths: [0.4, 0.18, 0.2, 0.22],
      rules: "booktabs",
      right: [1, 2, 3],
    },
    {
      kind: "para",
      text:
        "Rail carried 21 percent of the containers leaving the port, against 17 percent a year earlier; " +
        "the rest left by road.",
    },
    { kind: "page" },
    { kind: "heading", text: "Financial review" },
    {
      kind: "para",
      text:
        "Revenue rose to NOK 1,284 million (2024: NOK 1,162 million), of which port dues contributed " +
        "NOK 611 million and property rents NOK 238 million. Operating costs were NOK 903 million, so the " +
        "operating result was NOK 381 million. After net finance costs of NOK 47 million the Authority " +
        "made a profit of NOK 334 million.",
    },
    {
      kind: "para",
      text:
        "Capital expenditure totalled NOK 742 million, most of it on the cranes and the cruise pier. " +
        "Net debt at the end of the year stood at NOK 2,150 million.",
    },
    {
      kind: "para",
      text:
        "The Board proposes a dividend of NOK 120 million to the City of Northwind, the sole owner of " +
        "the Authority. The accounts were audited by Hagen & Moe Revisjon AS.",
    },
    { kind: "page" },
    { kind: "heading", text: "Environment" },
    {
      kind: "para",
      text:
        "Shore power was installed at berths 4 and 5 in September. Ferries plugged in for 2,960 hours in " +
        "the last quarter, avoiding an estimated 1,900 tonnes of carbon dioxide. Emissions from the " +
        "Authority's own fleet of tugs and service vessels fell by 18 percent.",
    },
    { kind: "heading", text: "Outlook" },
    {
      kind: "para",
      text:
        "For 2026 the Authority expects container volumes to grow by four to six percent. Construction of " +
        "a second rail siding at the Eastern Container Terminal will begin in May 2026 and is budgeted at " +
        "NOK 190 million.",
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// 2. A memo: header fields, then short sections.
// ---------------------------------------------------------------------------------------------
const moveMemo: GeneratedDocument = {
  name: "memo-fenwick-building-move.pdf",
  style: {
    family: "times",
    size: 12,
    pageSize: LETTER,
    margin: 72,
    columns: 1,
    gutter: 0,
    footer: (p, n) => `Page ${p} of ${n}`,
  },
  blocks: [
    { kind: "title", text: "MEMORANDUM", size: 20 },
    {
      kind: "fields",
      rows: [
        ["To:", "All staff, Clinical Research Unit"],
        ["From:", "Dr. Amara Nwosu, Head of Operations"],
        ["Date:", "3 February 2026"],
        ["Subject:", "Move to the Fenwick Building"],
      ],
    },
    {
      kind: "para",
      text:
        "The Clinical Research Unit will move from the Harcourt Wing to the third floor of the Fenwick " +
        "Building over the weekend of 14 and 15 March 2026. The Harcourt Wing is to be refurbished and " +
        "will close on 31 March.",
    },
    { kind: "heading", text: "Packing" },
    {
      kind: "para",
      text:
        "Crates will be delivered to every office on Monday 9 March. Label each crate with your name and " +
        "your new room number, which you will find on the attached floor plan. Everyone must have packed " +
        "their own desk by 5 pm on Thursday 12 March.",
    },
    {
      kind: "para",
      text:
        "Staff must not pack laboratory samples. The freezers will be moved by Coldchain Logistics on " +
        "the Saturday morning, supervised by the laboratory manager, Tomasz Wierzbicki.",
    },
    {
      kind: "para",
      text:
        "The unit will be closed to visitors on Friday 13 March. The study coordinators have already " +
        "rebooked the participants who had appointments that day.",
    },
    { kind: "page" },
    { kind: "heading", text: "Parking and access" },
    {
      kind: "para",
      text:
        "Staff parking moves to the multi-storey car park on Dean Street. Existing permits stay valid, and " +
        "the barrier will accept them from 16 March.",
    },
    {
      kind: "para",
      text:
        "Security will issue passes for the Fenwick Building in room G.04 from 9 to 13 March, between " +
        "10 am and 4 pm. Please bring photo identification.",
    },
    { kind: "heading", text: "Computers and printing" },
    {
      kind: "para",
      text:
        "The IT service desk will move desktop computers. Take laptops home over the weekend. The new " +
        "network printers stand next to the lifts on each floor, and their print queues will be added " +
        "to your computer automatically on 16 March.",
    },
    { kind: "heading", text: "Questions" },
    {
      kind: "para",
      text:
        "Send questions about the move to moves@cru.example.org, or call Priya Raman, the move " +
        "coordinator, on extension 4471.",
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// 3. A magazine article in two columns under a title that spans them.
// ---------------------------------------------------------------------------------------------
const beesArticle: GeneratedDocument = {
  name: "article-bees-on-the-rooftops.pdf",
  style: {
    family: "times",
    size: 11,
    pageSize: LETTER,
    margin: 54,
    columns: 2,
    gutter: 22,
    runningHeader: "Lenticia Review - Spring 2026",
    footer: (p) => `- ${p} -`,
  },
  blocks: [
    { kind: "title", text: "The Bees on the Rooftops", size: 24 },
    {
      kind: "subtitle",
      text: "Urban beekeeping has taken off in Lenticia. Not everyone is pleased. By Clara Moretti",
    },
    {
      kind: "para",
      text:
        "When the Calder Street library put two hives on its flat roof in 2019, the staff expected " +
        "complaints from the neighbours. None came. Instead, the waiting list for the library's evening " +
        "course in beekeeping now runs to more than 300 names, and the course has been booked out every " +
        "spring since it began.",
    },
    {
      kind: "para",
      text:
        "The library is not alone. According to the environment office of the city, Lenticia now has 412 " +
        "registered hives within its boundary, up from 95 in 2015. They sit on office blocks, on allotments, " +
        "in school grounds and, in one case, on the roof of the central police station.",
    },
    {
      kind: "para",
      text:
        "Jonah Pereira, who chairs the Lenticia Beekeepers' Association, is not surprised. A healthy colony " +
        "in the city can produce 25 to 35 kilograms of honey a year, he says, more than many colonies in " +
        "the countryside, because city gardens and parks flower over a much longer season than fields of " +
        "a single crop.",
    },
    {
      kind: "para",
      text:
        "Much of the flavour comes from the lime trees that line the old boulevards. They flower in early " +
        "July, and for about three weeks the bees work them from dawn until dusk. Beekeepers call the " +
        "pale, minty honey of those weeks the boulevard harvest.",
    },
    {
      kind: "para",
      text:
        "The library sells its own honey under the name Calder Gold. Last year the jars raised 4,800 euros " +
        "for the children's reading programme, and the librarians now sell out within a week of the harvest.",
    },
    {
      kind: "para",
      text:
        "The hives on the police station roof are looked after by a desk sergeant, Milan Kovac, who took " +
        "up beekeeping after a swarm settled on his patrol car in 2020. His colleagues, he says, have " +
        "stopped making jokes about it since the first jars of honey appeared in the canteen.",
    },
    {
      kind: "para",
      text:
        "At Westgate Primary School the gardening club inspects the school's single hive every Friday in " +
        "summer, in small suits donated by the association. The head teacher, Sunita Rao, says attendance " +
        "on Fridays has never been better.",
    },
    {
      kind: "para",
      text:
        "Urban honey sells for 14 to 18 euros a jar at the Saturday market on Bridge Square, roughly twice " +
        "the price of supermarket honey. Buyers, the stallholders say, want to know which district their " +
        "honey comes from.",
    },
    {
      kind: "para",
      text:
        "Not every year is a good one. The wet spring of 2024 was the worst season in a decade: many " +
        "colonies starved in May, and the average harvest fell to 9 kilograms per hive.",
    },
    { kind: "heading", text: "Too many bees?" },
    {
      kind: "para",
      text:
        "Not everyone welcomes the boom. Dr. Hanne Vogt, an ecologist at the University of Lenticia, warns " +
        "that honeybees compete with wild bees for the same flowers. Her team counted 87 species of wild bee " +
        "in the parks of the city in 2023, and found noticeably fewer solitary bees close to the densest " +
        "clusters of hives.",
    },
    {
      kind: "para",
      text:
        "Vogt does not want hives banned. She would like the city to cap their number in each district " +
        "and to plant more wildflower meadows, which feed both kinds of bee. The council has promised to " +
        "sow 12 hectares of meadow along the ring road by 2027.",
    },
    {
      kind: "para",
      text:
        "Since 2024, anyone who keeps bees in the city must register their hives with the environment " +
        "office and keep them at least 5 metres from a public footpath. Registration costs 20 euros for " +
        "each apiary, and inspectors may visit without notice.",
    },
    { kind: "heading", text: "Mites and swarms" },
    {
      kind: "para",
      text:
        "The greatest threat to the colonies is not a lack of flowers but the varroa mite, a parasite that " +
        "weakens the bees and spreads viruses. The association runs free hive inspections twice a year, in " +
        "April and in August, and lends out equipment for treating colonies.",
    },
    {
      kind: "para",
      text:
        "Between May and July the city also runs a swarm hotline. When a colony leaves its hive and settles " +
        "on a lamp post or a parked bicycle, volunteers come to collect it; last year they gathered 140 " +
        "swarms, most of which were rehoused with new beekeepers.",
    },
    {
      kind: "para",
      text:
        "The association holds its annual honey show every September in the Old Corn Exchange, where " +
        "judges taste entries in eleven classes, from clear honey to beeswax candles.",
    },
    {
      kind: "para",
      text:
        "Membership of the association costs 35 euros a year and includes third-party insurance for up to " +
        "ten hives. Members can also borrow an extractor to spin the honey out of the combs.",
    },
    {
      kind: "para",
      text:
        "Pereira's advice to beginners is simple: take a course, join a club, and start with two hives " +
        "rather than one, so that there is always a second colony to compare with.",
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// 4. A product manual: numbered sections, lists, a troubleshooting table, specifications.
// ---------------------------------------------------------------------------------------------
const kettleManual: GeneratedDocument = {
  name: "aquabrew-300-kettle-manual.pdf",
  style: {
    family: "helvetica",
    size: 10,
    pageSize: A4,
    margin: 60,
    columns: 1,
    gutter: 0,
    runningHeader: "AquaBrew 300 - User Manual",
    footer: (p, n) => `${p} / ${n}`,
  },
  blocks: [
    { kind: "title", text: "AquaBrew 300 Smart Kettle", size: 22 },
    { kind: "subtitle", text: "User Manual - Model AB-300 - Read all instructions before use" },
    { kind: "heading", text: "1. Safety instructions" },
    {
      kind: "list",
      items: [
        "Never immerse the kettle, the power base or the cord in water or any other liquid.",
        "Use the kettle only with the power base supplied with it (model AB-300B).",
        "Children under 8 years of age must not use or clean the kettle.",
        "Do not fill the kettle above the MAX mark of 1.7 litres: boiling water may be ejected.",
        "The outer surface becomes hot during use. Hold the kettle by its handle only.",
      ],
    },
    { kind: "heading", text: "2. Parts" },
    {
      kind: "list",
      numbered: true,
      items: [
        "Lid with release button",
        "Removable mesh filter",
        "Water level window with MIN and MAX marks",
        "Control panel with temperature buttons 70, 80, 90 and 100",
        "Light ring",
        "Power base with cord storage",
      ],
    },
    { kind: "heading", text: "3. Before first use" },
    {
      kind: "para",
      text:
        "Remove all packaging and stickers. Fill the kettle to the MAX mark, bring the water to the boil " +
        "and pour it away. Repeat this twice to rinse out any residue from manufacture.",
    },
    { kind: "page" },
    { kind: "heading", text: "4. Using the kettle" },
    {
      kind: "para",
      text:
        "Place the kettle on its power base and press the power button: the light ring turns blue while " +
        "the water heats. The kettle switches off by itself when the water has reached the chosen " +
        "temperature, and also when it is switched on empty (boil-dry protection).",
    },
    {
      kind: "para",
      text:
        "The four temperature buttons suit different drinks: 70 \u00b0C for green tea, 80 \u00b0C for " +
        "white tea, 90 \u00b0C for oolong and 100 \u00b0C for black tea and coffee.",
    },
    {
      kind: "para",
      text:
        "To keep the water warm, hold the KEEP WARM button for 2 seconds after choosing a temperature. The " +
        "kettle then holds that temperature for 30 minutes before it switches off.",
    },
    { kind: "heading", text: "Connecting the app" },
    {
      kind: "para",
      text:
        "Install the AquaBrew Home app on your phone and switch on Bluetooth. Hold the power button and " +
        "the 80 button together for 5 seconds, until the light ring flashes white, then follow the " +
        "instructions in the app. The app can start the kettle remotely only when it stands on its base " +
        "with water in it.",
    },
    { kind: "heading", text: "5. Cleaning and descaling" },
    {
      kind: "para",
      text:
        "Unplug the kettle and let it cool before cleaning. Wipe the outside with a damp cloth. The mesh " +
        "filter can be washed in the top rack of a dishwasher.",
    },
    {
      kind: "para",
      text:
        "Limescale builds up faster in hard water. Descale the kettle every 4 weeks in hard water areas " +
        "and every 3 months where the water is soft. Mix one part white vinegar with two parts water, " +
        "fill the kettle to the 1 litre mark, bring it to the boil and leave it overnight. In the morning " +
        "pour the solution away and boil fresh water twice.",
    },
    { kind: "page" },
    { kind: "heading", text: "6. Troubleshooting" },
    {
      kind: "table",
      columns: ["Problem", "Possible cause", "What to do"],
      rows: [
        [
          "The kettle does not switch on",
          "Not seated on the power base",
          "Lift the kettle and set it down again; check the plug",
        ],
        [
          "The light ring flashes red",
          "Boil-dry protection has tripped",
          "Unplug, let the kettle cool for 10 minutes, then fill it",
        ],
        ["The water tastes of plastic", "The kettle is new", "Boil and pour away water three times"],
        ["White flakes float in the water", "Limescale", "Descale as described in section 5"],
        [
          "The app cannot find the kettle",
          "Bluetooth is off or the kettle is out of range",
          "Stay within 10 metres and pair again",
        ],
      ],
      widths: [0.3, 0.3, 0.4],
      rules: "grid",
    },
    { kind: "heading", text: "7. Technical specifications" },
    {
      kind: "table",
      columns: ["Specification", "Value"],
      rows: [
        ["Rated voltage", "220-240 V, 50/60 Hz"],
        ["Rated power", "2,200 W"],
        ["Capacity", "1.7 litres"],
        ["Minimum fill", "0.5 litres"],
        ["Cord length", "75 cm"],
        ["Weight without water", "1.3 kg"],
      ],
      widths: [0.45, 0.55],
      rules: "grid",
    },
    { kind: "page" },
    { kind: "heading", text: "8. Guarantee and service" },
    {
      kind: "para",
      text:
        "AquaBrew guarantees this kettle for 2 years from the date of purchase against faults in materials " +
        "and workmanship. Register the kettle in the app within 30 days of purchase and the guarantee is " +
        "extended to 3 years. The guarantee does not cover damage from limescale or from use with a power " +
        "base other than the one supplied.",
    },
    {
      kind: "para",
      text:
        "AquaBrew Customer Care answers on 0800 555 0132, Monday to Friday from 8 am to 6 pm. Please have " +
        "the serial number ready: it is printed on the underside of the kettle.",
    },
    {
      kind: "para",
      text:
        "At the end of its life, do not throw the kettle away with household waste. Take it to a " +
        "collection point for electrical equipment.",
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// 5. A budget: prose, then a ruled table of projects over two pages, then funding.
// ---------------------------------------------------------------------------------------------
const PROJECTS: string[][] = [
  ["1", "Elm Street bridge deck replacement", "Public Works", "2,450,000", "Apr 2027", "Nov 2027"],
  ["2", "Library roof and solar panels", "Facilities", "610,000", "Jun 2027", "Sep 2027"],
  ["3", "Fire Station 2 pumper engine", "Fire", "875,000", "Jan 2027", "Jul 2027"],
  ["4", "Oak Hill water main renewal", "Utilities", "3,180,000", "Mar 2027", "Dec 2028"],
  ["5", "Riverside Park playground", "Parks", "295,000", "May 2027", "Aug 2027"],
  ["6", "Police radio system upgrade", "Police", "540,000", "Feb 2027", "Oct 2027"],
  ["7", "Ward 3 sidewalk program", "Public Works", "420,000", "Apr 2027", "Oct 2027"],
  ["8", "Wastewater plant UV disinfection", "Utilities", "1,960,000", "Jul 2027", "Jun 2028"],
  ["9", "Town Hall heating and cooling", "Facilities", "730,000", "Sep 2027", "Mar 2028"],
  ["10", "Two snowplow trucks", "Public Works", "468,000", "Jan 2027", "Apr 2027"],
  ["11", "Community center kitchen", "Recreation", "185,000", "Aug 2027", "Nov 2027"],
  ["12", "Traffic signal, Main St and 5th Ave", "Public Works", "350,000", "May 2027", "Sep 2027"],
  ["13", "Cemetery fence and gates", "Parks", "96,000", "Apr 2027", "Jun 2027"],
  ["14", "Stormwater outfall, Mill Creek", "Utilities", "1,120,000", "Jun 2027", "May 2028"],
  ["15", "Ambulance replacement", "Fire", "390,000", "Mar 2027", "Sep 2027"],
  ["16", "Senior center roof", "Facilities", "210,000", "Jul 2027", "Sep 2027"],
  ["17", "Ballfield lighting, North Fields", "Parks", "640,000", "Sep 2027", "Apr 2028"],
  ["18", "Public works garage hoist", "Public Works", "88,000", "Feb 2027", "Mar 2027"],
  ["19", "Library materials sorter", "Facilities", "155,000", "Oct 2027", "Dec 2027"],
  ["20", "Harbor Road resurfacing", "Public Works", "1,340,000", "May 2027", "Oct 2027"],
  ["21", "Pool filtration system", "Recreation", "275,000", "Sep 2027", "Feb 2028"],
  ["22", "Records scanning project", "Clerk", "120,000", "Jan 2027", "Dec 2027"],
  ["23", "Body-worn cameras", "Police", "310,000", "Apr 2027", "Jul 2027"],
  ["24", "Water tower painting", "Utilities", "780,000", "Jun 2027", "Sep 2027"],
  ["25", "Downtown wayfinding signs", "Planning", "145,000", "Aug 2027", "Dec 2027"],
  ["26", "Fiber link to the water plant", "Information Technology", "260,000", "Mar 2027", "Aug 2027"],
  ["27", "Salt storage shed", "Public Works", "410,000", "May 2027", "Oct 2027"],
  ["28", "Skate park expansion", "Parks", "330,000", "Jun 2027", "Oct 2027"],
];

const budgetPlan: GeneratedDocument = {
  name: "larkspur-capital-improvement-plan-2027.pdf",
  style: {
    family: "helvetica",
    size: 9.5,
    pageSize: LETTER,
    margin: 56,
    columns: 1,
    gutter: 0,
    runningHeader: "Town of Larkspur - Capital Improvement Plan FY2027",
    footer: (p, n) => `Page ${p} of ${n}`,
  },
  blocks: [
    { kind: "title", text: "Town of Larkspur", size: 20 },
    { kind: "subtitle", text: "Capital Improvement Plan, Fiscal Year 2027" },
    { kind: "heading", text: "Summary" },
    {
      kind: "para",
      text:
        "The Capital Improvement Plan lists the projects the Town will build or buy in fiscal year 2027, " +
        "which runs from 1 January to 31 December 2027. It holds 28 projects with a combined budget of " +
        "$18,732,000, the largest program since the Town adopted capital planning in 2004.",
    },
    {
      kind: "para",
      text:
        "The Town Council approved the plan on 9 December 2026 by a vote of 6 to 1. Councilor Dana Whitfield " +
        "voted against, arguing that the Oak Hill water main should be phased over three years.",
    },
    {
      kind: "para",
      text:
        "Projects over $1 million require a public hearing before a contract is awarded, and every project " +
        "must be reported to the Council each quarter. The Finance Director, Luis Ocampo, prepares the " +
        "quarterly reports; the Town Manager, Rosa Delgado, is responsible for the plan as a whole.",
    },
    {
      kind: "para",
      text:
        "The largest single project is the renewal of the water main under Oak Hill, which dates from 1931 " +
        "and has broken eleven times in the last five years.",
    },
    { kind: "heading", text: "Projects" },
    {
      kind: "table",
      columns: ["No.", "Project", "Department", "Budget ($)", "Start", "Completion"],
      rows: PROJECTS,
      widths: [0.06, 0.36, 0.2, 0.13, 0.12, 0.13],
      rules: "grid",
      right: [3],
      repeatHeader: true,
    },
    { kind: "heading", text: "Funding sources" },
    {
      kind: "table",
      columns: ["Source", "Amount ($)", "Share"],
      rows: [
        ["General obligation bonds", "7,900,000", "42.2%"],
        ["Water and sewer enterprise fund", "5,290,000", "28.2%"],
        ["State grants", "2,310,000", "12.3%"],
        ["Federal infrastructure grant", "1,600,000", "8.5%"],
        ["Capital reserve", "1,632,000", "8.7%"],
        ["Total", "18,732,000", "100.0%"],
      ],
      widths: [0.5, 0.25, 0.25],
      rules: "booktabs",
      right: [1, 2],
    },
    {
      kind: "para",
      text:
        "The bonds will be issued in March 2027 with a term of 20 years. Debt service on them is expected " +
        "to add about 3.1 cents per $1,000 of assessed value to the property tax rate from 2028.",
    },
  ],
};

// ---------------------------------------------------------------------------------------------
// 6. Board minutes, typewritten in Courier: attendance, numbered items, a motion and its vote.
// ---------------------------------------------------------------------------------------------
const boardMinutes: GeneratedDocument = {
  name: "westbrook-hospital-board-minutes-2026-10.pdf",
  style: {
    family: "courier",
    size: 10,
    pageSize: LETTER,
    margin: 66,
    columns: 1,
    gutter: 0,
    footer: (p) => `Minutes - October 2026 - page ${p}`,
  },
  blocks: [
    { kind: "title", text: "WESTBROOK COMMUNITY HOSPITAL", size: 15 },
    { kind: "subtitle", text: "Minutes of the Board of Trustees, 21 October 2026, 2 pm, Boardroom, Level 5" },
    {
      kind: "para",
      text:
        "Present: Eleanor Whitcombe (Chair), Dr. Samuel Okafor, Joan Pritchard, Marcus Bell, Fiona Lam, " +
        "Dr. Rajesh Iyer, Helen Ashdown, Tom Garvey, Kwame Mensah, Lucy Tran, Owen Hughes.",
    },
    {
      kind: "para",
      text:
        "In attendance: Gareth Price (Chief Executive), Nadia Karimi (Director of Finance), Beth Collins " +
        "(Director of Nursing), Simon Ward (Board Secretary, minutes).",
    },
    { kind: "para", text: "Apologies: Dr. Alice Fernsby." },
    { kind: "heading", text: "1. Minutes of the previous meeting" },
    {
      kind: "para",
      text: "The minutes of the meeting held on 16 September 2026 were approved as a correct record.",
    },
    { kind: "heading", text: "2. Chief Executive's report" },
    {
      kind: "para",
      text:
        "The Chief Executive reported that the emergency department saw 6,842 attendances in September, " +
        "4 percent more than in September 2025. The four-hour standard was met for 81.5 percent of " +
        "patients, against a national target of 78 percent.",
    },
    {
      kind: "para",
      text:
        "The new MRI scanner was installed on 2 October and will take its first patients on 3 November. " +
        "It will cut the wait for a routine scan from eleven weeks to about four.",
    },
    { kind: "page" },
    { kind: "heading", text: "3. Finance report" },
    {
      kind: "para",
      text:
        "The Director of Finance reported a deficit of GBP 1.2 million for the first six months of the " +
        "financial year, against a planned deficit of GBP 0.9 million. The main cause was agency nursing, " +
        "which cost GBP 2.3 million in the half year. Trustees asked for a plan to reduce agency spending " +
        "to be brought to the December meeting.",
    },
    { kind: "heading", text: "4. Elective surgery unit" },
    {
      kind: "para",
      text:
        "The Board considered the business case for a 24-bed elective surgery unit on the site of the " +
        "former laundry, at a capital cost of GBP 14.6 million. The unit would carry out about 5,200 " +
        "operations a year, mainly hip and knee replacements and cataract surgery.",
    },
    {
      kind: "para",
      text:
        "Resolved: that the business case be approved and submitted to the regional health authority. " +
        "Proposed by Dr. Samuel Okafor, seconded by Joan Pritchard. Carried with 9 votes in favour, " +
        "1 against and 1 abstention.",
    },
    { kind: "heading", text: "5. Nursing workforce" },
    {
      kind: "para",
      text:
        "The Director of Nursing reported that the nurse vacancy rate had fallen to 7.9 percent, from 11.2 " +
        "percent a year ago. Forty-six nurses recruited from overseas have joined the hospital since April.",
    },
    { kind: "page" },
    { kind: "heading", text: "6. Any other business" },
    {
      kind: "para",
      text:
        "The Chair announced that the volunteer of the year award goes to Harold Finch, who has run the " +
        "patient library for 22 years. The Board recorded its thanks.",
    },
    {
      kind: "para",
      text: "Marcus Bell will step down as a trustee at the end of December after two terms.",
    },
    { kind: "heading", text: "7. Date of the next meeting" },
    {
      kind: "para",
      text: "Wednesday 18 November 2026 at 2 pm in the Boardroom, Level 5. The meeting closed at 4.10 pm.",
    },
  ],
};

export const GENERATED_DOCUMENTS: readonly GeneratedDocument[] = [
  harbourReport,
  moveMemo,
  beesArticle,
  kettleManual,
  budgetPlan,
  boardMinutes,
];
