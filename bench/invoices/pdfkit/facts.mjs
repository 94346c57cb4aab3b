// The facts of one PDFKit invoice, drawn from a seed: parties, items, totals and the words and
// spellings each locale prints them with. The layouts print these facts and the truth is written
// from the same object, never read back from the PDF.

export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  return { next, int, pick: (xs) => xs[Math.floor(next() * xs.length)], chance: (p) => next() < p };
}

export const round2 = (n) => Math.round(n * 100) / 100;

const LANG = {
  "en-US": "en",
  "en-GB": "en",
  "de-DE": "de",
  "de-CH": "de",
  "fr-FR": "fr",
  "fr-BE": "fr",
  "nl-NL": "nl",
};

const MONTHS = {
  en: [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
  de: [
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
  ],
  fr: [
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
  ],
  nl: [
    "januari",
    "februari",
    "maart",
    "april",
    "mei",
    "juni",
    "juli",
    "augustus",
    "september",
    "oktober",
    "november",
    "december",
  ],
};

/** Every common spelling of a date per locale; one is drawn per invoice. */
const DATE_STYLES = {
  "en-US": ["MMM d, yyyy", "MMMM d, yyyy", "MM/dd/yyyy", "yyyy-MM-dd", "M/d/yyyy"],
  "en-GB": ["d MMMM yyyy", "dd/MM/yyyy", "d MMM yyyy", "do MMMM yyyy", "yyyy-MM-dd"],
  "de-DE": ["dd.MM.yyyy", "d. MMMM yyyy", "yyyy-MM-dd", "d.M.yyyy"],
  "de-CH": ["dd.MM.yyyy", "d. MMMM yyyy"],
  "fr-FR": ["dd/MM/yyyy", "d MMMM yyyy", "le d MMMM yyyy", "dd.MM.yyyy"],
  "fr-BE": ["dd/MM/yyyy", "d MMMM yyyy"],
  "nl-NL": ["dd-MM-yyyy", "d MMMM yyyy"],
};

export function formatDate(iso, style, locale) {
  const [y, m, d] = iso.split("-").map(Number);
  const lang = LANG[locale];
  const month = MONTHS[lang][m - 1];
  const p2 = (n) => String(n).padStart(2, "0");
  const ord = (n) =>
    `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`;
  const first = d === 1 && lang === "fr" ? "1er" : String(d);
  switch (style) {
    case "MMM d, yyyy":
      return `${month.slice(0, 3)} ${d}, ${y}`;
    case "MMMM d, yyyy":
      return `${month} ${d}, ${y}`;
    case "MM/dd/yyyy":
      return `${p2(m)}/${p2(d)}/${y}`;
    case "M/d/yyyy":
      return `${m}/${d}/${y}`;
    case "yyyy-MM-dd":
      return iso;
    case "d MMMM yyyy":
      return `${lang === "fr" ? first : d} ${month} ${y}`;
    case "le d MMMM yyyy":
      return `le ${first} ${month} ${y}`;
    case "dd/MM/yyyy":
      return `${p2(d)}/${p2(m)}/${y}`;
    case "d MMM yyyy":
      return `${d} ${month.slice(0, 3)} ${y}`;
    case "do MMMM yyyy":
      return `${ord(d)} ${month} ${y}`;
    case "dd.MM.yyyy":
      return `${p2(d)}.${p2(m)}.${y}`;
    case "d.M.yyyy":
      return `${d}.${m}.${y}`;
    case "d. MMMM yyyy":
      return `${d}. ${month} ${y}`;
    case "dd-MM-yyyy":
      return `${p2(d)}-${p2(m)}-${y}`;
    default:
      throw new Error(style);
  }
}

/** 1,234.56 / 1.234,56 / 1 234,56 / 1'234.56 as each locale groups its digits. */
export function formatNumber(n, _locale, groupStyle) {
  const neg = n < 0;
  const [int, dec] = Math.abs(n).toFixed(2).split(".");
  const sep = { us: [",", "."], de: [".", ","], fr: ["\u00a0", ","], frDot: [".", ","], ch: ["'", "."] }[
    groupStyle
  ];
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, sep[0]);
  return `${neg ? "-" : ""}${grouped}${sep[1]}${dec}`;
}

const WORDS = {
  en: {
    invoice_id: ["Invoice No.", "Invoice #", "Invoice Number", "Inv. No."],
    invoice_date: ["Invoice Date", "Date", "Date of issue", "Issue date"],
    due_date: ["Due Date", "Payment due", "Due by"],
    purchase_order: ["PO Number", "Your order", "P.O. No.", "Purchase Order"],
    customer_id: ["Customer No.", "Account No.", "Customer ID", "Client number"],
    payment_terms: ["Terms", "Payment terms", "Terms of payment"],
    subtotal: ["Subtotal", "Sub-total", "Net total", "Total excl. VAT"],
    discount: ["Discount", "Less discount", "Trade discount"],
    shipping: ["Shipping", "Delivery", "Shipping & handling", "Carriage"],
    tax: ["VAT", "Sales tax", "Tax", "VAT @"],
    total_tax: ["Total VAT", "Total tax"],
    total: ["Total", "Invoice total", "Grand total", "Total incl. VAT"],
    paid: ["Amount paid", "Less deposit", "Deposit received", "Paid to date"],
    due: ["Balance due", "Amount due", "Total due", "Amount payable"],
    title: ["INVOICE", "Invoice", "TAX INVOICE"],
    titleNo: ["No.", "#", "Number"],
    bill: ["Bill to", "Invoice to", "Customer"],
    from: ["From"],
    items: ["Description", "Qty", "Unit price", "Amount"],
    netDays: (n) => [
      `Net ${n}`,
      `Within ${n} days`,
      `${n} days net`,
      `Payable within ${n} days of invoice date`,
    ],
    payBy: (d) => `Please pay by ${d}.`,
    payBy2: (d) => `Payment is due on ${d}.`,
    thanks: "Thank you for your business.",
  },
  de: {
    invoice_id: ["Rechnungsnummer", "Rechnungs-Nr.", "Rechnung Nr.", "Beleg-Nr."],
    invoice_date: ["Rechnungsdatum", "Datum", "Belegdatum"],
    due_date: ["Fällig am", "Zahlbar bis", "Fälligkeitsdatum"],
    purchase_order: ["Ihre Bestellung", "Bestellnummer", "Auftrags-Nr."],
    customer_id: ["Kundennummer", "Kunden-Nr.", "Kd.-Nr."],
    payment_terms: ["Zahlungsbedingungen", "Zahlungsziel", "Konditionen"],
    subtotal: ["Zwischensumme", "Summe netto", "Nettobetrag", "Gesamt netto"],
    discount: ["Rabatt", "Nachlass", "abzgl. Rabatt"],
    shipping: ["Versandkosten", "Versand", "Frachtkosten"],
    tax: ["MwSt.", "USt.", "zzgl. MwSt.", "Umsatzsteuer"],
    total_tax: ["Summe MwSt.", "Umsatzsteuer gesamt"],
    total: ["Gesamtbetrag", "Rechnungsbetrag", "Summe brutto", "Gesamtsumme"],
    paid: ["Anzahlung", "abzüglich Anzahlung", "Bereits bezahlt"],
    due: ["Zu zahlen", "Zahlbetrag", "Offener Betrag", "Restbetrag"],
    title: ["RECHNUNG", "Rechnung"],
    titleNo: ["Nr.", "Nr"],
    bill: ["Rechnung an", "Rechnungsempfänger", "Kunde"],
    from: ["Absender"],
    items: ["Bezeichnung", "Menge", "Einzelpreis", "Betrag"],
    netDays: (n) => [
      `${n} Tage netto`,
      `Zahlbar innerhalb von ${n} Tagen ohne Abzug`,
      `innerhalb ${n} Tagen`,
    ],
    payBy: (d) => `Bitte überweisen Sie den Betrag bis zum ${d}.`,
    payBy2: (d) => `Zahlbar bis ${d} ohne Abzug.`,
    thanks: "Vielen Dank für Ihren Auftrag.",
  },
  fr: {
    invoice_id: ["Facture N°", "N° de facture", "Numéro de facture", "Réf. facture"],
    invoice_date: ["Date de facture", "Date", "Date d'émission"],
    due_date: ["Échéance", "Date d'échéance", "À payer avant le"],
    purchase_order: ["Bon de commande", "Votre commande", "N° de commande"],
    customer_id: ["N° client", "Code client", "Référence client"],
    payment_terms: ["Conditions de paiement", "Conditions de règlement", "Règlement"],
    subtotal: ["Total HT", "Sous-total", "Montant HT", "Total hors taxes"],
    discount: ["Remise", "Remise commerciale", "Escompte"],
    shipping: ["Frais de port", "Frais de livraison", "Livraison"],
    tax: ["TVA", "TVA à", "Montant TVA"],
    total_tax: ["Total TVA", "Montant total TVA"],
    total: ["Total TTC", "Montant TTC", "Montant total"],
    paid: ["Acompte versé", "Acompte", "Déjà réglé"],
    due: ["Net à payer", "Reste à payer", "Solde dû", "Total à payer"],
    title: ["FACTURE", "Facture"],
    titleNo: ["N°", "n°", "No"],
    bill: ["Facturé à", "Client", "Adresse de facturation"],
    from: ["Émetteur"],
    items: ["Désignation", "Qté", "Prix unitaire", "Montant"],
    netDays: (n) => [
      `${n} jours net`,
      `À ${n} jours`,
      `Paiement à ${n} jours date de facture`,
      `${n} jours fin de mois`,
    ],
    payBy: (d) => `Merci de régler cette facture avant le ${d.replace(/^le /, "")}.`,
    payBy2: (d) => `Paiement attendu au plus tard le ${d.replace(/^le /, "")}.`,
    thanks: "Merci de votre confiance.",
  },
  nl: {
    invoice_id: ["Factuurnummer", "Factuurnr.", "Factuur nr."],
    invoice_date: ["Factuurdatum", "Datum"],
    due_date: ["Vervaldatum", "Te betalen voor"],
    purchase_order: ["Uw referentie", "Ordernummer", "Inkoopordernummer"],
    customer_id: ["Klantnummer", "Debiteurnummer"],
    payment_terms: ["Betalingstermijn", "Betalingsvoorwaarden"],
    subtotal: ["Subtotaal", "Totaal excl. btw"],
    discount: ["Korting"],
    shipping: ["Verzendkosten", "Verzending"],
    tax: ["BTW", "Btw"],
    total_tax: ["Totaal btw"],
    total: ["Totaal", "Totaal incl. btw", "Factuurbedrag"],
    paid: ["Aanbetaling", "Reeds betaald"],
    due: ["Te betalen", "Openstaand bedrag"],
    title: ["FACTUUR", "Factuur"],
    titleNo: ["nr.", "Nr."],
    bill: ["Factuuradres", "Klant"],
    from: ["Van"],
    items: ["Omschrijving", "Aantal", "Prijs", "Bedrag"],
    netDays: (n) => [`${n} dagen netto`, `Binnen ${n} dagen`],
    payBy: (d) => `Gelieve te betalen voor ${d}.`,
    payBy2: (d) => `Wij verzoeken u het bedrag voor ${d} te voldoen.`,
    thanks: "Bedankt voor uw bestelling.",
  },
};

const COMPANIES = {
  en: [
    "Kestrel Digital Ltd",
    "Ridgeway Tool Hire",
    "Orchard Lane Bakery Co.",
    "Pinecrest Media LLC",
    "Tallis & Grey Architects",
    "Blue Heron Outfitters Inc.",
    "Copperfield Engineering",
    "Lantern Street Studio",
  ],
  de: [
    "Fischer Haustechnik GmbH",
    "Krause & Partner Steuerberatung",
    "Nordlicht Medien GmbH",
    "Becker Metallbau KG",
    "Sonnenhof Gartenbau",
    "Lorenz Software AG",
    "Wagner Druck & Design",
  ],
  fr: [
    "Menuiserie Laurent SARL",
    "Cabinet Rousseau & Associés",
    "Les Jardins de Provence",
    "Éditions Chevalier SAS",
    "Garage Fontaine",
    "Optique Mercier",
    "Studio Lumière SAS",
  ],
  nl: [
    "Van Dijk Installatietechniek B.V.",
    "De Groene Vlinder",
    "Bakker & Visser Advies",
    "Hollandse Houthandel B.V.",
  ],
};
const STREETS = {
  en: [
    "14 Quarry Road",
    "2280 Ocean View Blvd",
    "7 Cathedral Close",
    "610 Lakeshore Drive, Unit 4",
    "Unit 3, Riverside Park",
  ],
  de: ["Gartenweg 5", "Schillerstraße 88", "Am Hafen 21", "Kirchplatz 2", "Eichenweg 14a"],
  fr: [
    "18 rue des Lilas",
    "2 allée des Tilleuls",
    "104 avenue de la République",
    "9 impasse du Moulin",
    "33 cours Mirabeau",
  ],
  nl: ["Keizersgracht 112", "Dorpsstraat 7", "Stationsweg 45"],
};
const CITIES = {
  "en-US": ["Portland, OR 97205", "Chicago, IL 60611", "Raleigh, NC 27601", "San Diego, CA 92101"],
  "en-GB": ["York YO1 7HH", "Cardiff CF10 1EP", "Norwich NR2 1TF", "Glasgow G2 3BZ"],
  "de-DE": ["04109 Leipzig", "70173 Stuttgart", "28195 Bremen", "90402 Nürnberg"],
  "de-CH": ["6003 Luzern", "9000 St. Gallen", "8400 Winterthur"],
  "fr-FR": ["33000 Bordeaux", "44000 Nantes", "67000 Strasbourg", "06000 Nice"],
  "fr-BE": ["1000 Bruxelles", "4000 Liège", "5000 Namur"],
  "nl-NL": ["1015 CS Amsterdam", "3511 AB Utrecht", "2511 CV Den Haag"],
};
const TOWN = (cityLine) =>
  cityLine
    .replace(/^[\dA-Z ]*\d[\dA-Z ]*\s(?=[A-ZÉ])/u, "")
    .replace(/,.*$/, "")
    .replace(/\s+[A-Z]{1,2}\d.*$/, "");
const PRODUCTS = {
  en: [
    "Design consultation",
    "Server rack installation",
    "Printed brochures (A5, 250)",
    "Monthly retainer",
    "Laptop stand",
    "Site visit and report",
    "Copywriting, 2,000 words",
    "Replacement filter kit",
    "Photography session",
    "SSD 1 TB",
  ],
  de: [
    "Beratung vor Ort",
    "Heizungswartung",
    "Flyer A5, 1.000 Stück",
    "Monatspauschale",
    "Montagematerial",
    "Fahrtkosten Pauschale",
    "Softwareanpassung",
    "Ersatzteil Pumpe",
  ],
  fr: [
    "Audit technique",
    "Pose de parquet",
    "Dépliants A5 (500 ex.)",
    "Forfait mensuel",
    "Réglage des portes",
    "Déplacement",
    "Rédaction d'articles",
    "Kit de maintenance",
  ],
  nl: ["Advieswerkzaamheden", "Installatie ter plaatse", "Onderhoudscontract", "Voorrijkosten"],
};
const RATES = {
  "en-US": [[7.25], [8.875], [6]],
  "en-GB": [[20], [20, 5]],
  "de-DE": [[19], [19, 7]],
  "de-CH": [[8.1], [8.1, 2.6]],
  "fr-FR": [[20], [20, 10], [20, 5.5]],
  "fr-BE": [[21], [21, 6]],
  "nl-NL": [[21], [21, 9]],
};
const CURRENCY = {
  "en-US": "USD",
  "en-GB": "GBP",
  "de-DE": "EUR",
  "de-CH": "CHF",
  "fr-FR": "EUR",
  "fr-BE": "EUR",
  "nl-NL": "EUR",
};
const SYMBOL = { USD: "$", GBP: "£", EUR: "€" };

function isoDate(r) {
  const y = r.pick([2025, 2026]);
  return `${y}-${String(r.int(1, 12)).padStart(2, "0")}-${String(r.int(1, 28)).padStart(2, "0")}`;
}
const addDays = (iso, n) => new Date(Date.parse(iso) + n * 86400000).toISOString().slice(0, 10);

function party(r, locale, avoid) {
  const lang = LANG[locale];
  let name = r.pick(COMPANIES[lang]);
  while (name === avoid) name = r.pick(COMPANIES[lang]);
  return { name, lines: [r.pick(STREETS[lang]), r.pick(CITIES[locale])] };
}

/** One invoice's facts. `dueKind`: how the due date shows (a labelled date, terms only, a sentence). */
export function makeFacts(r, locale) {
  const lang = LANG[locale];
  const w = WORDS[lang];
  const pickW = (k) => r.pick(w[k]);
  const group =
    locale === "de-CH"
      ? "ch"
      : lang === "en"
        ? "us"
        : locale === "fr-FR"
          ? r.pick(["fr", "frDot"])
          : locale === "fr-BE"
            ? r.pick(["fr", "frDot"])
            : "de";
  const dateStyle = r.pick(DATE_STYLES[locale]);
  const currency = CURRENCY[locale];
  const sym = SYMBOL[currency];
  // Where amounts carry their currency: a symbol, a code before or after, or only the total.
  const mark = r.pick(["none", "code-after", "code-before", ...(sym ? ["symbol", "symbol"] : [])]);
  const vendor = party(r, locale);
  const customer = party(r, locale, vendor.name);
  const rates = r.pick(RATES[locale]);
  const n = r.int(2, 7);
  const items = [];
  for (let i = 0; i < n; i++) {
    const base = r.pick(PRODUCTS[lang]);
    const description = items.some((x) => x.description === base) ? `${base} (${i + 1})` : base;
    const quantity = r.int(1, 12);
    const unit_price = round2(r.pick([9.5, 18, 42.9, 75, 110, 265, 480, 1250]) * r.pick([1, 1, 1.15, 0.8]));
    const rate = rates.length > 1 && i % 2 === 1 ? rates[1] : rates[0];
    items.push({
      description,
      quantity,
      unit: null,
      unit_price,
      rate,
      amount: round2(quantity * unit_price),
    });
  }
  const subtotal = round2(items.reduce((s, x) => s + x.amount, 0));
  const discount = r.chance(0.3) ? round2(subtotal * r.pick([0.05, 0.1, 0.02])) : null;
  const shipping = r.chance(0.35) ? r.pick([7.5, 12, 19.9, 35]) : null;
  // Tax per rate on that rate's items; a discount and shipping are taxed at the main rate.
  const taxes = rates.map((rate) => {
    let base = items.filter((x) => x.rate === rate).reduce((s, x) => s + x.amount, 0);
    if (rate === rates[0]) base += (shipping ?? 0) - (discount ?? 0);
    return { rate, base: round2(base), tax: round2((base * rate) / 100) };
  });
  const tax = round2(taxes.reduce((s, t) => s + t.tax, 0));
  const total = round2(subtotal - (discount ?? 0) + (shipping ?? 0) + tax);
  const paid = r.chance(0.3) ? round2(total * r.pick([0.25, 0.3, 0.5])) : null;
  const showDue = paid !== null || r.chance(0.45);
  const invoiceDate = isoDate(r);
  const days = r.pick([14, 30, 45]);
  // How the due date is given: a labelled date, terms only ("Net 30"), both, or a sentence.
  const dueKind = r.pick(["date", "date", "terms", "both", "sentence"]);
  const termsText = r.pick(w.netDays(days));
  const dueIso = dueKind === "terms" ? null : addDays(invoiceDate, days);
  const fmtDate = (iso) => formatDate(iso, dateStyle, locale);
  const fmt = (x) => formatNumber(x, locale, group);
  const money = (x, always = false) => {
    const s = fmt(x);
    if (mark === "none" && !always) return s;
    if (mark === "symbol")
      return lang === "en" ? (x < 0 ? `-${sym}${s.slice(1)}` : `${sym}${s}`) : `${s} ${sym}`;
    if (mark === "code-before") return `${currency} ${s}`;
    return `${s} ${currency}`;
  };
  const invoiceId = r.pick([
    `INV-${r.int(1000, 9999)}`,
    `${r.int(2025, 2026)}-${String(r.int(1, 999)).padStart(4, "0")}`,
    `${r.int(100000, 999999)}`,
    `F${r.int(2025, 2026)}${r.int(1000, 9999)}`,
    `R${r.int(10, 99)}/${r.int(1000, 9999)}`,
  ]);
  const po = r.chance(0.5)
    ? r.pick([`PO-${r.int(10000, 99999)}`, `${r.int(4500000000, 4500999999)}`, `BC${r.int(1000, 9999)}`])
    : null;
  const custId = r.chance(0.55)
    ? r.pick([`C${r.int(1000, 99999)}`, `${r.int(10000, 99999)}`, `KD-${r.int(100, 9999)}`])
    : null;
  const showTerms = dueKind === "terms" || dueKind === "both";
  return {
    locale,
    lang,
    w,
    pickW,
    fmtDate,
    fmt,
    money,
    currency,
    mark,
    vendor,
    customer,
    rates,
    taxes,
    days,
    dueKind,
    termsText,
    town: TOWN(vendor.lines[1]),
    truth: {
      invoice_id: invoiceId,
      invoice_date: invoiceDate,
      due_date: dueIso,
      purchase_order: po,
      vendor_name: vendor.name,
      vendor_address: vendor.lines.join(", "),
      vendor_tax_id: null,
      customer_name: customer.name,
      customer_address: customer.lines.join(", "),
      customer_id: custId,
      currency,
      subtotal,
      total_discount: discount,
      shipping,
      total_tax: tax,
      invoice_total: total,
      amount_paid: paid,
      amount_due: showDue ? round2(total - (paid ?? 0)) : null,
      payment_terms: showTerms ? termsText : null,
      // The item tables print no rate column, so an item's rate is not on the page.
      items: items.map(({ description, quantity, unit_price, amount }) => ({
        description,
        quantity,
        unit: null,
        unit_price,
        tax_rate: null,
        amount,
        product_code: null,
      })),
    },
  };
}
