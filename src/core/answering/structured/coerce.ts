// Text found in a document -> a value of the type the schema asks for: numbers written with
// thousands separators, currency, parentheses, percentages and scale words; whole numbers; dates
// in the usual human formats -> ISO 8601; yes/no words -> booleans; enum values matched without
// regard to case. Pure functions; each failure says what the text is not.

export type Coerced<T> = { ok: true; value: T; text: string } | { ok: false; reason: string };

const CURRENCY_SYMBOLS = "$€£¥₹₩₽₺₪";
/** ISO 4217 codes common enough to be recognised beside an amount or named in a document. */
export const CURRENCY_CODES = new Set(
  "USD EUR GBP JPY CNY CHF CAD AUD NZD SEK NOK DKK PLN CZK HUF RON BGN INR BRL MXN ZAR SGD HKD KRW TRY RUB AED SAR ILS THB MYR IDR PHP TWD ARS CLP COP PEN NGN EGP KES".split(
    " ",
  ),
);
/** Symbols that name one currency; "$" and "¥" name several and are not here. */
export const SYMBOL_CURRENCY: Record<string, string> = { "€": "EUR", "£": "GBP", "₹": "INR", "₩": "KRW" };

const SCALES: [RegExp, number][] = [
  [/^(thousand|thousands|k)$/i, 1e3],
  [/^(million|millions|mn|mio|m)$/i, 1e6],
  [/^(billion|billions|bn|b)$/i, 1e9],
  [/^(trillion|trillions|tn)$/i, 1e12],
];

export type ParsedNumber = {
  value: number;
  percent: boolean;
  currency: string | null;
  /** The scale word's factor ("million" -> 1e6), already applied to `value`, or 1. */
  scale: number;
  scaleWord: string | null;
};

/** "1,250.00", "1.250,00", "1 250", "1'250.5", "12,5" -> a number; anything else -> null. */
export function parseDigits(core: string): number | null {
  let s = core.replace(/[\s\u00a0\u202f]/g, (m, i: number) => (/\d/.test(core[i + 1] ?? "") ? "" : m));
  if (/^\d{1,3}(['’]\d{3})+(\.\d+)?$/.test(s)) s = s.replace(/['’]/g, "");
  if (!/^\d[\d.,]*$/.test(s) && !/^[.,]\d+$/.test(s)) return null;
  const lastDot = s.lastIndexOf(".");
  const lastComma = s.lastIndexOf(",");
  if (lastDot >= 0 && lastComma >= 0) {
    // Both: the one written last is the decimal mark.
    const [thousands, decimal] = lastDot > lastComma ? [",", "."] : [".", ","];
    const [int = "", frac, extra] = s.split(decimal);
    if (extra !== undefined || frac === undefined) return null;
    if (!new RegExp(`^\\d{1,3}(\\${thousands}\\d{3})*$`).test(int)) return null;
    s = `${int.split(thousands).join("")}.${frac}`;
  } else if (lastComma >= 0) {
    // Commas alone: thousands when they group by three ("1,250"), else a decimal comma ("12,5").
    if (/^\d{1,3}(,\d{3})+$/.test(s)) s = s.replace(/,/g, "");
    else if (/^\d*,\d+$/.test(s)) s = s.replace(",", ".");
    else return null;
  } else if (lastDot >= 0) {
    // Dots alone: several group by three ("1.250.000"); one is a decimal point.
    if (/^\d{1,3}(\.\d{3}){2,}$/.test(s)) s = s.replace(/\./g, "");
    else if (!/^\d*\.\d+$/.test(s)) return null;
  }
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

const CODES = [...CURRENCY_CODES].join("|");
const NUMBER_TOKEN = new RegExp(
  [
    String.raw`(?<open>\()?\s*`,
    String.raw`(?<sign1>[-−–])?\s*`,
    String.raw`(?<cur1>[${CURRENCY_SYMBOLS}]|\b(?:${CODES})\b)?\s*`,
    "(?<sign2>[-−])?",
    String.raw`(?<core>(?<![\d.,])(?:\d{1,3}(?:[\s\u00a0\u202f]\d{3})+(?:[.,]\d+)?(?!\d)|\d[\d.,'’]*)(?<![.,'’]))`,
    String.raw`(?:\s*(?<pct>%|percent\b|per cent\b))?`,
    String.raw`(?:\s*(?<scale>thousands?\b|millions?\b|billions?\b|trillions?\b|mn\b|bn\b|mio\b|tn\b|[kmb]\b))?`,
    String.raw`(?:\s*(?<cur2>[${CURRENCY_SYMBOLS}]|\b(?:${CODES})\b))?`,
    String.raw`(?<close>\s*\))?`,
  ].join(""),
  "gu",
);

export type NumberMatch = ParsedNumber & { start: number; end: number; text: string; yearLike: boolean };

/** Every number written in a text, with what is written around it. */
export function findNumbers(text: string): NumberMatch[] {
  const out: NumberMatch[] = [];
  for (const m of text.matchAll(NUMBER_TOKEN)) {
    const g = m.groups ?? {};
    const core = g.core ?? "";
    let digits = parseDigits(core);
    if (digits === null) continue;
    const cur = g.cur1 ?? g.cur2 ?? null;
    // A letter right before the digits makes them part of a code ("INV-2026"), not a number.
    const before = text.slice(0, m.index + m[0].indexOf(core));
    const prev = before.replace(/[\s$€£¥₹]+$/u, "");
    const joined = /[\p{L}_]$/u.test(prev) || /[\p{L}\p{N}][-–]$/u.test(prev);
    if (joined && !cur && !/\s$/.test(before)) continue;
    if (/^[\p{L}_-]/u.test(text.slice(m.index + m[0].length)) && !g.scale && !g.pct) continue;
    let scale = 1;
    let scaleWord: string | null = null;
    if (g.scale) {
      for (const [re, f] of SCALES)
        if (re.test(g.scale)) {
          scale = f;
          scaleWord = g.scale;
        }
    }
    const negative = Boolean((g.open && g.close) || g.sign1 === "-" || g.sign1 === "−" || g.sign2);
    if (negative) digits = -digits;
    const value = scale === 1 ? digits : Number((digits * scale).toPrecision(15));
    const start = m.index + (g.open && !g.close ? 1 : 0);
    const full = m[0];
    const end = m.index + (g.open && !g.close ? full.length : full.length);
    const yearLike = !cur && !g.pct && scale === 1 && /^(19|20)\d\d$/.test(core);
    out.push({
      value,
      percent: Boolean(g.pct),
      currency: cur && !/^[A-Z]{3}$/.test(cur) ? (SYMBOL_CURRENCY[cur] ?? cur) : cur,
      scale,
      scaleWord,
      start,
      end,
      text: text.slice(start, end).trim(),
      yearLike,
    });
  }
  return out;
}

/** "$1,250.00", "(12.5)", "-42", "8%": the usual shapes of a cell, read without the full scan. */
const SIMPLE = /^(\()?([-−])?([$€£¥₹])?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(%)?(\))?$/;

/** A value that is one number, and nothing else but its currency, sign, percent and scale. */
export function parseNumber(text: string): ParsedNumber | null {
  const t = text.trim().replace(/[.;:,]$/, "");
  const q = SIMPLE.exec(t);
  if (q && Boolean(q[1]) === Boolean(q[6])) {
    const digits = Number((q[4] ?? "").replace(/,/g, ""));
    const negative = Boolean(q[2]) || (Boolean(q[1]) && !q[5]);
    const cur = q[3] ? (SYMBOL_CURRENCY[q[3]] ?? q[3]) : null;
    return {
      value: negative ? -digits : digits,
      percent: Boolean(q[5]),
      currency: cur,
      scale: 1,
      scaleWord: null,
    };
  }
  const found = findNumbers(t);
  if (found.length !== 1) return null;
  const [n] = found as [NumberMatch];
  const rest = (t.slice(0, n.start) + t.slice(n.end)).replace(/\s+/g, "");
  // "CR"/"DR" markers and a trailing minus are the only other things allowed.
  if (rest === "-" || rest === "−" || /^(CR)$/i.test(rest)) return { ...n, value: -Math.abs(n.value) };
  if (rest && !/^(DR)$/i.test(rest)) return null;
  return n;
}

export type NumberWants = {
  integer: boolean;
  /** Percentages as fractions (8% -> 0.08) instead of 8. */
  fraction: boolean;
  /** The field is already in this scale ("in millions"): "12.4 million" -> 12.4. */
  scaleWords: string[];
};

/** Applies what the field wants to a parsed number. */
export function numberFor(n: ParsedNumber, wants: NumberWants): number {
  let v = n.value;
  if (n.scale !== 1 && wants.scaleWords.some((w) => scaleOf(w) === n.scale))
    v = Number((v / n.scale).toPrecision(15));
  if (n.percent && wants.fraction) v = Number((v / 100).toPrecision(15));
  return v;
}

export function scaleOf(word: string): number {
  for (const [re, f] of SCALES) if (re.test(word)) return f;
  return 1;
}

export function coerceNumber(text: string, wants: NumberWants): Coerced<number> {
  const n = parseNumber(text);
  const kind = wants.integer ? "a whole number" : "a number";
  if (!n) {
    // A value with a few words around one number ("30 days") is that number.
    const all = findNumbers(text);
    if (all.length === 1 && all[0]) return finishNumber(all[0], text, wants);
    return {
      ok: false,
      reason: all.length > 1 ? `it holds ${all.length} numbers, not ${kind}` : `it is not ${kind}`,
    };
  }
  return finishNumber(n, text, wants);
}

function finishNumber(n: ParsedNumber, text: string, wants: NumberWants): Coerced<number> {
  const value = numberFor(n, wants);
  if (wants.integer && !Number.isInteger(value)) return { ok: false, reason: "it is not a whole number" };
  return { ok: true, value, text: text.trim() };
}

// Month names in English, German, French and Dutch (full and the usual abbreviations), by number.
const MONTH_NAMES: [number, string][] = [
  [1, "jan(?:uary|uari|uar|v(?:ier)?)?|j(?:ä|ae)n(?:ner)?|janvier"],
  [2, "feb(?:ruary|ruari|ruar)?|f(?:é|e)vr?(?:ier)?"],
  [3, "mar(?:ch|s)?|m(?:ä|ae)rz?|maart|mrt"],
  [4, "apr(?:il)?|avr(?:il)?"],
  [5, "may|mai|mei"],
  [6, "june?|juni|juin"],
  [7, "july?|juli|juil(?:let)?"],
  [8, "aug(?:ust(?:us)?)?|ao(?:û|u)t"],
  [9, "sep(?:t(?:ember|embre)?)?"],
  [10, "o[ck]t(?:ober|obre)?"],
  [11, "nov(?:ember|embre)?"],
  [12, "de[cz](?:ember)?|d(?:é|e)c(?:embre)?"],
];
const MONTH_RES = MONTH_NAMES.map(([n, re]) => [n, new RegExp(`^(?:${re})\\.?$`, "iu")] as const);
const MONTH = `(${MONTH_NAMES.map(([, re]) => re).join("|")})(?![\\p{L}])\\.?`;
const WEEKDAY = String.raw`(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\.?,?\s+)?`;
const ORD = "(?:st|nd|rd|th|er|\\.)?";

/** Group `i` of a match as a number (NaN when absent), and a month name's number. */
const g = (m: RegExpExecArray, i: number) => Number(m[i] ?? Number.NaN);
const month = (m: RegExpExecArray, i: number) => {
  const name = m[i] ?? "";
  return MONTH_RES.find(([, re]) => re.test(name))?.[0] ?? 0;
};

/** Date patterns, each giving [year, month, day] from its match. */
const DATE_PATTERNS: [RegExp, (m: RegExpExecArray, dayFirst: boolean) => [number, number, number]][] = [
  // 2026-03-05, 2026/03/05, 2026.03.05
  [/(?<!\d)(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?!\d)/giu, (m) => [g(m, 1), g(m, 3), g(m, 4)]],
  // March 5, 2026; Thursday, Mar. 5th 2026
  [
    new RegExp(String.raw`\b${WEEKDAY}${MONTH}\s+(\d{1,2})${ORD},?\s+(\d{4})(?!\d)`, "giu"),
    (m) => [g(m, 3), month(m, 1), g(m, 2)],
  ],
  // 5 March 2026; 5th of March, 2026; 05-Mar-2026
  [
    new RegExp(String.raw`\b${WEEKDAY}(\d{1,2})${ORD}(?:\s+of)?[\s-]+${MONTH},?[\s-]+(\d{4})(?!\d)`, "giu"),
    (m) => [g(m, 3), month(m, 2), g(m, 1)],
  ],
  // 05.03.2026: day.month.year
  [/(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4})(?!\d)/gu, (m) => [g(m, 3), g(m, 2), g(m, 1)]],
  // 03/05/2026 or 03-05-2026: month/day (or day/month where the locale says so), unless the
  // first number cannot be a month
  [
    /(?<![\d/-])(\d{1,2})([/-])(\d{1,2})\2(\d{4})(?!\d)/gu,
    (m, dayFirst) =>
      g(m, 1) > 12 || (dayFirst && g(m, 3) <= 12) ? [g(m, 4), g(m, 3), g(m, 1)] : [g(m, 4), g(m, 1), g(m, 3)],
  ],
];

export type DateMatch = { iso: string; start: number; end: number; text: string };

const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/**
 * Every calendar date written in a text, in order, as ISO 8601 (YYYY-MM-DD). `dayFirst` reads
 * 03/05/2026 as 3 May (most of the world) instead of March 5 (the United States).
 */
export function findDates(text: string, opts: { dayFirst?: boolean } = {}): DateMatch[] {
  const out: DateMatch[] = [];
  for (const [re, parts] of DATE_PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const [y, mo, d] = parts(m, opts.dayFirst ?? false);
      const start = m.index;
      const end = m.index + m[0].length;
      if (out.some((o) => start < o.end && end > o.start)) continue;
      if (!(mo >= 1 && mo <= 12 && d >= 1 && d <= daysIn(y, mo) && y >= 1000)) continue;
      out.push({ iso: `${pad(y, 4)}-${pad(mo)}-${pad(d)}`, start, end, text: m[0] });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

const TIME =
  /^(?:,?\s+(?:at\s+)?|T)(\d{1,2}):(\d{2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?(?:\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2}))?/i;

/** A value that is one date (and, for `dateTime`, a time after it) -> ISO 8601. */
export function coerceDate(text: string, opts: { dateTime?: boolean } = {}): Coerced<string> {
  const t = text.trim().replace(/[.;,]+$/, "");
  const dates = findDates(t);
  const whole = dates.find((d) => d.start === 0 && d.end === t.length);
  const date = whole ?? (dates.length === 1 ? dates[0] : undefined);
  if (!date) return { ok: false, reason: dates.length > 1 ? "it holds several dates" : "it is not a date" };
  if (!opts.dateTime) return { ok: true, value: date.iso, text: date.text };
  const tm = TIME.exec(t.slice(date.end));
  if (!tm) return { ok: false, reason: "it is a date without a time" };
  let h = g(tm, 1);
  const ampm = tm[4]?.toLowerCase().replace(/\./g, "");
  if (ampm === "pm" && h < 12) h += 12;
  if (ampm === "am" && h === 12) h = 0;
  if (h > 23 || g(tm, 2) > 59 || Number(tm[3] ?? 0) > 59)
    return { ok: false, reason: "its time is not a time" };
  const zone = tm[5]?.toUpperCase();
  const offset = !zone
    ? ""
    : zone === "Z" || zone === "UTC" || zone === "GMT"
      ? "Z"
      : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  return {
    ok: true,
    value: `${date.iso}T${pad(h)}:${tm[2]}:${pad(+(tm[3] ?? 0))}${offset}`,
    text: t.slice(date.start, date.end + tm[0].length),
  };
}

const TRUE_WORDS = new Set([
  "yes",
  "y",
  "true",
  "t",
  "paid",
  "x",
  "✓",
  "✔",
  "☑",
  "☒",
  "[x]",
  "checked",
  "on",
  "1",
  "received",
  "done",
  "completed",
  "complete",
]);
const FALSE_WORDS = new Set([
  "no",
  "n",
  "false",
  "f",
  "unpaid",
  "not paid",
  "☐",
  "[ ]",
  "unchecked",
  "off",
  "0",
  "none",
  "outstanding",
  "pending",
  "open",
]);

export function coerceBoolean(text: string): Coerced<boolean> {
  const t = text
    .trim()
    .toLowerCase()
    .replace(/[.!;,]+$/, "")
    .replace(/\s+/g, " ");
  if (TRUE_WORDS.has(t)) return { ok: true, value: true, text: text.trim() };
  if (FALSE_WORDS.has(t)) return { ok: true, value: false, text: text.trim() };
  return { ok: false, reason: "it is not yes or no" };
}

const enumKey = (v: string) => v.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** The allowed value the text names: equal but for case and punctuation, or the only one it holds as a word. */
export function coerceEnum(text: string, allowed: readonly unknown[]): Coerced<unknown> {
  const t = text.trim();
  for (const a of allowed) {
    if (typeof a === "string" && enumKey(a) === enumKey(t) && enumKey(t))
      return { ok: true, value: a, text: t };
    if (typeof a === "number" && parseNumber(t)?.value === a) return { ok: true, value: a, text: t };
    if (typeof a === "boolean") {
      const b = coerceBoolean(t);
      if (b.ok && b.value === a) return { ok: true, value: a, text: t };
    }
  }
  const words = ` ${t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ")} `;
  const inside = allowed.filter(
    (a): a is string =>
      typeof a === "string" &&
      a.trim() !== "" &&
      words.includes(
        ` ${a
          .toLowerCase()
          .replace(/[^\p{L}\p{N}]+/gu, " ")
          .trim()} `,
      ),
  );
  if (inside.length === 1) return { ok: true, value: inside[0], text: t };
  const list = allowed.map((a) => JSON.stringify(a)).join(", ");
  return { ok: false, reason: `it is not one of ${list}` };
}

/** Document text as a string value: markdown emphasis gone, spaces collapsed. */
export function cleanString(text: string): string {
  return text
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/\*\*|__|`/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[,;:\s]+|[,;:\s]+$/g, "");
}

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}/u;
const URI = /\b[a-z][a-z0-9+.-]*:\/\/[^\s<>"')\]]+/i;

export function coerceString(text: string, format?: string): Coerced<string> {
  const value = cleanString(text);
  if (!value) return { ok: false, reason: "it is empty" };
  if (format === "email") {
    const m = EMAIL.exec(value);
    return m ? { ok: true, value: m[0], text: m[0] } : { ok: false, reason: "it is not an email address" };
  }
  if (format === "uri" || format === "url") {
    const m = URI.exec(value);
    return m ? { ok: true, value: m[0], text: m[0] } : { ok: false, reason: "it is not a URI" };
  }
  return { ok: true, value, text: text.trim() };
}
