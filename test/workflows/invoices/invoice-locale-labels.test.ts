import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAccountKey,
  extractDocument,
  type ServiceSession,
} from "../../../bench/invoices/service-reader.ts";
import { invoiceReading } from "../../../src/core/answering/structured/from-invoice.ts";
import { readInvoice } from "../../../src/core/invoices/read-invoice.ts";
import { type TestServer, WORKER_SECRET } from "../../support/server.ts";
import { sharedTestServer } from "../../support/shared-server.ts";

// Labels as invoices of several hands print them, in small invoices drawn with pdf-lib and read
// through the service's extraction: tax ids under EIN, VAT reg., Umsatzsteuer-ID, TVA intracom.
// (read as the vendor's tax id and ending its address); bank lines ("Remit to") ending the payment
// terms; invoice numbers under "Ref." and "Numéro", accounts, "Ausgestellt am", "Ihr Zeichen".

async function invoicePdf(vendor: string[], rest: string[], returnLine?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  let y = 790;
  for (const [i, line] of vendor.entries()) {
    page.drawText(line, { x: 50, y, size: i === 0 ? 14 : 10, font });
    y -= i === 0 ? 20 : 13;
  }
  y -= 30;
  // A window envelope's return line: small, right over the addressee.
  if (returnLine) {
    page.drawText(returnLine, { x: 50, y, size: 7, font });
    y -= 16;
  }
  // Each block apart, as on an invoice; a block's lines close together.
  for (const block of rest) {
    for (const line of block.split("\n")) {
      page.drawText(line, { x: 50, y, size: 10, font });
      y -= 13;
    }
    y -= 24;
  }
  return doc.save();
}

const CASES = [
  {
    vendor: ["Copperline Electric LLC", "77 Water St Fl 8", "New York, NY 10005", "EIN: 96-3587756"],
    rest: [
      "INVOICE",
      "Invoice No.: 4711",
      "Bill To\nPinecrest Dental\n1400 Lake Shore Drive\nChicago, IL 60610",
      "Total: $1,200.00",
    ],
    taxId: "96-3587756",
    address: "77 Water St Fl 8, New York, NY 10005",
  },
  {
    vendor: [
      "Lindner Gebäudetechnik GmbH",
      "Kaiserstraße 88",
      "60329 Frankfurt am Main",
      "Umsatzsteuer-ID: DE827880504",
    ],
    rest: [
      "RECHNUNG",
      "Rechnungs-Nr.: 2026-0042",
      "Rechnung an\nOstwind Energie AG\nSchillerplatz 2\n01067 Dresden",
      "Gesamtbetrag: 1.190,00 EUR",
    ],
    taxId: "DE827880504",
    address: "Kaiserstraße 88, 60329 Frankfurt am Main",
  },
  {
    vendor: [
      "Fournier Électricité SAS",
      "18 cours Mirabeau",
      "13100 Aix-en-Provence",
      "TVA intracom.: FR78970480776",
    ],
    rest: [
      "FACTURE",
      "N° de facture : FA123456",
      "Facturé à\nCafé des Arts\n2 impasse des Lilas\n44000 Nantes",
      "Total TTC : 1 200,00 €",
    ],
    taxId: "FR78970480776",
    address: "18 cours Mirabeau, 13100 Aix-en-Provence",
  },
];

describe("invoice labels of several hands", () => {
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

  for (const c of CASES)
    it(`reads "${c.vendor[3]}" as the tax id, not the address`, async () => {
      const doc = await extractDocument(session, await invoicePdf(c.vendor, c.rest), "tax.pdf");
      const { data } = readInvoice(doc, {});
      expect(data.vendor_tax_id).toBe(c.taxId);
      expect(data.vendor_address?.replace(/,/g, "").replace(/\s+/g, " ")).toBe(c.address.replace(/,/g, ""));
    }, 60_000);

  it("reads 'Ref.', 'Account' and 'Issued' on an English invoice", async () => {
    const pdf = await invoicePdf(CASES[0]?.vendor ?? [], [
      "INVOICE",
      "Ref.: 6604",
      "Account: D41852",
      "Issued: 03/14/2026",
      "Order ref.: 889123",
      "Total: $1,200.00",
    ]);
    const { data } = readInvoice(await extractDocument(session, pdf, "ref.pdf"), {});
    expect([data.invoice_id, data.customer_id, data.invoice_date, data.purchase_order]).toEqual([
      "6604",
      "D41852",
      "2026-03-14",
      "889123",
    ]);
  }, 60_000);

  it("reads 'Numéro' and 'Ausgestellt am', 'Ihr Zeichen', 'Debitor'", async () => {
    const fr = await invoicePdf(CASES[2]?.vendor ?? [], [
      "FACTURE",
      "Numéro : 2025-0839",
      "Total TTC : 1 200,00 €",
    ]);
    expect(readInvoice(await extractDocument(session, fr, "fr.pdf"), {}).data.invoice_id).toBe("2025-0839");
    const de = await invoicePdf(CASES[1]?.vendor ?? [], [
      "RECHNUNG",
      "Rechnungs-Nr.: 2026-0042",
      "Ausgestellt am: 21.02.2026",
      "Ihr Zeichen: 769129",
      "Debitor: 82827",
      "Gesamtbetrag: 1.190,00 EUR",
    ]);
    const { data } = readInvoice(await extractDocument(session, de, "de.pdf"), {});
    expect([data.invoice_date, data.purchase_order, data.customer_id]).toEqual([
      "2026-02-21",
      "769129",
      "82827",
    ]);
  }, 60_000);

  it("takes a page for an invoice when a scan garbles its title, and a report for none", async () => {
    const vendor = ["Fournier Électricité SAS", "18 cours Mirabeau", "13100 Aix-en-Provence"];
    // The title one letter off, as a recogniser misreads it: read as the word it stands for.
    const misread = await invoicePdf(vendor, ["FACTUBE", "N° : FA-2291", "Total TTC : 1 200,00 €"]);
    expect(invoiceReading(await extractDocument(session, misread, "misread.pdf"))?.data.invoice_id).toBe(
      "FA-2291",
    );
    // Past mending, and no number read: the fields only an invoice prints beside its total say it.
    const garbled = await invoicePdf(CASES[1]?.vendor ?? [], [
      "Recninuing",
      "Datum: 03.04.2025\nFällig am: 03.05.2025",
      "Zwischensumme: 1.000,00 EUR\nMwSt 19 %: 190,00 EUR\nGesamtbetrag: 1.190,00 EUR",
    ]);
    expect(invoiceReading(await extractDocument(session, garbled, "garbled.pdf"))?.data.invoice_total).toBe(
      1190,
    );
    // A report with a total and a date is no invoice.
    const report = await invoicePdf(
      ["Harbour Authority", "Annual figures 2025"],
      ["The harbour handled more ships this year than last.", "Date: 03.04.2025", "Total: 1,200.00"],
    );
    expect(invoiceReading(await extractDocument(session, report, "report.pdf"))).toBeNull();
  }, 60_000);

  it("reads the addressee under a window envelope's return line, with no label", async () => {
    const pdf = await invoicePdf(
      ["Vogel Medienhaus e.K.", "Schillerplatz 2", "01067 Dresden"],
      [
        "Rheinland Spedition GmbH\nPostfach 10 20 30\n70173 Stuttgart",
        "RECHNUNG",
        "Rechnungs-Nr.: 2026-0042",
        "Gesamtbetrag: 1.190,00 EUR",
      ],
      "Vogel Medienhaus e.K. · Schillerplatz 2 · 01067 Dresden",
    );
    const { data } = readInvoice(await extractDocument(session, pdf, "window.pdf"), {});
    expect([data.customer_name, data.customer_address?.replace(/,/g, "")]).toEqual([
      "Rheinland Spedition GmbH",
      "Postfach 10 20 30 70173 Stuttgart",
    ]);
    expect(data.vendor_name).toBe("Vogel Medienhaus e.K.");
  }, 60_000);

  it("reads an 'Item code' column as the items' codes, not their descriptions", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([595, 842]);
    const put = (t: string, x: number, y: number) => page.drawText(t, { x, y, size: 10, font });
    put("Copperline Electric LLC", 50, 790);
    put("INVOICE", 50, 760);
    put("Invoice No.: 4711", 50, 740);
    const cols = [50, 140, 330, 400, 480];
    const rows = [
      ["Item code", "Description", "Qty", "Unit price", "Amount"],
      ["K55155", "Software licence, 12 months", "2", "310.00", "620.00"],
      ["74315", "Safety inspection", "1", "95.00", "95.00"],
    ];
    for (const [r, row] of rows.entries()) {
      for (const [c, text] of row.entries()) put(text, cols[c] as number, 690 - r * 18);
      page.drawLine({ start: { x: 50, y: 685 - r * 18 }, end: { x: 545, y: 685 - r * 18 }, thickness: 0.5 });
    }
    put("Total: $715.00", 430, 620);
    const { data } = readInvoice(await extractDocument(session, await doc.save(), "codes.pdf"), {});
    expect(data.items.map((it) => [it.product_code, it.description])).toEqual([
      ["K55155", "Software licence, 12 months"],
      ["74315", "Safety inspection"],
    ]);
  }, 60_000);

  it("ends the payment terms at the bank details", async () => {
    const pdf = await invoicePdf(CASES[0]?.vendor ?? [], [
      "INVOICE",
      "Invoice No.: 4711",
      "Total: $1,200.00",
      "Terms: Net 45 days Remit to: ABA 044914055",
    ]);
    const { data } = readInvoice(await extractDocument(session, pdf, "terms.pdf"), {});
    expect(data.payment_terms).toBe("Net 45 days");
  }, 60_000);
});
