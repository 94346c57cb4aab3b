// The invoice-extraction workflow's XML results: each document's invoice as one OASIS UBL 2.1
// `Invoice` (urn:oasis:names:specification:ubl:schema:xsd:Invoice-2), and a run's results.xml as
// a Quire container holding one per document. Valid against the OASIS UBL 2.1 XSDs, which are
// kept under test/fixtures/ubl-2.1 and checked with xmllint by test/workflows/ubl-invoice.test.ts. The
// rules for what UBL requires but an invoice may lack are in docs/api.md ("Workflows").

import type { InvoiceData, InvoiceItem } from "../invoices/invoice-types.ts";

export const UBL_INVOICE_NS = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2";
const CAC_NS = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2";
const CBC_NS = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2";
/** The container's namespace; its schema is test/fixtures/quire-invoice-run-1.xsd. */
export const INVOICE_RUN_NS = "urn:quire:invoice-run:1";

export type UblMeta = {
  /** Quire's document id: cbc:ID when the invoice number was not read, and the source reference. */
  documentId: string;
  fileName: string;
  /**
   * ISO 8601 date or date-time (the document's created_at, in UTC): its date part is cbc:IssueDate
   * when the invoice's own date was not read, since UBL requires an issue date and the day Quire received
   * the invoice is the nearest true date there is.
   */
  issuedFallback: string;
};

export type UblRunEntry = {
  /** null when the document could not be read: the container then names it without an Invoice. */
  data: InvoiceData | null;
  meta: UblMeta & { status?: string };
};

// ---- text ----------------------------------------------------------------------------------

/**
 * Characters XML 1.0 does not allow at all (C0 controls other than tab, LF and CR; lone
 * surrogates; U+FFFE and U+FFFF) cannot even be written as references, so they are dropped. With
 * the u flag a lone surrogate is one code point outside every range here.
 */
const notXmlChar = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text safe in element content and in double- or single-quoted attributes. */
export function xmlText(s: string): string {
  return s
    .replace(notXmlChar, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    .replace(/\r/g, "&#13;");
}

/** Attribute values: also tab and LF as references, or attribute-value normalization turns them into spaces. */
function xmlAttr(s: string): string {
  return xmlText(s).replace(/\t/g, "&#9;").replace(/\n/g, "&#10;");
}

/** Free text: disallowed characters gone and the ends trimmed; null when nothing is left. */
function text(s: string | null | undefined): string | null {
  if (s == null) return null;
  const t = s.replace(notXmlChar, "").trim();
  return t ? t : null;
}

/** Identifiers and codes (normalizedString in UBL): whitespace runs folded to one space. */
function token(s: string | null | undefined): string | null {
  const t = text(s);
  return t ? t.replace(/\s+/g, " ") : null;
}

// ---- decimals ------------------------------------------------------------------------------

/**
 * Amounts as exact decimals (a scaled BigInt), so that what the invoice printed is written back
 * digit for digit (1234567.891, never 1.234567891e6) and derived amounts (quantity × price,
 * total − tax) carry no binary-float error such as 0.30000000000000004.
 */
type Dec = { units: bigint; scale: number };

/**
 * XML Schema 1.0 asks processors to hold xsd:decimal values of at least 18 digits, and libxml2
 * counts a fraction's leading zeros among them (0.0…1 with 25 places fails there), so a value is
 * kept to 18 digits in all: the fraction rounded half away from zero, as money is. A value with
 * more than 18 digits before the point (a quintillion or more) is no invoice figure: not read.
 */
const MAX_DIGITS = 18;

function trim(d: Dec): Dec {
  let { units, scale } = d;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale--;
  }
  return { units, scale };
}

function fitDigits(d: Dec | null): Dec | null {
  if (!d) return null;
  const { units, scale } = trim(d);
  const neg = units < 0n;
  const abs = neg ? -units : units;
  const int = abs / 10n ** BigInt(scale);
  const intDigits = int === 0n ? 0 : int.toString().length;
  if (intDigits > MAX_DIGITS) return null;
  const keep = MAX_DIGITS - intDigits;
  if (scale <= keep) return { units, scale };
  const div = 10n ** BigInt(scale - keep);
  const rounded = (abs / div + (2n * (abs % div) >= div ? 1n : 0n)) * (neg ? -1n : 1n);
  // Rounding up can carry into one more integer digit (999…9.5): fit once more.
  return fitDigits({ units: rounded, scale: keep });
}

export function toDec(n: number | null | undefined): Dec | null {
  if (n == null || !Number.isFinite(n)) return null;
  // String() gives the shortest digits that read back as n: the value as the reader produced it.
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(Math.abs(n)));
  if (!m) return null;
  const frac = m[2] ?? "";
  let units = BigInt(`${m[1]}${frac}`);
  let scale = frac.length - Number(m[3] ?? 0);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return fitDigits({ units: n < 0 ? -units : units, scale });
}

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * 10n ** BigInt(scale - a.scale), b.units * 10n ** BigInt(scale - b.scale), scale];
}

function add(a: Dec, b: Dec): Dec {
  const [x, y, scale] = align(a, b);
  return { units: x + y, scale };
}

function sub(a: Dec, b: Dec): Dec {
  const [x, y, scale] = align(a, b);
  return { units: x - y, scale };
}

function mul(a: Dec, b: Dec): Dec {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

const ZERO: Dec = { units: 0n, scale: 0 };

/** xsd:decimal's lexical form: no exponent, no trailing fraction zeros, no "-0". */
export function decString(d: Dec): string {
  const { units, scale } = trim(d);
  const neg = units < 0n;
  const digits = (neg ? -units : units).toString().padStart(scale + 1, "0");
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale);
  return `${neg ? "-" : ""}${int}${scale ? `.${frac}` : ""}`;
}

// ---- dates and codes -----------------------------------------------------------------------

/** The YYYY-MM-DD at the start of an ISO 8601 date or date-time, when it is a real calendar day. */
function isoDate(s: string | null | undefined): string | null {
  const m = s == null ? null : /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(s.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // xsd:date (XML Schema 1.0) has no year 0000; Date.UTC rolls Feb 30 over, which the check sees.
  const t = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1 || t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

function issueDateFallback(s: string): string {
  const d = isoDate(s);
  // A caller's mistake, not the invoice's: there is no truer date to fall back on.
  if (!d) throw new Error(`ublInvoice: issuedFallback is not an ISO 8601 date: ${s}`);
  return d;
}

/**
 * Units as printed, to UN/ECE Recommendation 20 codes (the list UBL's unitCode names), for the
 * units invoices commonly print in English, German and French. A unit not listed keeps its printed
 * text: the attribute is free text in the schema, and a guessed code would misstate the quantity.
 */
const rec20: Record<string, string> = {};
for (const [code, names] of Object.entries({
  H87: "pc pcs pce piece pieces stk stück stueck st pièce pièces pcs",
  EA: "ea each",
  C62: "unit units unité unités u",
  HUR: "h hr hrs hour hours std stunde stunden heure heures",
  MIN: "min mins minute minutes",
  DAY: "d day days tag tage jour jours",
  WEE: "wk week weeks woche wochen semaine semaines",
  MON: "mo month months monat monate mois",
  ANN: "yr year years jahr jahre an ans année années",
  KGM: "kg kilogram kilograms",
  GRM: "g gram grams gramm",
  TNE: "t tonne tonnes",
  LBR: "lb lbs",
  LTR: "l ltr liter liters litre litres",
  MLT: "ml",
  MTR: "m meter meters metre metres",
  CMT: "cm",
  MMT: "mm",
  KMT: "km",
  MTK: "m2 m² sqm",
  MTQ: "m3 m³",
  KWH: "kwh",
  SET: "set sets",
  PR: "pair pairs paar",
})) {
  for (const name of names.split(" ")) rec20[name] = code;
}

function unitCode(unit: string | null): string {
  const printed = token(unit);
  // A quantity with no unit printed is a count of things: Rec 20's "one".
  if (!printed) return "C62";
  return rec20[printed.toLowerCase().replace(/\.$/, "")] ?? printed;
}

/** ISO 4217 as three letters; anything else is treated as not read. */
function currencyCode(c: string | null): string | null {
  const t = token(c)?.toUpperCase();
  return t && /^[A-Z]{3}$/.test(t) ? t : null;
}

// ---- a tiny element tree -------------------------------------------------------------------

type Node = { name: string; attrs: [string, string][]; text: string | null; kids: Node[] };
type Kid = Node | null | undefined | false;

function el(name: string, content: string | Kid[], attrs: [string, string][] = []): Node {
  return typeof content === "string"
    ? { name, attrs, text: content, kids: [] }
    : { name, attrs, text: null, kids: content.filter((k): k is Node => !!k) };
}

/** An optional aggregate: left out when none of its children is there. */
function opt(name: string, kids: Kid[]): Node | null {
  return kids.some((k) => !!k) ? el(name, kids) : null;
}

/** An optional text element: left out when the value is null. */
function val(name: string, value: string | null): Node | null {
  return value == null ? null : el(name, value);
}

function render(n: Node, depth: number, out: string[]): void {
  const pad = "  ".repeat(depth);
  const attrs = n.attrs.map(([k, v]) => ` ${k}="${xmlAttr(v)}"`).join("");
  if (n.text != null) out.push(`${pad}<${n.name}${attrs}>${xmlText(n.text)}</${n.name}>`);
  else if (n.kids.length === 0) out.push(`${pad}<${n.name}${attrs}/>`);
  else {
    out.push(`${pad}<${n.name}${attrs}>`);
    for (const k of n.kids) render(k, depth + 1, out);
    out.push(`${pad}</${n.name}>`);
  }
}

// ---- the invoice ---------------------------------------------------------------------------

/** Address lines as printed: one cac:AddressLine per line; a one-line address is not split at commas. */
function postalAddress(address: string | null): Node | null {
  const lines = (text(address) ?? "")
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter((l) => l);
  return lines.length
    ? el(
        "cac:PostalAddress",
        lines.map((l) => el("cac:AddressLine", [el("cbc:Line", l)])),
      )
    : null;
}

/**
 * UBL's tax scheme is required wherever a tax id or rate is given, but which scheme (VAT, GST,
 * sales tax) is not one of the fields read, so it is written empty rather than guessed.
 */
const taxScheme = () => el("cac:TaxScheme", []);

type Line = { item: InvoiceItem; amount: Dec | null };

function invoiceNode(data: InvoiceData, meta: UblMeta): Node {
  const currency = currencyCode(data.currency);
  // currencyID is required on every amount. With no currency read, ISO 4217's XXX ("no currency")
  // is written and DocumentCurrencyCode is left out, so no reader takes a currency from it.
  const cur = currency ?? "XXX";
  const amount = (name: string, d: Dec | null) => (d ? el(name, decString(d), [["currencyID", cur]]) : null);
  const notes: string[] = [];

  const invoiceDate = isoDate(data.invoice_date);
  const issueDate = invoiceDate ?? issueDateFallback(meta.issuedFallback);
  if (!invoiceDate)
    notes.push("Quire: the invoice date was not read; IssueDate is the day the document was received.");

  const lines: Line[] = data.items.map((item) => {
    const qty = toDec(item.quantity);
    const price = toDec(item.unit_price);
    return { item, amount: toDec(item.amount) ?? (qty && price ? fitDigits(mul(qty, price)) : null) };
  });

  // Totals the invoice did not print are derived by the same arithmetic as the workflow's checks
  // (items sum to the subtotal; subtotal − discount + shipping + tax = total; total − paid = due),
  // and left out when they cannot be.
  const discount = toDec(data.total_discount);
  const shipping = toDec(data.shipping);
  const tax = toDec(data.total_tax);
  const total = toDec(data.invoice_total);
  const paid = toDec(data.amount_paid);
  // Each derived amount goes through fitDigits(), as read ones do through toDec().
  const lineSum =
    lines.length > 0 && lines.every((l) => l.amount)
      ? fitDigits(lines.reduce((s, l) => add(s, l.amount as Dec), ZERO))
      : null;
  const lineExtension =
    toDec(data.subtotal) ??
    lineSum ??
    (total && tax ? fitDigits(add(sub(sub(total, tax), shipping ?? ZERO), discount ?? ZERO)) : null);
  const taxExclusive = lineExtension
    ? fitDigits(add(sub(lineExtension, discount ?? ZERO), shipping ?? ZERO))
    : null;
  const taxInclusive = total ?? (taxExclusive && tax ? fitDigits(add(taxExclusive, tax)) : null);
  let payable = toDec(data.amount_due) ?? (taxInclusive ? fitDigits(sub(taxInclusive, paid ?? ZERO)) : null);
  if (!payable) {
    // PayableAmount is required; 0 with a note says plainly that it is not known.
    notes.push("Quire: the amount due was not read and could not be derived; PayableAmount is 0.");
    payable = ZERO;
  }

  const invoiceLines: Node[] = lines.map((l, i) => {
    const { item } = l;
    const description = text(item.description);
    // UBL's item name is a short label: the description's first line.
    const name = description ? (description.split(/\r\n|\r|\n/)[0] ?? "").trim() : null;
    const qty = toDec(item.quantity);
    const rate = toDec(item.tax_rate);
    const price = toDec(item.unit_price);
    return el("cac:InvoiceLine", [
      el("cbc:ID", String(i + 1)),
      !l.amount && el("cbc:Note", "Quire: the line amount was not read; LineExtensionAmount is 0."),
      qty && el("cbc:InvoicedQuantity", decString(qty), [["unitCode", unitCode(item.unit)]]),
      amount("cbc:LineExtensionAmount", l.amount ?? ZERO),
      el("cac:Item", [
        val("cbc:Description", description),
        val("cbc:Name", name || null),
        opt("cac:SellersItemIdentification", [val("cbc:ID", token(item.product_code))]),
        rate && el("cac:ClassifiedTaxCategory", [el("cbc:Percent", decString(rate)), taxScheme()]),
      ]),
      price && el("cac:Price", [amount("cbc:PriceAmount", price)]),
    ]);
  });
  if (invoiceLines.length === 0) {
    // At least one InvoiceLine is required: with no items read, one line stands for the whole
    // invoice, its amount the line-extension total.
    invoiceLines.push(
      el("cac:InvoiceLine", [
        el("cbc:ID", "1"),
        el("cbc:Note", "Quire: no line items were read; this line stands for the whole invoice."),
        amount("cbc:LineExtensionAmount", lineExtension ?? ZERO),
        el("cac:Item", []),
      ]),
    );
  }

  const vendorTaxId = token(data.vendor_tax_id);
  // Element order follows xsd:sequence in UBL-Invoice-2.1.xsd and the common aggregate types.
  return el(
    "Invoice",
    [
      el("cbc:UBLVersionID", "2.1"),
      el("cbc:ID", token(data.invoice_id) ?? meta.documentId),
      el("cbc:IssueDate", issueDate),
      val("cbc:DueDate", isoDate(data.due_date)),
      // 380: UN/CEFACT 1001 "Commercial invoice".
      el("cbc:InvoiceTypeCode", "380"),
      ...notes.map((n) => el("cbc:Note", n)),
      val("cbc:DocumentCurrencyCode", currency),
      opt("cac:OrderReference", [val("cbc:ID", token(data.purchase_order))]),
      // The Quire document the invoice was read from, so a consumer can find the source again.
      el("cac:AdditionalDocumentReference", [
        el("cbc:ID", meta.documentId),
        val("cbc:DocumentDescription", text(meta.fileName)),
      ]),
      el("cac:AccountingSupplierParty", [
        opt("cac:Party", [
          opt("cac:PartyName", [val("cbc:Name", text(data.vendor_name))]),
          postalAddress(data.vendor_address),
          vendorTaxId ? el("cac:PartyTaxScheme", [el("cbc:CompanyID", vendorTaxId), taxScheme()]) : null,
        ]),
      ]),
      el("cac:AccountingCustomerParty", [
        opt("cac:Party", [
          opt("cac:PartyIdentification", [val("cbc:ID", token(data.customer_id))]),
          opt("cac:PartyName", [val("cbc:Name", text(data.customer_name))]),
          postalAddress(data.customer_address),
        ]),
      ]),
      opt("cac:PaymentTerms", [val("cbc:Note", text(data.payment_terms))]),
      discount &&
        el("cac:AllowanceCharge", [
          el("cbc:ChargeIndicator", "false"),
          el("cbc:AllowanceChargeReason", "Discount"),
          amount("cbc:Amount", discount),
        ]),
      shipping &&
        el("cac:AllowanceCharge", [
          el("cbc:ChargeIndicator", "true"),
          el("cbc:AllowanceChargeReason", "Shipping"),
          amount("cbc:Amount", shipping),
        ]),
      tax && el("cac:TaxTotal", [amount("cbc:TaxAmount", tax)]),
      el("cac:LegalMonetaryTotal", [
        amount("cbc:LineExtensionAmount", lineExtension),
        amount("cbc:TaxExclusiveAmount", taxExclusive),
        amount("cbc:TaxInclusiveAmount", taxInclusive),
        amount("cbc:AllowanceTotalAmount", discount),
        amount("cbc:ChargeTotalAmount", shipping),
        amount("cbc:PrepaidAmount", paid),
        amount("cbc:PayableAmount", payable),
      ]),
      ...invoiceLines,
    ],
    [
      ["xmlns", UBL_INVOICE_NS],
      ["xmlns:cac", CAC_NS],
      ["xmlns:cbc", CBC_NS],
    ],
  );
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** One UBL 2.1 Invoice document for one document's invoice. */
export function ublInvoice(data: InvoiceData, meta: UblMeta): string {
  const out = [XML_DECLARATION];
  render(invoiceNode(data, meta), 0, out);
  return `${out.join("\n")}\n`;
}

/**
 * A run's results.xml: `<quire:InvoiceRun run="…">` holding a `<quire:Document>` per document, in
 * the run's order, each with its UBL Invoice (which declares its own namespaces, so it can be cut
 * out as a document of its own). A document that could not be read has no Invoice.
 */
export function ublInvoices(entries: readonly UblRunEntry[], runId: string): string {
  const out = [XML_DECLARATION, `<quire:InvoiceRun xmlns:quire="${INVOICE_RUN_NS}" run="${xmlAttr(runId)}">`];
  for (const { data, meta } of entries) {
    const attrs = [`documentId="${xmlAttr(meta.documentId)}"`, `fileName="${xmlAttr(meta.fileName)}"`];
    if (meta.status) attrs.push(`status="${xmlAttr(meta.status)}"`);
    if (!data) {
      out.push(`  <quire:Document ${attrs.join(" ")}/>`);
      continue;
    }
    out.push(`  <quire:Document ${attrs.join(" ")}>`);
    render(invoiceNode(data, meta), 2, out);
    out.push("  </quire:Document>");
  }
  out.push("</quire:InvoiceRun>");
  return `${out.join("\n")}\n`;
}
