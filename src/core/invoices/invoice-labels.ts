// What invoices call each field, in English, German and French, and where a label stands on a
// line. Labels are found leftmost-longest ("Due Date" before "Due", "VAT ID" before "VAT",
// "Sub-total" before "Total"), so one line can hold several ("Subtotal: 11,893.79 VAT 20%:
// 2,378.76") and each keeps its own value.

export type LabelField =
  | "invoice_id"
  | "invoice_date"
  | "due_date"
  | "purchase_order"
  | "customer_id"
  | "vendor_tax_id"
  | "subtotal"
  | "total_discount"
  | "shipping"
  | "total_tax"
  | "invoice_total"
  | "amount_paid"
  | "amount_due"
  | "payment_terms"
  /** Blocks: the party they introduce follows. */
  | "customer"
  | "ship_to"
  | "vendor"
  /** Words that are labels of something else (bank details, contact), so they end a value. */
  | "other";

export const LABELS: Record<LabelField, string[]> = {
  invoice_id: [
    "invoice #", "invoice no.", "invoice no", "invoice number", "invoice nr.", "invoice id", "invoice ref.",
    "bill no.", "bill #", "receipt no.", "receipt #", "no.", "nr.", "#",
    "rechnungsnummer", "rechnungs-nr.", "rechnungsnr.", "rechnung nr.", "rechnung-nr.", "beleg-nr.", "belegnummer",
    "facture n°", "facture no", "facture nº", "n° de facture", "nº de facture", "no de facture", "numéro de facture",
    "n°", "nº",
  ],
  invoice_date: [
    "invoice date", "date of issue", "issue date", "date issued", "issued on", "date", "billing date",
    "rechnungsdatum", "ausstellungsdatum", "datum", "belegdatum",
    "date de facture", "date de facturation", "date d'émission", "date d’émission", "émise le", "le",
  ],
  due_date: [
    "due date", "payment due", "due by", "due on", "pay by", "due", "payment due date",
    "fällig am", "zahlbar bis", "fälligkeitsdatum", "fälligkeit", "fällig bis", "zahlungsziel bis",
    "échéance", "date d'échéance", "date d’échéance", "à payer avant le", "payable avant le", "date limite de paiement",
  ],
  purchase_order: [
    "po", "po #", "po no.", "po number", "p.o.", "p.o. #", "p.o. no.", "p.o. number", "purchase order",
    "purchase order no.", "purchase order number", "your order", "order no.", "order number", "order #",
    "bestellnummer", "ihre bestellung", "bestell-nr.", "bestellnr.", "auftragsnummer", "auftrags-nr.", "ihre bestellnummer",
    "bon de commande", "réf. commande", "n° de commande", "commande n°", "numéro de commande", "votre commande",
  ],
  customer_id: [
    "customer no.", "customer no", "customer id", "customer number", "customer #", "account no.", "account number",
    "account #", "client #", "client no.", "client id",
    "kundennummer", "kunden-nr.", "kundennr.", "kd.-nr.", "kd-nr.", "kunden-id",
    "n° client", "nº client", "code client", "réf. client", "numéro client", "numéro de client", "référence client",
  ],
  vendor_tax_id: [
    "vat id", "vat no.", "vat no", "vat number", "vat reg. no.", "vat reg no", "vat registration no.", "vat registration number",
    "tax id", "tax no.", "tax number", "gst no.", "gst number", "gst/hst no.",
    "ust-idnr.", "ust-id-nr.", "ust-id", "ust.-id", "ust-id.", "ustidnr.", "uid-nr.", "steuernummer", "st.-nr.", "steuer-nr.",
    "n° tva", "nº tva", "n° de tva", "tva intracommunautaire", "n° tva intracom.", "n° tva intracommunautaire",
    "numéro de tva", "siret", "siren",
  ],
  subtotal: [
    "subtotal", "sub-total", "sub total", "net total", "total net", "total excl. vat", "total excl. tax", "total before tax",
    "net amount", "amount before tax", "zwischensumme", "nettobetrag", "summe netto", "netto", "gesamt netto",
    "nettosumme", "warenwert", "sous-total", "sous total", "total ht", "montant ht", "total hors taxes", "total h.t.",
  ],
  total_discount: [
    "discount", "less discount", "discounts", "rabatt", "nachlass", "skonto", "preisnachlass",
    "remise", "remise commerciale", "escompte", "rabais",
  ],
  shipping: [
    "shipping", "shipping & handling", "shipping and handling", "freight", "delivery", "postage", "carriage",
    "versand", "versandkosten", "fracht", "frachtkosten", "porto", "lieferkosten",
    "frais de port", "frais de livraison", "livraison", "port", "frais d'envoi",
  ],
  total_tax: [
    "vat", "tax", "sales tax", "gst", "hst", "pst", "tax amount", "total tax", "total vat", "vat amount",
    "mwst", "mwst.", "ust", "ust.", "umsatzsteuer", "mehrwertsteuer", "zzgl. mwst.", "zzgl. ust.", "enthaltene mwst.",
    "tva", "montant tva", "total tva", "montant de la tva",
  ],
  invoice_total: [
    "total", "invoice total", "grand total", "total amount", "total incl. vat", "total incl. tax", "total (incl. vat)",
    "gesamtbetrag", "rechnungsbetrag", "gesamtsumme", "summe brutto", "bruttobetrag", "brutto", "endbetrag", "gesamt",
    "summe", "total ttc", "montant ttc", "total t.t.c.", "montant total",
  ],
  amount_paid: [
    "deposit", "paid", "amount paid", "less: amount paid", "less amount paid", "payment received", "payments", "prepaid",
    "anzahlung", "abzüglich anzahlung", "bereits bezahlt", "geleistete anzahlung", "bezahlt", "erhaltene anzahlung",
    "acompte", "acompte versé", "déjà réglé", "déjà payé", "montant réglé",
  ],
  amount_due: [
    "amount due", "balance due", "total due", "balance", "amount payable", "please pay", "total amount due",
    "zahlbetrag", "offener betrag", "zu zahlen", "restbetrag", "noch zu zahlen", "fälliger betrag",
    "net à payer", "reste à payer", "solde dû", "solde", "montant dû", "total à payer",
  ],
  payment_terms: [
    "terms", "payment terms", "terms of payment", "zahlungsbedingungen", "zahlungsziel", "konditionen",
    "zahlungskonditionen", "conditions de paiement", "modalités de paiement", "conditions de règlement",
    "conditions", "règlement",
  ],
  customer: [
    "bill to", "billed to", "invoice to", "customer", "sold to", "bill-to", "client", "invoiced to", "buyer",
    "rechnungsempfänger", "rechnungsadresse", "kunde", "empfänger", "auftraggeber",
    "facturé à", "facturer à", "adresse de facturation", "destinataire", "acheteur",
  ],
  ship_to: [
    "ship to", "deliver to", "delivery address", "shipping address", "ship-to",
    "lieferadresse", "lieferanschrift", "lieferung an", "livré à", "adresse de livraison", "livrer à",
  ],
  vendor: ["from", "supplier", "seller", "vendor", "absender", "lieferant", "verkäufer", "émetteur", "vendeur", "fournisseur"],
  other: [
    "bank", "iban", "bic", "swift", "phone", "tel.", "tel", "telefon", "téléphone", "email", "e-mail", "fax", "web",
    "page", "seite", "delivery date", "service date", "lieferdatum", "leistungsdatum", "date de livraison", "currency", "währung", "devise", "account name", "sort code", "kontoinhaber", "bankverbindung", "banque",
  ],
};

export type LabelHit = { field: LabelField; start: number; end: number; text: string };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");

/** One pattern of every label, longest first so a longer label wins where both start. */
const ALL = (Object.entries(LABELS) as [LabelField, string[]][])
  .flatMap(([field, ls]) => ls.map((l) => ({ field, l })))
  .sort((a, b) => b.l.length - a.l.length);
const FIELD_OF = new Map(ALL.map(({ field, l }) => [l.replace(/\s+/g, " "), field]));
const LABEL_RE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${ALL.map(({ l }) => escape(l)).join("|")})(?![\\p{L}\\p{N}]|-[\\p{L}\\p{N}])`,
  "giu",
);

/** Every label on a line, leftmost-longest, in order. */
export function findLabels(line: string): LabelHit[] {
  const hits: LabelHit[] = [];
  for (const m of line.matchAll(LABEL_RE)) {
    const key = m[0].toLowerCase().replace(/\s+/g, " ").replace(/’/g, "'");
    const field = FIELD_OF.get(key) ?? FIELD_OF.get(m[0].toLowerCase().replace(/\s+/g, " "));
    if (!field) continue;
    hits.push({ field, start: m.index, end: m.index + m[0].length, text: m[0] });
  }
  return hits;
}

/** Words a title is made of: a line of only these is the document's name, not a label. */
export const TITLE = /^(?:(?:tax|sales|commercial|vat|pro[- ]?forma)\s+)?(?:invoice|receipt|bill|rechnung|steuerrechnung|quittung|facture|note|reçu)(?:\s+(?:de\s+doit|acquittée))?$/i;
