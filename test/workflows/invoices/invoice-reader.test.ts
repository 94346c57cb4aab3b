import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scoreInvoice } from "../../../bench/invoices/score.ts";
import {
  createAccountKey,
  extractDocument,
  type ServiceSession,
} from "../../../bench/invoices/service-reader.ts";
import { findDates } from "../../../src/core/answering/structured/coerce.ts";
import { findAmounts, numberStyle, parseAmount } from "../../../src/core/invoices/amounts.ts";
import { isCarryRow } from "../../../src/core/invoices/carry-rows.ts";
import { findLabels } from "../../../src/core/invoices/invoice-labels.ts";
import type { InvoiceData, InvoiceSourceDocument } from "../../../src/core/invoices/invoice-types.ts";
import { lineSpans, type ReadContext } from "../../../src/core/invoices/label-values.ts";
import { readInvoice } from "../../../src/core/invoices/read-invoice.ts";
import { startTestServer, type TestServer, WORKER_SECRET } from "../../support/server.ts";
import { sharedTestServer } from "../../support/shared-server.ts";

// The built-in invoice reader: its value readers on written cases, then a few invoices of the
// generated corpus (bench/invoices/corpus) through the real service's extraction and the reader.

const US = { decimal: ".", spaceGroups: false } as const;
const DE = { decimal: ",", spaceGroups: false } as const;
const FR = { decimal: ",", spaceGroups: true } as const;

describe("amounts", () => {
  it("reads the usual number formats and signs", () => {
    expect(parseAmount("1,234.56", US)?.value).toBe(1234.56);
    expect(parseAmount("1.234,56", DE)?.value).toBe(1234.56);
    expect(parseAmount("1 234,56", FR)?.value).toBe(1234.56);
    expect(parseAmount("1\u202f234,56 €", FR)?.value).toBe(1234.56);
    expect(parseAmount("1'234.56", US)?.value).toBe(1234.56);
    expect(parseAmount("-€1,250.00", US)?.value).toBe(-1250);
    expect(parseAmount("(50.00)", US)?.value).toBe(-50);
    expect(parseAmount("EUR 4.354,86", DE)).toMatchObject({ value: 4354.86, currency: "EUR" });
    expect(parseAmount("£12.00", US)?.currency).toBe("GBP");
  });
  it("decides the decimal mark from the document", () => {
    expect(numberStyle("Total 1.234,56 MwSt 19,00")).toEqual({ decimal: ",", spaceGroups: false });
    expect(numberStyle("Total 1,234.56 Tax 8.25")).toEqual({ decimal: ".", spaceGroups: false });
    expect(numberStyle("Total TTC 1 234,56")).toEqual({ decimal: ",", spaceGroups: true });
  });
  it("keeps codes and rates apart from amounts", () => {
    const found = findAmounts("INV-2026-12 VAT 20%: 2,378.76", US);
    expect(found.map((a) => [a.value, a.percent])).toEqual([
      [20, true],
      [2378.76, false],
    ]);
  });
});

describe("dates", () => {
  it("reads dates in three languages and by locale", () => {
    const iso = (t: string, dayFirst = false) => findDates(t, { dayFirst })[0]?.iso;
    expect(iso("5. März 2026")).toBe("2026-03-05");
    expect(iso("26 décembre 2026")).toBe("2026-12-26");
    expect(iso("1er janvier 2026")).toBe("2026-01-01");
    expect(iso("March 5, 2026")).toBe("2026-03-05");
    expect(iso("2026-03-05")).toBe("2026-03-05");
    expect(iso("03/05/2026")).toBe("2026-03-05");
    expect(iso("03/05/2026", true)).toBe("2026-05-03");
    expect(iso("05.03.2026")).toBe("2026-03-05");
  });
});

describe("labels", () => {
  const ctx: ReadContext = { style: US, dayFirst: false };
  const values = (line: string, c: ReadContext = ctx) =>
    lineSpans(line, c).map((s) => [s.hit.field, s.value?.value ?? null]);

  it("finds synonyms in three languages", () => {
    for (const [text, field] of [
      ["Invoice #", "invoice_id"],
      ["Rechnungs-Nr.", "invoice_id"],
      ["N° de facture", "invoice_id"],
      ["Net à payer", "amount_due"],
      ["Zahlbetrag", "amount_due"],
      ["MwSt.", "total_tax"],
      ["USt-IdNr.", "vendor_tax_id"],
      ["Frais de port", "shipping"],
      ["Fällig am", "due_date"],
      ["Bon de commande", "purchase_order"],
      ["Sous-total", "subtotal"],
    ] as const)
      expect(findLabels(text)[0]?.field, text).toBe(field);
  });
  it("gives each of two pairs on one line its own value", () => {
    expect(values("Subtotal: 11,893.79 VAT 20%: 2,378.76")).toEqual([
      ["subtotal", 11893.79],
      ["total_tax", 2378.76],
    ]);
    expect(values("Invoice No. RE721487 Date of issue 5 October 2025 Due 19 November 2025")).toEqual([
      ["invoice_id", "RE721487"],
      ["invoice_date", "2025-10-05"],
      ["due_date", "2025-11-19"],
    ]);
  });
  it("ends payment terms where a sentence or a bank line joined to them starts", () => {
    expect(values("Payment terms: Net 45 days Thank you for your business.")).toEqual([
      ["payment_terms", "Net 45 days"],
    ]);
    expect(
      values("Zahlungsbedingungen: Zahlbar innerhalb 14 Tagen ohne Abzug Bitte geben Sie die Nummer an", {
        style: DE,
        dayFirst: true,
      }),
    ).toEqual([["payment_terms", "Zahlbar innerhalb 14 Tagen ohne Abzug"]]);
    expect(
      values("Conditions de paiement : Paiement à 30 jours. Pénalités de retard : 3 fois le taux"),
    ).toEqual([["payment_terms", "Paiement à 30 jours"]]);
  });

  it("takes 'No.' for the invoice number and keeps longer labels whole", () => {
    expect(values("No. 4711")).toEqual([["invoice_id", "4711"]]);
    expect(values("VAT No.: GB123456789")).toEqual([["vendor_tax_id", "GB123456789"]]);
  });
  it("does not take a title or a sentence for a label", () => {
    expect(values("Tax Invoice")).toEqual([]);
    expect(values("Terms: Due on receipt")).toEqual([["payment_terms", "Due on receipt"]]);
    expect(values("Zahlungsziel: 14 Tage netto", { style: DE, dayFirst: true })).toEqual([
      ["payment_terms", "14 Tage netto"],
    ]);
  });
});

describe("readInvoice on written pages", () => {
  it("reads a German invoice written as markdown", () => {
    const doc: InvoiceSourceDocument = {
      pages: [
        {
          pageNumber: 1,
          markdown: [
            "# Müller GmbH",
            "Hauptstraße 1",
            "10115 Berlin",
            "## Rechnung",
            "Rechnungsempfänger",
            "Weber KG",
            "Am Markt 3",
            "80331 München",
            "Rechnungsnummer: R-2026-17 Datum: 5. März 2026",
            "| Bezeichnung | Menge | Einzelpreis | Betrag |",
            "| --- | --- | --- | --- |",
            "| Beratung | 2 | 1.000,00 | 2.000,00 |",
            "Zwischensumme: 2.000,00 € MwSt. 19 %: 380,00 €",
            "Gesamtbetrag: 2.380,00 €",
          ].join("\n"),
          text: "",
          width: 595,
          height: 842,
          method: "text",
        },
      ],
      tables: [
        {
          pageNumber: 1,
          pages: [1],
          bbox: [40, 300, 550, 360],
          cells: [
            ["Bezeichnung", "Menge", "Einzelpreis", "Betrag"],
            ["Beratung", "2", "1.000,00", "2.000,00"],
          ].map((r) => r.map((text) => ({ text, rowSpan: 1, colSpan: 1 }))),
          markdown: "",
        },
      ],
    };
    const { data, sources } = readInvoice(doc, {});
    expect(data).toMatchObject({
      invoice_id: "R-2026-17",
      invoice_date: "2026-03-05",
      vendor_name: "Müller GmbH",
      vendor_address: "Hauptstraße 1, 10115 Berlin",
      customer_name: "Weber KG",
      customer_address: "Am Markt 3, 80331 München",
      currency: "EUR",
      subtotal: 2000,
      total_tax: 380,
      invoice_total: 2380,
      items: [{ description: "Beratung", quantity: 2, unit_price: 1000, amount: 2000 }],
    });
    expect(sources["/total_tax"]).toMatchObject({ page: 1, quote: "MwSt. 19 %: 380,00 €" });
    expect(sources["/items/0/amount"]?.bbox).toEqual([40, 300, 550, 360]);
  });
});

const CORPUS_CASES = ["inv-001-header-band-en-US", "inv-016-multi-page-de-CH", "inv-048-label-grid-fr-FR"];
const corpus = path.join(import.meta.dirname, "../../..", "bench", "invoices", "corpus");
const truthOf = (name: string) =>
  (JSON.parse(readFileSync(path.join(corpus, `${name}.json`), "utf8")) as { truth: InvoiceData }).truth;

describe("corpus invoices through the service", () => {
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

  // One per language, among them a multi-page one with its items continued on page 2; every
  // field is asserted.
  for (const name of CORPUS_CASES)
    it(`reads ${name}`, async () => {
      const doc = await extractDocument(
        session,
        readFileSync(path.join(corpus, `${name}.pdf`)),
        `${name}.pdf`,
      );
      const { data } = readInvoice(doc, {});
      const wrong = scoreInvoice(truthOf(name), data).filter((s) => !s.right);
      expect(wrong).toEqual([]);
    }, 60_000);
});

describe("rows carrying the sum between pages", () => {
  it("are not items, and an item named like one is kept", () => {
    expect(isCarryRow(["Übertrag", "", "", "12.345,60"], DE)).toBe(true);
    expect(isCarryRow(["Report de la page précédente", "", "368 855,90"], FR)).toBe(true);
    expect(isCarryRow(["Carried forward", "", "", "1,204.00"], US)).toBe(true);
    expect(isCarryRow(["Transport", "1", "50.00", "50.00"], US)).toBe(false);
    expect(isCarryRow(["Report writing", "", "", "400.00"], US)).toBe(false);
  });

  it("leaves the items of a three-page ReportLab invoice with carried-forward rows as printed", async () => {
    const server = await startTestServer();
    try {
      const key = await createAccountKey(server.url, WORKER_SECRET);
      const session = { base: server.url, key, service: server, operatorSecret: WORKER_SECRET };
      const name = "third-012-multipage-de-AT";
      const dir = path.join(import.meta.dirname, "../../..", "bench", "invoices", "corpus-third");
      const doc = await extractDocument(session, readFileSync(path.join(dir, `${name}.pdf`)), `${name}.pdf`);
      const { truth } = JSON.parse(readFileSync(path.join(dir, `${name}.json`), "utf8")) as {
        truth: InvoiceData;
      };
      const wrong = scoreInvoice(truth, readInvoice(doc, {}).data).filter((s) =>
        s.field.startsWith("items."),
      );
      expect(wrong.filter((s) => !s.right)).toEqual([]);
    } finally {
      await server.close();
    }
  }, 90_000);
});
