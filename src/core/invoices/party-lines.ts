import { findDates } from "../answering/structured/coerce.ts";
import { legalFormEnd } from "../answering/structured/parties.ts";
import { findAmounts, type NumberStyle } from "./amounts.ts";
import { findLabels, type LabelField } from "./invoice-labels.ts";
import { BLOCK_FIELDS, lineSpans, type ReadContext } from "./label-values.ts";

// What is not a party's line, and a legal form that wrapped onto a line of its own. A party block
// (a name and address lines under "Bill to", or the letterhead) is read until something that
// cannot be an address: an amount with decimals, an item table's header, an item's "2 x 12.50".

const ANY: NumberStyle = { decimal: ".", spaceGroups: false };
const COMMA: NumberStyle = { decimal: ",", spaceGroups: false };

/** A line that holds an amount with decimals ("£49.50", "15 x 93,50", "1.234,56"): no address has one. */
export function holdsMoney(text: string): boolean {
  const decimals = (style: NumberStyle) =>
    findAmounts(text, style).some((a) => !a.percent && /\d[.,]\d{2}$/.test(a.text.replace(/[^\d.,]/g, "")));
  return decimals(ANY) || decimals(COMMA) || /\d\s*[x×]\s*\d/.test(text);
}

const HEADER_WORDS =
  /^(?:description|item|items|qty|quantity|unit|price|rate|amount|total|vat|tax|bezeichnung|beschreibung|leistung|artikel|menge|anzahl|einheit|preis|e-preis|einzelpreis|betrag|gesamtpreis|summe|ust\.?|mwst\.?|désignation|quantité|qté|prix|montant|tva|unité|%)$/i;

/** A line made of item column names ("Bezeichnung Anzahl E-Preis USt. % Gesamtpreis"). */
export function isColumnHeader(text: string): boolean {
  const words = text.split(/[\s|/]+/).filter(Boolean);
  const hits = words.filter((w) => HEADER_WORDS.test(w)).length;
  return words.length >= 3 && hits >= 3 && hits >= words.length * 0.6;
}

/** A company's legal form alone ("Co.", "GmbH", "SAS"): the end of the name on the line above. */
export const LEGAL_FORM =
  /^(?:co\.?|company|corp\.?|inc\.?|ltd\.?|llc|llp|plc|gmbh(?:\s?&\s?co\.?\s?kg)?|ag|kg|ohg|e\.?\s?k\.?|ug|sa|sas|sarl|sàrl|eurl|snc|bv|b\.v\.|nv|n\.v\.|v\.o\.f\.|ab|as|oy|spa|srl)$/i;

/** A post office box: an address line, though "PO" is also a purchase order's label. */
export const PO_BOX = /^(?:p\.?\s?o\.?\s*box|postfach|bo[iî]te\s+postale|b\.p\.\s*\d)/i;

/** A line that is a label of a value and nothing else ("INVOICE #", "Date:"): its value stands below. */
export const labelOnly = (text: string) => {
  const h = findLabels(text)[0];
  return (
    !!h && h.start <= 1 && !BLOCK_FIELDS.has(h.field) && text.slice(h.end).replace(/[\s:#.]/g, "") === ""
  );
};

/** A label that opens a line and is not a party block's ("Invoice no:", "Date:"). */
export const opensWithLabel = (text: string) => !PO_BOX.test(text) && (findLabels(text)[0]?.start ?? 9) <= 1;

const COUNTRY =
  /\b(?:usa|u\.s\.a\.|united states|canada|united kingdom|uk|great britain|ireland|deutschland|germany|allemagne|österreich|austria|autriche|schweiz|suisse|svizzera|switzerland|france|frankreich|belgique|belgien|belgium|nederland|netherlands|italia|italy|españa|spain|luxembourg|luxemburg|liechtenstein|danmark|sverige|norge|polska|australia|new zealand)$/i;

/** A British postcode ("EH2 4AD", "M1 2WD"), which has no three digits in a row. */
const UK_POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}$/;

/** A line an address can end on: one with a postcode or house number (3+ digits), or a country. */
export const endsAddress = (text: string) =>
  /\d{3}/.test(text) || UK_POSTCODE.test(text) || COUNTRY.test(text.trim());

/** Where a labelled value printed at the start of `region` ends (dates, ids, amounts), or -1. */
function valueExtent(field: LabelField, region: string): number {
  const lead = /^[\s:#.°º\-–|]*/.exec(region)?.[0].length ?? 0;
  const t = region.slice(lead);
  if (field === "invoice_date" || field === "due_date") {
    const d = findDates(t)[0] ?? findDates(t, { dayFirst: true })[0];
    return d && d.start <= 3 ? lead + d.end : -1;
  }
  const token = /^(?:(?:no\.?|nr\.?|n°|#)\s*:?\s*)?[^\s,;]+/i.exec(t);
  return token ? lead + token[0].length : -1;
}

/**
 * A party block's line with the invoice's details interleaved ("Invoice no: B-1480 Summit
 * Consulting Group Date: 20 October 2025 3 Mill Lane", two columns read as one line): the labelled
 * values cut out, the pieces between them the block's own lines. Null when the line has none.
 */
export function cutLabelled(text: string): string[] | null {
  const ctx: ReadContext = { style: ANY, dayFirst: false };
  const cuts = lineSpans(text, ctx).flatMap((s) => {
    if (!s.value || BLOCK_FIELDS.has(s.hit.field)) return [];
    const end = valueExtent(s.hit.field, text.slice(s.valueStart, s.valueEnd));
    return end < 0 ? [] : [[s.hit.start, s.valueStart + end] as const];
  });
  if (!cuts.length) return null;
  const pieces: string[] = [];
  let at = 0;
  for (const [a, b] of cuts) {
    pieces.push(text.slice(at, a));
    at = b;
  }
  pieces.push(text.slice(at));
  return pieces.map((p) => p.replace(/^[\s,;:|]+|[\s,;:|]+$/g, "")).filter((p) => /\p{L}|\d/u.test(p));
}

/** Who a letter is for within the party, not where it goes: "Attn: J. Doe", "z. Hd. Frau Krüger", "À l'attention de". */
const ATTENTION_WORDS = String.raw`(?:attn\b\.?|attention\b|for the attention of\b|fao\b|z\.\s?hd?\.|zu\s+händen\b|zhd\.|à\s+l['’]attention\b|a\s+l['’]att(?:ention|\.)|t\.a\.v\.?|contact\s*:|ansprechpartner(?:in)?\s*:)`;
const ATTENTION = new RegExp(`^${ATTENTION_WORDS}`, "i");

/**
 * An attention phrase inside a line the layout ran together ("Attn: Anna Keller Northgate Print
 * House 77 Kingsway"): the words, a courtesy title, then the person's name, taken as a first name
 * (or initial) and a surname; what follows is the party's own text.
 */
const ATTENTION_RUN = new RegExp(
  [
    String.raw`(?:^|\s)${ATTENTION_WORDS}(?:\s*:)?(?:\s+de)?`,
    String.raw`(?:\s+(?:mr|mrs|ms|miss|dr|prof|herr|herrn|hr|frau|fr|m|mme|mlle|monsieur|madame|dhr|mevr|mw|de\s+heer|mevrouw)\.?(?=\s))?`,
    String.raw`(?:\s+\p{Lu}[\p{L}'’.-]*){1,2}`,
  ].join(""),
  "iu",
);
const EMAIL_RUN = /(?:^|\s)(?:e-?mail\s*:?\s*)?[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/giu;
// A phone number: after its label, or an international one ("+44 117 496 0321"); a bare run of
// digits may be a PO box's or a postcode's.
const PHONE_RUN =
  /(?:^|\s)(?:(?:tel|tél|phone|telephone|téléphone|telefon|fon|mobile|mob|fax)\.?\s*:?\s*\+?|\+)\(?\d[\d\s()./-]{6,}\d/giu;

/**
 * A party's line without the contact a run-together block put into it: an attention phrase with
 * its person, an e-mail, a labelled phone number. What a line of only those leaves is empty.
 */
export function withoutContact(text: string): string {
  let t = text.replace(EMAIL_RUN, " ").replace(PHONE_RUN, " ");
  const m = ATTENTION_RUN.exec(t);
  // Only inside a longer line: a line that is the attention phrase alone is a contact line.
  const rest = m ? `${t.slice(0, m.index)} ${t.slice(m.index + m[0].length)}`.trim() : "";
  // What is left must be more than a word the person's name went on with ("... Jonas Albrecht").
  if (m && (/\d/.test(rest) || rest.split(/\s+/).length >= 2)) t = rest;
  return t.replace(/\s+/g, " ").replace(/^[\s,;|]+|[\s,;|]+$/g, "");
}

/** A department within the party ("Accounts Payable", "Buchhaltung", "Service comptabilité"). */
const DEPARTMENT =
  /^(?:(?:the\s+)?(?:accounts?\s+(?:payable|department)|accounting|finance(?:\s+department)?|purchasing(?:\s+department)?|procurement|(?:\w+\s+)?department|dept\.?\s.*)|(?:abteilung\s.*|\p{L}*buchhaltung|einkauf|rechnungswesen|finanzabteilung)|(?:service\s+(?:comptab\p{L}*|achats?|financier|facturation)|comptabilité(?:\s+fournisseurs)?)|(?:crediteurenadministratie|afdeling\s.*|administratie))$/iu;

/** A line naming a contact person or a department: part of neither the name nor the address. */
export const isContactLine = (text: string) => ATTENTION.test(text.trim()) || DEPARTMENT.test(text.trim());

/** A name's line that the next line goes on: it ends in a joining word or a hyphen ("Apotheken- und", "Girard et"). */
const OPEN_END = /(?:\s(?:and|of|the|for|und|für|der|et|de|du|des|la|le|van|en)|[-&])$/i;

/**
 * A party's first lines that are one name wrapped ("The Copper Kettle" / "Hospitality Group" /
 * "Limited", "Lindenhof Gartenbau GmbH" / "& Co. KG"): joined when a line ends open or the next
 * starts with "&", or when a later line, with no digit before it, ends in a legal form.
 */
export function joinNameLines(texts: string[]): string[] {
  const wordy = (t: string) =>
    !/\d/.test(t) && t.split(/\s+/).length <= 5 && !isContactLine(t) && !/^c\/o\b/i.test(t);
  const endsLegal = (t: string) =>
    LEGAL_FORM.test(t) || legalFormEnd(t) === t.length || /\s(?:mbh|b\.v\.|n\.v\.|v\.o\.f\.)$/i.test(t);
  if (!texts[0] || !wordy(texts[0])) return texts;
  let k = 1;
  // A legal form ending the second or third line closes the name, unless a line above has one.
  for (let j = 1; j < Math.min(3, texts.length); j++) {
    const t = texts[j] as string;
    if (!wordy(t) || endsLegal(texts[j - 1] as string)) break;
    if (endsLegal(t)) {
      k = j + 1;
      break;
    }
  }
  while (k < Math.min(3, texts.length) && wordy(texts[k] as string)) {
    const next = texts[k] as string;
    if (!OPEN_END.test(texts[k - 1] as string) && !/^&/.test(next) && !LEGAL_FORM.test(next)) break;
    k++;
  }
  if (k === 1) return texts;
  // A word hyphenated at the line's end joins without a space ("Apotheken-" / "bedarf").
  const name = texts
    .slice(0, k)
    .reduce((a, t) => (/\p{L}-$/u.test(a) && /^\p{Ll}/u.test(t) ? `${a}${t}` : `${a} ${t}`));
  return [name, ...texts.slice(k)];
}

/** Parts of one line set apart by a middle dot, bar or bullet ("Acme GmbH · Hauptstraße 1 · 10115 Berlin"). */
export const SEPARATED = /\s[·|•]\s/;

/**
 * A party's address printed on one line, its parts set apart (a letterhead's or return line's
 * "Acme GmbH · Hauptstraße 1 · 10115 Berlin"): the parts, without the party's name, up to the
 * first that is a phone, an email, a web address or a labelled value. Null when the line is not so.
 */
export function separatedAddress(text: string, name: string): string[] | null {
  if (!SEPARATED.test(text)) return null;
  const fold = (t: string) => t.toLowerCase().replace(/\s+/g, " ").trim();
  const parts: string[] = [];
  for (const raw of text.split(/\s[·|•]\s/)) {
    const p = raw.trim();
    if (!p) continue;
    if (fold(p) === fold(name)) continue;
    // A labelled value ("Tel. 030 12345", "Btw-id: NL123"), a phone, an email, a web address.
    if (
      opensWithLabel(p) ||
      /^[\p{L}][\p{L}\s.-]*:\s/u.test(p) ||
      /@|www\.|https?:|^\+?\(?\d[\d\s()/.-]{6,}$/iu.test(p)
    )
      break;
    parts.push(p);
  }
  return parts.length ? parts : null;
}
