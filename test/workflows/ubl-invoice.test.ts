import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decString, toDec, ublInvoice, ublInvoices } from "../../src/core/exports/ubl-invoice.ts";
import type { InvoiceData } from "../../src/core/invoices/invoice-types.ts";
import { EMPTY_INVOICE } from "../../src/core/invoices/read-invoice.ts";
import { validate, version, type XmlFile, xpath } from "../support/xmllint.ts";

// The UBL the invoice workflow writes, validated by libxml2's xmllint against the OASIS UBL 2.1
// XSDs (test/fixtures/ubl-2.1) and read back through xmllint's XPath, so escaping is checked by a
// real XML parser. xmllint runs from the npm package xmllint-wasm (test/support/xmllint.ts).

const invoiceXsd = "ubl-2.1/maindoc/UBL-Invoice-2.1.xsd";
const runXsd = "quire-invoice-run-1.xsd";

let fileCount = 0;
/** The XML under a file name of its own, as xmllint names it in its messages. */
function asFile(xml: string): XmlFile {
  return { fileName: `doc-${++fileCount}.xml`, contents: xml };
}

/** "cac:Party/cbc:Name" → an XPath by local names, so the test does not need xmllint's namespace flags. */
function byLocalName(p: string): string {
  return p
    .split("/")
    .map((step) => {
      if (step === "" || step === "*" || step.startsWith("@")) return step;
      const [name, pred] = step.replace(/^\w+:/, "").split("[");
      return `*[local-name()='${name}']${pred ? `[${pred}` : ""}`;
    })
    .join("/");
}

/** The string value at a path from the document element, e.g. read(f, "cbc:ID"). */
async function read(file: XmlFile, p: string): Promise<string> {
  const stdout = await xpath(file, `string(/*/${byLocalName(p)})`);
  return stdout.replace(/\n$/, "");
}

async function count(file: XmlFile, p: string): Promise<number> {
  const stdout = await xpath(file, `count(/*/${byLocalName(p)})`);
  return Number(stdout.trim());
}

const meta = {
  documentId: "doc-7f3a",
  fileName: "invoice 2026-017.pdf",
  issuedFallback: "2026-05-02T09:15:00.000Z",
};

const nulls: InvoiceData = EMPTY_INVOICE;

const full: InvoiceData = {
  invoice_id: "INV-2026-017",
  invoice_date: "2026-03-05",
  due_date: "2026-04-04",
  purchase_order: "PO-8812",
  vendor_name: "Northwind Traders Ltd",
  vendor_address: "12 Harbour Road\nBristol BS1 4DJ\nUnited Kingdom",
  vendor_tax_id: "GB123456789",
  customer_name: "Contoso GmbH",
  customer_address: "Friedrichstraße 10\n10117 Berlin",
  customer_id: "CUST-0042",
  currency: "GBP",
  subtotal: 1200,
  total_discount: 50,
  shipping: 25.5,
  total_tax: 235.1,
  invoice_total: 1410.6,
  amount_paid: 410.6,
  amount_due: 1000,
  payment_terms: "Net 30 days",
  items: [
    {
      description: "Consulting, March",
      quantity: 8,
      unit: "hours",
      unit_price: 100,
      tax_rate: 20,
      amount: 800,
      product_code: "SVC-01",
    },
    {
      description: "Widget, blue\nwith mounting kit",
      quantity: 4,
      unit: "pcs",
      unit_price: 100,
      tax_rate: 20,
      amount: 400,
      product_code: "W-200",
    },
  ],
};

describe("decimals", () => {
  it("writes numbers as xsd:decimal: the digits as read, no exponent, no -0", () => {
    const s = (n: number) => {
      const d = toDec(n);
      return d && decString(d);
    };
    expect(s(1234567.891)).toBe("1234567.891");
    expect(s(-12.5)).toBe("-12.5");
    expect(s(-0)).toBe("0");
    expect(s(100)).toBe("100");
    expect(s(1e17)).toBe("100000000000000000");
    expect(s(1.5e-7)).toBe("0.00000015");
    // 18 digits in all, the fraction rounded half away from zero; 1e18 or more is no amount.
    expect(s(5e-324)).toBe("0");
    expect(s(0.0012345678901234567)).toBe("0.001234567890123457");
    expect(s(1.2345678901234568e-5)).toBe("0.000012345678901235");
    expect(s(-1.2345678901234568e-5)).toBe("-0.000012345678901235");
    expect(s(1e18)).toBeNull();
    expect(s(1e21)).toBeNull();
    expect(s(Number.NaN)).toBeNull();
    expect(s(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe("UBL 2.1 invoice", () => {
  it("has xmllint to validate with", async () => {
    expect(await version()).toMatch(/libxml/);
  });

  it("writes every field of a full invoice, valid against the OASIS schema", async () => {
    const file = asFile(ublInvoice(full, meta));
    expect(await validate(invoiceXsd, file)).toMatchObject({ valid: true });

    expect(await read(file, "cbc:UBLVersionID")).toBe("2.1");
    expect(await read(file, "cbc:ID")).toBe("INV-2026-017");
    expect(await read(file, "cbc:IssueDate")).toBe("2026-03-05");
    expect(await read(file, "cbc:DueDate")).toBe("2026-04-04");
    expect(await read(file, "cbc:InvoiceTypeCode")).toBe("380");
    expect(await count(file, "cbc:Note")).toBe(0);
    expect(await read(file, "cbc:DocumentCurrencyCode")).toBe("GBP");
    expect(await read(file, "cac:OrderReference/cbc:ID")).toBe("PO-8812");
    expect(await read(file, "cac:AdditionalDocumentReference/cbc:ID")).toBe("doc-7f3a");
    expect(await read(file, "cac:AdditionalDocumentReference/cbc:DocumentDescription")).toBe(
      "invoice 2026-017.pdf",
    );

    const supplier = "cac:AccountingSupplierParty/cac:Party";
    expect(await read(file, `${supplier}/cac:PartyName/cbc:Name`)).toBe("Northwind Traders Ltd");
    expect(await count(file, `${supplier}/cac:PostalAddress/cac:AddressLine`)).toBe(3);
    expect(await read(file, `${supplier}/cac:PostalAddress/cac:AddressLine[2]/cbc:Line`)).toBe(
      "Bristol BS1 4DJ",
    );
    expect(await read(file, `${supplier}/cac:PartyTaxScheme/cbc:CompanyID`)).toBe("GB123456789");

    const customer = "cac:AccountingCustomerParty/cac:Party";
    expect(await read(file, `${customer}/cac:PartyIdentification/cbc:ID`)).toBe("CUST-0042");
    expect(await read(file, `${customer}/cac:PartyName/cbc:Name`)).toBe("Contoso GmbH");
    expect(await read(file, `${customer}/cac:PostalAddress/cac:AddressLine[1]/cbc:Line`)).toBe(
      "Friedrichstraße 10",
    );
    expect(await read(file, "cac:PaymentTerms/cbc:Note")).toBe("Net 30 days");

    expect(await read(file, "cac:AllowanceCharge[1]/cbc:ChargeIndicator")).toBe("false");
    expect(await read(file, "cac:AllowanceCharge[1]/cbc:Amount")).toBe("50");
    expect(await read(file, "cac:AllowanceCharge[2]/cbc:ChargeIndicator")).toBe("true");
    expect(await read(file, "cac:AllowanceCharge[2]/cbc:Amount")).toBe("25.5");
    expect(await read(file, "cac:TaxTotal/cbc:TaxAmount")).toBe("235.1");
    expect(await read(file, "cac:TaxTotal/cbc:TaxAmount/@currencyID")).toBe("GBP");

    const totals = "cac:LegalMonetaryTotal";
    expect(await read(file, `${totals}/cbc:LineExtensionAmount`)).toBe("1200");
    // 1200 − 50 + 25.5, exactly.
    expect(await read(file, `${totals}/cbc:TaxExclusiveAmount`)).toBe("1175.5");
    expect(await read(file, `${totals}/cbc:TaxInclusiveAmount`)).toBe("1410.6");
    expect(await read(file, `${totals}/cbc:AllowanceTotalAmount`)).toBe("50");
    expect(await read(file, `${totals}/cbc:ChargeTotalAmount`)).toBe("25.5");
    expect(await read(file, `${totals}/cbc:PrepaidAmount`)).toBe("410.6");
    expect(await read(file, `${totals}/cbc:PayableAmount`)).toBe("1000");
    expect(await read(file, `${totals}/cbc:PayableAmount/@currencyID`)).toBe("GBP");

    expect(await count(file, "cac:InvoiceLine")).toBe(2);
    const line = "cac:InvoiceLine[2]";
    expect(await read(file, `${line}/cbc:ID`)).toBe("2");
    expect(await read(file, `${line}/cbc:InvoicedQuantity`)).toBe("4");
    expect(await read(file, `${line}/cbc:InvoicedQuantity/@unitCode`)).toBe("H87");
    expect(await read(file, "cac:InvoiceLine[1]/cbc:InvoicedQuantity/@unitCode")).toBe("HUR");
    expect(await read(file, `${line}/cbc:LineExtensionAmount`)).toBe("400");
    expect(await read(file, `${line}/cac:Item/cbc:Description`)).toBe("Widget, blue\nwith mounting kit");
    expect(await read(file, `${line}/cac:Item/cbc:Name`)).toBe("Widget, blue");
    expect(await read(file, `${line}/cac:Item/cac:SellersItemIdentification/cbc:ID`)).toBe("W-200");
    expect(await read(file, `${line}/cac:Item/cac:ClassifiedTaxCategory/cbc:Percent`)).toBe("20");
    expect(await read(file, `${line}/cac:Price/cbc:PriceAmount`)).toBe("100");
  });

  it("writes a valid invoice when almost nothing was read, by the documented fallbacks", async () => {
    const file = asFile(ublInvoice(nulls, meta));
    expect(await validate(invoiceXsd, file)).toMatchObject({ valid: true });

    expect(await read(file, "cbc:ID")).toBe("doc-7f3a");
    expect(await read(file, "cbc:IssueDate")).toBe("2026-05-02");
    expect(await count(file, "cbc:DueDate")).toBe(0);
    expect(await count(file, "cbc:DocumentCurrencyCode")).toBe(0);
    expect(await count(file, "cac:OrderReference")).toBe(0);
    expect(await count(file, "cac:AccountingSupplierParty/*")).toBe(0);
    expect(await count(file, "cac:AccountingCustomerParty/*")).toBe(0);
    expect(await count(file, "cac:AllowanceCharge")).toBe(0);
    expect(await count(file, "cac:TaxTotal")).toBe(0);
    // The fallbacks say what they are.
    expect(await count(file, "cbc:Note")).toBe(2);
    expect(await read(file, "cbc:Note[1]")).toMatch(/invoice date was not read/);
    expect(await count(file, "cac:LegalMonetaryTotal/*")).toBe(1);
    expect(await read(file, "cac:LegalMonetaryTotal/cbc:PayableAmount")).toBe("0");
    expect(await read(file, "cac:LegalMonetaryTotal/cbc:PayableAmount/@currencyID")).toBe("XXX");
    expect(await count(file, "cac:InvoiceLine")).toBe(1);
    expect(await read(file, "cac:InvoiceLine/cbc:Note")).toMatch(/no line items were read/);
  });

  it("derives the totals the invoice did not print, exactly", async () => {
    const data: InvoiceData = {
      ...nulls,
      currency: " eur ",
      total_tax: 0.06,
      items: [
        { ...full.items[0]!, amount: null, quantity: 3, unit_price: 0.1, unit: "Kartons", tax_rate: null },
        { ...full.items[0]!, amount: null, quantity: 2, unit_price: null, unit: null, product_code: null },
      ],
    };
    let file = asFile(ublInvoice(data, meta));
    expect(await validate(invoiceXsd, file)).toMatchObject({ valid: true });
    expect(await read(file, "cbc:DocumentCurrencyCode")).toBe("EUR");
    // 3 × 0.1 is 0.3, not 0.30000000000000004.
    expect(await read(file, "cac:InvoiceLine[1]/cbc:LineExtensionAmount")).toBe("0.3");
    // A unit with no Rec 20 code keeps its printed text; no unit is a count ("one").
    expect(await read(file, "cac:InvoiceLine[1]/cbc:InvoicedQuantity/@unitCode")).toBe("Kartons");
    expect(await read(file, "cac:InvoiceLine[2]/cbc:InvoicedQuantity/@unitCode")).toBe("C62");
    expect(await read(file, "cac:InvoiceLine[2]/cbc:LineExtensionAmount")).toBe("0");
    expect(await read(file, "cac:InvoiceLine[2]/cbc:Note")).toMatch(/line amount was not read/);
    // One line's amount is unknown, so no line sum, and no total to derive from: only payable (0).
    expect(await count(file, "cac:LegalMonetaryTotal/*")).toBe(1);

    data.items[1]!.unit_price = 0.2;
    file = asFile(ublInvoice(data, meta));
    expect(await validate(invoiceXsd, file)).toMatchObject({ valid: true });
    const totals = "cac:LegalMonetaryTotal";
    expect(await read(file, `${totals}/cbc:LineExtensionAmount`)).toBe("0.7");
    expect(await read(file, `${totals}/cbc:TaxExclusiveAmount`)).toBe("0.7");
    expect(await read(file, `${totals}/cbc:TaxInclusiveAmount`)).toBe("0.76");
    expect(await read(file, `${totals}/cbc:PayableAmount`)).toBe("0.76");
    expect(await count(file, "cbc:Note")).toBe(1);

    // No items but a total and tax: the one line stands for the net amount, total − tax.
    file = asFile(ublInvoice({ ...nulls, invoice_total: 119, total_tax: 19, currency: "€" }, meta));
    expect(await validate(invoiceXsd, file)).toMatchObject({ valid: true });
    expect(await read(file, "cac:InvoiceLine/cbc:LineExtensionAmount")).toBe("100");
    expect(await read(file, "cac:InvoiceLine/cbc:LineExtensionAmount/@currencyID")).toBe("XXX");
    expect(await read(file, `${totals}/cbc:PayableAmount`)).toBe("119");
  });

  it("escapes hostile text and drops characters XML 1.0 does not allow", async () => {
    const controls = "\u0000\u0001\u0008\u000b\u000c\u001f\ud800\ufffe\uffff";
    const data: InvoiceData = {
      ...full,
      invoice_id: `INV<1>&"2"'3'${controls}`,
      invoice_date: "2026-02-30",
      due_date: "next week",
      vendor_name: `Müller & Söhne <script>alert("x")</script>${controls} 😀`,
      vendor_address: "Königsallee 1\r\n40212 Düsseldorf\rDeutschland",
      customer_name: "]]> <![CDATA[ x ]]>",
      payment_terms: "Zahlbar\tsofort & ohne Abzug 'netto'",
      invoice_total: 1234567.891,
      items: [
        { ...full.items[0]!, description: `<b>Ünïcödé</b>\r\nline two${controls}`, amount: 1234567.891 },
      ],
    };
    const xml = ublInvoice(data, { ...meta, fileName: `a&b<c>"d".pdf${controls}` });
    expect(xml).not.toContain("<script>");
    expect(xml).not.toContain("<![CDATA[");
    const file = asFile(xml);
    expect(await validate(invoiceXsd, file)).toMatchObject({ valid: true });

    expect(await read(file, "cbc:ID")).toBe(`INV<1>&"2"'3'`);
    // Not a calendar day: the issue date falls back; a due date that is no date is left out.
    expect(await read(file, "cbc:IssueDate")).toBe("2026-05-02");
    expect(await count(file, "cbc:DueDate")).toBe(0);
    expect(await read(file, "cac:AccountingSupplierParty/cac:Party/cac:PartyName/cbc:Name")).toBe(
      `Müller & Söhne <script>alert("x")</script> 😀`,
    );
    expect(await count(file, "cac:AccountingSupplierParty/cac:Party/cac:PostalAddress/cac:AddressLine")).toBe(
      3,
    );
    expect(await read(file, "cac:AccountingCustomerParty/cac:Party/cac:PartyName/cbc:Name")).toBe(
      "]]> <![CDATA[ x ]]>",
    );
    expect(await read(file, "cac:PaymentTerms/cbc:Note")).toBe("Zahlbar\tsofort & ohne Abzug 'netto'");
    expect(await read(file, "cac:AdditionalDocumentReference/cbc:DocumentDescription")).toBe(`a&b<c>"d".pdf`);
    // A CR written as &#13; survives parsing instead of being folded into LF.
    expect(await read(file, "cac:InvoiceLine/cac:Item/cbc:Description")).toBe("<b>Ünïcödé</b>\r\nline two");
    expect(await read(file, "cac:InvoiceLine/cbc:LineExtensionAmount")).toBe("1234567.891");
    expect(await read(file, "cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount")).toBe("1234567.891");
  });

  it("stays valid for any text and any numbers (property)", async () => {
    // Any code point, any UTF-16 code unit (lone surrogates and controls included), and strings
    // made mostly of what XML treats specially, which uniform sampling would seldom produce.
    const special = [
      "<",
      ">",
      "&",
      '"',
      "'",
      "]]>",
      "<!--",
      "\r",
      "\n",
      "\t",
      "\u0000",
      "\u001b",
      "\ud800",
      "\uffff",
    ];
    const anyText = fc.oneof(
      fc.string({ unit: "binary" }),
      fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }),
      fc.string({ unit: fc.oneof(fc.constantFrom(...special), fc.constantFrom("a", "ü", "😀", " ")) }),
    );
    const t = fc.option(anyText);
    const n = fc.option(fc.oneof(fc.double(), fc.integer(), fc.double({ min: -1e6, max: 1e6 })));
    const item = fc.record({
      description: t,
      quantity: n,
      unit: t,
      unit_price: n,
      tax_rate: n,
      amount: n,
      product_code: t,
    });
    const invoice = fc.record({
      invoice_id: t,
      invoice_date: fc.option(
        fc.oneof(
          anyText,
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        ),
      ),
      due_date: t,
      purchase_order: t,
      vendor_name: t,
      vendor_address: t,
      vendor_tax_id: t,
      customer_name: t,
      customer_address: t,
      customer_id: t,
      currency: t,
      subtotal: n,
      total_discount: n,
      shipping: n,
      total_tax: n,
      invoice_total: n,
      amount_paid: n,
      amount_due: n,
      payment_terms: t,
      items: fc.array(item, { maxLength: 4 }),
    });
    // One xmllint run for all of them: loading the UBL schema is most of its time.
    const files = fc
      .sample(invoice, { numRuns: 60, seed: 21 })
      .map((data, i) => asFile(ublInvoice(data, { ...meta, documentId: `doc-${i}` })));
    const result = await validate(invoiceXsd, ...files);
    expect(result.stderr.split("\n").filter((l) => !l.endsWith(" validates") && l)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("is checked by the schema: an element out of order fails it", async () => {
    const xml = ublInvoice(full, meta).replace(
      /(\s*<cbc:ID>INV-2026-017<\/cbc:ID>)(\s*<cbc:IssueDate>2026-03-05<\/cbc:IssueDate>)/,
      "$2$1",
    );
    expect(xml).toMatch(/IssueDate>\s*<cbc:ID>INV-2026-017/);
    const result = await validate(invoiceXsd, asFile(xml));
    expect(result.valid).toBe(false);
    expect(result.stderr).toMatch(/IssueDate/);
  });
});

describe("results.xml container", () => {
  const entries = [
    { data: full, meta },
    { data: nulls, meta: { ...meta, documentId: "doc-2", fileName: "scan & co.pdf" } },
    { data: null, meta: { ...meta, documentId: "doc-3", fileName: "broken.pdf", status: "failed" } },
  ];

  it("holds one UBL Invoice per read document and validates, each Invoice strictly", async () => {
    const file = asFile(ublInvoices(entries, "run_01HZX"));
    expect(await validate(runXsd, file)).toMatchObject({ valid: true });
    expect(await read(file, "@run")).toBe("run_01HZX");
    expect(await count(file, "quire:Document")).toBe(3);
    expect(await count(file, "quire:Document/ubl:Invoice")).toBe(2);
    expect(await read(file, "quire:Document[1]/ubl:Invoice/cbc:ID")).toBe("INV-2026-017");
    expect(await read(file, "quire:Document[2]/@fileName")).toBe("scan & co.pdf");
    expect(await read(file, "quire:Document[2]/ubl:Invoice/cbc:ID")).toBe("doc-2");
    expect(await read(file, "quire:Document[3]/@status")).toBe("failed");
    expect(await count(file, "quire:Document[3]/*")).toBe(0);
  });

  it("rejects an invalid Invoice inside it (the container's xs:any is strict)", async () => {
    const xml = ublInvoices(entries, "run_01HZX").replace("<cbc:ID>INV-2026-017</cbc:ID>", "");
    const result = await validate(runXsd, asFile(xml));
    expect(result.valid).toBe(false);
    expect(result.stderr).toMatch(/IssueDate/);
  });

  it("is an empty run when there are no documents", async () => {
    const file = asFile(ublInvoices([], "run_empty"));
    expect(await validate(runXsd, file)).toMatchObject({ valid: true });
    expect(await count(file, "*")).toBe(0);
  });
});
