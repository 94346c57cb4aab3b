import { findDates } from "../answering/structured/coerce.ts";
import type { Candidate } from "./field-candidates.ts";
import { TITLE, TITLE_NUMBER } from "./invoice-labels.ts";
import type { Line, Table } from "./invoice-lines.ts";
import type { ReadContext } from "./label-values.ts";

// Fields an invoice gives without a label: the due date inside a request to pay ("Please pay by 28
// December 2025.", "Bitte überweisen Sie den Betrag bis zum 8. April 2026.", "Merci de régler
// avant le 3 mars 2026."), the invoice date of a letter, dated "Town, date" as letters are, and
// the number printed after the title ("VAT INVOICE 2026-4925", "FACTUUR INV61859"). They are read
// only where no label gives the field.

// A verb of paying, then within the sentence a word of deadline right before the date, per language.
const PAY = [
  String.raw`(?:pay|payment|payable|remit|settle)\w*\b[^.!?]{0,60}?\b(?:by|before|on or before|no later than|until|due on)`,
  String.raw`(?:zahl|bezahl|überweis|begleich)\w*\b[^.!?]{0,60}?\b(?:bis(?:\s+zum|\s+spätestens)?|spätestens(?:\s+am|\s+bis)?)`,
  String.raw`(?:régl|pai|pay|vers|acquitt)\w*\b[^.!?]{0,60}?\b(?:avant\s+le|au\s+plus\s+tard\s+le|d'ici\s+le|d’ici\s+le|jusqu'au|jusqu’au|pour\s+le)`,
  String.raw`(?:betal|voldo|overmak|overschrijv)\w*\b[^.!?]{0,60}?\b(?:voor|vóór|uiterlijk(?:\s+op)?)`,
];
const PAY_BY = new RegExp(`(?<![\\p{L}])(?:${PAY.join("|")})\\s+(?:the\\s+|dem\\s+)?$`, "iu");
// Dutch puts the verb after the date: "het bedrag voor 12-02-2026 te voldoen".
const BY_BEFORE = /(?<![\p{L}])(?:voor|vóór|uiterlijk(?:\s+op)?)\s+$/iu;
const PAY_AFTER = /^\s+(?:te\s+(?:betalen|voldoen)|over\s+te\s+maken)\b/iu;

// A place, a comma, the date: "Luzern, 12.10.2025", "Lyon, le 3 mars 2026", "Berlin, den 5. Mai 2026".
// Weekdays are no place ("Montag, 12.10.2025").
const TOWN_BEFORE =
  /(?<![\p{L}\d])(\p{Lu}[\p{L}'’.-]+(?:[ -]\p{Lu}?[\p{L}'’.-]+){0,2}),\s*(?:(?:le|den|am)\s+)?$/u;
const WEEKDAY =
  /^(?:mon|tues|wednes|thurs|fri|satur|sun)day$|^(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag)$/i;

/** A title and one token after it, the token holding a digit. */
const TITLED = /^(.+?)\s+([\p{L}\d][\p{L}\d/._-]{2,29})$/u;

/** A date after the title is the invoice's date, not its number ("Invoice 12.03.2026"). */
const DATE = /^(?:\d{1,2}[./-]\d{1,2}[./-](?:\d{2}|\d{4})|\d{4}[./-]\d{1,2}[./-]\d{1,2})$/;

type Text = { text: string; page: number; order: number; line: number | null; table: Table | null };

export function unlabelledFields(lines: Line[], tables: Table[], ctx: ReadContext): Candidate[] {
  const texts: Text[] = [
    ...lines.map((l, i) => ({ text: l.text, page: l.page, order: l.order, line: i, table: null })),
    ...tables.flatMap((t) =>
      t.rows.flatMap((row, r) =>
        row.map((cell) => ({
          text: cell,
          page: t.page,
          order: t.order - 0.5 + r / 1000,
          line: null,
          table: t,
        })),
      ),
    ),
  ];
  const out: Candidate[] = [];
  for (const t of texts) {
    const at = { page: t.page, order: t.order, line: t.line, table: t.table, field: "invoice_id" as const };
    const titled = TITLED.exec(t.text.trim());
    if (titled?.[1] && titled[2] && TITLE.test(titled[1]) && /\d/.test(titled[2]) && !DATE.test(titled[2]))
      out.push({ ...at, value: { value: titled[2] }, quote: t.text.trim(), confidence: 0.6 });
    else {
      const m = TITLE_NUMBER.exec(t.text.trim());
      const id = m?.[1]?.replace(/[.,;:]+$/, "");
      if (m && id && /\d/.test(id) && !DATE.test(id))
        out.push({ ...at, value: { value: id }, quote: m[0].trim(), confidence: 0.55 });
    }
    for (const d of findDates(t.text, { dayFirst: ctx.dayFirst })) {
      const before = t.text.slice(Math.max(0, d.start - 120), d.start);
      const base = { page: t.page, order: t.order, line: t.line, table: t.table, value: { value: d.iso } };
      const pay =
        PAY_BY.exec(before) ?? (PAY_AFTER.test(t.text.slice(d.end)) ? BY_BEFORE.exec(before) : null);
      if (pay) {
        out.push({ ...base, field: "due_date", quote: `${pay[0]}${d.text}`.trim(), confidence: 0.7 });
        continue;
      }
      const town = TOWN_BEFORE.exec(before);
      if (town?.[1] && t.page === 1 && !WEEKDAY.test(town[1]))
        out.push({ ...base, field: "invoice_date", quote: `${town[0]}${d.text}`, confidence: 0.65 });
    }
  }
  return out;
}
