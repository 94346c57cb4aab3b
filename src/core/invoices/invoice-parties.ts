import { findDates } from "../answering/structured/coerce.ts";
import { legalFormEnd, splitParty } from "../answering/structured/parties.ts";
import { findLabels, TITLE, TITLE_NUMBER } from "./invoice-labels.ts";
import type { Line, Table } from "./invoice-lines.ts";
import { BLOCK_FIELDS, lineSpans, type ReadContext } from "./label-values.ts";
import {
  cutLabelled,
  endsAddress,
  holdsMoney,
  isColumnHeader,
  isContactLine,
  joinNameLines,
  LEGAL_FORM,
  labelOnly,
  opensWithLabel,
  SEPARATED,
  separatedAddress,
  withoutContact,
} from "./party-lines.ts";
import { tablesPartyLines } from "./party-tables.ts";

// Vendor and customer. The customer is the block a "Bill to" label opens (a "Ship to" block only
// when there is no other, else the block under a window envelope's return line); the vendor is the
// block a "From" label opens, else the letterhead:
// the first lines of the first page that are neither the title nor a label. Tables that are not
// item tables are read column by column here, since layouts put the two parties, or a party and
// the invoice's details, side by side.

export type PartyRead = {
  name: string | null;
  address: string | null;
  page: number;
  quote: string;
  lines: number[];
};

const MAX_BLOCK = 7;

/** The lines the parties are looked for in: text lines, and tables' (see party-tables.ts) where they stand. */
export function partyLines(lines: Line[], tables: Table[], itemRows: Map<Table, Set<number>>): Line[] {
  const out: Line[] = [];
  const extra = tablesPartyLines(tables, itemRows);
  let e = 0;
  for (const l of lines) {
    while (e < extra.length && (extra[e] as Line).order < l.order) out.push(extra[e++] as Line);
    out.push(l);
  }
  while (e < extra.length) out.push(extra[e++] as Line);
  return out;
}

const ANY: ReadContext = { style: { decimal: ".", spaceGroups: false }, dayFirst: false };

/** Where a line's own text ends: before the first label that has a value ("Freight" in a name has none). */
const ownText = (text: string) => {
  const span = lineSpans(text, ANY).find((s) => s.hit.start > 0 && (s.value || s.hit.field === "other"));
  return (span ? text.slice(0, span.hit.start) : text).replace(/[\s|,·]+$/, "").trim();
};

/** "To", "An", "Aan", "À" alone on a line or before a colon: the addressee's block follows. */
const SHORT_TO = /^(?:to|an|aan|à)(?:\s*:\s*(.*)|\s*)$/iu;

const blockField = (l: Line) => {
  const to = SHORT_TO.exec(l.text.trim());
  if (to) return { field: "customer" as const, rest: to[1] ?? "" };
  const h = findLabels(l.text)[0];
  return h && h.start <= 1 && BLOCK_FIELDS.has(h.field)
    ? { field: h.field, rest: l.text.slice(h.end) }
    : null;
};

/** A page's number ("Sheet 1/2", "Feuille 1 sur 2", "Seite 2 von 3"): no party's line. */
const PAGE_MARK = /^(?:page|seite|pagina|feuille|sheet|blatt|p\.)\s*\d+\s*(?:\/|of|von|sur|van|de)\s*\d+$/i;

const stops = (l: Line) => {
  const h = lineSpans(l.text, ANY)[0];
  return (
    (h && h.hit.start <= 1 && (h.value || h.hit.field !== "ship_to")) ||
    TITLE.test(l.text) ||
    SEPARATED.test(l.text) ||
    PAGE_MARK.test(l.text.trim()) ||
    isColumnHeader(l.text)
  );
};

/**
 * A block's lines as a party: contact lines (an attention line, a department) left out of both
 * name and address, a name wrapped over lines joined, then split into name and address.
 */
function toParty(block: Line[], idx: number[]): PartyRead | null {
  if (!block.length) return null;
  const texts = joinNameLines(block.map((l) => withoutContact(l.text)).filter((t) => t && !isContactLine(t)));
  if (!texts.length) return null;
  const split = splitParty(texts.map((text) => ({ text, quote: text })));
  return {
    name: split.name?.text ?? null,
    address: split.address?.text ?? null,
    page: block[0]?.page ?? 1,
    quote: block.map((l) => l.text).join("\n"),
    lines: idx,
  };
}

/**
 * One line of two party blocks set side by side and read as one line ("Bergmann Elektrotechnik AG
 * Schneider IT-Service GmbH", "Am Markt 3 Industriestraße 101", "80331 München 20095 Hamburg"),
 * cut where the second column starts: after the first name's legal form, before the second
 * street's or postcode's number, or between a word said twice. Null when no cut is found.
 */
export function splitColumns(text: string): [string, string] | null {
  const legal = legalFormEnd(text);
  const firstLegal = (() => {
    for (let k = 1; k < text.length; k++) {
      const end = legalFormEnd(text.slice(0, k));
      if (end > 0 && end === k && /\s/.test(text[k] ?? "")) return k;
    }
    return -1;
  })();
  if (firstLegal > 0 && legal > firstLegal)
    return [text.slice(0, firstLegal).trim(), text.slice(firstLegal).trim()];
  const forms = [
    /^(\d{4,5}\s+\S.*?)\s+(\d{4,5}\s+\S.*)$/u,
    /^(\d+\s+\D+?)\s+(\d+\s+\D+)$/u,
    /^(\D+?\s\d+[a-z]?)\s+(\p{L}\D*\s\d+[a-z]?)$/u,
  ];
  for (const f of forms) {
    const m = f.exec(text);
    if (m?.[1] && m[2]) return [m[1], m[2]];
  }
  const words = text.split(/\s+/);
  const half = words.length / 2;
  if (Number.isInteger(half) && words.slice(0, half).join(" ") === words.slice(half).join(" "))
    return [words.slice(0, half).join(" "), words.slice(half).join(" ")];
  return null;
}

export function readParties(plines: Line[]): {
  customer: PartyRead | null;
  vendor: PartyRead | null;
  shipTo: PartyRead | null;
} {
  const blocks: Partial<Record<"customer" | "ship_to" | "vendor", PartyRead>> = {};
  for (let i = 0; i < plines.length; i++) {
    const line = plines[i] as Line;
    const b = blockField(line);
    if (!b || blocks[b.field as "customer"]) continue;
    const across = namesAcross(plines, i, b.rest);
    if (across) {
      blocks[b.field as "customer"] = across.labelled;
      const other = b.field === "vendor" ? "customer" : "vendor";
      blocks[other] ??= across.other;
      i = Math.max(...across.labelled.lines, ...across.other.lines);
      continue;
    }
    // Two block labels on one line ("Lieferant   RECHNUNGSEMPFÄNGER"): two columns, each line
    // below holding both, cut where the second starts.
    const second = blockField({ ...line, text: b.rest.replace(/^[\s:]+/, "") });
    if (second && second.field !== b.field && !second.rest.trim()) {
      const left: { l: Line; i: number }[] = [];
      const right: { l: Line; i: number }[] = [];
      for (let j = i + 1; j < plines.length && left.length < MAX_BLOCK; j++) {
        const l = plines[j] as Line;
        if (l.page !== line.page || stops(l) || holdsMoney(l.text)) break;
        const cut = splitColumns(l.text);
        if (!cut) break;
        left.push({ l: { ...l, text: cut[0] }, i: j });
        right.push({ l: { ...l, text: cut[1] }, i: j });
      }
      const p1 = toParty(
        left.map((x) => x.l),
        left.map((x) => x.i),
      );
      const p2 = toParty(
        right.map((x) => x.l),
        right.map((x) => x.i),
      );
      if (p1 && p2) {
        blocks[b.field as "customer"] ??= p1;
        blocks[second.field as "customer"] ??= p2;
        i += left.length;
        continue;
      }
      // The columns read one after the other: the first block ends on its town.
      if (!left.length) {
        const both = stacked(plines, i + 1);
        if (both) {
          blocks[b.field as "customer"] ??= both[0];
          blocks[second.field as "customer"] ??= both[1];
          continue;
        }
      }
    }
    // Two block labels one after the other: two columns read row by row, their lines alternate.
    const next = plines[i + 1];
    const nb = next && next.page === line.page ? blockField(next) : null;
    const body: { l: Line; i: number }[] = [];
    const rest = b.rest.replace(/^[\s:]+/, "");
    // The label's own line may go on with its block, the invoice's details interleaved.
    // A second block's label beside it ("Bill to   Ship to") is no line of this block.
    const beside = second && second.field !== b.field && !second.rest.trim();
    const pieces = rest && !nb && !beside ? (cutLabelled(rest) ?? [rest]) : [];
    for (const text of pieces) body.push({ l: { ...line, text }, i });
    const from = nb ? i + 2 : i + 1;
    let gap = false;
    for (let j = from; j < plines.length && body.length < (nb ? MAX_BLOCK * 2 : MAX_BLOCK); j++) {
      const l = plines[j] as Line;
      if (l.page !== line.page || stops(l)) break;
      // An amount ends the block; a line of words just above it is that item's description
      // ("Project management" over "21 x 93.50"), once the block has a name and an address line.
      if (holdsMoney(l.text)) {
        const last = body[body.length - 1];
        if (!nb && last && body.length >= 3 && !endsAddress(last.l.text)) body.pop();
        break;
      }
      const own = ownText(l.text);
      // A gap inside a block whose town is still to come (a grid that cut the block in two)
      // is passed over when the next line ends an address ("13001 Marseille").
      const after = plines[j + 1];
      const last = body[body.length - 1];
      if (!own && !nb && last && !endsAddress(last.l.text) && after && after.page === l.page)
        if (!stops(after) && !holdsMoney(after.text) && endsAddress(after.text)) {
          gap = true;
          continue;
        }
      if (!own) break;
      body.push({ l: { ...l, text: own }, i: j });
      // Past a gap the block ends on its town.
      if (own !== l.text.trim() || gap) break;
    }
    if (nb && next) {
      const mine = body.filter((_, k) => k % 2 === 0);
      const theirs = body.filter((_, k) => k % 2 === 1);
      const p1 = toParty(
        mine.map((x) => x.l),
        mine.map((x) => x.i),
      );
      const p2 = toParty(
        theirs.map((x) => x.l),
        theirs.map((x) => x.i),
      );
      if (p1) blocks[b.field as "customer"] ??= p1;
      if (p2) blocks[nb.field as "customer"] ??= p2;
      i++;
      continue;
    }
    const p = toParty(
      body.map((x) => x.l),
      body.map((x) => x.i),
    );
    if (p) blocks[b.field as "customer"] = p;
  }
  let customer = blocks.customer ?? blocks.ship_to ?? windowAddressee(plines);
  const vendor = blocks.vendor ?? letterhead(plines, customer);
  if (!customer && vendor && !blocks.vendor) customer = addresseeAfter(plines, vendor);
  const claimed = new Set([...(customer?.lines ?? []), ...(blocks.ship_to?.lines ?? [])]);
  return {
    customer,
    vendor: vendor && repeatedVendor(plines, vendor, claimed),
    shipTo: blocks.ship_to ?? null,
  };
}

/** A company's whole name: words ending in a legal form, no digit ("Fairmont Electrical LLC"). */
const wholeName = (t: string) => !/\d/.test(t) && /^\p{Lu}/u.test(t) && legalFormEnd(t) === t.length;

/**
 * A block's label with another party's name beside it ("Billed To   Kestrel Consulting Co."), the
 * labelled block's own name on the next line: two blocks side by side read across, their lines
 * alternating. A block has one name, so two names one over the other are the two blocks'. The
 * labelled block takes the lines from the next on, every other one; the other block the name
 * beside the label and the lines between.
 */
function namesAcross(
  plines: Line[],
  at: number,
  rest: string,
): { labelled: PartyRead; other: PartyRead } | null {
  const beside = rest.replace(/^[\s:]+/, "").trim();
  const line = plines[at] as Line;
  const next = plines[at + 1];
  if (!wholeName(beside) || !next || next.page !== line.page || !wholeName(next.text.trim())) return null;
  const mine: { l: Line; i: number }[] = [];
  const theirs: { l: Line; i: number }[] = [{ l: { ...line, text: beside }, i: at }];
  for (let j = at + 1, k = 0; j < plines.length && k < MAX_BLOCK * 2; j++, k++) {
    const l = plines[j] as Line;
    if (l.page !== line.page || stops(l) || holdsMoney(l.text) || blockField(l)) break;
    const own = ownText(l.text);
    // A labelled value (the issuer's tax number) is a line of its column, but no party's line.
    if (own) (k % 2 === 0 ? mine : theirs).push({ l: { ...l, text: own }, i: j });
  }
  const party = (xs: { l: Line; i: number }[]) =>
    toParty(
      xs.map((x) => x.l),
      xs.map((x) => x.i),
    );
  const labelled = party(mine);
  const other = party(theirs);
  return labelled?.address && other?.address ? { labelled, other } : null;
}

/** A sender's return line over a window envelope's address: three or more parts split by " · " or " | ". */
const RETURN_LINE = /^[^·|•]+(?:\s[·|•]\s[^·|•]+){2,}$/;

/**
 * With no "Bill to" label, the addressee of a window-envelope page (DIN 5008 and its kin): the
 * block right under the sender's small return line ("Acme GmbH · Hauptstraße 1 · 10115 Berlin").
 */
function windowAddressee(plines: Line[]): PartyRead | null {
  const first = plines[0]?.page ?? 1;
  const at = plines.findIndex((l, i) => i < 40 && l.page === first && RETURN_LINE.test(l.text.trim()));
  if (at < 0) return null;
  const body: { l: Line; i: number }[] = [];
  for (let j = at + 1; j < plines.length && body.length < MAX_BLOCK; j++) {
    const l = plines[j] as Line;
    // The information block beside the window may be read before the address ("Rechnungsnummer: 74064").
    if (!body.length && j - at <= 4 && opensWithLabel(l.text) && !blockField(l)) continue;
    // Or line by line between the address's lines: its labels alone ("No.:", "Invoice date:")
    // are passed over, and its values, a bare number (in groups or not) or date, end the address.
    const t = l.text.trim();
    if (
      body.length &&
      l.page === first &&
      !blockField(l) &&
      (labelOnly(t) || /^\p{L}[\p{L}\s.'’-]{0,30}:$/u.test(t))
    )
      continue;
    if (body.length && l.page === first && TITLE.test(t)) continue;
    const date = findDates(t, { dayFirst: true })[0];
    if (
      body.length &&
      ((/^\S+$/.test(t) && /\d/.test(t)) ||
        /^[\d\s/.-]+$/.test(t) ||
        (date && date.end - date.start >= t.length - 1))
    )
      break;
    if (l.page !== first || stops(l) || holdsMoney(l.text) || blockField(l)) break;
    const own = ownText(l.text);
    if (!own) break;
    body.push({ l: { ...l, text: own }, i: j });
    if (own !== l.text.trim()) break;
  }
  return toParty(
    body.map((x) => x.l),
    body.map((x) => x.i),
  );
}

const TITLE_WORDS =
  /^(?:(?:tax|sales|commercial|vat)\s+)?(?:invoice|rechnung|facture|receipt)\b[\s—–\-|:]*|[\s—–\-|:]*\b(?:(?:tax|sales|commercial|vat)\s+)?(?:invoice|rechnung|facture|receipt)$/i;

/** A short line of words ending in a legal form, under a name that has none: the name's own end. */
function wrapsLegalForm(name: string, line: string): boolean {
  const t = line.trim();
  const words = t.split(/\s+/);
  if (/\d/.test(t) || words.length < 2 || words.length > 4 || !/^\p{Lu}/u.test(t)) return false;
  return legalFormEnd(t) === t.length && legalFormEnd(name) < 0 && !/\d/.test(name);
}

/** The issuer from the top of the first page: its first line that is a name, and the address lines under it. */
function letterhead(plines: Line[], customer: PartyRead | null): PartyRead | null {
  const first = plines[0]?.page ?? 1;
  const taken = new Set(customer?.lines ?? []);
  let name: { l: Line; i: number } | null = null;
  const address: { l: Line; i: number }[] = [];
  for (let i = 0; i < plines.length && i < 40; i++) {
    const l = plines[i] as Line;
    if (l.page !== first || blockField(l)) {
      if (name) break;
      continue;
    }
    if (taken.has(i)) {
      if (name) break;
      continue;
    }
    // The name's second line ending in its legal form ("Imprimerie du Vieux" / "Port SARL") is
    // the name's whatever word opens it, a word that is also a label ("Port": French carriage).
    const head = name as { l: Line; i: number } | null;
    if (head && !address.length && i === head.i + 1 && wrapsLegalForm(head.l.text, l.text)) {
      name = { l: { ...head.l, text: `${head.l.text} ${l.text.trim()}` }, i: head.i };
      continue;
    }
    let text = l.text;
    // The title and its number run into the issuer's name ("Redwood Signal Inc. INVOICE #SI/44220",
    // "Tax Invoice 003724 Meridian Freight"): the name is what stands before, or after, them.
    const titled = TITLE_NUMBER.exec(text);
    if (titled && /\d/.test(titled[1] ?? "")) {
      const before = text.slice(0, titled.index).trim();
      text = before || text.slice(titled.index + titled[0].length).trim();
    }
    for (let k = 0; k < 2; k++) text = text.replace(TITLE_WORDS, "").trim();
    // A label opening the line that is more than the title's words ("Invoice no: B-2775").
    const titleEnd = text ? l.text.indexOf(text) : l.text.length;
    const ownLabel = opensWithLabel(l.text) && (findLabels(l.text)[0]?.end ?? 0) > titleEnd;
    // The title's number before the issuer's name ("TAX INVOICE Number 092671 Ashcombe Group").
    if (!name && opensWithLabel(text)) {
      const pieces = cutLabelled(text);
      if (pieces?.length === 1 && !opensWithLabel(pieces[0] as string)) text = pieces[0] as string;
    }
    text = ownText(text);
    // The title's words run into a line of the issuer's ("TAX INVOICE 41 Harbour Street") are off it.
    if (!text || TITLE.test(text) || opensWithLabel(text) || ownLabel) {
      // The issuer's phone or email under its name closes the letterhead: a block after it is
      // the addressee's, not the issuer's address.
      const contact = findLabels(l.text)[0]?.field === "other" && /@|\d{3}/.test(l.text);
      if (name && (address.length || contact)) break;
      continue;
    }
    if (!name) {
      // A label alone on its line has its value, a number or a date, on the next ("INVOICE #"
      // over "RE-2026-2616", "DATE OF ISSUE" over "October 9, 2026").
      const value = /\d/.test(text) && labelOnly((plines[i - 1] as Line | undefined)?.text ?? "");
      if (!/\p{L}{2}/u.test(text) || /^\d/.test(text) || value) continue;
      name = { l: { ...l, text }, i };
      continue;
    }
    // A legal form wrapped onto a line of its own ends the name ("Harbor & Pine Supply" / "Co.").
    if (!address.length && LEGAL_FORM.test(text)) {
      const head: { l: Line; i: number } = name;
      name = { l: { ...head.l, text: `${head.l.text} ${text}` }, i: head.i };
      continue;
    }
    if (holdsMoney(text) || isColumnHeader(text)) break;
    // The address on one line, its parts set apart: the whole address.
    const parts = separatedAddress(text, name.l.text);
    if (parts && !address.length) address.push(...parts.map((p) => ({ l: { ...l, text: p }, i })));
    if (SEPARATED.test(text) || text === name.l.text || address.length >= 3) break;
    address.push({ l: { ...l, text }, i });
  }
  if (!name) return null;
  return toParty([name.l, ...address.map((a) => a.l)], [name.i, ...address.map((a) => a.i)]);
}

const fold = (t: string) => t.toLowerCase().replace(/\s+/g, " ").trim();

/**
 * The vendor as printed again lower down, in a footer or a return line: its name, then its address
 * on the lines under it or on the same line set apart by separators. Used when the vendor read
 * first has no address, or an address that cannot end one (a wrapped name's second line, as in
 * "Brückner & Voss" / "Steuerberatung"); the line must start with the first two words of the name.
 */
function repeatedVendor(plines: Line[], head: PartyRead, claimed: Set<number>): PartyRead {
  const address = head.address?.split(", ") ?? [];
  if (!head.name || (address.length && endsAddress(address[address.length - 1] as string))) return head;
  const key = fold(head.name).split(" ").slice(0, 2).join(" ");
  const after = Math.max(...head.lines);
  for (let i = after + 1; i < plines.length; i++) {
    const l = plines[i] as Line;
    const text = ownText(l.text);
    // Not a party block's line: a vendor that delivers to itself is no repeat.
    if (claimed.has(i) || !fold(text).startsWith(key)) continue;
    const parts = text.split(/\s[·|•]\s/);
    const name = (parts[0] as string).trim();
    if (/\d/.test(name) || name.length > 80) continue;
    const body: { l: Line; i: number }[] = [{ l: { ...l, text: name }, i }];
    const inline = parts.length > 1 ? separatedAddress(text, name) : null;
    if (inline) body.push(...inline.map((p) => ({ l: { ...l, text: p }, i })));
    else
      for (let j = i + 1; j < plines.length && body.length < MAX_BLOCK; j++) {
        const n = plines[j] as Line;
        if (n.page !== l.page || stops(n) || holdsMoney(n.text) || blockField(n) || opensWithLabel(n.text))
          break;
        const own = ownText(n.text);
        if (!own) break;
        body.push({ l: { ...n, text: own }, i: j });
        if (own !== n.text.trim()) break;
      }
    const found = toParty(
      body.map((x) => x.l),
      body.map((x) => x.i),
    );
    if (found?.address && endsAddress(found.address)) return found;
  }
  return head;
}

/**
 * With no label and no window, the addressee printed under the letterhead: the next block of lines
 * after it, a name then address lines, one ending as an address does. Details may stand between
 * (the title, labelled values), but no more than a few lines.
 */
function addresseeAfter(plines: Line[], head: PartyRead): PartyRead | null {
  const from = Math.max(...head.lines) + 1;
  const page = plines[from - 1]?.page;
  for (let i = from; i < plines.length && i < from + 4; i++) {
    const l = plines[i] as Line;
    if (l.page !== page) return null;
    const t = l.text.trim();
    if (!t || TITLE.test(t) || opensWithLabel(t) || /\d{3}|:$/.test(t) || /^\d/.test(t) || holdsMoney(t))
      continue;
    if (SEPARATED.test(t)) continue;
    const body: { l: Line; i: number }[] = [];
    for (let j = i; j < plines.length && body.length < MAX_BLOCK; j++) {
      const n = plines[j] as Line;
      // The document's title printed beside the block is read between its lines.
      if (body.length && n.page === page && TITLE.test(n.text.trim())) continue;
      if (n.page !== page || stops(n) || holdsMoney(n.text) || blockField(n) || opensWithLabel(n.text)) break;
      const own = ownText(n.text);
      // A line ending in a colon is a label of something the reader does not know.
      if (!own || /:$/.test(own)) break;
      body.push({ l: { ...n, text: own }, i: j });
      if (own !== n.text.trim()) break;
    }
    const found = toParty(
      body.map((x) => x.l),
      body.map((x) => x.i),
    );
    return found?.name && found.address && endsAddress(found.address) ? found : null;
  }
  return null;
}

/**
 * Two parties under one line of two labels, read column after column ("Southbank Translation
 * Bureau" / "The Old Mill, Station Road Edinburgh EH2 4AD" / "Wexford Lane Print & Packaging Ltd"
 * / ...): cut after the first line that ends an address, each side a name and an address.
 */
function stacked(plines: Line[], from: number): [PartyRead, PartyRead] | null {
  const body: { l: Line; i: number }[] = [];
  const page = plines[from - 1]?.page;
  for (let j = from; j < plines.length && body.length < MAX_BLOCK * 2; j++) {
    const l = plines[j] as Line;
    if (l.page !== page || stops(l) || holdsMoney(l.text) || blockField(l)) break;
    const own = ownText(l.text);
    if (!own) break;
    body.push({ l: { ...l, text: own }, i: j });
    if (own !== l.text.trim()) break;
  }
  // A block the layout ran into one line ("Quayside Dental 5 Old Forge Yard Exeter EX1 1BU") may
  // end on its first line.
  const whole = (l: Line) => {
    const p = toParty([l], [0]);
    return Boolean(p?.name && p.address);
  };
  const cut = body.findIndex((x, k) => endsAddress(x.l.text) && (k > 0 || whole(x.l)));
  if (cut < 0 || cut + 1 >= body.length) return null;
  const side = (xs: { l: Line; i: number }[]) =>
    toParty(
      xs.map((x) => x.l),
      xs.map((x) => x.i),
    );
  const a = side(body.slice(0, cut + 1));
  const b = side(body.slice(cut + 1));
  return a?.address && b?.address ? [a, b] : null;
}
