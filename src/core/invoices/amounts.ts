import { CURRENCY_CODES, SYMBOL_CURRENCY } from "../answering/structured/coerce.ts";

// Amounts as invoices write them: 1,234.56 / 1.234,56 / 1 234,56 / 1'234.56, a sign, a minus
// after the number or parentheses for deductions, a currency symbol or code before or after.
// Which mark is the decimal one is decided once per document (`numberStyle`), since "1.234" alone
// means a thousand in Berlin and one and a bit in Boston.

export type NumberStyle = { decimal: "." | ","; spaceGroups: boolean };

export type Amount = {
  value: number;
  percent: boolean;
  /** ISO code when the amount carries a code or a one-currency symbol; "$" when only a dollar sign. */
  currency: string | null;
  start: number;
  end: number;
  text: string;
};

const SPACE = "[ \\u00a0\\u202f]";
const SYMBOLS = "$€£¥₹";
const CODES = [...CURRENCY_CODES].join("|");

/** The document's decimal mark, from how its amounts with two decimals are written; else the locale's. */
export function numberStyle(text: string, locale?: string): NumberStyle {
  const comma = (text.match(/\d,\d{2}(?!\d)/g) ?? []).length;
  const dot = (text.match(/\d\.\d{2}(?![\d.])/g) ?? []).length;
  const spaced = (text.match(new RegExp(`\\d${SPACE}\\d{3},\\d{2}(?!\\d)`, "g")) ?? []).length;
  const byLocale: "." | "," =
    /^(de|fr|es|it|nl|pt|da|sv|nb|fi|pl|cs)/i.test(locale ?? "") && !/-CH$/i.test(locale ?? "") ? "," : ".";
  const decimal = comma === dot ? byLocale : comma > dot ? "," : ".";
  return { decimal, spaceGroups: decimal === "," && spaced > 0 };
}

function tokenRe(style: NumberStyle): RegExp {
  const group = style.decimal === "," ? `[.'’]${style.spaceGroups ? `|${SPACE}` : ""}` : `[,'’]`;
  const dec = style.decimal === "," ? "," : "\\.";
  const core = `\\d{1,3}(?:(?:${group})\\d{3})+(?:${dec}\\d{1,2})?|\\d+(?:${dec}\\d{1,2})?`;
  return new RegExp(
    `(?<![\\p{L}\\p{N}])(?<open>\\()?(?<sign>[-−–])?\\s?(?<cur1>[${SYMBOLS}]|(?<![\\p{L}])(?:${CODES})(?![\\p{L}]))?\\s?(?<sign2>[-−])?` +
      `(?<![\\d.,'’\\p{L}])(?<![\\p{L}\\p{N}][-/])(?<core>${core})(?![\\d\\p{L}]|[.,]\\d)` +
      `(?:\\s?(?<pct>%))?(?:\\s?(?<cur2>[${SYMBOLS}]|(?<![\\p{L}])(?:${CODES})(?![\\p{L}])))?(?<trail>-(?!\\d))?(?<close>\\))?`,
    "gu",
  );
}

const cache = new Map<string, RegExp>();

/** Every amount in a text, read with the document's number style. */
export function findAmounts(text: string, style: NumberStyle): Amount[] {
  const key = `${style.decimal}${style.spaceGroups}`;
  let re = cache.get(key);
  if (!re) {
    re = tokenRe(style);
    cache.set(key, re);
  }
  const out: Amount[] = [];
  for (const m of text.matchAll(re)) {
    const g = m.groups ?? {};
    const core = g.core ?? "";
    const digits = core
      .replace(new RegExp(`[^\\d${style.decimal === "," ? "," : "."}]`, "g"), "")
      .replace(",", ".");
    let value = Number(digits);
    if (!Number.isFinite(value)) continue;
    const negative = Boolean((g.open && g.close) || g.sign || g.sign2 || g.trail);
    if (negative) value = -value;
    const cur = g.cur1 ?? g.cur2 ?? null;
    const currency = cur ? (SYMBOL_CURRENCY[cur] ?? cur) : null;
    // An unmatched parenthesis belongs to the text around the amount, not to it.
    const start = m.index + (g.open && !g.close ? 1 : 0);
    const end = m.index + m[0].length - (g.close && !g.open ? 1 : 0);
    out.push({ value, percent: Boolean(g.pct), currency, start, end, text: text.slice(start, end).trim() });
  }
  return out;
}

/** The text as one amount, nothing else around it but its currency and sign. */
export function parseAmount(text: string, style: NumberStyle): Amount | null {
  const t = text.trim();
  const found = findAmounts(t, style);
  if (found.length !== 1) return null;
  const [a] = found as [Amount];
  const rest = (t.slice(0, a.start) + t.slice(a.end)).replace(/[\s*:]/g, "");
  return rest === "" ? a : null;
}
