// The facts of one generated invoice, drawn from a seed, and the figures that follow from them.
// The layouts render these facts and the ground truth is written from the same object, so the
// truth is what the page shows.

import type { InvoiceData, InvoiceItem } from "../../src/core/invoices/invoice-types.ts";
import {
  type DateStyle,
  type Lang,
  NUMBER_STYLES,
  type NumberStyle,
  pickWords,
  WORDS,
  type Words,
} from "./locales.ts";
import type { Rng } from "./rng.ts";

export type Party = { name: string; lines: string[]; taxId: string | null };

export type Spec = {
  lang: Lang;
  /** en-US, en-GB, de-DE, de-CH, fr-FR... */
  locale: string;
  numbers: NumberStyle;
  dateStyle: DateStyle;
  currency: string;
  /** How amounts show their currency: a symbol or code before or after, or nowhere but the header. */
  currencyMark: { text: string; before: boolean } | null;
  words: { [K in keyof Words]: string };
  vendor: Party;
  customer: Party;
  shipTo: Party | null;
  customerTaxIdShown: boolean;
  /** Which item columns the table shows. */
  columns: { code: boolean; unit: boolean; taxRate: boolean };
  taxRate: number | null;
  truth: InvoiceData;
};

const COMPANIES: Record<Lang, string[]> = {
  en: [
    "Northwind Traders Ltd",
    "Bluebird Analytics LLC",
    "Harbor & Pine Supply Co.",
    "Crescent Software Inc.",
    "Greenfield Office Goods",
    "Atlas Freight Services",
    "Maple Leaf Printing",
    "Summit Consulting Group",
  ],
  de: [
    "Müller & Söhne GmbH",
    "Bergmann Elektrotechnik AG",
    "Weber Bürobedarf KG",
    "Schneider IT-Service GmbH",
    "Hansa Logistik GmbH",
    "Alpenblick Druckerei",
    "Zimmermann Holzbau GmbH",
  ],
  fr: [
    "Atelier Dupont SARL",
    "Boulangerie Lefèvre",
    "Société Martin & Fils",
    "Conseil Moreau SAS",
    "Imprimerie du Rhône",
    "Transports Girard SA",
    "Informatique Bernard SAS",
  ],
};
const STREETS: Record<Lang, string[]> = {
  en: ["12 Harbour Street", "450 Market St, Suite 210", "88 King's Road", "1701 Elm Avenue", "3 Mill Lane"],
  de: ["Hauptstraße 12", "Bahnhofstr. 45", "Lindenallee 7", "Industriestraße 101", "Am Markt 3"],
  fr: [
    "12 rue de la Paix",
    "45 avenue Jean Jaurès",
    "8 boulevard Voltaire",
    "3 place Bellecour",
    "27 quai Saint-Antoine",
  ],
};
const CITIES: Record<string, string[]> = {
  "en-US": ["Seattle, WA 98101", "Austin, TX 78701", "Boston, MA 02108", "Denver, CO 80202"],
  "en-GB": ["Leeds LS1 4AB", "Bristol BS1 5TR", "Manchester M1 2WD", "London EC1A 1BB"],
  "de-DE": ["10115 Berlin", "80331 München", "20095 Hamburg", "50667 Köln"],
  "de-CH": ["8001 Zürich", "3011 Bern", "4051 Basel"],
  "fr-FR": ["75002 Paris", "69002 Lyon", "13001 Marseille", "31000 Toulouse"],
  "fr-CH": ["1204 Genève", "1003 Lausanne"],
};
const COUNTRY: Record<string, string> = {
  "en-US": "USA",
  "en-GB": "United Kingdom",
  "de-DE": "Deutschland",
  "de-CH": "Schweiz",
  "fr-FR": "France",
  "fr-CH": "Suisse",
};
const PRODUCTS: Record<Lang, string[]> = {
  en: [
    "Consulting services",
    "Website maintenance (monthly)",
    "A4 copy paper, 500 sheets",
    "Wireless keyboard",
    "Standing desk frame",
    "Cloud hosting - Pro plan",
    "On-site installation",
    "Ink cartridge, black",
    "USB-C docking station",
    "Training workshop (half day)",
    "Ergonomic office chair",
    "Network cable Cat6, 5 m",
    "Project management",
    "Annual support contract",
    "LED desk lamp",
  ],
  de: [
    "Beratungsleistung",
    "Wartung Webseite (monatlich)",
    "Kopierpapier A4, 500 Blatt",
    "Funktastatur",
    "Montage vor Ort",
    "Druckerpatrone schwarz",
    "Schulung (halber Tag)",
    "Bürostuhl ergonomisch",
    "Netzwerkkabel Cat6, 5 m",
    "Projektleitung",
    "Softwarelizenz Jahresabo",
    "Schreibtischlampe LED",
    "Holzlatten 24x48 mm",
  ],
  fr: [
    "Prestation de conseil",
    "Maintenance site web (mensuelle)",
    "Papier A4, ramette 500 feuilles",
    "Clavier sans fil",
    "Installation sur site",
    "Cartouche d'encre noire",
    "Formation (demi-journée)",
    "Fauteuil de bureau ergonomique",
    "Câble réseau Cat6, 5 m",
    "Gestion de projet",
    "Abonnement logiciel annuel",
    "Lampe de bureau LED",
  ],
};
const TERMS: Record<Lang, string[]> = {
  en: ["Net 30", "Net 14 days", "Due on receipt", "30 days from invoice date"],
  de: ["14 Tage netto", "Zahlbar innerhalb von 30 Tagen ohne Abzug", "Sofort fällig"],
  fr: ["30 jours fin de mois", "Paiement à réception", "45 jours date de facture"],
};
const LOCALES: Record<Lang, string[]> = {
  en: ["en-US", "en-GB"],
  de: ["de-DE", "de-CH"],
  fr: ["fr-FR", "fr-CH"],
};

const round2 = (n: number) => Math.round(n * 100) / 100;

function taxId(locale: string, r: Rng): string {
  const d = (n: number) => Array.from({ length: n }, () => r.int(0, 9)).join("");
  if (locale === "en-US") return `${d(2)}-${d(7)}`;
  if (locale === "en-GB") return `GB${d(9)}`;
  if (locale === "de-DE") return `DE${d(9)}`;
  if (locale.endsWith("CH")) return `CHE-${d(3)}.${d(3)}.${d(3)}`;
  return `FR${d(11)}`;
}

function party(lang: Lang, locale: string, r: Rng, avoid?: string): Party {
  let name = r.pick(COMPANIES[lang]);
  while (name === avoid) name = r.pick(COMPANIES[lang]);
  const lines = [r.pick(STREETS[lang]), r.pick(CITIES[locale] ?? [])];
  if (r.chance(0.5)) lines.push(COUNTRY[locale] ?? "");
  return { name, lines, taxId: taxId(locale, r) };
}

function isoDate(r: Rng): string {
  const y = r.pick([2025, 2026]);
  const m = r.int(1, 12);
  const d = r.int(1, 28);
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

const addDays = (iso: string, n: number) =>
  new Date(Date.parse(iso) + n * 86400000).toISOString().slice(0, 10);

export function makeSpec(r: Rng, lang: Lang, opts: { items?: number } = {}): Spec {
  const locale = r.pick(LOCALES[lang]);
  const numbers =
    locale === "en-US" || locale === "en-GB"
      ? NUMBER_STYLES.us
      : locale.endsWith("CH")
        ? NUMBER_STYLES.ch
        : lang === "de"
          ? NUMBER_STYLES.de
          : r.pick([NUMBER_STYLES.fr, NUMBER_STYLES.frSpace]);
  const dateStyle: DateStyle =
    locale === "en-US"
      ? r.pick(["mdy-slash", "long", "iso"] as const)
      : lang === "de"
        ? r.pick(["dmy-dot", "long", "iso"] as const)
        : r.pick(["dmy-slash", "long"] as const);
  const currency =
    locale === "en-US"
      ? r.pick(["USD", "USD", "CAD"])
      : locale === "en-GB"
        ? r.pick(["GBP", "EUR"])
        : locale.endsWith("CH")
          ? "CHF"
          : "EUR";
  const symbol: Record<string, string> = { USD: "$", GBP: "£", EUR: "€" };
  const sym = symbol[currency];
  const currencyMark = r.chance(0.25)
    ? null
    : sym && r.chance(0.7)
      ? { text: sym, before: lang === "en" }
      : { text: currency, before: r.chance(0.5) };
  const words = pickWords(lang, r);
  const vendor = party(lang, locale, r);
  const customer = party(lang, locale, r, vendor.name);
  const shipTo = r.chance(0.3) ? party(lang, locale, r, customer.name) : null;
  const columns = { code: r.chance(0.4), unit: r.chance(0.35), taxRate: r.chance(0.3) };
  const n = opts.items ?? r.int(2, 8);
  const taxRate = r.chance(0.15)
    ? null
    : lang === "en" && locale === "en-US"
      ? r.pick([8.25, 7, 6.5])
      : r.pick(
          locale.endsWith("CH") ? [8.1, 7.7] : lang === "de" ? [19, 7] : lang === "fr" ? [20, 10] : [20, 5],
        );
  if (taxRate === null) columns.taxRate = false;
  const items: InvoiceItem[] = [];
  const usedNames = new Set<string>();
  for (let i = 0; i < n; i++) {
    let description = r.pick(PRODUCTS[lang]);
    if (usedNames.has(description)) description = `${description} ${String.fromCharCode(65 + (i % 26))}`;
    usedNames.add(description);
    const quantity = r.chance(0.3) ? r.int(1, 3) * 0.5 + r.int(1, 20) : r.int(1, 25);
    const unit_price = round2(
      r.pick([4.5, 12, 19.99, 49, 85, 120, 249.5, 1150, 2400]) * r.pick([1, 1, 1.1, 0.9]),
    );
    items.push({
      description,
      quantity,
      unit: columns.unit ? r.pick(WORDS[lang].units) : null,
      unit_price,
      tax_rate: columns.taxRate ? taxRate : null,
      amount: round2(quantity * unit_price),
      product_code: columns.code ? `${r.pick(["A", "P", "SKU-", "X"])}${r.int(100, 99999)}` : null,
    });
  }
  const subtotal = round2(items.reduce((s, it) => s + (it.amount ?? 0), 0));
  const discount = r.chance(0.3) ? round2(subtotal * r.pick([0.05, 0.1, 0.03])) : null;
  const shipping = r.chance(0.35) ? r.pick([9.9, 15, 25, 49.5]) : null;
  const base = subtotal - (discount ?? 0) + (shipping ?? 0);
  const tax = taxRate === null ? null : round2((base * taxRate) / 100);
  const total = round2(base + (tax ?? 0));
  const paid = r.chance(0.3) ? round2(total * r.pick([0.2, 0.3, 0.5])) : null;
  const due = paid !== null ? round2(total - paid) : r.chance(0.5) ? total : null;
  const invoiceDate = isoDate(r);
  const showTerms = r.chance(0.6);
  const customerTaxIdShown = r.chance(0.3);
  return {
    lang,
    locale,
    numbers,
    dateStyle,
    currency,
    currencyMark,
    words,
    vendor,
    customer,
    shipTo,
    customerTaxIdShown,
    columns,
    taxRate,
    truth: {
      invoice_id: r.pick([
        `INV-${r.int(2025, 2026)}-${r.int(100, 9999)}`,
        `${r.int(10000, 99999)}`,
        `RE${r.int(100000, 999999)}`,
        `F${r.int(2025, 2026)}/${r.int(10, 999)}`,
        `${r.pick(["A", "B"])}-${r.int(1000, 9999)}`,
      ]),
      invoice_date: invoiceDate,
      due_date: r.chance(0.75) ? addDays(invoiceDate, r.pick([14, 30, 45])) : null,
      purchase_order: r.chance(0.5) ? `${r.pick(["PO-", "BE-", "4500", "CMD-"])}${r.int(1000, 99999)}` : null,
      vendor_name: vendor.name,
      vendor_address: vendor.lines.join(", "),
      vendor_tax_id: r.chance(0.8) ? vendor.taxId : null,
      customer_name: customer.name,
      customer_address: customer.lines.join(", "),
      customer_id: r.chance(0.5) ? `${r.pick(["C-", "K", "CL"])}${r.int(1000, 99999)}` : null,
      currency,
      subtotal,
      total_discount: discount,
      shipping,
      total_tax: tax,
      invoice_total: total,
      amount_paid: paid,
      amount_due: due,
      payment_terms: showTerms ? r.pick(TERMS[lang]) : null,
      items,
    },
  };
}
