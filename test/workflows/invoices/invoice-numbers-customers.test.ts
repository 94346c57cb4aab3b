import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAccountKey,
  extractDocument,
  type ServiceSession,
} from "../../../bench/invoices/service-reader.ts";
import type { Line } from "../../../src/core/invoices/invoice-lines.ts";
import { readParties } from "../../../src/core/invoices/invoice-parties.ts";
import type { InvoiceData } from "../../../src/core/invoices/invoice-types.ts";
import { withoutContact } from "../../../src/core/invoices/party-lines.ts";
import { tableLines } from "../../../src/core/invoices/party-tables.ts";
import { readInvoice } from "../../../src/core/invoices/read-invoice.ts";
import { type TestServer, WORKER_SECRET } from "../../support/server.ts";
import { sharedTestServer } from "../../support/shared-server.ts";

// Invoice numbers and customer blocks as other hands print them: short and foreign labels, numbers
// in groups, in the title or the page's footer; customer blocks the layout ran into one line with
// a contact person, an e-mail or a phone in them, two blocks side by side. Then invoices of the
// jsPDF tuning set (bench/invoices/corpus-jspdf) through the service's extraction.

const doc = (texts: string[]) => ({
  pages: [
    {
      pageNumber: 1,
      markdown: texts.join("\n\n"),
      text: texts.join("\n"),
      width: 595,
      height: 842,
      method: "text",
    },
  ],
  tables: [],
});
const read = (...texts: string[]) => readInvoice(doc(texts)).data;
const lines = (...texts: string[]): Line[] =>
  texts.map((text, order) => ({ page: 1, text, order, ocr: false }));
const fold = (v: unknown) =>
  typeof v === "string"
    ? v
        .toLowerCase()
        .replace(/[\s,]+/g, " ")
        .trim()
    : v;

describe("invoice numbers", () => {
  it("reads a title and its number opening the line the issuer's name ends", () => {
    const d = read("Tax Invoice 003724 Meridian Freight Partners", "Flat 2, 9 Mill Lane", "Total: 10.00");
    expect([d.invoice_id, d.vendor_name]).toEqual(["003724", "Meridian Freight Partners"]);
    // A date after the title is no number, wherever the name stands.
    expect(read("Invoice 12.03.2026 Meridian Freight Partners", "Total: 10.00").invoice_id).toBeNull();
  });
  it("reads short and French labels of the number", () => {
    expect(read("Redwood Signal Systems Inc.", "Inv. No RE2025371", "Total: 10.00").invoice_id).toBe(
      "RE2025371",
    );
    expect(read("Werkstatt Albrecht KG", "Nr A-4525 Datum 04.12.2025", "Summe 10,00").invoice_id).toBe(
      "A-4525",
    );
    expect(read("Atelier Delacroix SARL", "Réf. SI/44682", "Total TTC 10,00").invoice_id).toBe("SI/44682");
    expect(read("Calder Bay Marine", "Our ref: 2026/0042", "Total: 10.00").invoice_id).toBe("2026/0042");
    // The customer's reference is their order's, not the invoice's number.
    const theirs = read(
      "Calder Bay Marine",
      "Votre référence : BC-7781",
      "Facture n° F26-118",
      "Total TTC 10,00",
    );
    expect([theirs.invoice_id, theirs.purchase_order]).toEqual(["F26-118", "BC-7781"]);
  });

  it("reads a number printed in groups, and no telephone's number", () => {
    const data = read(
      "Hofmann Elektrotechnik GmbH",
      "Tel.-Nr. 030 1234567",
      "Rechnungs-Nr. 69 3856",
      "Gesamtbetrag 10,00",
    );
    expect(data.invoice_id).toBe("69 3856");
  });

  it("reads the number in a title run into the issuer's name, and in the page's footer", () => {
    const titled = read("Redwood Signal Systems Inc. INVOICE #SI/44220", "77 Kingsway", "Madison, WI 53703");
    expect([titled.invoice_id, titled.vendor_name]).toEqual(["SI/44220", "Redwood Signal Systems Inc."]);
    expect(read("Kaasboerderij De Linde FACTUUR 25.0044", "Totaal 10,00").invoice_id).toBe("25.0044");
    expect(read("Boulangerie Marchand Facture 55 8539", "Total TTC 10,00").invoice_id).toBe("55 8539");
    expect(
      read(
        "Juniper & Rowe Solicitors",
        "Total 10.00",
        "Invoice 2026/0879 - page 1/1 Juniper & Rowe Solicitors",
      ).invoice_id,
    ).toBe("2026/0879");
    // A date after the title is no number.
    expect(read("Acme Ltd", "Invoice 12.03.2026").invoice_id).toBeNull();
  });
});

describe("customer blocks run into one line", () => {
  it("takes a contact person, an e-mail and a phone out of the line", () => {
    expect(withoutContact("Attn: Anna Keller Northgate Print House 77 Kingsway Bristol BS1 4DJ")).toBe(
      "Northgate Print House 77 Kingsway Bristol BS1 4DJ",
    );
    expect(withoutContact("Hawthorn Valley Farms jane@hawthorn.example Tel. +44 117 496 0321")).toBe(
      "Hawthorn Valley Farms",
    );
    // A bare run of digits is a PO box's or a postcode's, not a phone's.
    expect(withoutContact("Postfach 10 20 30")).toBe("Postfach 10 20 30");
    // A line that is the contact alone stays one, to be left out whole.
    expect(withoutContact("Zu Händen Herrn Jonas Albrecht")).toBe("Zu Händen Herrn Jonas Albrecht");
  });

  it("reads the name and address of a block with a contact line run into it", () => {
    const en = readParties(
      lines("Customer", "Attn: Anna Keller Northgate Print House 77 Kingsway Bristol BS1 4DJ"),
    );
    expect([en.customer?.name, en.customer?.address]).toEqual([
      "Northgate Print House",
      "77 Kingsway Bristol BS1 4DJ",
    ]);
    const de = readParties(
      lines("Rechnung an", "Seidel & Kühn Rechtsanwälte z. Hd. Frau Anna Keller Am Markt 9 01067 Dresden"),
    );
    expect([de.customer?.name, de.customer?.address]).toEqual([
      "Seidel & Kühn Rechtsanwälte",
      "Am Markt 9 01067 Dresden",
    ]);
    const mail = readParties(
      lines("Bill to", "Hawthorn Valley Farms Flat 2, 9 Mill Lane Leeds LS1 5HD jane@hawthorn.example"),
    );
    expect([mail.customer?.name, mail.customer?.address]).toEqual([
      "Hawthorn Valley Farms",
      "Flat 2, 9 Mill Lane Leeds LS1 5HD",
    ]);
    const nl = readParties(lines("Factuur aan", "Jansen Bouwadvies B.V. Herengracht 301 9711 LM Groningen"));
    expect([nl.customer?.name, nl.customer?.address]).toEqual([
      "Jansen Bouwadvies B.V.",
      "Herengracht 301 9711 LM Groningen",
    ]);
  });

  it("reads the block in the cell right of its label in a column of labels, and no block under a label", () => {
    const left = readParties(
      tableLines(
        [
          ["Bill to", "Silverbirch Analytics Ltd Flat 2, 9 Mill Lane Bristol BS1 4DJ"],
          ["Invoice date", "2025-04-14"],
        ],
        1,
        0,
      ),
    );
    expect([left.customer?.name, left.customer?.address]).toEqual([
      "Silverbirch Analytics Ltd",
      "Flat 2, 9 Mill Lane Bristol BS1 4DJ",
    ]);
    // A label with its block under it keeps it, whatever stands right of the label.
    const under = readParties(
      tableLines(
        [
          ["ADRESSE DE FACTURATION", "LIVRE A"],
          ["Informatique Bernard SAS", "Boulangerie Lefèvre"],
          ["45 avenue Jean Jaurès", "8 boulevard Voltaire"],
          ["1003 Lausanne", "1204 Genève"],
        ],
        1,
        0,
      ),
    );
    expect(under.customer?.name).toBe("Informatique Bernard SAS");
  });

  it("ends a window's address at the number of the details block beside it", () => {
    const p = readParties(
      lines(
        "Zahnarztpraxis Dr. Vogt · Bahnhofstraße 3b · 53111 Bonn",
        "Alpenblick Reisen GmbH",
        "Lindenallee 17",
        "01067 Dresden",
        "Rechnungs-Nr.",
        "46 1344",
      ),
    );
    expect([p.customer?.name, p.customer?.address]).toEqual([
      "Alpenblick Reisen GmbH",
      "Lindenallee 17, 01067 Dresden",
    ]);
  });

  it("reads two blocks side by side, each run into a line of its own, as two parties", () => {
    const p = readParties(
      lines(
        "Customer Ship to",
        "Quayside Dental Practice FAO Luc Moreau 5 Old Forge Yard Exeter EX1 1BU",
        "Redwood Signal Systems Inc. Flat 2, 9 Mill Lane Exeter EX1 1BU",
      ),
    );
    expect([p.customer?.name, p.customer?.address, p.shipTo?.name]).toEqual([
      "Quayside Dental Practice",
      "5 Old Forge Yard Exeter EX1 1BU",
      "Redwood Signal Systems Inc.",
    ]);
  });
});

// jsPDF invoices, one per tuning layout: the number in the title, a header grid and a dark-headed
// customer box, labels in a left column, bill-to beside ship-to, the number beside the date, the
// number in the footer, a label/value table with the customer in one cell, a window letter. Each has an item table between the customer block and a closing sentence.
const CASES = [
  "js-013-title-id-en-US",
  "js-002-header-grid-en-GB",
  "js-003-left-column-de-DE",
  "js-010-two-blocks-en-GB",
  "js-005-id-date-line-en-US",
  "js-006-footer-id-en-GB",
  "js-041-label-table-en-GB",
  "js-042-window-de-DE",
];
const FIELDS: (keyof InvoiceData)[] = [
  "invoice_id",
  "vendor_name",
  "vendor_address",
  "customer_name",
  "customer_address",
];
const dir = path.join(import.meta.dirname, "../../..", "bench", "invoices", "corpus-jspdf");

describe("jsPDF invoices through the service", () => {
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

  for (const name of CASES)
    it(`reads the number and the parties of ${name}`, async () => {
      const pdf = await extractDocument(session, readFileSync(path.join(dir, `${name}.pdf`)), `${name}.pdf`);
      const { truth } = JSON.parse(readFileSync(path.join(dir, `${name}.json`), "utf8")) as {
        truth: InvoiceData;
      };
      const { data } = readInvoice(pdf, {});
      for (const f of FIELDS) expect(fold(data[f]), f).toEqual(fold(truth[f]));
    }, 60_000);
});
