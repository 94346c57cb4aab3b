import { type DocLine, type DocText, lineQuote } from "./document-text.ts";
import { coerceFor, type Fill, fieldWords, foundBut } from "./field-values.ts";
import { type Labelled, MIN_LABEL_SCORE, type ValueLine } from "./labels.ts";
import type { Slot } from "./match-fields.ts";
import { type FieldTerms, labelScore } from "./terms.ts";

// Parties and titles: an object such as `vendor {name, address}` or `customer {...}` is filled
// from the block its label introduces ("Bill to:" then a name and an address), split into its
// parts; the issuer of a document (vendor, supplier, seller, company...) that no label names is
// taken from the letterhead, the first heading of the first page, with words such as "INVOICE"
// taken off it, and the lines under it as its address. A `title` is the first heading.

export type PartyObject = {
  pointer: string;
  terms: FieldTerms;
  children: Slot[];
  /** How many of the children are parts a party's block splits into (name, address, email, phone). */
  parts: number;
};

export const role = (s: Slot): "name" | "address" | "email" | "phone" | null => {
  const n = s.terms.name;
  if (s.field.type !== "string") return null;
  if (n.includes("email")) return "email";
  if (n.includes("phone") || n.includes("fax") || n.includes("mobile")) return "phone";
  if (n.includes("address") || n.includes("street")) return "address";
  if (
    n.includes("name") ||
    (n.length === 1 && ["company", "organization", "business"].includes(n[0] as string))
  )
    return "name";
  return null;
};

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/u;
const PHONE = /(?:(?:phone|tel|telephone|mobile|fax)\.?:?\s*)?(\+?\d[\d\s().-]{6,}\d)/i;

type Part = { text: string; quote: string };
type Split = { name?: Part; address?: Part; email?: Part; phone?: Part };

const part = (line: ValueLine, text: string): Part => ({
  text,
  quote: line.quote.includes(text) ? text : line.quote,
});

/**
 * A company's legal form where it ends a name, within a line ("Acme Stadtwerke GmbH Hauptstraße 5")
 * or at its end; the forms of the service's locales and the common English, German, French,
 * Swiss and Japanese ones.
 */
const LEGAL_FORM_END =
  /(?:^|\s)(?:gmbh\s?&\s?co\.?\s?kg(?:aa)?|gmbh|ag|kg|ohg|ug(?:\s?\(haftungsbeschränkt\))?|e\.\s?k\.|ltd\.?|limited|plc|llp|llc|l\.l\.c\.|inc\.?|corp\.?|corporation|co\.|sarl|s\.à\s?r\.l\.|sàrl|sas|s\.a\.s\.|s\.a\.|sa|snc|eurl|kk|k\.k\.|bv|nv|b\.v\.|n\.v\.|s\.r\.l\.|srl|s\.p\.a\.|spa|pty\.?\s?ltd\.?)(?=[\s,]|$)/giu;

/** Where the legal form ending a name ends in the text, or -1 (the last one, for "GmbH & Co. KG"). */
export function legalFormEnd(text: string): number {
  let end = -1;
  for (const m of text.matchAll(LEGAL_FORM_END)) end = (m.index ?? 0) + m[0].length;
  return end;
}

/** Words that name a street, before its number in German ("Hauptstraße 5", "Am Lindenweg 3"). */
const STREET_WORD =
  /(?:stra(?:ss|ß)e|str\.|weg|allee|platz|gasse|ring|damm|ufer|chaussee|steig|pfad|markt|street|st\.|road|rd\.|avenue|ave\.|lane|drive|boulevard|rue|chemin|quai|via)$/i;

/** A word a flat's, unit's or suite's number follows. */
const UNIT_WORD = /^(?:flat|unit|suite|apt\.?|apartment|building|bldg\.?|floor|room)$/i;

/** A German street name's opening preposition or article ("Am Markt", "An der Alster", "Zur Mühle"). */
const STREET_OPENER = /^(?:am|an|im|auf|zum|zur|beim|der|die|den|dem)$/i;

/**
 * One line that runs a name and its address together: the name ends at its legal form when an
 * address follows it (a digit or a street word), else before the street whose number comes first,
 * else at the first word that begins with a digit (a house number), or "PO Box". Null when the
 * line holds no address.
 */
function cutNameFromAddress(text: string): { name: string; address: string } | null {
  const legal = legalFormEnd(text);
  if (legal > 0 && legal < text.length) {
    const after = text.slice(legal).replace(/^[\s,]+/, "");
    if (after && (/\d/.test(after) || after.split(/\s+/).some((w) => STREET_WORD.test(w))))
      return { name: text.slice(0, legal).trim(), address: after };
  }
  const m = /\s(?=\d|P\.?\s?O\.?\s+Box\b)/i.exec(text);
  if (!m || m.index <= 0) return null;
  // "Hauptstraße 5": the street goes with its number, not with the name; so does the article or
  // preposition that opens a street's name ("Am Markt 9", "An der Alster 5") and the word a flat's
  // or unit's number follows ("Flat 2, 9 Mill Lane", "Suite 4").
  const words = text.slice(0, m.index).split(/\s+/);
  let k = words.length;
  if (UNIT_WORD.test(words[k - 1] ?? "") && k > 1) k--;
  else if (STREET_WORD.test(words[k - 1] ?? "") && k > 1) {
    k--;
    while (k > 1 && STREET_OPENER.test(words[k - 1] ?? "")) k--;
  } else if (k > 2 && STREET_OPENER.test(words[k - 2] ?? "") && /^\p{Lu}/u.test(words[k - 1] ?? "")) {
    k -= 2;
    while (k > 1 && STREET_OPENER.test(words[k - 1] ?? "")) k--;
  }
  const name = words
    .slice(0, k)
    .join(" ")
    .replace(/[,\s]+$/, "");
  if (!name) return null;
  return {
    name,
    address: text
      .slice(name.length)
      .replace(/^[\s,]+/, "")
      .trim(),
  };
}

/** A line that finishes the name above it: words, no digit, ending in a legal form ("Maschinenbau GmbH"). */
const finishesName = (name: string, line: string) =>
  legalFormEnd(name) < 0 &&
  !/\d/.test(line) &&
  line.split(/\s+/).length <= 4 &&
  legalFormEnd(line) === line.length;

/**
 * A party's lines -> name, address, email, phone. Several lines: the first is the name (with the
 * next when that finishes it with its legal form), lines with an email or phone number are those,
 * the rest the address; a first line that runs the name into the street is cut there. One line
 * (lines the layout ran together): cut as cutNameFromAddress says.
 */
export function splitParty(lines: ValueLine[]): Split {
  const out: Split = {};
  const rest: ValueLine[] = [];
  for (const l of lines) {
    const email = EMAIL.exec(l.text);
    if (email && !out.email) {
      out.email = part(l, email[0]);
      continue;
    }
    const phone = PHONE.exec(l.text);
    if (
      phone?.[1] &&
      !/[\p{L}]{3,}/u.test(l.text.replace(/phone|tel|telephone|mobile|fax/gi, "")) &&
      !out.phone
    ) {
      out.phone = part(l, phone[1]);
      continue;
    }
    rest.push(l);
  }
  let [first, ...more] = rest;
  if (!first) return out;
  const second = more[0];
  if (second && finishesName(first.text, second.text)) {
    const text = `${first.text} ${second.text}`;
    first = { text, quote: `${first.quote}\n${second.quote}` };
    more = more.slice(1);
  }
  if (more.length) {
    const cut = legalFormEnd(first.text) > 0 ? cutNameFromAddress(first.text) : null;
    const lines = cut ? [{ text: cut.address, quote: first.quote }, ...more] : more;
    out.name = part(first, cut ? cut.name : first.text);
    const address = lines.map((l) => l.text).join(", ");
    const quote = lines.map((l) => l.quote).join(", ");
    out.address = { text: address, quote: lines.length === 1 ? (lines[0] as ValueLine).quote : quote };
    return out;
  }
  const cut = cutNameFromAddress(first.text);
  if (cut) {
    out.name = part(first, cut.name);
    out.address = part(first, cut.address);
  } else out.name = part(first, first.text);
  return out;
}

function fillParts(party: PartyObject, split: Split, page: number) {
  for (const child of party.children) {
    const r = role(child);
    if (child.fill || !r) continue;
    const p = split[r];
    if (!p) continue;
    const c = coerceFor(child.field, p.text);
    if (c.ok) child.fill = { pointer: child.pointer, value: c.value, page, quote: p.quote, raw: p.text };
    else child.failures.push({ score: 0.6, reason: foundBut(p.text, fieldWords(child.field), c.reason) });
  }
}

/** Objects whose name or address is missing take them from the block their own label introduces. */
export function fillParties(parties: PartyObject[], labelled: Labelled[], used: Set<Labelled>) {
  for (const party of parties) {
    if (!party.children.some((c) => !c.fill && role(c))) continue;
    let best: { cand: Labelled; score: number } | null = null;
    for (const cand of labelled) {
      if (used.has(cand)) continue;
      const score = labelScore(cand.terms, party.terms) * (cand.origin === "heading" ? 0.85 : 1);
      if (score >= MIN_LABEL_SCORE && (!best || score > best.score)) best = { cand, score };
    }
    if (!best) continue;
    used.add(best.cand);
    fillParts(party, splitParty(best.cand.lines), best.cand.page);
  }
}

const ISSUER = new Set([
  "vendor",
  "supplier",
  "seller",
  "issuer",
  "merchant",
  "biller",
  "provider",
  "company",
  "organization",
  "business",
  "sender",
]);
const STRONG_ISSUER = new Set(["vendor", "supplier", "seller", "issuer", "merchant", "biller"]);
const DOCUMENT_WORDS =
  /^(?:(?:tax|sales|commercial|pro[- ]?forma)\s+)?(?:invoice|receipt|bill|statement|quote|quotation|estimate|credit note|debit note|purchase order|order confirmation|remittance advice|report)\b\s*/i;

/** The first heading of the first page (else its first line), less document-type words, as a name. */
function letterhead(doc: DocText): { line: DocLine; s: number; e: number } | null {
  const first = doc.lines.find((l) => l.kind !== "blank")?.page;
  const lines = doc.lines.filter((l) => l.page === first && (l.kind === "heading" || l.kind === "text"));
  const top = lines.find((l) => l.kind === "heading") ?? lines[0];
  for (const line of [top, ...lines.slice(0, 3)]) {
    if (!line || line.text.includes(":")) continue;
    let s = 0;
    let e = line.text.length;
    for (let k = 0; k < 2; k++) {
      const head = DOCUMENT_WORDS.exec(line.text.slice(s, e));
      if (head) s += head[0].length;
      const tail =
        /\s*\b(?:(?:annual|quarterly|monthly|interim|financial|tax)\s+)?(?:invoice|receipt|statement|quote|quotation|estimate|report)(?:\s+(?:no\.?\s*|#\s*)?[\d/-]+)?$/i.exec(
          line.text.slice(s, e),
        );
      if (tail) e -= tail[0].length;
    }
    while (e > s && /[\s\-–—|,]/.test(line.text[e - 1] as string)) e--;
    while (s < e && /[\s\-–—|,]/.test(line.text[s] as string)) s++;
    if (e > s && /\p{L}/u.test(line.text.slice(s, e)) && !/^\d/.test(line.text.slice(s, e)))
      return { line, s, e };
  }
  return null;
}

/** The issuer's name (and the address lines under it) from the letterhead, when no label gave them. */
export function fillIssuer(parties: PartyObject[], slots: Slot[], doc: DocText) {
  const head = letterhead(doc);
  if (!head) return;
  const { line, s, e } = head;
  const name = line.text.slice(s, e);
  const quote = lineQuote(line, s, e);
  const fillName = (slot: Slot) => {
    const c = coerceFor(slot.field, name);
    if (c.ok) slot.fill = { pointer: slot.pointer, value: c.value, page: line.page, quote, raw: name };
  };
  // Its name says so, or its description with a word that only an issuer is called.
  const issuer = (t: FieldTerms) =>
    t.name.some((w) => ISSUER.has(w)) || t.description.some((w) => STRONG_ISSUER.has(w));
  for (const party of parties) {
    if (!issuer(party.terms)) continue;
    const nameSlot = party.children.find((c) => role(c) === "name");
    const addressSlot = party.children.find((c) => role(c) === "address");
    // The name from the letterhead, and the address only with it: an address under some other
    // heading would be a guess.
    if (nameSlot && !nameSlot.fill) fillName(nameSlot);
    if (addressSlot && !addressSlot.fill && nameSlot?.fill?.quote === quote) {
      const under: DocLine[] = [];
      for (let i = line.order + 1; i < doc.lines.length && under.length < 3; i++) {
        const l = doc.lines[i] as DocLine;
        if (l.page !== line.page || l.kind === "heading" || l.kind === "table") break;
        if (l.kind === "blank") continue;
        if (/^[^:]{1,40}:(\s|$)/.test(l.text) || !/\d/.test(l.text)) break;
        under.push(l);
      }
      if (under.length) {
        const text = under.map((l) => l.text.trim()).join(", ");
        const c = coerceFor(addressSlot.field, text);
        const last = under[under.length - 1] as DocLine;
        const q =
          under.length === 1
            ? lineQuote(last, 0, last.text.length)
            : under.map((l) => lineQuote(l, 0, l.text.length)).join(", ");
        if (c.ok)
          addressSlot.fill = {
            pointer: addressSlot.pointer,
            value: c.value,
            page: line.page,
            quote: q,
            raw: text,
          };
      }
    }
  }
  // A top-level "vendor_name" or "company" string.
  for (const slot of slots) {
    if (slot.fill || slot.field.type !== "string" || slot.field.enum) continue;
    const n = slot.terms.name;
    if (n.some((w) => ISSUER.has(w)) && n.every((w) => ISSUER.has(w) || w === "name")) fillName(slot);
  }
}

/** A field called "title" (of the document, report...) is the first heading, or the first line. */
export function fillTitle(slots: Slot[], doc: DocText) {
  const first =
    doc.lines.find((l) => l.kind === "heading" && l.level <= 2) ?? doc.lines.find((l) => l.kind === "text");
  if (!first) return;
  for (const slot of slots) {
    if (slot.fill || slot.field.type !== "string" || slot.field.enum || slot.field.format) continue;
    if (!slot.terms.name.includes("title") || slot.terms.name.length > 2) continue;
    const c = coerceFor(slot.field, first.text);
    if (c.ok)
      slot.fill = {
        pointer: slot.pointer,
        value: c.value,
        page: first.page,
        quote: lineQuote(first, 0, first.text.length),
        raw: first.text,
      } satisfies Fill;
  }
}
