// The facts of one jsPDF invoice. Amounts, dates and number formats come from the PDFKit maker's
// facts (../pdfkit/facts.mjs); the parties, invoice numbers, contact lines and the words for the
// number and the customer block are drawn here, from lists of their own, so this corpus tests
// how numbers and customer blocks are printed rather than the PDFKit wording.

import { makeFacts } from "../pdfkit/facts.mjs";

export { rng } from "../pdfkit/facts.mjs";

const PARTIES = {
  en: [
    "Hawthorn Valley Farms",
    "Meridian Freight Partners",
    "Quayside Dental Practice",
    "Silverbirch Analytics Ltd",
    "Northgate Print House",
    "Ashcombe Veterinary Group",
    "Redwood Signal Systems Inc.",
    "Juniper & Rowe Solicitors",
    "Calder Bay Marine",
  ],
  de: [
    "Hofmann Elektrotechnik GmbH",
    "Brunnenhof Landhandel",
    "Seidel & Kühn Rechtsanwälte",
    "Werkstatt Albrecht KG",
    "Alpenblick Reisen GmbH",
    "Mühlbauer Verpackungen",
    "Zahnarztpraxis Dr. Vogt",
  ],
  fr: [
    "Boulangerie Marchand",
    "Atelier Delacroix SARL",
    "Transports Girard & Fils",
    "Clinique Vétérinaire du Parc",
    "Imprimerie Lefèvre SAS",
    "Domaine des Trois Chênes",
    "Société Bretonne d'Isolation",
  ],
  nl: ["Jansen Bouwadvies B.V.", "Kaasboerderij De Linde", "Smit Logistiek"],
};
const STREETS = {
  en: [
    "41 Harbour Street",
    "1190 Maple Avenue, Suite 210",
    "Flat 2, 9 Mill Lane",
    "77 Kingsway",
    "5 Old Forge Yard",
  ],
  de: ["Lindenallee 17", "Bahnhofstraße 3b", "Industriestraße 40", "Am Markt 9", "Talweg 112"],
  fr: [
    "7 place du Marché",
    "221 boulevard Voltaire",
    "15 chemin des Vignes",
    "3 rue Pasteur",
    "48 quai de la Loire",
  ],
  nl: ["Herengracht 301", "Molenweg 12", "Kerkstraat 88"],
};
const CITIES = {
  "en-US": ["Boise, ID 83702", "Albany, NY 12207", "Tucson, AZ 85701", "Madison, WI 53703"],
  "en-GB": ["Bristol BS1 4DJ", "Leeds LS1 5HD", "Exeter EX1 1BU", "Bath BA1 1LT"],
  "de-DE": ["20095 Hamburg", "53111 Bonn", "01067 Dresden", "80331 München"],
  "de-CH": ["3011 Bern", "4051 Basel"],
  "fr-FR": ["69002 Lyon", "35000 Rennes", "13001 Marseille", "59000 Lille"],
  "fr-BE": ["7000 Mons", "6000 Charleroi"],
  "nl-NL": ["9711 LM Groningen", "5611 AB Eindhoven"],
};
const PEOPLE = [
  "Jane Roe",
  "Tom Ellery",
  "Priya Natarajan",
  "Anna Keller",
  "Luc Moreau",
  "Sofia Brandt",
  "Marc Aubert",
];
const ATTN = {
  en: ["Attn:", "Attention:", "FAO", "Contact:"],
  de: ["z. Hd.", "z.Hd.", "Ansprechpartner:", "Attn:"],
  fr: ["À l'attention de", "Attn :", "Contact :"],
  nl: ["T.a.v.", "Attn:"],
};

/** Invoice numbers as they are printed: with slashes, dots, letters, leading zeros, spaces. */
function invoiceNumber(r, year) {
  const y2 = String(year).slice(2);
  return r.pick([
    `A-${r.int(1000, 9999)}`,
    String(r.int(1, 99999)).padStart(6, "0"),
    `${year}/${String(r.int(1, 999)).padStart(4, "0")}`,
    `F${y2}-${r.int(100, 999)}`,
    `${r.int(1000, 9999)}`,
    `INV-${year}-${r.int(100, 999)}`,
    `${y2}.${String(r.int(1, 999)).padStart(4, "0")}`,
    `SI/${r.int(10000, 99999)}`,
    `RE${year}${r.int(100, 999)}`,
    `${r.int(10, 99)} ${r.int(1000, 9999)}`,
  ]);
}

export function makeInvoice(r, locale, words) {
  const f = makeFacts(r, locale);
  const lang = f.lang;
  const pick = (xs, avoid) => {
    let x = r.pick(xs);
    while (x === avoid) x = r.pick(xs);
    return x;
  };
  const vendorName = pick(PARTIES[lang]);
  const customerName = pick(PARTIES[lang], vendorName);
  const vendor = { name: vendorName, lines: [r.pick(STREETS[lang]), r.pick(CITIES[locale])] };
  const customer = {
    name: customerName,
    lines: [pick(STREETS[lang], vendor.lines[0]), r.pick(CITIES[locale])],
  };
  const slug = customerName
    .toLowerCase()
    .replace(/[^a-z]+/g, "")
    .slice(0, 12);
  const person = r.pick(PEOPLE);
  const contact = {
    person,
    attn: `${r.pick(ATTN[lang])} ${person}`,
    email: `${person.split(" ")[0].toLowerCase()}@${slug}.example`,
    phone: r.pick(["+44 117 496 0321", "+1 (208) 555-0143", "+49 40 3344 5566", "+33 4 72 10 20 30"]),
  };
  const shipTo = {
    name: r.chance(0.5) ? customerName : pick(PARTIES[lang], customerName),
    lines: [pick(STREETS[lang], customer.lines[0]), r.pick(CITIES[locale])],
  };
  const id = invoiceNumber(r, Number(f.truth.invoice_date.slice(0, 4)));
  const w = words[lang];
  const truth = {
    ...f.truth,
    invoice_id: id,
    vendor_name: vendor.name,
    vendor_address: vendor.lines.join(", "),
    customer_name: customer.name,
    customer_address: customer.lines.join(", "),
  };
  return { ...f, vendor, customer, contact, shipTo, id, truth, words: w, pickN: (k) => r.pick(w[k]) };
}
