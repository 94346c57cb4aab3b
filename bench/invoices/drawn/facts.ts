// The facts of one drawn invoice (the second tuning generator), with their own parties, addresses,
// wordings and tax ids, unlike the HTML generator's: names with and without legal forms, addresses
// of two to four lines (suites, units, post boxes, "c/o"), payment terms phrased many ways, and the
// tax id under the label each locale uses. The truth is written from the same object the layouts
// draw, so it is what the page shows.

import type { InvoiceData, InvoiceItem } from "../../../src/core/invoices/invoice-types.ts";
import { type DateStyle, formatDate, formatNumber, NUMBER_STYLES, type NumberStyle } from "../locales.ts";
import type { Rng } from "../rng.ts";

export type Locale = "en-US" | "en-GB" | "de-DE" | "fr-FR";
export const DRAWN_LOCALES: Locale[] = ["en-US", "en-GB", "de-DE", "fr-FR"];
const langOf = (l: Locale) => l.slice(0, 2) as "en" | "de" | "fr";

export type DrawnParty = { name: string; lines: string[]; taxId: string | null; taxLabel: string };

/** Column headers of the item table, in the order drawn; `pos` is a running line number column. */
export type Column =
  | "pos"
  | "code"
  | "description"
  | "quantity"
  | "unit"
  | "unit_price"
  | "tax_rate"
  | "amount";

export type DrawnSpec = {
  locale: Locale;
  lang: "en" | "de" | "fr";
  numbers: NumberStyle;
  dateStyle: DateStyle;
  currency: string;
  /** The currency as the totals show it ("€", "EUR", "$"...). */
  mark: string;
  vendor: DrawnParty;
  customer: DrawnParty;
  /** Extra lines under the vendor that are not its address (phone, e-mail, web). */
  contact: string[];
  /** A registration number beside the tax id that is not it (SIRET, HRB, company number). */
  registration: string | null;
  bank: string[];
  note: string | null;
  columns: Column[];
  headers: Record<Column, string>;
  label: Record<LabelKey, string>;
  truth: InvoiceData;
};

type LabelKey =
  | "title"
  | "invoiceNo"
  | "date"
  | "due"
  | "po"
  | "customerId"
  | "billTo"
  | "from"
  | "subtotal"
  | "discount"
  | "shipping"
  | "tax"
  | "total"
  | "paid"
  | "amountDue"
  | "terms"
  | "bank"
  | "carried"
  | "page";

const WORDINGS: Record<"en" | "de" | "fr", Record<LabelKey, string[]>> = {
  en: {
    title: ["INVOICE", "Tax Invoice", "Invoice", "BILL"],
    invoiceNo: ["Invoice No.", "Invoice #", "No.", "Invoice Number", "Ref."],
    date: ["Date", "Invoice Date", "Date of issue", "Issued"],
    due: ["Due Date", "Payment due", "Due by", "Pay by"],
    po: ["PO Number", "Your order", "Order ref.", "P.O. #", "Purchase Order"],
    customerId: ["Customer No.", "Account", "Client ID", "Customer #"],
    billTo: ["Bill To", "Invoice to", "Billed to", "Customer", "Sold to"],
    from: ["From", "Supplier", "Issued by"],
    subtotal: ["Subtotal", "Net amount", "Sub-total", "Total before tax"],
    discount: ["Discount", "Less discount", "Rebate"],
    shipping: ["Shipping", "Delivery", "Freight", "Postage & packing"],
    tax: ["VAT", "Sales tax", "Tax"],
    total: ["Total", "Invoice total", "TOTAL", "Grand total", "Total amount"],
    paid: ["Paid", "Deposit received", "Less payment", "Amount paid"],
    amountDue: ["Balance due", "Amount due", "Please pay", "Outstanding"],
    terms: ["Terms", "Payment terms", "Terms of payment"],
    bank: ["Bank details", "Remit to", "Payment details"],
    carried: ["Carried forward", "Balance carried over"],
    page: ["Page", "Sheet"],
  },
  de: {
    title: ["RECHNUNG", "Rechnung", "Faktura"],
    invoiceNo: ["Rechnungs-Nr.", "Rechnungsnummer", "Nr.", "Beleg-Nr.", "Rechnung Nr."],
    date: ["Datum", "Rechnungsdatum", "Ausgestellt am"],
    due: ["Fällig am", "Zahlbar bis", "Fälligkeit"],
    po: ["Ihre Bestellung", "Bestell-Nr.", "Auftrag", "Ihr Zeichen"],
    customerId: ["Kunden-Nr.", "Kundennummer", "Debitor"],
    billTo: ["Rechnungsempfänger", "Rechnung an", "Kunde", "An"],
    from: ["Von", "Absender", "Lieferant"],
    subtotal: ["Zwischensumme", "Nettobetrag", "Summe netto", "Warenwert"],
    discount: ["Rabatt", "Nachlass", "abzgl. Rabatt"],
    shipping: ["Versand", "Fracht", "Versandkosten", "Porto und Verpackung"],
    tax: ["MwSt.", "USt.", "Umsatzsteuer", "zzgl. MwSt."],
    total: ["Gesamtbetrag", "Rechnungsbetrag", "Summe brutto", "Endbetrag", "GESAMT"],
    paid: ["Anzahlung", "bereits bezahlt", "abzgl. Anzahlung"],
    amountDue: ["Zahlbetrag", "Offener Betrag", "Restbetrag"],
    terms: ["Zahlungsbedingungen", "Zahlungsziel", "Konditionen"],
    bank: ["Bankverbindung", "Konto"],
    carried: ["Übertrag", "Zwischenübertrag"],
    page: ["Seite", "Blatt"],
  },
  fr: {
    title: ["FACTURE", "Facture", "Facture n°"],
    invoiceNo: ["N° de facture", "Facture n°", "N°", "Numéro", "Réf. facture"],
    date: ["Date", "Date de facture", "Émise le", "Date d'émission"],
    due: ["Échéance", "Date d'échéance", "À régler avant le"],
    po: ["Bon de commande", "Votre commande", "Réf. commande", "N° commande"],
    customerId: ["Code client", "N° client", "Réf. client"],
    billTo: ["Facturé à", "Client", "Adressé à", "Destinataire"],
    from: ["Émetteur", "Fournisseur", "De"],
    subtotal: ["Total HT", "Sous-total", "Montant HT", "Total hors taxes"],
    discount: ["Remise", "Escompte", "Rabais"],
    shipping: ["Frais de port", "Livraison", "Transport"],
    tax: ["TVA", "Montant TVA", "Total TVA"],
    total: ["Total TTC", "Net à payer TTC", "Montant TTC", "TOTAL TTC"],
    paid: ["Acompte versé", "Déjà réglé", "Acompte"],
    amountDue: ["Reste à payer", "Net à payer", "Solde dû"],
    terms: ["Conditions de paiement", "Règlement", "Modalités de paiement"],
    bank: ["Coordonnées bancaires", "RIB", "Règlement par virement"],
    carried: ["Report", "À reporter"],
    page: ["Page", "Feuille"],
  },
};

const HEADERS: Record<"en" | "de" | "fr", Record<Column, string[]>> = {
  en: {
    pos: ["#", "Line", "No."],
    code: ["Item code", "SKU", "Part no.", "Code"],
    description: ["Description", "Item", "Service", "Details", "Product"],
    quantity: ["Qty", "Quantity", "Hours", "Units"],
    unit: ["Unit", "UoM"],
    unit_price: ["Unit price", "Rate", "Price", "Each"],
    tax_rate: ["VAT %", "Tax %", "VAT rate"],
    amount: ["Amount", "Line total", "Total", "Net"],
  },
  de: {
    pos: ["Pos.", "Nr.", "#"],
    code: ["Art.-Nr.", "Artikelnummer", "Code"],
    description: ["Bezeichnung", "Beschreibung", "Artikel", "Leistung"],
    quantity: ["Menge", "Anz.", "Anzahl", "Std."],
    unit: ["Einheit", "ME"],
    unit_price: ["Einzelpreis", "E-Preis", "Preis", "Stundensatz"],
    tax_rate: ["MwSt. %", "USt %", "Steuersatz"],
    amount: ["Gesamt", "Betrag", "Gesamtpreis", "Summe"],
  },
  fr: {
    pos: ["N°", "Ligne", "#"],
    code: ["Réf.", "Référence", "Code article"],
    description: ["Désignation", "Description", "Libellé", "Prestation"],
    quantity: ["Qté", "Quantité", "Heures", "Nb"],
    unit: ["Unité", "U."],
    unit_price: ["PU HT", "Prix unitaire", "Prix unit. HT", "Taux"],
    tax_rate: ["TVA %", "Taux TVA"],
    amount: ["Montant HT", "Total HT", "Montant", "Total"],
  },
};

const NAMES: Record<Locale, string[]> = {
  "en-US": [
    "Redwood Robotics, Inc.",
    "Tallgrass Foods Corp.",
    "Pinecrest Dental",
    "Copperline Electric LLC",
    "Bayside Marine Supply Company",
    "Juniper & Vale Architects",
    "Ironbridge Data Corporation",
    "Lakeshore Print Shop",
  ],
  "en-GB": [
    "Brightwater Holdings plc",
    "Quayside Legal LLP",
    "Thornbury Joinery Ltd",
    "Hollowell & Pike Limited",
    "Kestrel Garden Design",
    "Saltmarsh Brewing Co. Ltd",
    "Oakridge Surveyors",
  ],
  "de-DE": [
    "Kessler Maschinenbau GmbH & Co. KG",
    "Ostwind Energie AG",
    "Hofmann Zahntechnik",
    "Brandt & Partner Steuerberatung mbB",
    "Lindner Gebäudetechnik GmbH",
    "Vogel Medienhaus e.K.",
    "Rheinland Spedition GmbH",
    "Bäckerei Krause OHG",
  ],
  "fr-FR": [
    "Fournier Électricité SAS",
    "Laboratoires Vidal S.A.",
    "Café des Arts",
    "Menuiserie Gauthier SARL",
    "Cabinet Rousseau & Associés",
    "Éditions du Vieux Port SAS",
    "Garage Lambert EURL",
  ],
};

const ADDRESSES: Record<Locale, string[][]> = {
  "en-US": [
    ["500 W 2nd St, Suite 1900", "Austin, TX 78701"],
    ["P.O. Box 1182", "Portland, OR 97208"],
    ["2211 North First Street", "Building 3", "San Jose, CA 95131"],
    ["77 Water St Fl 8", "New York, NY 10005"],
    ["1400 Lake Shore Drive", "Chicago, IL 60610", "United States"],
  ],
  "en-GB": [
    ["Unit 4, Riverside Park", "Wharf Road", "Sheffield S3 8RL"],
    ["The Old Mill", "Station Lane", "Hebden Bridge HX7 6AA"],
    ["221 Deansgate", "Manchester M3 4EN"],
    ["Flat 2, 14 Clifton Terrace", "Brighton BN1 3HA", "United Kingdom"],
    ["PO Box 617", "Cardiff CF10 1DX"],
  ],
  "de-DE": [
    ["Kaiserstraße 88", "60329 Frankfurt am Main"],
    ["Postfach 10 20 30", "70173 Stuttgart"],
    ["c/o Technologiepark", "Am Wiesenweg 5a", "04109 Leipzig"],
    ["Gewerbegebiet Nord", "Robert-Bosch-Str. 17", "89312 Günzburg"],
    ["Schillerplatz 2", "01067 Dresden", "Deutschland"],
  ],
  "fr-FR": [
    ["ZI des Granges", "14 allée des Tilleuls", "38100 Grenoble"],
    ["BP 42", "33000 Bordeaux"],
    ["Bâtiment C, 5 rue Lafayette", "67000 Strasbourg"],
    ["18 cours Mirabeau", "13100 Aix-en-Provence", "France"],
    ["2 impasse des Lilas", "44000 Nantes"],
  ],
};

const TERMS: Record<Locale, string[]> = {
  "en-US": ["Net 60", "2% 10, Net 30", "Due upon receipt", "Payable within 15 days", "Net 45 days"],
  "en-GB": ["Payment within 30 days of invoice", "Strictly 14 days net", "Due on receipt", "28 days net"],
  "de-DE": [
    "Zahlbar innerhalb 14 Tagen ohne Abzug",
    "30 Tage netto, 10 Tage 2 % Skonto",
    "Sofort ohne Abzug zahlbar",
    "Zahlungsziel 21 Tage",
  ],
  "fr-FR": [
    "Paiement à 30 jours",
    "À réception de facture",
    "45 jours fin de mois",
    "Comptant, sans escompte",
    "Virement à 60 jours date de facture",
  ],
};

const TAX_LABELS: Record<Locale, string[]> = {
  "en-US": ["EIN", "Tax ID", "Federal Tax ID", "TIN"],
  "en-GB": ["VAT Reg No", "VAT No.", "VAT Registration Number", "VAT reg."],
  "de-DE": ["USt-IdNr.", "USt-ID", "Umsatzsteuer-ID", "UStIdNr."],
  "fr-FR": ["TVA intracom.", "N° TVA", "TVA intracommunautaire", "N° TVA intracom."],
};

const PRODUCTS: Record<"en" | "de" | "fr", string[]> = {
  en: [
    "Site survey and report",
    "Copper pipe 22 mm (3 m lengths)",
    "Software licence, 12 months",
    "Engineer call-out",
    "Labour",
    "Hosting, March",
    "Replacement filter cartridge",
    "Design revisions (round 2)",
    "Pallet delivery",
    "Safety inspection",
    "Cabling and terminations",
    "Data migration",
  ],
  de: [
    "Wartungspauschale",
    "Arbeitszeit Monteur",
    "Kupferrohr 22 mm",
    "Lizenz Buchhaltung (12 Monate)",
    "Anfahrt",
    "Ersatzfilter",
    "Entwurf und Satz",
    "Palettenversand",
    "Sicherheitsprüfung nach DGUV V3",
    "Datenübernahme",
    "Kabel und Kleinmaterial",
  ],
  fr: [
    "Main d'œuvre",
    "Déplacement",
    "Tube cuivre 22 mm",
    "Licence logiciel (12 mois)",
    "Contrôle de sécurité",
    "Cartouche filtrante",
    "Mise en page et corrections",
    "Livraison sur palette",
    "Reprise des données",
    "Câblage et raccordements",
    "Forfait maintenance",
  ],
};

const UNITS: Record<"en" | "de" | "fr", string[]> = {
  en: ["ea", "hrs", "pcs", "m"],
  de: ["Stk.", "Std.", "m", "Psch."],
  fr: ["u", "h", "m", "forfait"],
};

const round2 = (n: number) => Math.round(n * 100) / 100;
const digits = (r: Rng, n: number) => Array.from({ length: n }, () => r.int(0, 9)).join("");

function taxId(locale: Locale, r: Rng): string {
  if (locale === "en-US") return `${digits(r, 2)}-${digits(r, 7)}`;
  if (locale === "en-GB")
    return r.pick([`GB ${digits(r, 3)} ${digits(r, 4)} ${digits(r, 2)}`, `GB${digits(r, 9)}`]);
  if (locale === "de-DE")
    return r.pick([`DE${digits(r, 9)}`, `DE ${digits(r, 3)} ${digits(r, 3)} ${digits(r, 3)}`]);
  return r.pick([`FR${digits(r, 11)}`, `FR ${digits(r, 2)} ${digits(r, 9)}`]);
}

function party(locale: Locale, r: Rng, avoid?: string): DrawnParty {
  let name = r.pick(NAMES[locale]);
  while (name === avoid) name = r.pick(NAMES[locale]);
  return {
    name,
    lines: [...r.pick(ADDRESSES[locale])],
    taxId: taxId(locale, r),
    taxLabel: r.pick(TAX_LABELS[locale]),
  };
}

function isoDate(r: Rng): string {
  const y = r.pick([2025, 2026]);
  return `${y}-${String(r.int(1, 12)).padStart(2, "0")}-${String(r.int(1, 28)).padStart(2, "0")}`;
}
const addDays = (iso: string, n: number) =>
  new Date(Date.parse(iso) + n * 86400000).toISOString().slice(0, 10);

function pickEach<K extends string>(r: Rng, table: Record<K, string[]>): Record<K, string> {
  return Object.fromEntries(Object.entries(table).map(([k, v]) => [k, r.pick(v as string[])])) as Record<
    K,
    string
  >;
}

export function makeDrawnSpec(r: Rng, locale: Locale, itemCount: number): DrawnSpec {
  const lang = langOf(locale);
  const numbers = lang === "en" ? NUMBER_STYLES.us : lang === "de" ? NUMBER_STYLES.de : NUMBER_STYLES.frSpace;
  const dateStyle: DateStyle =
    locale === "en-US"
      ? r.pick(["mdy-slash", "long"] as const)
      : locale === "en-GB"
        ? r.pick(["dmy-slash", "long"] as const)
        : lang === "de"
          ? r.pick(["dmy-dot", "long", "dmy-dot"] as const)
          : r.pick(["dmy-slash", "long"] as const);
  const currency = locale === "en-US" ? "USD" : locale === "en-GB" ? r.pick(["GBP", "GBP", "EUR"]) : "EUR";
  const mark = r.chance(0.5) ? currency : ({ USD: "$", GBP: "£", EUR: "€" }[currency] as string);
  const vendor = party(locale, r);
  const customer = party(locale, r, vendor.name);
  const label = pickEach(r, WORDINGS[lang]);
  const headers = pickEach(r, HEADERS[lang]);
  const columns: Column[] = [];
  if (r.chance(0.35)) columns.push("pos");
  const code = r.chance(0.35);
  if (code && r.chance(0.6)) columns.push("code");
  columns.push("description");
  if (code && !columns.includes("code")) columns.push("code");
  columns.push("quantity");
  const unit = r.chance(0.3);
  if (unit) columns.push("unit");
  columns.push("unit_price");
  const taxRate = r.chance(0.1)
    ? null
    : locale === "en-US"
      ? r.pick([6, 8.875, 7.25])
      : r.pick(lang === "de" ? [19, 7] : lang === "fr" ? [20, 5.5, 10] : [20, 20, 5]);
  const rateColumn = taxRate !== null && r.chance(0.25);
  if (rateColumn) columns.push("tax_rate");
  columns.push("amount");
  const items: InvoiceItem[] = [];
  const used = new Set<string>();
  for (let i = 0; i < itemCount; i++) {
    let description = r.pick(PRODUCTS[lang]);
    if (used.has(description)) description = `${description} (${i + 1})`;
    used.add(description);
    const quantity = r.chance(0.25) ? r.int(1, 40) / 4 + 1 : r.int(1, 60);
    const unit_price = round2(
      r.pick([3.2, 15, 27.5, 64, 95, 140, 310, 880, 1975]) * r.pick([1, 1, 1.05, 0.85]),
    );
    items.push({
      description,
      quantity,
      unit: unit ? r.pick(UNITS[lang]) : null,
      unit_price,
      tax_rate: rateColumn ? taxRate : null,
      amount: round2(quantity * unit_price),
      product_code: code ? `${r.pick(["", "ART-", "K", "SKU"])}${r.int(1000, 999999)}` : null,
    });
  }
  const subtotal = round2(items.reduce((s, it) => s + (it.amount ?? 0), 0));
  const discount = r.chance(0.2) ? round2(subtotal * r.pick([0.02, 0.05, 0.15])) : null;
  const shipping = r.chance(0.3) ? r.pick([7.5, 12, 35, 89]) : null;
  const base = subtotal - (discount ?? 0) + (shipping ?? 0);
  const tax = taxRate === null ? null : round2((base * taxRate) / 100);
  const total = round2(base + (tax ?? 0));
  const paid = r.chance(0.25) ? round2(total * r.pick([0.25, 0.4])) : null;
  const due = paid !== null ? round2(total - paid) : r.chance(0.4) ? total : null;
  const invoiceDate = isoDate(r);
  const registration =
    r.chance(0.5) && locale !== "en-US"
      ? locale === "fr-FR"
        ? `SIRET ${digits(r, 3)} ${digits(r, 3)} ${digits(r, 3)} ${digits(r, 5)}`
        : locale === "de-DE"
          ? `Amtsgericht ${r.pick(["München", "Köln", "Hamburg"])} HRB ${digits(r, 5)}`
          : `Company No. ${digits(r, 8)}`
      : null;
  const iban =
    locale === "en-US"
      ? [`ABA ${digits(r, 9)}`, `Account ${digits(r, 10)}`]
      : [
          `IBAN ${locale.slice(3)}${digits(r, 2)} ${digits(r, 4)} ${digits(r, 4)} ${digits(r, 4)} ${digits(r, 4)}`,
          `BIC ${r.pick(["COBADEFFXXX", "BNPAFRPPXXX", "NWBKGB2L", "DEUTDEFF"])}`,
        ];
  const noteText = {
    en: ["Thank you for your business.", "Please quote the invoice number with your payment."],
    de: ["Vielen Dank für Ihren Auftrag.", "Bitte geben Sie bei Zahlung die Rechnungsnummer an."],
    fr: ["Merci de votre confiance.", "Pénalités de retard : trois fois le taux d'intérêt légal."],
  }[lang];
  return {
    locale,
    lang,
    numbers,
    dateStyle,
    currency,
    mark,
    vendor,
    customer,
    contact: r.chance(0.6)
      ? [
          r.pick([
            `Tel. +${r.int(1, 49)} ${digits(r, 3)} ${digits(r, 4)}`,
            `Phone (${digits(r, 3)}) ${digits(r, 3)}-${digits(r, 4)}`,
          ]),
          `${r.pick(["info", "billing", "contact"])}@${vendor.name
            .split(/[\s,&]+/)[0]
            ?.toLowerCase()
            .normalize("NFD")
            .replace(/[^a-z]/g, "")}.example`,
        ]
      : [],
    registration,
    bank: iban,
    note: r.chance(0.6) ? r.pick(noteText) : null,
    columns,
    headers,
    label,
    truth: {
      invoice_id: r.pick([
        `${r.int(2025, 2026)}-${String(r.int(1, 999)).padStart(4, "0")}`,
        `INV${r.int(10000, 99999)}`,
        `R-${r.int(100, 9999)}/${r.int(25, 26)}`,
        `FA${r.int(100000, 999999)}`,
        `${r.int(100, 99999)}`,
      ]),
      invoice_date: invoiceDate,
      due_date: r.chance(0.7) ? addDays(invoiceDate, r.pick([10, 21, 30, 60])) : null,
      purchase_order: r.chance(0.45) ? `${r.pick(["", "PO", "4500", "BC-"])}${r.int(10000, 999999)}` : null,
      vendor_name: vendor.name,
      vendor_address: vendor.lines.join(", "),
      vendor_tax_id: r.chance(0.85) ? vendor.taxId : null,
      customer_name: customer.name,
      customer_address: customer.lines.join(", "),
      customer_id: r.chance(0.4) ? `${r.pick(["", "D", "CUST-"])}${r.int(10000, 99999)}` : null,
      currency,
      subtotal,
      total_discount: discount,
      shipping,
      total_tax: tax,
      invoice_total: total,
      amount_paid: paid,
      amount_due: due,
      payment_terms: r.chance(0.65) ? r.pick(TERMS[locale]) : null,
      items,
    },
  };
}

/** An amount as this invoice writes it, with or without its currency mark. */
export function money(spec: DrawnSpec, n: number, withMark: boolean): string {
  const s = formatNumber(n, spec.numbers);
  if (!withMark) return s;
  return spec.lang === "en" && spec.mark.length === 1 ? `${spec.mark}${s}` : `${s} ${spec.mark}`;
}

export const drawnDate = (spec: DrawnSpec, iso: string) =>
  formatDate(iso, spec.dateStyle, spec.lang, spec.locale === "en-US");
