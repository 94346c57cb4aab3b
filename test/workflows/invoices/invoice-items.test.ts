import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scoreInvoice } from "../../../bench/invoices/score.ts";
import {
  createAccountKey,
  extractDocument,
  type ServiceSession,
} from "../../../bench/invoices/service-reader.ts";
import { isCarryRow } from "../../../src/core/invoices/carry-rows.ts";
import { chooseItems, type ItemRow, tableItems } from "../../../src/core/invoices/invoice-items.ts";
import type { Table } from "../../../src/core/invoices/invoice-lines.ts";
import type { InvoiceData } from "../../../src/core/invoices/invoice-types.ts";
import { readInvoice } from "../../../src/core/invoices/read-invoice.ts";
import { type TestServer, WORKER_SECRET } from "../../support/server.ts";
import { sharedTestServer } from "../../support/shared-server.ts";

// The item rules: on item tables written as rows of cells, then on invoices of the item corpus
// (bench/invoices/corpus-items, Chromium) and one of corpus-third (ReportLab) through the real
// service's extraction.

const US = { decimal: ".", spaceGroups: false } as const;
const DE = { decimal: ",", spaceGroups: false } as const;
const FR = { decimal: ",", spaceGroups: true } as const;

const table = (rows: string[][], extra: Partial<Table> = {}): Table => ({
  index: 0,
  page: 1,
  pages: [1],
  bbox: null,
  rows,
  order: 0,
  ocr: false,
  ...extra,
});
const itemsOf = (rows: string[][], style: typeof US | typeof DE | typeof FR, extra: Partial<Table> = {}) =>
  tableItems([table(rows, extra)], style, (t) => t.page).items.map((r) => r.item);

describe("item table headers", () => {
  it("reads Dutch headers and headers qualified by their basis (HT, netto, currency)", () => {
    const nl = itemsOf(
      [
        ["Artikelnr.", "Omschrijving", "Aantal", "Stukprijs", "BTW %", "Bedrag"],
        ["A-9457", "Draadloos toetsenbord", "20", "89,90", "21 %", "1.798,00"],
      ],
      DE,
    );
    expect(nl).toEqual([
      {
        description: "Draadloos toetsenbord",
        quantity: 20,
        unit: null,
        unit_price: 89.9,
        tax_rate: 21,
        amount: 1798,
        product_code: "A-9457",
      },
    ]);
    const fr = itemsOf(
      [
        ["Prestation", "Qté", "Prix unit. HT", "Total HT"],
        ["Clavier sans fil", "9,5 pce", "2,70", "25,65"],
      ],
      FR,
    );
    expect(fr[0]).toMatchObject({
      description: "Clavier sans fil",
      quantity: 9.5,
      unit: "pce",
      unit_price: 2.7,
    });
  });

  it("takes a per-line discount column for none of the item's fields", () => {
    const items = itemsOf(
      [
        ["Artikel", "Aantal", "Prijs", "Korting %", "Totaal"],
        ["Installatie werkplek", "20", "9,14", "-", "182,80"],
        ["Licentieverlenging software", "20", "552,00", "10 %", "9.936,00"],
      ],
      DE,
    );
    expect(items.map((i) => [i.quantity, i.unit_price, i.tax_rate, i.amount])).toEqual([
      [20, 9.14, null, 182.8],
      [20, 552, null, 9936],
    ]);
  });

  it("completes a header the extractor cut from the rows: quantity and price by their product", () => {
    const items = itemsOf(
      [
        ["Réf.", "Description", "QuantitéPrix unitaire HT", "", "Total HT"],
        ["159194", "Sauvegarde en ligne 2 To", "1", "14,50", "14,50"],
        ["10218167", "Visserie inox M8, boîte de 200", "10", "39,00", "390,00"],
      ],
      FR,
    );
    expect(items.map((i) => [i.quantity, i.unit_price])).toEqual([
      [1, 14.5],
      [10, 39],
    ]);
  });

  it("finds the description column by its text when its header is no known word", () => {
    const items = itemsOf(
      [
        ["Nr.", "Text", "Menge", "Einzelpreis", "Betrag"],
        ["1", "Kabelkanal weiß, 2 m", "4", "12,50", "50,00"],
        ["2", "Montage vor Ort", "3", "85,00", "255,00"],
      ],
      DE,
    );
    expect(items.map((i) => i.description)).toEqual(["Kabelkanal weiß, 2 m", "Montage vor Ort"]);
  });

  it("reads a column of percentages without header as the VAT rate", () => {
    const items = itemsOf(
      [
        ["Replacement air filter", "46", "12.00", "5%", "552.00"],
        ["Wireless keyboard", "49", "249.50", "0%", "12,225.50"],
        ["Consulting", "16", "110.00", "20%", "1,760.00"],
      ],
      US,
    );
    expect(items.map((i) => i.tax_rate)).toEqual([5, 0, 20]);
  });
});

describe("rows of an item table that are no item", () => {
  it("skips the header repeated inside a table continued over pages", () => {
    const items = itemsOf(
      [
        ["Description", "Qty", "Unit price", "Amount"],
        ["Wireless keyboard", "2", "50.00", "100.00"],
        ["Description", "Qty", "Unit price", "Amount"],
        ["Desk lamp", "1", "30.00", "30.00"],
      ],
      US,
      { pages: [1, 2] },
    );
    expect(items.map((i) => i.description)).toEqual(["Wireless keyboard", "Desk lamp"]);
  });

  it("skips group headings: the first row under the header, a row spanning the table", () => {
    const items = itemsOf(
      [
        ["Description", "Qty", "Unit price", "Amount"],
        ["Hardware", "", "", ""],
        ["Wireless keyboard", "2", "50.00", "100.00"],
        ["Services", "", "", ""],
        ["Installation", "1", "80.00", "80.00"],
        ["on site, two technicians", "", "", ""],
      ],
      US,
      { wide: [false, false, false, true, false, false] },
    );
    expect(items.map((i) => i.description)).toEqual([
      "Wireless keyboard",
      "Installation on site, two technicians",
    ]);
  });

  it("keeps an item whose words open like a total when its figures multiply", () => {
    const items = itemsOf(
      [
        ["Description", "Qty", "Unit price", "Amount"],
        ["Freight pallet wrap", "1", "44.85", "44.85"],
        ["Shipping", "", "", "15.00"],
      ],
      US,
    );
    expect(items.map((i) => i.description)).toEqual(["Freight pallet wrap"]);
  });

  it("keeps a discount line above the table's subtotal, not one below it", () => {
    const rows = (discountFirst: boolean) => {
      const discount = ["Discount (promotion)", "", "", "-10.00"];
      const subtotal = ["Subtotal", "", "", "90.00"];
      return [
        ["Description", "Qty", "Unit price", "Amount"],
        ["Wireless keyboard", "2", "50.00", "100.00"],
        ...(discountFirst ? [discount, subtotal] : [subtotal, discount]),
      ];
    };
    expect(itemsOf(rows(true), US).map((i) => i.amount)).toEqual([100, -10]);
    expect(itemsOf(rows(false), US).map((i) => i.amount)).toEqual([100]);
  });

  it("knows a carry wording cut over two cells or run together", () => {
    expect(isCarryRow(["Übertrag", "von Seite", "", "", "10'752.50"], US)).toBe(true);
    expect(isCarryRow(["Naar", "volgende pagina", "", "", "", "307.601,50"], DE)).toBe(true);
    expect(isCarryRow(["", "", "", "Àreporter", "214 451,04"], FR)).toBe(true);
    expect(isCarryRow(["Balance", "of the licence fee", "", "400.00"], US)).toBe(false);
  });
});

describe("line numbers joined to descriptions", () => {
  const row = (description: string): ItemRow => ({
    item: {
      description,
      quantity: 1,
      unit: null,
      unit_price: 10,
      tax_rate: null,
      amount: 10,
      product_code: null,
    },
    table: null,
    row: 0,
    page: 1,
    quote: description,
  });
  it("are left out when they count up one by one, kept otherwise", () => {
    const counted = chooseItems([row("1 Data migration"), row("2 Copper pipe 22 mm"), row("3 Hosting")], []);
    expect(counted.map((r) => r.item.description)).toEqual([
      "Data migration",
      "Copper pipe 22 mm",
      "Hosting",
    ]);
    const sizes = chooseItems([row("2 Copper pipes"), row("5 Hosting plans")], []);
    expect(sizes.map((r) => r.item.description)).toEqual(["2 Copper pipes", "5 Hosting plans"]);
  });
});

const CASES: [string, string][] = [
  // Three pages, "Sous-total | page 1" cut over two cells, wrapped descriptions and grey notes.
  ["corpus-items", "items-003-pages-fr-FR"],
  // Hours and rates, a "Pos" column, "Übertrag | von Seite", notes under the items.
  ["corpus-items", "items-012-hours-de-CH"],
  // A group heading spanning the table, a line-number column, a discount line among the items.
  ["corpus-items", "items-029-sections-en-US"],
  // Dutch headers, a code before the description, a unit column.
  ["corpus-items", "items-034-sections-nl-NL"],
  // An item named "Freight pallet wrap", units in the quantity cell, a header word "Each".
  ["corpus-third", "third-002-window-en-GB"],
];

describe("item corpus invoices through the service", () => {
  let server: TestServer;
  let session: ServiceSession;
  beforeAll(async () => {
    server = await sharedTestServer();
    const key = await createAccountKey(server.url, WORKER_SECRET);
    session = { base: server.url, key, service: server, operatorSecret: WORKER_SECRET };
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  for (const [corpus, name] of CASES)
    it(`reads the items of ${name} as printed`, async () => {
      const dir = path.join(import.meta.dirname, "../../..", "bench", "invoices", corpus);
      const doc = await extractDocument(session, readFileSync(path.join(dir, `${name}.pdf`)), `${name}.pdf`);
      const { truth } = JSON.parse(readFileSync(path.join(dir, `${name}.json`), "utf8")) as {
        truth: InvoiceData;
      };
      const wrong = scoreInvoice(truth, readInvoice(doc, {}).data).filter(
        (s) => s.field.startsWith("items.") && !s.right,
      );
      expect(wrong).toEqual([]);
    }, 90_000);
});
