import { type DateMatch, findDates } from "../answering/structured/coerce.ts";
import { AU_STATE_POSTCODE, EIRCODE, UK_POSTCODE, US_STATE_ZIP } from "./place-cues.ts";

// Dates as invoices print them, and whether 04/05/2026 means 4 May or April 5 on this invoice.
// Beside the calendar dates every reader knows, invoices from accounting packages print two-digit
// years (10/14/26, 14-Oct-26) and a month's name between slashes or dashes (14/Oct/2026,
// Oct-14-2026): read only in a date label's value, where a number cannot be a count or a price.

const MONTHS = [
  "jan(?:uary)?",
  "feb(?:ruary)?",
  "mar(?:ch)?",
  "apr(?:il)?",
  "may",
  "june?",
  "july?",
  "aug(?:ust)?",
  "sept?(?:ember)?",
  "oct(?:ober)?",
  "nov(?:ember)?",
  "dec(?:ember)?",
];
const MONTH = `(${MONTHS.join("|")})\\.?`;
const ORD = "(?:st|nd|rd|th)?";
const year = (y: string | undefined) => (y && y.length === 2 ? 2000 + Number(y) : Number(y));
const monthOf = (name: string) => MONTHS.findIndex((m) => new RegExp(`^(?:${m})\\.?$`, "i").test(name)) + 1;

const MORE_DATES: [RegExp, (m: RegExpExecArray, dayFirst: boolean) => [number, number, number]][] = [
  // 10/14/26, 14-10-26: month first unless the invoice writes the day first, or the first cannot be a month.
  [
    /(?<![\d/.-])(\d{1,2})([/-])(\d{1,2})\2(\d{2})(?![\d/.-])/g,
    (m, dayFirst) => {
      const a = Number(m[1]);
      const b = Number(m[3]);
      const y = 2000 + Number(m[4]);
      return a > 12 || (dayFirst && b <= 12) ? [y, b, a] : [y, a, b];
    },
  ],
  // 14.10.26: the dotted form is day first everywhere.
  [
    /(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{2})(?![\d.])/g,
    (m) => [2000 + Number(m[3]), Number(m[2]), Number(m[1])],
  ],
  // 14-Oct-26, 14 Oct 26, 14th Oct '26, and with a four-digit year 14/Oct/2026, 14.Oct.2026
  [
    new RegExp(`(?<![\\d])(\\d{1,2})${ORD}[\\s/.-]+${MONTH}[\\s/.-]+'?(\\d{4}|\\d{2})(?![\\d])`, "gi"),
    (m) => [year(m[3]), monthOf(m[2] ?? ""), Number(m[1])],
  ],
  // Oct 14, '26; Oct-14-2026, Oct/14/2026, Oct 14,2026
  [
    new RegExp(
      `\\b${MONTH}(?:\\s+(\\d{1,2})${ORD},?\\s*'(\\d{2})|[-/](\\d{1,2})[-/](\\d{4})|\\s+(\\d{1,2}),(\\d{4}))(?![\\d])`,
      "gi",
    ),
    (m) => [year(m[3] ?? m[5] ?? m[7]), monthOf(m[1] ?? ""), Number(m[2] ?? m[4] ?? m[6])],
  ],
];

const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, "0");

/** The dates of a date label's value: calendar dates, then those written with a two-digit year. */
export function labelDates(text: string, dayFirst: boolean): DateMatch[] {
  const out = findDates(text, { dayFirst });
  for (const [re, parts] of MORE_DATES) {
    for (const m of text.matchAll(re)) {
      const start = m.index;
      const end = start + m[0].length;
      if (out.some((o) => start < o.end && end > o.start)) continue;
      const [y, mo, d] = parts(m as RegExpExecArray, dayFirst);
      if (!(mo >= 1 && mo <= 12 && d >= 1 && d <= daysIn(y, mo))) continue;
      out.push({ iso: `${y}-${pad(mo)}-${pad(d)}`, start, end, text: m[0] });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

const GERMAN = /\b(?:rechnung|mwst|ust|betrag|datum|menge|zahlbar|kunde|netto|brutto|summe)\b/i;
const FRENCH = /\b(?:facture|tva|montant|quantité|qté|échéance|désignation|net à payer|ttc)\b/i;

// Where an English invoice comes from, when its numbers do not say: day-first countries (the
// United Kingdom, Ireland, Australia, New Zealand, India) and the month-first United States. Each
// cue is a word or an address form of one side only.
const DAY_FIRST_CUES = [
  /\bVAT\b/, // no sales tax of the United States or Canada is called so
  /\bABN\b|\bACN\b/, // Australian business numbers
  AU_STATE_POSTCODE,
  UK_POSTCODE,
  EIRCODE,
  /₹|\bGSTIN\b|\bINR\b/,
];
const MONTH_FIRST_CUES = [/\bsales tax\b/i, /\bEIN\b|\bFederal Tax ID\b/i, US_STATE_ZIP];
const cues = (text: string, list: RegExp[]) => list.filter((re) => re.test(text)).length;

/**
 * Whether 03/05/2026 means 3 May: the locale says; else a numeric date that cannot be month-first
 * (or day-first); else German or French words, or a pound or euro sign; else the place cues of
 * the text; else the order of a date written with its month's name ("5 March 2026").
 */
export function dayFirstOf(text: string, locale?: string): boolean {
  if (locale) return !/^en-US$/i.test(locale) && !/-(US|PH|CA)$/i.test(locale);
  for (const m of text.matchAll(/(?<![\d/.-])(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})(?![\d/.-])/g)) {
    if (Number(m[1]) > 12 && Number(m[2]) <= 12) return true;
    if (Number(m[2]) > 12 && Number(m[1]) <= 12) return false;
  }
  if (GERMAN.test(text) || FRENCH.test(text)) return true;
  if (/[£€]|\b(?:GBP|EUR|CHF)\b/.test(text)) return true;
  const day = cues(text, DAY_FIRST_CUES);
  const month = cues(text, MONTH_FIRST_CUES);
  if (day !== month) return day > month;
  const dayName = new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?(?:\\s+of)?[\\s-]+${MONTH}[\\s,-]+\\d{4}\\b`, "i");
  const nameDay = new RegExp(`\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}\\b`, "i");
  const a = dayName.exec(text)?.index ?? -1;
  const b = nameDay.exec(text)?.index ?? -1;
  return a >= 0 && (b < 0 || a < b);
}
