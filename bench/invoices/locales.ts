// How each language of the corpus writes numbers, dates and the words of an invoice. Every label
// has several wordings, drawn at random per invoice, so no reader can learn one template's words.

import type { Rng } from "./rng.ts";

export type Lang = "en" | "de" | "fr";

/** Number style: thousands separator and decimal mark. */
export type NumberStyle = { group: string; decimal: string };

export const NUMBER_STYLES = {
  us: { group: ",", decimal: "." },
  de: { group: ".", decimal: "," },
  fr: { group: "\u202f", decimal: "," },
  frSpace: { group: " ", decimal: "," },
  ch: { group: "'", decimal: "." },
} satisfies Record<string, NumberStyle>;

export function formatNumber(n: number, style: NumberStyle, decimals = 2): string {
  const neg = n < 0;
  const [int = "0", frac] = Math.abs(n).toFixed(decimals).split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, style.group);
  return `${neg ? "-" : ""}${grouped}${frac ? style.decimal + frac : ""}`;
}

const MONTHS: Record<Lang, string[]> = {
  en: "January February March April May June July August September October November December".split(" "),
  de: "Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split(" "),
  fr: "janvier février mars avril mai juin juillet août septembre octobre novembre décembre".split(" "),
};

export type DateStyle = "mdy-slash" | "dmy-slash" | "dmy-dot" | "iso" | "long";

const p2 = (n: number) => String(n).padStart(2, "0");

/** An ISO date written the way the style says. */
export function formatDate(iso: string, style: DateStyle, lang: Lang, us: boolean): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const month = MONTHS[lang][m - 1] as string;
  switch (style) {
    case "mdy-slash":
      return `${p2(m)}/${p2(d)}/${y}`;
    case "dmy-slash":
      return `${p2(d)}/${p2(m)}/${y}`;
    case "dmy-dot":
      return `${p2(d)}.${p2(m)}.${y}`;
    case "iso":
      return iso;
    case "long":
      if (lang === "de") return `${d}. ${month} ${y}`;
      if (lang === "fr") return `${d === 1 ? "1er" : d} ${month} ${y}`;
      return us ? `${month} ${d}, ${y}` : `${d} ${month} ${y}`;
  }
}

/** The wordings of each label, per language. */
export type Words = {
  title: string[];
  invoiceNo: string[];
  date: string[];
  dueDate: string[];
  po: string[];
  customerNo: string[];
  billTo: string[];
  shipTo: string[];
  from: string[];
  taxId: string[];
  description: string[];
  qty: string[];
  unit: string[];
  unitPrice: string[];
  taxRate: string[];
  amount: string[];
  code: string[];
  subtotal: string[];
  discount: string[];
  shipping: string[];
  tax: string[];
  total: string[];
  paid: string[];
  due: string[];
  terms: string[];
  page: string[];
  thanks: string[];
  bank: string[];
  units: string[];
};

export const WORDS: Record<Lang, Words> = {
  en: {
    title: ["INVOICE", "Invoice", "Tax Invoice", "TAX INVOICE", "Commercial Invoice"],
    invoiceNo: ["Invoice #", "Invoice No.", "Invoice Number", "No.", "Invoice no:"],
    date: ["Date", "Invoice Date", "Issue date", "Date of issue"],
    dueDate: ["Due Date", "Payment due", "Due"],
    po: ["PO Number", "P.O. #", "Purchase Order", "Your order"],
    customerNo: ["Customer No.", "Customer ID", "Account No.", "Client #"],
    billTo: ["Bill To", "Billed To", "Invoice To", "Customer", "Sold To"],
    shipTo: ["Ship To", "Deliver To", "Delivery address"],
    from: ["From", "Supplier", "Seller"],
    taxId: ["VAT ID", "VAT Reg. No.", "Tax ID", "VAT No."],
    description: ["Description", "Item", "Item description", "Product / Service"],
    qty: ["Qty", "Quantity", "Hours", "QTY"],
    unit: ["Unit", "UoM"],
    unitPrice: ["Unit Price", "Rate", "Price", "Unit cost"],
    taxRate: ["VAT %", "Tax %", "Tax rate"],
    amount: ["Amount", "Total", "Line Total", "Net amount"],
    code: ["Code", "SKU", "Item #", "Part No."],
    subtotal: ["Subtotal", "Sub-total", "Net total", "Total excl. VAT"],
    discount: ["Discount", "Less discount", "Discount (loyalty)"],
    shipping: ["Shipping", "Shipping & handling", "Freight", "Delivery"],
    tax: ["VAT", "Sales tax", "GST", "Tax"],
    total: ["Total", "Invoice total", "Grand total", "TOTAL"],
    paid: ["Deposit", "Paid", "Less: amount paid", "Payment received"],
    due: ["Amount due", "Balance due", "Amount Due", "Total due"],
    terms: ["Terms", "Payment terms", "Terms of payment"],
    page: ["Page"],
    thanks: ["Thank you for your business!", "We appreciate your prompt payment.", "Questions? Contact us."],
    bank: ["Bank", "IBAN"],
    units: ["pcs", "h", "ea", "box", "kg", "day"],
  },
  de: {
    title: ["Rechnung", "RECHNUNG", "Rechnung"],
    invoiceNo: ["Rechnungsnummer", "Rechnungs-Nr.", "Rechnung Nr.", "Beleg-Nr."],
    date: ["Rechnungsdatum", "Datum", "Ausstellungsdatum"],
    dueDate: ["Fällig am", "Zahlbar bis", "Fälligkeitsdatum"],
    po: ["Bestellnummer", "Ihre Bestellung", "Bestell-Nr."],
    customerNo: ["Kundennummer", "Kunden-Nr.", "Kd.-Nr."],
    billTo: ["Rechnungsempfänger", "Rechnungsadresse", "Kunde"],
    shipTo: ["Lieferadresse", "Lieferanschrift"],
    from: ["Absender", "Lieferant"],
    taxId: ["USt-IdNr.", "USt-ID", "UID-Nr."],
    description: ["Beschreibung", "Bezeichnung", "Artikel", "Leistung"],
    qty: ["Menge", "Anzahl", "Stk."],
    unit: ["Einheit", "ME"],
    unitPrice: ["Einzelpreis", "E-Preis", "Preis"],
    taxRate: ["MwSt %", "USt. %", "MwSt.-Satz"],
    amount: ["Betrag", "Gesamt", "Gesamtpreis", "Summe"],
    code: ["Art.-Nr.", "Artikelnr.", "Pos.-Nr."],
    subtotal: ["Zwischensumme", "Nettobetrag", "Summe netto", "Warenwert"],
    discount: ["Rabatt", "Nachlass", "Skonto"],
    shipping: ["Versand", "Versandkosten", "Fracht"],
    tax: ["MwSt.", "USt.", "Umsatzsteuer", "MwSt"],
    total: ["Gesamtbetrag", "Rechnungsbetrag", "Gesamtsumme", "Summe brutto"],
    paid: ["Anzahlung", "Abzüglich Anzahlung", "Bereits bezahlt"],
    due: ["Zahlbetrag", "Offener Betrag", "Zu zahlen"],
    terms: ["Zahlungsbedingungen", "Zahlungsziel", "Konditionen"],
    page: ["Seite"],
    thanks: ["Vielen Dank für Ihren Auftrag!", "Wir danken für Ihr Vertrauen."],
    bank: ["Bankverbindung", "IBAN"],
    units: ["Stk.", "Std.", "Pauschal", "kg", "Tag"],
  },
  fr: {
    title: ["FACTURE", "Facture", "Facture"],
    invoiceNo: ["Facture n°", "N° de facture", "Numéro de facture", "Facture N°"],
    date: ["Date", "Date de facture", "Date d'émission"],
    dueDate: ["Échéance", "Date d'échéance", "À payer avant le"],
    po: ["Bon de commande", "Réf. commande", "N° de commande"],
    customerNo: ["N° client", "Code client", "Réf. client"],
    billTo: ["Facturé à", "Client", "Adresse de facturation", "Destinataire"],
    shipTo: ["Livré à", "Adresse de livraison"],
    from: ["Émetteur", "Vendeur"],
    taxId: ["N° TVA", "TVA intracommunautaire", "N° TVA intracom."],
    description: ["Désignation", "Description", "Libellé"],
    qty: ["Qté", "Quantité"],
    unit: ["Unité", "U."],
    unitPrice: ["Prix unitaire", "PU HT", "P.U. HT"],
    taxRate: ["TVA %", "Taux TVA", "TVA"],
    amount: ["Montant", "Montant HT", "Total HT"],
    code: ["Réf.", "Référence", "Code"],
    subtotal: ["Total HT", "Sous-total", "Montant HT"],
    discount: ["Remise", "Remise commerciale"],
    shipping: ["Frais de port", "Livraison", "Port"],
    tax: ["TVA", "Montant TVA"],
    total: ["Total TTC", "Montant TTC", "Total"],
    paid: ["Acompte", "Acompte versé", "Déjà réglé"],
    due: ["Net à payer", "Reste à payer", "Solde dû"],
    terms: ["Conditions de paiement", "Modalités de paiement", "Conditions"],
    page: ["Page"],
    thanks: ["Merci de votre confiance.", "Nous vous remercions de votre commande."],
    bank: ["Banque", "IBAN"],
    units: ["pce", "h", "forfait", "kg", "jour"],
  },
};

/** One wording of each label, drawn once per invoice. */
export function pickWords(lang: Lang, rng: Rng): { [K in keyof Words]: string } {
  const all = WORDS[lang];
  const out = {} as { [K in keyof Words]: string };
  for (const k of Object.keys(all) as (keyof Words)[]) out[k] = rng.pick(all[k]);
  return out;
}
