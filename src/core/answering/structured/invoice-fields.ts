import type { InvoiceData, InvoiceItem } from "../../invoices/invoice-types.ts";
import { terms } from "./terms.ts";

// What people call an invoice's fields, in a JSON Schema's property names and in questions, as
// data: each field of the invoice reader's reading with the phrases that name it (English first,
// then German and French). A schema property, or a question, whose words are one of these phrases
// asks for that field, and the invoice reader (src/core/invoices), which reads labels per locale
// and the page's layout, answers it.

type Scalar = Exclude<keyof InvoiceData, "items">;

export const INVOICE_FIELD_PHRASES: Record<Scalar, string[]> = {
  invoice_id: [
    "invoice id",
    "invoice number",
    "invoice no",
    "invoice",
    "invoice reference",
    "invoice ref",
    "bill number",
    "rechnungsnummer",
    "rechnung nummer",
    "numero facture",
    "numéro de facture",
    "facture",
  ],
  invoice_date: [
    "invoice date",
    "date",
    "issue date",
    "date issued",
    "issued",
    "issued on",
    "billing date",
    "rechnungsdatum",
    "datum",
    "date de facture",
    "date facture",
  ],
  due_date: [
    "due date",
    "date due",
    "payment due",
    "payment due date",
    "due",
    "fälligkeit",
    "fällig",
    "échéance",
  ],
  purchase_order: [
    "purchase order",
    "purchase order number",
    "po",
    "po number",
    "order number",
    "order reference",
    "bestellnummer",
    "bon de commande",
  ],
  vendor_name: [
    "vendor",
    "vendor name",
    "seller",
    "seller name",
    "supplier",
    "supplier name",
    "issuer",
    "issuer name",
    "company",
    "company name",
    "merchant",
    "merchant name",
    "biller",
    "sender",
    "lieferant",
    "verkäufer",
    "fournisseur",
    "vendeur",
  ],
  vendor_address: [
    "vendor address",
    "seller address",
    "supplier address",
    "issuer address",
    "company address",
    "merchant address",
    "sender address",
  ],
  vendor_tax_id: [
    "vendor tax id",
    "tax id",
    "vat number",
    "vat id",
    "vendor vat number",
    "vendor vat id",
    "seller tax id",
    "supplier tax id",
    "supplier vat number",
    "tax number",
    "ust id",
    "ustidnr",
    "steuernummer",
    "numéro de tva",
  ],
  customer_name: [
    "customer",
    "customer name",
    "buyer",
    "buyer name",
    "client",
    "client name",
    "bill to",
    "billed to",
    "bill to name",
    "recipient",
    "kunde",
    "rechnungsempfänger",
    "empfänger",
    "destinataire",
  ],
  customer_address: [
    "customer address",
    "billing address",
    "bill to address",
    "buyer address",
    "client address",
    "recipient address",
  ],
  customer_id: [
    "customer id",
    "customer number",
    "customer no",
    "client id",
    "client number",
    "account number",
    "kundennummer",
    "numéro client",
  ],
  currency: ["currency", "currency code", "währung", "devise"],
  subtotal: [
    "subtotal",
    "sub total",
    "net total",
    "net amount",
    "total net",
    "total before tax",
    "amount before tax",
    "zwischensumme",
    "nettobetrag",
    "sous total",
    "total ht",
  ],
  total_discount: ["discount", "total discount", "rabatt", "remise"],
  shipping: [
    "shipping",
    "freight",
    "delivery",
    "shipping cost",
    "shipping amount",
    "versand",
    "versandkosten",
    "livraison",
    "frais de port",
  ],
  total_tax: [
    "tax",
    "total tax",
    "vat",
    "vat amount",
    "tax amount",
    "sales tax",
    "mwst",
    "mehrwertsteuer",
    "ust",
    "tva",
    "montant tva",
  ],
  invoice_total: [
    "total",
    "invoice total",
    "total amount",
    "grand total",
    "gross total",
    "total gross",
    "total with tax",
    "total including tax",
    "gesamtbetrag",
    "rechnungsbetrag",
    "bruttobetrag",
    "gesamtsumme",
    "total ttc",
    "montant total",
  ],
  amount_paid: [
    "amount paid",
    "paid",
    "paid amount",
    "deposit",
    "payment received",
    "anzahlung",
    "bezahlt",
    "acompte",
    "déjà payé",
  ],
  amount_due: [
    "amount due",
    "balance due",
    "balance",
    "due amount",
    "total due",
    "amount payable",
    "outstanding",
    "zahlbetrag",
    "offener betrag",
    "net à payer",
    "reste à payer",
  ],
  payment_terms: [
    "payment terms",
    "terms",
    "terms of payment",
    "zahlungsbedingungen",
    "conditions de paiement",
  ],
};

export const ITEM_FIELD_PHRASES: Record<keyof InvoiceItem, string[]> = {
  description: [
    "description",
    "item",
    "item description",
    "name",
    "product",
    "product name",
    "service",
    "article",
    "bezeichnung",
    "beschreibung",
    "désignation",
    "libellé",
  ],
  quantity: ["quantity", "qty", "hours", "count", "menge", "anzahl", "stunden", "quantité", "heures"],
  unit: ["unit", "uom", "unit of measure", "einheit", "unité"],
  unit_price: [
    "unit price",
    "price",
    "rate",
    "unit cost",
    "price per unit",
    "hourly rate",
    "einzelpreis",
    "preis",
    "prix unitaire",
    "prix",
  ],
  tax_rate: ["tax rate", "vat rate", "tax percent", "vat percent", "steuersatz", "taux de tva", "taux tva"],
  amount: ["amount", "total", "line total", "line amount", "net amount", "betrag", "gesamt", "montant"],
  product_code: [
    "product code",
    "sku",
    "code",
    "article number",
    "item code",
    "item number",
    "product number",
    "part number",
    "artikelnummer",
    "référence",
    "ref",
  ],
};

/** Names of a list of line items. */
export const ITEMS_PHRASES = [
  "items",
  "line items",
  "lines",
  "line",
  "positions",
  "products",
  "articles",
  "services",
  "invoice items",
  "invoice lines",
  "positionen",
  "lignes",
];

const key = (ws: string[]) => [...new Set(ws)].sort().join(" ");

function index<K extends string>(table: Record<K, string[]>): Map<string, K> {
  const out = new Map<string, K>();
  for (const [field, phrases] of Object.entries(table) as [K, string[]][])
    for (const p of phrases) {
      const k = key(terms(p));
      if (k && !out.has(k)) out.set(k, field);
    }
  return out;
}

const SCALARS = index(INVOICE_FIELD_PHRASES);
const ITEM_FIELDS = index(ITEM_FIELD_PHRASES);
const ITEMS = new Set(ITEMS_PHRASES.map((p) => key(terms(p))));

/** The invoice field a name stands for (its words are one of the field's phrases), or null. */
export const invoiceFieldOf = (name: string): Scalar | null => SCALARS.get(key(terms(name))) ?? null;
export const itemFieldOf = (name: string): keyof InvoiceItem | null =>
  ITEM_FIELDS.get(key(terms(name))) ?? null;
export const namesItems = (name: string): boolean => ITEMS.has(key(terms(name)));

/** The invoice fields a question asks for: every field one of whose phrases its words hold, longest phrase first. */
/** Words that, in a question, name the document ("this invoice") rather than a field of it. */
const DOCUMENT_WORDS = new Set(["invoice", "facture", "rechnung", "bill"].map((w) => key(terms(w))));

export function invoiceFieldsAsked(question: string): Scalar[] {
  const words = new Set(terms(question));
  const found: { field: Scalar; size: number }[] = [];
  for (const [k, field] of SCALARS) {
    if (DOCUMENT_WORDS.has(k)) continue;
    const ws = k.split(" ");
    if (ws.every((w) => words.has(w))) found.push({ field, size: ws.length });
  }
  found.sort((a, b) => b.size - a.size);
  return [...new Set(found.map((f) => f.field))];
}
