// `npx tsx bench/invoices/generate-items.ts [--seed N --count N --out DIR]`: the item-table corpus
// (bench/invoices/corpus-items). Invoices whose difficulty is the line items: tables continued
// over two or three pages with the header repeated and carried-forward or page-subtotal rows
// between them, descriptions wrapped over lines or followed by a note in small grey type, units in
// the quantity cell or their own column, product codes in a column or before the description,
// hours and rates, a VAT column with several rates, discount and zero-priced lines, section rows,
// hairlines, zebra rows or no rules, amounts with currency symbols. Printed by Chromium from HTML
// written here (not the layouts of generate.ts). Truth is written from the facts drawn, never read
// back from the PDF. Needs /usr/bin/chromium and pdfinfo.

import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import type { InvoiceData, InvoiceItem } from "../../src/core/invoices/invoice-types.ts";
import type { CorpusMeta } from "./generate-types.ts";
import { type Rng, rng } from "./rng.ts";

type Lang = "en" | "de" | "fr" | "nl";
type Locale = { tag: string; lang: Lang; group: string; decimal: string; currency: string; symbol: string };

const LOCALES: Locale[] = [
  { tag: "en-US", lang: "en", group: ",", decimal: ".", currency: "USD", symbol: "$" },
  { tag: "de-DE", lang: "de", group: ".", decimal: ",", currency: "EUR", symbol: "€" },
  { tag: "fr-FR", lang: "fr", group: "\u202f", decimal: ",", currency: "EUR", symbol: "€" },
  { tag: "en-GB", lang: "en", group: ",", decimal: ".", currency: "GBP", symbol: "£" },
  { tag: "de-CH", lang: "de", group: "'", decimal: ".", currency: "CHF", symbol: "CHF" },
  { tag: "nl-NL", lang: "nl", group: ".", decimal: ",", currency: "EUR", symbol: "€" },
  { tag: "fr-BE", lang: "fr", group: " ", decimal: ",", currency: "EUR", symbol: "€" },
];

/** Column headers and row wordings, several per language so no one spelling is learnt. */
const W: Record<Lang, Record<string, string[]>> = {
  en: {
    title: ["INVOICE", "Invoice", "Tax Invoice"],
    no: ["Invoice No.", "Invoice #", "Invoice number"],
    date: ["Invoice date", "Date", "Issued"],
    billTo: ["Bill to", "Invoice to", "Customer"],
    pos: ["#", "No.", "Line"],
    code: ["SKU", "Item #", "Code", "Part no."],
    desc: ["Description", "Item", "Details", "Item description"],
    qty: ["Qty", "Quantity", "Units"],
    hours: ["Hours", "Hrs"],
    unit: ["Unit", "UoM"],
    price: ["Unit price", "Price", "Unit cost", "Price each"],
    rate: ["Rate", "Hourly rate"],
    tax: ["VAT %", "VAT", "Tax rate"],
    amount: ["Amount", "Total", "Line total"],
    carryOut: ["Carried forward", "Balance carried forward", "Continued on next page"],
    carryIn: ["Brought forward", "Balance brought forward", "Carried over"],
    pageSub: ["Page subtotal", "Subtotal this page"],
    subtotal: ["Subtotal", "Net total", "Sub-total"],
    vat: ["VAT", "Tax"],
    total: ["Total", "Total due", "Invoice total"],
    discount: ["Loyalty discount", "Discount (promotion)", "Volume rebate"],
    page: ["Page"],
  },
  de: {
    title: ["RECHNUNG", "Rechnung"],
    no: ["Rechnungsnummer", "Rechnung Nr.", "Rechnungs-Nr."],
    date: ["Rechnungsdatum", "Datum"],
    billTo: ["Rechnungsempfänger", "Kunde", "An"],
    pos: ["Pos.", "Pos", "Nr."],
    code: ["Art.-Nr.", "Artikelnr.", "Artikel-Nr."],
    desc: ["Beschreibung", "Bezeichnung", "Leistung", "Artikelbezeichnung"],
    qty: ["Menge", "Anzahl"],
    hours: ["Stunden", "Std."],
    unit: ["Einheit", "ME"],
    price: ["Einzelpreis", "E-Preis", "Preis", "Stückpreis"],
    rate: ["Stundensatz", "Satz"],
    tax: ["MwSt.", "USt.", "MwSt.-Satz"],
    amount: ["Betrag", "Gesamt", "Gesamtpreis"],
    carryOut: ["Übertrag", "Übertrag auf Seite"],
    carryIn: ["Übertrag", "Übertrag von Seite", "Vortrag"],
    pageSub: ["Zwischensumme Seite", "Seitensumme"],
    subtotal: ["Nettobetrag", "Zwischensumme", "Summe netto"],
    vat: ["MwSt.", "USt."],
    total: ["Gesamtbetrag", "Rechnungsbetrag", "Endbetrag"],
    discount: ["Rabatt Stammkunde", "Sonderrabatt", "Nachlass Aktion"],
    page: ["Seite"],
  },
  fr: {
    title: ["FACTURE", "Facture"],
    no: ["Facture n°", "N° de facture", "Numéro de facture"],
    date: ["Date de facture", "Date", "Date d'émission"],
    billTo: ["Facturé à", "Client", "Adressé à"],
    pos: ["N°", "Ligne", "#"],
    code: ["Réf.", "Référence", "Code article"],
    desc: ["Désignation", "Description", "Libellé", "Prestation"],
    qty: ["Qté", "Quantité"],
    hours: ["Heures", "Nb heures"],
    unit: ["Unité", "U."],
    price: ["Prix unitaire", "P.U. HT", "Prix unit. HT"],
    rate: ["Taux horaire", "Tarif"],
    tax: ["TVA", "Taux TVA", "TVA %"],
    amount: ["Montant", "Montant HT", "Total HT"],
    carryOut: ["À reporter", "Report à la page suivante"],
    carryIn: ["Report", "Report de la page précédente", "Reporté"],
    pageSub: ["Sous-total page", "Sous-total de la page"],
    subtotal: ["Total HT", "Sous-total HT", "Montant HT"],
    vat: ["TVA"],
    total: ["Total TTC", "Net à payer", "Montant TTC"],
    discount: ["Remise fidélité", "Remise commerciale", "Geste commercial"],
    page: ["Page"],
  },
  nl: {
    title: ["FACTUUR", "Factuur"],
    no: ["Factuurnummer", "Factuur nr."],
    date: ["Factuurdatum", "Datum"],
    billTo: ["Factuuradres", "Klant", "Aan"],
    pos: ["Nr.", "#"],
    code: ["Artikelnr.", "Code", "Art.nr."],
    desc: ["Omschrijving", "Beschrijving", "Artikel"],
    qty: ["Aantal", "Hoeveelheid"],
    hours: ["Uren", "Aantal uren"],
    unit: ["Eenheid"],
    price: ["Prijs", "Stukprijs", "Prijs per stuk"],
    rate: ["Tarief", "Uurtarief"],
    tax: ["BTW", "BTW %", "BTW-tarief"],
    amount: ["Bedrag", "Totaal"],
    carryOut: ["Transport", "Naar volgende pagina"],
    carryIn: ["Transport", "Van vorige pagina"],
    pageSub: ["Subtotaal pagina"],
    subtotal: ["Subtotaal", "Totaal excl. BTW"],
    vat: ["BTW"],
    total: ["Totaal", "Totaal incl. BTW", "Te betalen"],
    discount: ["Korting vaste klant", "Actiekorting"],
    page: ["Pagina"],
  },
};

const GOODS: Record<Lang, string[]> = {
  en: [
    "Wireless keyboard",
    "USB-C docking station",
    "A4 copy paper, 500 sheets",
    "Toner cartridge, black",
    "Ergonomic office chair",
    "Monitor arm, dual",
    "Network switch 24-port",
    "Label printer ribbons",
    "Whiteboard markers, pack of 12",
    "Stainless fasteners M8, box of 200",
    "Replacement air filter for the ventilation unit in the server room, grade F7",
    "Heavy-duty storage shelving, galvanised steel, five shelves, 180 x 90 x 40 cm",
  ],
  de: [
    "Funktastatur",
    "Dockingstation USB-C",
    "Kopierpapier A4, 500 Blatt",
    "Tonerkartusche schwarz",
    "Bürostuhl ergonomisch",
    "Monitorhalterung doppelt",
    "Netzwerk-Switch 24 Port",
    "Holzlatten 24x48 mm",
    "Schrauben Edelstahl M8, Karton 200 Stück",
    "Ersatzfilter für die Lüftungsanlage im Serverraum, Filterklasse F7",
    "Schwerlastregal verzinkt, fünf Böden, 180 x 90 x 40 cm, inklusive Wandbefestigung",
  ],
  fr: [
    "Clavier sans fil",
    "Station d'accueil USB-C",
    "Papier A4, ramette 500 feuilles",
    "Cartouche de toner noire",
    "Fauteuil de bureau ergonomique",
    "Bras d'écran double",
    "Commutateur réseau 24 ports",
    "Vis inox M8, boîte de 200",
    "Filtre de rechange pour la centrale de ventilation de la salle serveurs, classe F7",
    "Rayonnage métallique galvanisé, cinq tablettes, 180 x 90 x 40 cm, fixation murale comprise",
  ],
  nl: [
    "Draadloos toetsenbord",
    "USB-C dockingstation",
    "Kopieerpapier A4, 500 vel",
    "Tonercartridge zwart",
    "Ergonomische bureaustoel",
    "RVS bouten M8, doos 200",
    "Vervangingsfilter voor de ventilatie-unit in de serverruimte, klasse F7",
    "Zwaarlaststelling verzinkt, vijf legborden, 180 x 90 x 40 cm",
  ],
};
const SERVICES: Record<Lang, string[]> = {
  en: [
    "Consulting",
    "On-site installation",
    "Project management",
    "Software development",
    "Training workshop",
    "Network configuration and testing of the new branch office",
  ],
  de: [
    "Beratung",
    "Montage vor Ort",
    "Projektleitung",
    "Softwareentwicklung",
    "Schulung",
    "Einrichtung und Test des Netzwerks der neuen Filiale",
  ],
  fr: [
    "Conseil",
    "Installation sur site",
    "Gestion de projet",
    "Développement logiciel",
    "Formation",
    "Configuration et recette du réseau de la nouvelle agence",
  ],
  nl: ["Advies", "Installatie op locatie", "Projectleiding", "Softwareontwikkeling", "Training"],
};
const UNITS: Record<Lang, string[]> = {
  en: ["pcs", "ea", "box", "m", "kg"],
  de: ["Stk.", "St.", "Pkt.", "m", "kg"],
  fr: ["pce", "u.", "lot", "m", "kg"],
  nl: ["st.", "stuks", "doos", "m", "kg"],
};
const HOUR_UNITS: Record<Lang, string[]> = {
  en: ["h", "hrs"],
  de: ["Std.", "h"],
  fr: ["h", "heures"],
  nl: ["uur", "u"],
};
const SECTIONS: Record<Lang, string[][]> = {
  en: [
    ["Hardware", "Services"],
    ["Materials", "Labour"],
    ["Products", "Installation"],
  ],
  de: [
    ["Hardware", "Dienstleistungen"],
    ["Material", "Arbeitszeit"],
  ],
  fr: [
    ["Matériel", "Prestations"],
    ["Fournitures", "Main-d'œuvre"],
  ],
  nl: [
    ["Hardware", "Diensten"],
    ["Materiaal", "Arbeid"],
  ],
};
const RATES: Record<string, number[]> = {
  "en-US": [8.25, 0],
  "en-GB": [20, 5, 0],
  "de-DE": [19, 7],
  "de-CH": [8.1, 2.6],
  "fr-FR": [20, 10, 5.5],
  "fr-BE": [21, 6],
  "nl-NL": [21, 9],
};
const FIRMS = {
  vendor: [
    "Lindqvist Office Systems",
    "Kessler Technik GmbH",
    "Atelier Rousseau SARL",
    "Van Dijk Installaties B.V.",
    "Harrow & Finch Ltd",
    "Bergström Logistics AB",
  ],
  customer: [
    "Oakridge Dental Group",
    "Stadtwerke Nordheim",
    "Cabinet Leroux & Associés",
    "Bakkerij De Molen",
    "Pinecrest Academy",
    "Hotel Seeblick AG",
  ],
};
const STREETS = [
  "14 Station Road",
  "Industriestraße 8",
  "22 rue des Tanneurs",
  "Kerkstraat 41",
  "900 Pine Street",
];
const CITIES = [
  "Leeds LS2 7EY",
  "70173 Stuttgart",
  "67000 Strasbourg",
  "3511 AB Utrecht",
  "Portland, OR 97205",
];
const FONTS = [
  "'DejaVu Sans', sans-serif",
  "'Liberation Sans', Arial, sans-serif",
  "'Liberation Serif', 'Times New Roman', serif",
  "'Noto Sans', sans-serif",
  "'URW Bookman', serif",
  "'Nimbus Sans', Helvetica, sans-serif",
];

const round2 = (n: number) => Math.round(n * 100) / 100;
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function fmt(n: number, loc: Locale, decimals = 2): string {
  const [int = "0", frac] = Math.abs(n).toFixed(decimals).split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, loc.group);
  return `${n < 0 ? "-" : ""}${grouped}${frac ? loc.decimal + frac : ""}`;
}
const fmtQty = (n: number, loc: Locale) =>
  Number.isInteger(n) ? String(n) : fmt(n, loc, n * 10 === Math.round(n * 10) ? 1 : 2);
const fmtRate = (n: number, loc: Locale) =>
  Number.isInteger(n) ? String(n) : fmt(n, loc, n * 10 === Math.round(n * 10) ? 1 : 2);

/** One row of the item table: an item (with the note printed under it), or a section heading. */
type Row =
  | { kind: "item"; item: InvoiceItem; main: string; note: string | null }
  | { kind: "section"; text: string };

type Plan = {
  loc: Locale;
  services: boolean;
  pos: boolean;
  code: "column" | "before" | "none";
  unit: "column" | "cell" | "none";
  tax: boolean;
  rule: "hairline" | "zebra" | "none" | "grid";
  moneyMark: "none" | "before" | "after";
  font: string;
  size: number;
  perPage: number[];
  carry: "carry" | "pageSubtotal" | "none";
  repeatHeader: boolean;
  rows: Row[];
};

function note(lang: Lang, r: Rng): string {
  const m = r.int(1, 11);
  const p = (n: number) => String(n).padStart(2, "0");
  const period = `${p(1)}.${p(m)}.-${p(28)}.${p(m)}.2026`;
  const kinds: Record<Lang, string[]> = {
    en: [
      `S/N ${r.int(10000, 99999)}-${r.pick(["A", "B", "K"])}`,
      `Period ${period}`,
      "Delivered to site office",
    ],
    de: [`Seriennr. ${r.int(10000, 99999)}`, `Zeitraum ${period}`, `Leistungszeitraum ${period}`],
    fr: [`N° de série ${r.int(10000, 99999)}`, `Période du ${period}`, "Livraison sur chantier"],
    nl: [`Serienr. ${r.int(10000, 99999)}`, `Periode ${period}`],
  };
  return r.pick(kinds[lang]);
}

function plan(i: number, r: Rng): Plan {
  const loc = LOCALES[i % LOCALES.length] as Locale;
  const lang = loc.lang;
  const pages = i % 3 === 2 ? r.int(2, 3) : 1;
  const services = i % 5 === 1;
  const perPage = Array.from({ length: pages }, (_, k) => (k === 0 ? r.int(9, 12) : r.int(12, 16)));
  if (pages === 1) perPage[0] = r.int(3, 9);
  const multiRate = r.chance(0.5);
  const tax = services ? r.chance(0.3) : r.chance(0.55);
  const rates = RATES[loc.tag] as number[];
  const sections = !services && pages === 1 && r.chance(0.35) ? r.pick(SECTIONS[lang]) : null;
  const codeMode: Plan["code"] = services ? "none" : r.pick(["column", "column", "before", "none"] as const);
  const unitMode: Plan["unit"] = services
    ? r.pick(["cell", "none"] as const)
    : r.pick(["column", "cell", "none"] as const);
  const rows: Row[] = [];
  const total = perPage.reduce((s, n) => s + n, 0);
  const used = new Map<string, number>();
  const firstServices = sections ? Math.max(1, Math.floor(total / 2)) : total;
  for (let k = 0; k < total; k++) {
    if (sections && (k === 0 || k === firstServices))
      rows.push({ kind: "section", text: sections[k === 0 ? 0 : 1] as string });
    const service = services || k >= firstServices;
    let main = r.pick(service ? SERVICES[lang] : GOODS[lang]);
    const seen = used.get(main) ?? 0;
    used.set(main, seen + 1);
    if (seen) main = `${main} (${seen + 1})`;
    const hours = service;
    const quantity = hours
      ? r.pick([0.5, 1, 1.5, 2, 2.5, 4, 7.5, 8, 12, 16])
      : r.chance(0.2)
        ? r.int(1, 40) + 0.5
        : r.int(1, 60);
    let unitPrice = hours
      ? r.pick([65, 85, 92.5, 110, 120, 145, 1150])
      : round2(r.pick([2.35, 4.5, 12, 19.99, 49, 89.9, 249.5, 1150, 2480]) * r.pick([1, 1, 1.15]));
    // A line given away: printed with a price of zero.
    if (!hours && k > 0 && r.chance(0.06)) unitPrice = 0;
    const withNote = r.chance(hours ? 0.45 : 0.2);
    const noteText = withNote ? note(lang, r) : null;
    const unit = unitMode === "none" ? null : hours ? r.pick(HOUR_UNITS[lang]) : r.pick(UNITS[lang]);
    const code =
      codeMode === "none"
        ? null
        : codeMode === "before"
          ? `${r.pick(["A", "KB", "P", "SKU-", "ART-"])}${r.int(1000, 99999)}`
          : r.pick([
              `${r.int(100000, 999999)}`,
              `${r.pick(["A", "P", "X"])}-${r.int(100, 9999)}`,
              `${r.int(10, 99)}.${r.int(100, 999)}`,
            ]);
    rows.push({
      kind: "item",
      main,
      note: noteText,
      item: {
        description: noteText ? `${main} ${noteText}` : main,
        quantity,
        unit,
        unit_price: unitPrice,
        tax_rate: tax ? (multiRate ? r.pick(rates) : (rates[0] as number)) : null,
        amount: round2(quantity * unitPrice),
        product_code: code,
      },
    });
  }
  // A discount inside the table: a line of its own with a negative amount and no quantity.
  if (!services && pages === 1 && r.chance(0.3)) {
    const net = rows.reduce((s, x) => s + (x.kind === "item" ? (x.item.amount ?? 0) : 0), 0);
    const amount = -round2(net * r.pick([0.03, 0.05, 0.1]));
    rows.push({
      kind: "item",
      main: r.pick(W[lang].discount as string[]),
      note: null,
      item: {
        description: r.pick(W[lang].discount as string[]),
        quantity: null,
        unit: null,
        unit_price: null,
        tax_rate: tax ? (rates[0] as number) : null,
        amount,
        product_code: null,
      },
    });
    const last = rows[rows.length - 1] as Extract<Row, { kind: "item" }>;
    last.main = last.item.description as string;
    if (perPage[0] !== undefined) perPage[0] += 1;
  }
  if (sections && perPage[0] !== undefined) perPage[0] += 2;
  return {
    loc,
    services,
    pos: r.chance(lang === "de" ? 0.6 : 0.25),
    code: codeMode,
    unit: unitMode,
    tax,
    rule: r.pick(["hairline", "zebra", "none", "grid"] as const),
    moneyMark: r.pick(["none", "before", "after"] as const),
    font: r.pick(FONTS),
    size: r.pick([8.5, 9, 9.5, 10]),
    perPage,
    carry: pages > 1 ? r.pick(["carry", "carry", "pageSubtotal", "none"] as const) : "none",
    repeatHeader: pages === 1 || r.chance(0.85),
    rows,
  };
}

function render(p: Plan, truth: InvoiceData, r: Rng): string {
  const { loc } = p;
  const w = (k: string) => r.pick(W[loc.lang][k] as string[]);
  const money = (n: number, mark: boolean) => {
    const v = fmt(n, loc);
    if (!mark || p.moneyMark === "none") return v;
    return p.moneyMark === "before" || loc.lang === "en"
      ? `${loc.symbol}${loc.symbol.length > 1 ? " " : ""}${v}`
      : `${v} ${loc.symbol}`;
  };
  // Column layout: which header word each column carries and how a row fills it.
  type Col = { head: string; num: boolean; cell: (row: Extract<Row, { kind: "item" }>, n: number) => string };
  const cols: Col[] = [];
  if (p.pos) cols.push({ head: w("pos"), num: false, cell: (_, n) => String(n) });
  if (p.code === "column")
    cols.push({ head: w("code"), num: false, cell: (x) => esc(x.item.product_code ?? "") });
  cols.push({
    head: w("desc"),
    num: false,
    cell: (x) => {
      const lead = p.code === "before" && x.item.product_code ? `${esc(x.item.product_code)} ` : "";
      const sub = x.note ? `<div class="note">${esc(x.note)}</div>` : "";
      return `${lead}${esc(x.main)}${sub}`;
    },
  });
  cols.push({
    head: p.services ? w("hours") : w("qty"),
    num: true,
    cell: (x) =>
      x.item.quantity === null
        ? ""
        : `${fmtQty(x.item.quantity, loc)}${p.unit === "cell" && x.item.unit ? ` ${esc(x.item.unit)}` : ""}`,
  });
  if (p.unit === "column") cols.push({ head: w("unit"), num: false, cell: (x) => esc(x.item.unit ?? "") });
  cols.push({
    head: p.services ? w("rate") : w("price"),
    num: true,
    cell: (x) => (x.item.unit_price === null ? "" : money(x.item.unit_price, false)),
  });
  if (p.tax)
    cols.push({
      head: w("tax"),
      num: true,
      cell: (x) =>
        x.item.tax_rate === null ? "" : `${fmtRate(x.item.tax_rate, loc)}${loc.lang === "en" ? "%" : " %"}`,
    });
  cols.push({ head: w("amount"), num: true, cell: (x) => money(x.item.amount ?? 0, true) });
  const amountCol = cols.length - 1;
  const header = `<tr>${cols.map((c) => `<th class="${c.num ? "n" : ""}">${esc(c.head)}</th>`).join("")}</tr>`;
  const span = (label: string, value: number) =>
    `<tr class="carry"><td colspan="${amountCol}">${esc(label)}</td><td class="n">${money(value, true)}</td></tr>`;

  const chunks: Row[][] = [];
  let at = 0;
  for (const n of p.perPage) {
    const chunk: Row[] = [];
    let items = 0;
    while (at < p.rows.length && items < n) {
      const row = p.rows[at++] as Row;
      chunk.push(row);
      if (row.kind === "item") items++;
    }
    chunks.push(chunk);
  }
  if (at < p.rows.length) (chunks[chunks.length - 1] as Row[]).push(...p.rows.slice(at));
  let running = 0;
  let n = 0;
  const pages: string[] = chunks.map((chunk, k) => {
    const body: string[] = [];
    if (k > 0 && p.carry === "carry") body.push(span(w("carryIn"), running));
    let pageSum = 0;
    for (const row of chunk) {
      if (row.kind === "section")
        body.push(`<tr class="section"><td colspan="${cols.length}">${esc(row.text)}</td></tr>`);
      else {
        n++;
        pageSum += row.item.amount ?? 0;
        body.push(
          `<tr>${cols.map((c) => `<td class="${c.num ? "n" : ""}">${c.cell(row, n)}</td>`).join("")}</tr>`,
        );
      }
    }
    running = round2(running + pageSum);
    const last = k === chunks.length - 1;
    if (!last && p.carry === "carry") body.push(span(w("carryOut"), running));
    if (!last && p.carry === "pageSubtotal") body.push(span(`${w("pageSub")} ${k + 1}`, round2(pageSum)));
    const head = k === 0 || p.repeatHeader ? `<thead>${header}</thead>` : "";
    const top =
      k > 0
        ? `<p class="cont">${esc(w("no"))} ${esc(truth.invoice_id ?? "")} · ${esc(w("page"))} ${k + 1}</p>`
        : "";
    return `${top}<table class="items">${head}<tbody>${body.join("")}</tbody></table>`;
  });

  const taxLines = new Map<number, number>();
  for (const row of p.rows)
    if (row.kind === "item" && row.item.tax_rate !== null)
      taxLines.set(row.item.tax_rate, (taxLines.get(row.item.tax_rate) ?? 0) + (row.item.amount ?? 0));
  const totals: [string, string][] = [[w("subtotal"), money(truth.subtotal ?? 0, true)]];
  if (p.tax)
    for (const [rate, base] of [...taxLines].sort((a, b) => b[0] - a[0]))
      totals.push([`${w("vat")} ${fmtRate(rate, loc)} %`, money(round2((base * rate) / 100), true)]);
  else if (truth.total_tax !== null) totals.push([w("vat"), money(truth.total_tax, true)]);
  totals.push([w("total"), money(truth.invoice_total ?? 0, true)]);

  const rules: Record<Plan["rule"], string> = {
    hairline: "table.items td, table.items th { border-bottom: 0.3pt solid #999; }",
    zebra:
      "table.items tbody tr:nth-child(even) { background: #eef1f5; } table.items th { background: #2d3e50; color: #fff; }",
    none: "table.items th { font-weight: bold; }",
    grid: "table.items td, table.items th { border: 0.5pt solid #555; }",
  };
  const pageSize = loc.tag === "en-US" ? "Letter" : "A4";
  const dateText = (iso: string) => {
    const [y, m, d] = iso.split("-");
    return loc.tag === "en-US"
      ? `${m}/${d}/${y}`
      : loc.lang === "de" || loc.lang === "nl"
        ? `${d}.${m}.${y}`
        : `${d}/${m}/${y}`;
  };
  return `<!doctype html><html><head><meta charset="utf-8"><style>
@page { size: ${pageSize}; margin: 16mm 15mm 18mm 15mm; }
body { font-family: ${p.font}; font-size: ${p.size}pt; color: #222; }
h1 { font-size: 18pt; margin: 0 0 4mm 0; }
.top { display: flex; justify-content: space-between; margin-bottom: 8mm; }
.meta td { padding: 0 4mm 0 0; }
table.items { width: 100%; border-collapse: collapse; margin-top: 4mm; }
table.items th { text-align: left; padding: 1.2mm 1.5mm; }
table.items td { padding: 1mm 1.5mm; vertical-align: top; }
table.items .n { text-align: right; white-space: nowrap; }
table.items td:nth-child(${p.pos ? (p.code === "column" ? 3 : 2) : p.code === "column" ? 2 : 1}) { width: ${r.pick([38, 45, 55])}%; }
.note { font-size: 0.8em; color: #777; }
tr.section td { font-weight: bold; padding-top: 2.5mm; }
tr.carry td { font-style: italic; }
.cont { font-size: 0.85em; color: #555; margin: 0; }
.pb { break-after: page; }
.totals { margin-left: auto; margin-top: 5mm; border-collapse: collapse; }
.totals td { padding: 0.6mm 2mm; } .totals td:last-child { text-align: right; }
.totals tr:last-child td { font-weight: bold; border-top: 0.6pt solid #333; }
${rules[p.rule]}
</style></head><body>
<div class="top"><div><strong>${esc(truth.vendor_name ?? "")}</strong><br>${esc(truth.vendor_address ?? "").replace(/, /g, "<br>")}</div>
<div><h1>${esc(w("title"))}</h1><table class="meta"><tr><td>${esc(w("no"))}</td><td>${esc(truth.invoice_id ?? "")}</td></tr>
<tr><td>${esc(w("date"))}</td><td>${dateText(truth.invoice_date ?? "")}</td></tr></table></div></div>
<div style="margin-bottom:6mm"><div style="color:#666">${esc(w("billTo"))}</div><strong>${esc(truth.customer_name ?? "")}</strong><br>${esc(truth.customer_address ?? "").replace(/, /g, "<br>")}</div>
${pages.map((h, k) => (k < pages.length - 1 ? `<div class="pb">${h}</div>` : h)).join("\n")}
<table class="totals">${totals.map(([l, v]) => `<tr><td>${esc(l)}</td><td>${v}</td></tr>`).join("")}</table>
</body></html>`;
}

function facts(i: number, r: Rng, p: Plan): InvoiceData {
  const items = p.rows.flatMap((x) => (x.kind === "item" ? [x.item] : []));
  const subtotal = round2(items.reduce((s, it) => s + (it.amount ?? 0), 0));
  const byRate = new Map<number, number>();
  for (const it of items)
    if (it.tax_rate !== null) byRate.set(it.tax_rate, (byRate.get(it.tax_rate) ?? 0) + (it.amount ?? 0));
  const tax = p.tax
    ? round2([...byRate].reduce((s, [rate, base]) => s + round2((base * rate) / 100), 0))
    : null;
  const v = i % FIRMS.vendor.length;
  const c = (i + 2) % FIRMS.customer.length;
  const y = 2026;
  const m = String(r.int(1, 12)).padStart(2, "0");
  const d = String(r.int(1, 28)).padStart(2, "0");
  return {
    invoice_id: `${r.pick(["INV-", "RE-", "F", "2026-"])}${r.int(1000, 99999)}`,
    invoice_date: `${y}-${m}-${d}`,
    due_date: null,
    purchase_order: null,
    vendor_name: FIRMS.vendor[v] as string,
    vendor_address: `${STREETS[v % STREETS.length]}, ${CITIES[v % CITIES.length]}`,
    vendor_tax_id: null,
    customer_name: FIRMS.customer[c] as string,
    customer_address: `${STREETS[(v + 1) % STREETS.length]}, ${CITIES[(v + 1) % CITIES.length]}`,
    customer_id: null,
    currency: p.loc.currency,
    subtotal,
    total_discount: null,
    shipping: null,
    total_tax: tax,
    invoice_total: round2(subtotal + (tax ?? 0)),
    amount_paid: null,
    amount_due: null,
    payment_terms: null,
    items,
  };
}

const { values } = parseArgs({
  options: {
    seed: { type: "string", default: "3939" },
    count: { type: "string", default: "36" },
    out: { type: "string", default: path.join(import.meta.dirname, "corpus-items") },
  },
});

async function main() {
  const out = values.out as string;
  mkdirSync(out, { recursive: true });
  for (const f of readdirSync(out)) if (/\.(pdf|json)$/.test(f)) rmSync(path.join(out, f));
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  const page = await browser.newPage();
  const tmp = path.join(os.tmpdir(), `items-gen-${process.pid}.pdf`);
  try {
    for (let i = 0; i < Number(values.count); i++) {
      const r = rng(Number(values.seed) * 1000 + i);
      const p = plan(i, r);
      const truth = facts(i, r, p);
      await page.setContent(render(p, truth, r));
      // The print date is the only thing that changes from run to run: fixed (same length, so the
      // cross-reference offsets hold), the corpus is the same bytes on every run of a seed.
      const printed = Buffer.from(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
      const pdf = Buffer.from(printed.toString("latin1").replace(/D:\d{14}/g, "D:20260101000000"), "latin1");
      writeFileSync(tmp, pdf);
      const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [tmp], { encoding: "utf8" }))?.[1]);
      // The table's pages are planned: a chunk that overflowed its page would break elsewhere.
      const want = p.perPage.length;
      if (pages !== want && pages !== want + 1)
        throw new Error(`invoice ${i}: ${pages} pages, planned ${want}`);
      const kind = p.services
        ? "hours"
        : p.perPage.length > 1
          ? "pages"
          : p.rows.some((x) => x.kind === "section")
            ? "sections"
            : "goods";
      const name = `items-${String(i + 1).padStart(3, "0")}-${kind}-${p.loc.tag}`;
      const meta: CorpusMeta = {
        layout: kind,
        lang: p.loc.lang as CorpusMeta["lang"],
        locale: p.loc.tag,
        producer: "chromium",
        scan: false,
      };
      writeFileSync(path.join(out, `${name}.pdf`), pdf);
      writeFileSync(path.join(out, `${name}.json`), `${JSON.stringify({ meta, truth }, null, 2)}\n`);
      console.log(name, `${pages} p`, `${Math.round(pdf.length / 1024)} KB`);
    }
  } finally {
    await browser.close();
    rmSync(tmp, { force: true });
  }
}

await main();
