import { CURRENCY_CODES, coerceNumber, findDates, findNumbers } from "./coerce.ts";
import { cellQuote, type DocText, lineQuote, type Sentence } from "./document-text.ts";
import { coerceFor, type Fill, fieldWords, foundBut, isDateField, numberWants } from "./field-values.ts";
import { type Labelled, MIN_LABEL_SCORE } from "./labels.ts";
import type { ScalarField } from "./schema-walk.ts";
import { areRelated, type FieldTerms, has, labelScore, relatedWords as RELATED_OF, terms } from "./terms.ts";

// Filling single values: first from labelled values (best label for each field, each labelled
// value used once), then, for numbers and dates still missing, from the sentence that names the
// field best ("Revenue in 2025 was $12.4 million"), and a currency from the one ISO code the
// document names.

export type Slot = {
  field: ScalarField;
  pointer: string;
  terms: FieldTerms;
  /** Name words with numbers kept ("revenue_2025" -> revenue, 2025), for sentences. */
  sentenceTerms: string[];
  fill?: Fill;
  /** Why candidates were refused, best candidate first. */
  failures: { score: number; reason: string }[];
};

const originWeight: Record<Labelled["origin"], number> = { inline: 1, table: 1, block: 0.95, heading: 0.85 };

/**
 * Each field takes the labelled value whose label names it best and whose text has the field's
 * type; pairs are taken best first, so "Due date" goes to due_date before invoice_date can take
 * it, and a label twice in the document gives its first value.
 */
export function fillFromLabels(
  slots: Slot[],
  labelled: Labelled[],
  used: Set<Labelled>,
  objects: { terms: FieldTerms; children: Slot[]; parts: number }[] = [],
) {
  // A label that names an object ("Bill to:" for `customer`) better than it names a field is
  // kept for that object: for its own fields, unless they are parts (a name and an address)
  // to be split out of its value (src/core/answering/structured/parties.ts).
  const owner = new Map<Labelled, { score: number; children: Slot[]; parts: number }>();
  for (const cand of labelled)
    for (const o of objects) {
      const score = labelScore(cand.terms, o.terms);
      if (score >= MIN_LABEL_SCORE && score > (owner.get(cand)?.score ?? 0))
        owner.set(cand, { score, children: o.children, parts: o.parts });
    }
  const pairs: { slot: Slot; cand: Labelled; score: number; fill: Fill }[] = [];
  slots.forEach((slot) => {
    if (slot.fill) return;
    for (const cand of labelled) {
      if (used.has(cand)) continue;
      const score = labelScore(cand.terms, slot.terms) * originWeight[cand.origin];
      if (score < MIN_LABEL_SCORE) continue;
      const o = owner.get(cand);
      if (o && o.score > score && (!o.children.includes(slot) || o.parts >= 2)) continue;
      const c = coerceFor(slot.field, cand.value);
      if (!c.ok) {
        slot.failures.push({ score, reason: foundBut(cand.value, fieldWords(slot.field), c.reason) });
        continue;
      }
      pairs.push({
        slot,
        cand,
        score,
        fill: {
          pointer: slot.pointer,
          value: c.value,
          page: cand.page,
          quote: quoteWithin(cand.quote, c.text),
          raw: cand.value,
        },
      });
    }
  });
  pairs.sort((a, b) => b.score - a.score || a.cand.order - b.cand.order);
  for (const p of pairs) {
    if (p.slot.fill || used.has(p.cand)) continue;
    p.slot.fill = p.fill;
    used.add(p.cand);
  }
}

/** The labelled value's quote (label and value); its value's own text when the quote lacks it. */
function quoteWithin(quote: string | undefined, text: string): string | undefined {
  return quote ?? (text || undefined);
}

const PERCENT_WORDS = new Set([
  "percent",
  "growth",
  "rate",
  "change",
  "margin",
  "share",
  "increase",
  "decrease",
]);

/**
 * Numbers and dates written in prose. Of the sentences that hold half the field's name at least
 * (one word of it a real word, not a number) and a value of its kind, the one holding the most
 * of the name is read: years are left out unless the field is a year, percentages are taken
 * only for a field about a percent, a rate or a fraction, and the value nearest after the
 * field's words wins. A sentence that names the field but holds no such value explains why the
 * field is missing.
 */
export function fillFromSentences(slots: Slot[], doc: DocText) {
  // A sentence's words are worked out only for sentences that hold some field word at all.
  const lower = doc.sentences.map((s) => s.text.toLowerCase());
  const words = new Map<number, string[]>();
  const wordsOf = (i: number) => {
    let ws = words.get(i);
    if (!ws) {
      const s = doc.sentences[i] as Sentence;
      ws = terms(s.text, { keepNumbers: true });
      if (s.text.includes("%")) ws.push("percent");
      words.set(i, ws);
    }
    return ws;
  };
  const related = (w: string) => [w, ...RELATED_OF(w)].map((v) => (v === "percent" ? "%" : v.slice(0, 4)));
  for (const slot of slots) {
    if (slot.fill) continue;
    const f = slot.field;
    const date = isDateField(f);
    if (!date && f.type !== "number" && f.type !== "integer") continue;
    if (f.enum?.length) continue;
    // The type's own word ("date" of a date, "number" of a number) is no evidence by itself.
    const typeWords = date ? ["date"] : ["number", "amount", "value", "count", "figure"];
    const specific = slot.sentenceTerms.filter((w) => !typeWords.includes(w));
    const name = specific.length ? specific : slot.sentenceTerms;
    const fieldText = [...name, ...slot.terms.description];
    const wantsYear = fieldText.includes("year");
    const wantsPercent = numberWants(f).fraction || fieldText.some((w) => PERCENT_WORDS.has(w));
    const words = fieldWords(f);
    /** The value of the field's kind in the sentence, nearest after `at`, or why there is none. */
    const valueIn = (s: Sentence, at: number): { text: string } | { reason: string } => {
      if (date) {
        const dates = findDates(s.text);
        return dates.find((x) => x.start >= at) ?? dates[0] ?? { reason: "it holds no date" };
      }
      const numbers = findNumbers(s.text).filter(
        (n) => (wantsYear || !n.yearLike) && n.percent === wantsPercent && !name.includes(String(n.value)),
      );
      return (
        numbers.find((x) => x.start >= at) ??
        numbers[0] ?? { reason: wantsPercent ? "it holds no percentage" : "it holds no number" }
      );
    };
    let best: { s: Sentence; score: number; text: string } | null = null;
    let named: { s: Sentence; score: number; reason: string } | null = null;
    const probes = name.flatMap(related);
    for (let i = 0; i < doc.sentences.length; i++) {
      const text = lower[i] as string;
      if (!probes.some((p) => text.includes(p))) continue;
      const s = doc.sentences[i] as Sentence;
      const ws = wordsOf(i);
      let found = 0;
      let word = false;
      let at = -1;
      for (const n of name) {
        const hit = has(ws, n) ? 1 : ws.some((w) => areRelated(w, n)) ? 0.8 : 0;
        found += hit;
        if (hit && !/\d/.test(n)) word = true;
        if (hit && at < 0) at = text.indexOf(n.slice(0, Math.max(3, n.length - 1)));
      }
      if (!word || found / Math.max(1, name.length) < 0.5) continue;
      const desc = slot.terms.description;
      const score =
        found / Math.max(1, name.length) +
        (desc.length ? (0.1 * desc.filter((d) => ws.includes(d)).length) / desc.length : 0);
      const v = valueIn(s, at);
      if ("reason" in v) {
        if (!named || score > named.score) named = { s, score, reason: v.reason };
      } else if (!best || score > best.score) best = { s, score, text: v.text };
    }
    if (!best) {
      if (named) slot.failures.push({ score: 0.5, reason: foundBut(named.s.text, words, named.reason) });
      continue;
    }
    const { s, text } = best;
    const c = date ? coerceFor(f, text) : coerceNumber(text, numberWants(f));
    const quote = lineQuote(s.line, s.start, s.end);
    if (c.ok) slot.fill = { pointer: slot.pointer, value: c.value, page: s.line.page, quote, raw: text };
    else slot.failures.push({ score: 0.5, reason: foundBut(text, words, c.reason) });
  }
}

/**
 * A currency field without a label: the one ISO 4217 code the document names ("All amounts are
 * in USD."), else the currency of its amounts when their symbol names only one ("€", "£"). A
 * "$" alone does not say which dollar, and is reported rather than guessed.
 */
export function fillCurrency(slots: Slot[], doc: DocText) {
  for (const slot of slots) {
    if (slot.fill || slot.field.type !== "string" || !slot.terms.name.includes("currency")) continue;
    const codes = new Map<string, { page: number; quote: string }>();
    const symbols = new Map<string, { page: number; quote: string }>();
    for (const s of doc.sentences) {
      for (const m of s.text.matchAll(/\b[A-Z]{3}\b/g)) {
        if (CURRENCY_CODES.has(m[0]) && !codes.has(m[0]))
          codes.set(m[0], { page: s.line.page, quote: lineQuote(s.line, s.start, s.end) });
      }
      for (const n of findNumbers(s.text)) {
        if (n.currency && !symbols.has(n.currency))
          symbols.set(n.currency, {
            page: s.line.page,
            quote: lineQuote(s.line, s.start + n.start, s.start + n.end),
          });
      }
    }
    for (const t of doc.tables)
      t.rows.forEach((r, i) => {
        r.forEach((c, k) => {
          for (const n of findNumbers(c))
            if (n.currency && !symbols.has(n.currency))
              symbols.set(n.currency, { page: t.rowPages[i] ?? 1, quote: cellQuote(t, i, [k]) ?? "" });
        });
      });
    const words = fieldWords(slot.field);
    const one = codes.size === 1 ? [...codes][0] : symbols.size === 1 ? [...symbols][0] : undefined;
    const [code, at] = one ?? [null, null];
    if (!code || !at) {
      const names = [...new Set([...codes.keys(), ...symbols.keys()])];
      slot.failures.push({
        score: 0.4,
        reason: names.length
          ? `the document's amounts are in ${names.map((n) => `'${n}'`).join(", ")}, which does not name one currency`
          : `no currency found for '${words}'`,
      });
      continue;
    }
    if (!/^[A-Z]{3}$/.test(code)) {
      slot.failures.push({
        score: 0.4,
        reason: `amounts are written with '${code}', which does not say which currency`,
      });
      continue;
    }
    const c = coerceFor(slot.field, code);
    if (c.ok)
      slot.fill = { pointer: slot.pointer, value: c.value, page: at.page, quote: at.quote, raw: code };
    else slot.failures.push({ score: 0.4, reason: foundBut(code, words, c.reason) });
  }
}
