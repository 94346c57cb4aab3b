import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAccountKey,
  extractDocument,
  type ServiceSession,
} from "../../../bench/invoices/service-reader.ts";
import { findDates } from "../../../src/core/answering/structured/coerce.ts";
import { findLabels } from "../../../src/core/invoices/invoice-labels.ts";
import type { InvoiceData } from "../../../src/core/invoices/invoice-types.ts";
import { lineSpans, type ReadContext } from "../../../src/core/invoices/label-values.ts";
import { readInvoice } from "../../../src/core/invoices/read-invoice.ts";
import { unlabelledFields } from "../../../src/core/invoices/unlabelled-fields.ts";
import { type TestServer, WORKER_SECRET } from "../../support/server.ts";
import { sharedTestServer } from "../../support/shared-server.ts";

// Header fields as invoices of other hands print them: Dutch labels and months, amounts that are
// not the field's (the figures of a date, the base a rate is taken on), the tax of several rates,
// the due date in a request to pay and a letter's "Town, date"; then invoices of the PDFKit corpus
// (bench/invoices/corpus-pdfkit) through the service's extraction.

const US: ReadContext = { style: { decimal: ".", spaceGroups: false }, dayFirst: false };
const DE: ReadContext = { style: { decimal: ",", spaceGroups: false }, dayFirst: true };
const values = (line: string, c: ReadContext) =>
  lineSpans(line, c).map((s) => [s.hit.field, s.value?.value ?? null]);
const line = (text: string, order = 0) => ({ page: 1, text, order, ocr: false });

describe("header labels", () => {
  it("reads Dutch labels and month names", () => {
    for (const [text, field] of [
      ["Factuurnummer", "invoice_id"],
      ["Vervaldatum", "due_date"],
      ["Klantnummer", "customer_id"],
      ["Subtotaal", "subtotal"],
      ["Te betalen", "amount_due"],
      ["Betalingstermijn", "payment_terms"],
    ] as const)
      expect(findLabels(text)[0]?.field, text).toBe(field);
    expect(findDates("12 januari 2026")[0]?.iso).toBe("2026-01-12");
    expect(findDates("3 maart 2026")[0]?.iso).toBe("2026-03-03");
    expect(findDates("1 mei 2026")[0]?.iso).toBe("2026-05-01");
  });

  it("takes no figure of a date for an amount, nor the base a rate is taken on", () => {
    // No amount: the date is the due date ("Please pay by" is its label).
    expect(values("Please pay by 12/28/2025.", US)).toEqual([["due_date", "2025-12-28"]]);
    expect(values("Tax 20% on 1,838.88: £367.78", US)).toEqual([["total_tax", 367.78]]);
    expect(values("zzgl. MwSt. 7 % auf 3.375,25 236,27 EUR", DE)).toEqual([["total_tax", 236.27]]);
    // Without a rate before it, "de" is no base: the deposit is its own amount.
    expect(values("Acompte de 500,00 €", DE)).toEqual([["amount_paid", 500]]);
  });

  it("keeps a value's last word that is a label when another label follows", () => {
    expect(values("Konditionen: 14 Tage netto Zahlbar bis 2026-09-09 ohne Abzug.", DE)).toEqual([
      ["payment_terms", "14 Tage netto"],
      ["due_date", "2026-09-09"],
    ]);
  });

  it("reads terms that are a date as the due date", () => {
    expect(values("Zahlungsziel: 22. Oktober 2025", DE)).toEqual([["due_date", "2025-10-22"]]);
    expect(values("Zahlungsziel: 14 Tage netto", DE)).toEqual([["payment_terms", "14 Tage netto"]]);
  });

  it("takes words between a label and its amount only before money", () => {
    expect(values("Versand und Verpackung 19,90 €", DE)).toEqual([["shipping", 19.9]]);
    expect(values("Freight pallet wrap (5)", US)).toEqual([]);
  });

  it("takes 'Account' after a bank's label for the bank's", () => {
    expect(values("Remit to: ABA 044914055 Account 4272117191", US).map(([f]) => f)).not.toContain(
      "customer_id",
    );
    expect(values("Account: D41852", US)).toEqual([["customer_id", "D41852"]]);
  });

  it("reads 'le' after a date's label as the date's article", () => {
    expect(values("Échéance : le 19 janvier 2026", DE)).toEqual([["due_date", "2026-01-19"]]);
  });
});

describe("dates without a label", () => {
  const read = (texts: string[], ctx: ReadContext) =>
    unlabelledFields(
      texts.map((t, i) => line(t, i)),
      [],
      ctx,
    ).map((c) => [c.field, c.value.value]);

  it("reads the due date of a request to pay in four languages", () => {
    expect(read(["Please pay by 02/28/2026."], US)).toEqual([["due_date", "2026-02-28"]]);
    expect(read(["Bitte überweisen Sie den Betrag bis zum 8. April 2026."], DE)).toEqual([
      ["due_date", "2026-04-08"],
    ]);
    expect(read(["Merci de régler cette facture avant le 21 mai 2026."], DE)).toEqual([
      ["due_date", "2026-05-21"],
    ]);
    expect(read(["Wij verzoeken u het bedrag voor 12-02-2026 te voldoen."], DE)).toEqual([
      ["due_date", "2026-02-12"],
    ]);
    expect(read(["Gelieve te betalen voor 12-02-2026."], DE)).toEqual([["due_date", "2026-02-12"]]);
    // A period of service is no deadline.
    expect(read(["Leistungszeitraum 01.03.2026 bis 31.03.2026"], DE)).toEqual([]);
  });

  it("reads a letter's 'Town, date' as the invoice date, not a weekday's", () => {
    expect(read(["Nürnberg, 3.5.2026"], DE)).toEqual([["invoice_date", "2026-05-03"]]);
    expect(read(["Studio Lumière SAS Bordeaux, le 7 mai 2026 33 cours Mirabeau"], DE)).toEqual([
      ["invoice_date", "2026-05-07"],
    ]);
    expect(read(["Montag, 12.10.2025"], DE)).toEqual([]);
  });
});

describe("fields without a label, and labels over their values", () => {
  const doc = (lines: string[]) => ({
    pages: [
      {
        pageNumber: 1,
        markdown: lines.join("\n\n"),
        text: lines.join("\n"),
        width: 595,
        height: 842,
        method: "text",
      },
    ],
    tables: [],
  });
  it("reads a row of labels over a row of values, one value per label", () => {
    const { data } = readInvoice(
      doc(["FACTURE", "FACTURE N° DATE DE FACTURE", "2025-7251 19/09/2026", "Total TTC 120,00 €"]),
    );
    expect([data.invoice_id, data.invoice_date]).toEqual(["2025-7251", "2026-09-19"]);
    // A values row that does not hold one value per label is not read so.
    const short = readInvoice(doc(["INVOICE", "INVOICE NO. DATE", "INV-4711", "Total: $120.00"])).data;
    expect(short.invoice_date).toBeNull();
  });
  it("reads the number after the title where no label gives it", () => {
    expect(readInvoice(doc(["FACTUUR INV61859", "Totaal: 120,00"])).data.invoice_id).toBe("INV61859");
    expect(
      readInvoice(doc(["VAT INVOICE 2026-4925", "Invoice No.: 77", "Total: 1.00"])).data.invoice_id,
    ).toBe("77");
  });
});

describe("tax of several rates", () => {
  it("sums the tax lines of each rate, and takes a total tax line where there is one", () => {
    const doc = (lines: string[]) => ({
      pages: [
        {
          pageNumber: 1,
          markdown: lines.join("\n\n"),
          text: lines.join("\n"),
          width: 595,
          height: 842,
          method: "text",
        },
      ],
      tables: [],
    });
    const rates = [
      "Rechnung Nr. 2026-001",
      "Zwischensumme: 1.100,00 €",
      "MwSt. 19 %: 190,00 €",
      "MwSt. 7 %: 7,00 €",
      "Gesamtbetrag: 1.297,00 €",
    ];
    expect(readInvoice(doc(rates), {}).data.total_tax).toBe(197);
    const withTotal = [...rates.slice(0, 4), "Summe MwSt.: 197,00 €", "Gesamtbetrag: 1.297,00 €"];
    expect(readInvoice(doc(withTotal), {}).data.total_tax).toBe(197);
    const one = ["Invoice No. 4711", "Subtotal: 100.00", "VAT 20%: 20.00", "Total: 120.00"];
    expect(readInvoice(doc(one), {}).data.total_tax).toBe(20);
  });
});

// PDFKit invoices: a letter dated "Town, date" with its due date in a sentence, several VAT rates
// summed, Dutch labels, small-caps labels above their values.
const CASES = [
  "pk-023-letter-de-DE",
  "pk-029-letter-fr-FR",
  "pk-012-grid-en-GB",
  "pk-032-inline-pairs-nl-NL",
  "pk-036-grid-de-CH",
];
const HEADER: (keyof InvoiceData)[] = [
  "invoice_id",
  "invoice_date",
  "due_date",
  "purchase_order",
  "customer_id",
  "payment_terms",
  "subtotal",
  "total_discount",
  "shipping",
  "total_tax",
  "invoice_total",
  "amount_paid",
  "amount_due",
];
const dir = path.join(import.meta.dirname, "../../..", "bench", "invoices", "corpus-pdfkit");

describe("PDFKit invoices through the service", () => {
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
    it(`reads the header fields of ${name}`, async () => {
      const doc = await extractDocument(session, readFileSync(path.join(dir, `${name}.pdf`)), `${name}.pdf`);
      const { truth } = JSON.parse(readFileSync(path.join(dir, `${name}.json`), "utf8")) as {
        truth: InvoiceData;
      };
      const { data } = readInvoice(doc, {});
      expect(Object.fromEntries(HEADER.map((k) => [k, data[k]]))).toEqual(
        Object.fromEntries(HEADER.map((k) => [k, truth[k]])),
      );
    }, 60_000);
});
