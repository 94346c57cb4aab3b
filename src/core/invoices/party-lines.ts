import { findDates } from "../answering/structured/coerce.ts";
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
  /^(?:co\.?|company|corp\.?|inc\.?|ltd\.?|llc|llp|plc|gmbh(?:\s?&\s?co\.?\s?kg)?|ag|kg|ohg|e\.?\s?k\.?|ug|sa|sas|sarl|sàrl|eurl|snc|bv|nv|ab|as|oy|spa|srl)$/i;

/** A label that opens a line and is not a party block's ("Invoice no:", "Date:"). */
export const opensWithLabel = (text: string) => (findLabels(text)[0]?.start ?? 9) <= 1;

const COUNTRY =
  /\b(?:usa|u\.s\.a\.|united states|canada|united kingdom|uk|great britain|ireland|deutschland|germany|allemagne|österreich|austria|autriche|schweiz|suisse|svizzera|switzerland|france|frankreich|belgique|belgien|belgium|nederland|netherlands|italia|italy|españa|spain|luxembourg|luxemburg|liechtenstein|danmark|sverige|norge|polska|australia|new zealand)$/i;

/** A line an address can end on: one with a postcode or house number (3+ digits), or a country. */
export const endsAddress = (text: string) => /\d{3}/.test(text) || COUNTRY.test(text.trim());

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
