// Words of schema property names, descriptions and document labels, normalised so that they can
// be compared: camelCase and snake_case split, lower case, a light plural stemming, common
// abbreviations spelled out ("no", "#", "qty"), and a few general business-document synonyms.

const STOP = new Set([
  "a",
  "an",
  "the",
  "of",
  "for",
  "in",
  "on",
  "at",
  "by",
  "is",
  "was",
  "are",
  "were",
  "be",
  "as",
  "it",
  "its",
  "and",
  "or",
  "with",
  "this",
  "that",
  "these",
  "those",
  "per",
  "to",
  "from",
  "if",
  "any",
  "each",
  "which",
  "what",
  "when",
  "where",
  "who",
  "how",
  "value",
]);

/** Abbreviations and spellings that mean the same word. */
const CANONICAL: Record<string, string> = {
  no: "number",
  nr: "number",
  num: "number",
  nbr: "number",
  "#": "number",
  "n°": "number",
  nº: "number",
  qty: "quantity",
  amt: "amount",
  desc: "description",
  descr: "description",
  addr: "address",
  inv: "invoice",
  tel: "phone",
  telephone: "phone",
  mail: "email",
  vat: "tax",
  gst: "tax",
  hst: "tax",
  ref: "reference",
  pct: "percent",
  percentage: "percent",
  "%": "percent",
  organisation: "organization",
  dated: "date",
};

/** Word sequences read as one idea (after CANONICAL). */
const PHRASES: [string[], string[]][] = [
  [["bill", "to"], ["customer"]],
  [["billed", "to"], ["customer"]],
  [["sold", "to"], ["customer"]],
  [["invoice", "to"], ["customer"]],
  [["invoiced", "to"], ["customer"]],
  [["ship", "to"], ["shipping"]],
  [["deliver", "to"], ["shipping"]],
  [["po"], ["purchase", "order"]],
  [["e", "mail"], ["email"]],
  [["sub", "total"], ["subtotal"]],
  [["grand", "total"], ["total"]],
  [
    ["amount", "due"],
    ["total", "due"],
  ],
  [
    ["balance", "due"],
    ["total", "due"],
  ],
  [
    ["amount", "payable"],
    ["total", "due"],
  ],
  [["sales", "tax"], ["tax"]],
  [["per", "cent"], ["percent"]],
];

const PHRASES_BY_FIRST = new Map<string, [string[], string[]][]>();
for (const p of PHRASES) {
  const first = p[0][0] as string;
  PHRASES_BY_FIRST.set(first, [...(PHRASES_BY_FIRST.get(first) ?? []), p]);
}

/** A label that is one of these words alone means the party it names. */
const WHOLE_LABEL: Record<string, string> = { from: "vendor", to: "customer" };

/** Words close enough in meaning that one may stand for the other (weaker than the same word). */
const RELATED: string[][] = [
  ["total", "amount", "sum", "balance"],
  ["price", "rate", "cost", "fee", "unit"],
  ["description", "item", "product", "service", "detail", "article"],
  ["quantity", "count", "qty"],
  ["number", "id", "identifier"],
  ["vendor", "supplier", "seller", "issuer", "merchant", "biller", "provider", "company"],
  ["customer", "client", "buyer", "purchaser", "recipient"],
  ["due", "payable"],
  ["name", "title"],
  ["organization", "company", "business"],
];
const related = new Map<string, Set<string>>();
for (const group of RELATED)
  for (const w of group) {
    const set = related.get(w) ?? new Set<string>();
    for (const v of group) if (v !== w) set.add(v);
    related.set(w, set);
  }

export const areRelated = (a: string, b: string) => related.get(a)?.has(b) ?? false;
/** Words related to `w` and the abbreviations that spell it ("qty" for quantity). */
export const relatedWords = (w: string): string[] => [
  ...(related.get(w) ?? []),
  ...Object.keys(CANONICAL).filter((k) => CANONICAL[k] === w),
];

function stem(w: string): string {
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith("ies") && w.length > 4) return `${w.slice(0, -3)}y`;
  if (/(ss|us|is)$/.test(w)) return w;
  if (/(x|ch|sh|sses)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith("s")) return w.slice(0, -1);
  return w;
}

/** Raw words: camelCase and snake_case split, lower case, "#" and "%" kept as words. */
export function rawWords(s: string): string[] {
  return s
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, "$1 $2")
    .replace(/[nN][°º]/g, " # ")
    .replace(/([#%])/g, " $1 ")
    .toLowerCase()
    .split(/[^\p{L}\p{N}#%]+/u)
    .filter(Boolean);
}

/**
 * Normalised terms of a text: stemmed, abbreviations spelled out, phrases joined, stop words
 * and (unless `keepNumbers`) words holding digits and single letters left out.
 */
export function terms(s: string, opts: { keepNumbers?: boolean } = {}): string[] {
  let ws = rawWords(s).map((w) => CANONICAL[w] ?? stem(w));
  ws = ws.map((w) => CANONICAL[w] ?? w);
  const whole = ws.length === 1 && ws[0] !== undefined ? WHOLE_LABEL[ws[0]] : undefined;
  if (whole) return [whole];
  for (let i = 0; i < ws.length; i++) {
    for (const [from, to] of PHRASES_BY_FIRST.get(ws[i] as string) ?? []) {
      if (from.every((f, k) => ws[i + k] === f)) {
        ws.splice(i, from.length, ...to);
        break;
      }
    }
  }
  return ws.filter(
    (w) =>
      !STOP.has(w) &&
      (opts.keepNumbers ? true : !/\d/.test(w)) &&
      (w.length > 1 || w === "#" || (opts.keepNumbers && /\d/.test(w))),
  );
}

/** What a schema field is called, by how strongly each word speaks for it. */
export type FieldTerms = {
  /** The property's own name (or title). */
  name: string[];
  /** Names of the objects and arrays it sits in. */
  context: string[];
  /** Its description. */
  description: string[];
  /** Words of the request's prompt. */
  hint: string[];
};

/** Field names that say what a value is, not which: the object they belong to names them. */
const GENERIC = new Set(["name", "amount", "value", "number", "total", "text", "title", "label"]);

/** The same word, or one with an inflection more: "issue"/"issued", "bill"/"billed", "ship"/"shipping". */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return (
    short.length >= 4 &&
    long.startsWith(short) &&
    /^(d|ed|s|es|er|r|ing|ping)$/.test(long.slice(short.length))
  );
}

export const has = (ws: string[], w: string) => ws.some((v) => sameWord(v, w));
const hasRelated = (ws: string[], w: string) => ws.some((v) => areRelated(v, w));

/**
 * How well a label names a field, 0..1: the mean of how much of the label the field explains
 * (its name best, then its description, its parents' names, the prompt) and how much of the
 * field's name the label holds. A label none of whose words is the field's name or in its
 * description scores 0.
 */
export function labelScore(label: string[], f: FieldTerms): number {
  if (!label.length) return 0;
  const name = f.name.length ? f.name : f.context;
  let explained = 0;
  let named = false;
  let described = true;
  for (const t of label) {
    if (!has(name, t) && !has(f.description, t)) described = false;
    let w = 0;
    if (has(name, t)) w = 1;
    else if (hasRelated(name, t)) w = 0.8;
    else if (has(f.description, t)) w = 0.6;
    else if (has(f.context, t)) w = 0.5;
    else if (hasRelated(f.description, t)) w = 0.45;
    else if (hasRelated(f.context, t)) w = 0.4;
    else if (has(f.hint, t)) w = 0.25;
    if (w >= 0.45) named = true;
    explained += w;
  }
  if (!named) return 0;
  const precision = explained / label.length;
  let found = 0;
  for (const n of name) {
    if (has(label, n)) found += 1;
    else if (hasRelated(label, n)) found += 0.8;
  }
  const recall = name.length ? found / name.length : 0;
  // The label names the object a generic field belongs to: "Price" for price.amount.
  if (recall === 0 && name.every((n) => GENERIC.has(n)) && label.every((t) => has(f.context, t))) return 0.62;
  // Only the description names it: good enough when it names every word of a label of two
  // words or more (one word of a long description says little), or the description is short.
  if (recall === 0)
    return described && (label.length >= 2 || f.description.length <= 2) ? 0.6 : 0.5 * precision;
  return (precision + recall) / 2;
}

/** A field's name in words, for messages: "invoiceDate" -> "invoice date". */
export const spoken = (key: string) => rawWords(key).join(" ") || key;
