// The kind of value a question asks for, read from how it opens, and whether a statement holds
// one: "When is the next meeting?" is answered by a statement that says a date, "How long does
// it keep warm?" by one that says an amount. A question's subject words find the passage; among
// the statements that share them, the one that holds a value of the kind asked is the answer
// rather than one that only talks about the subject ("Hold the KEEP WARM button" against "keeps
// the water warm for 30 minutes").
//
// A question asking what something costs ("How much does it cost?", "What is the price of…") asks
// for money: a sum with its currency, or "free", not any number ("open from 10 am"). A question
// opening with "Who" asks for a name: a person or an organisation, written with capitals ("Dr
// Marcus Adebayo", "Greystone Energy Agency"). ("Where" is not one: "on the underside of the base".)
//
// English question openings only; a question of another shape, or asking "what", has no kind and
// is matched on its words alone.

import { STOP_WORDS } from "./question-terms.ts";

export type AnswerKind = "date" | "amount" | "money" | "name" | "code";

/** The pseudo-term a kind is matched as, beside the question's words (never a word: "#"). */
export const KIND_TERM: Record<AnswerKind, string> = {
  date: "#date",
  amount: "#amount",
  money: "#money",
  name: "#name",
  code: "#code",
};

const DATE_QUESTION =
  /^\s*(?:(?:by|until|since|from)\s+)?(?:when\b|what\s+(?:date|day|year|month|time)\b|in\s+what\s+year\b|which\s+(?:date|day|year|month)\b)/i;
const AMOUNT_QUESTION =
  /^\s*(?:(?:by|to|for)\s+)?(?:how\s+(?:many|much|long|old|far|big|heavy|wide|tall|high|deep|large)\b|what\s+(?:percentage|share|proportion|number|amount|total|price|cost)\b)/i;

// What a price is asked with; "how much" or "what/which" must open the question as well.
const MONEY_WORDS =
  /\b(?:cost|costs|costing|price|prices|priced|pay|pays|paid|spend|spends|spent|charge|charges|charged|fee|fees|fare|fares|money|budget|budgeted)\b/i;
const MONEY_QUESTION = /^\s*(?:how\s+much\b|what\b|which\b)/i;
const NAME_QUESTION = /^\s*(?:who|whom)\b/i;

// "What is the claim reference?", "What is your policy number?": a code of letters and digits.
const CODE_QUESTION =
  /^\s*what\s+(?:is|was|are|were)\s+(?:the|my|our|your|its|their|his|her)?\s*(?:[\p{L}-]+\s+){0,3}(?:reference|ref|number|no|code|id)\.?\s*\??\s*$/iu;

export function answerKindOf(question: string): AnswerKind | undefined {
  if (DATE_QUESTION.test(question)) return "date";
  if (CODE_QUESTION.test(question)) return "code";
  if (NAME_QUESTION.test(question)) return "name";
  if (MONEY_QUESTION.test(question) && MONEY_WORDS.test(question)) return "money";
  if (AMOUNT_QUESTION.test(question)) return "amount";
  return undefined;
}

/** "How old…" and "how long ago…" are answered by a year as well as by an age. */
const AGE_QUESTION = /^\s*how\s+(?:old\b|long\s+ago\b)/i;
export const yearsAnswer = (question: string): boolean => AGE_QUESTION.test(question);

const MONTHS =
  "january|february|march|april|may|june|july|august|september|october|november|december|" +
  "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec";
const DAYS = "monday|tuesday|wednesday|thursday|friday|saturday|sunday";
const date = new RegExp(
  `\\b(?:${MONTHS})\\b\\.?|\\b(?:${DAYS})\\b|\\b(?:1[6-9]|20)\\d{2}\\b|\\b\\d{1,2}[./-]\\d{1,2}[./-]\\d{2,4}\\b|\\b\\d{1,2}(?:[.:]\\d{2})?\\s*(?:am|pm)\\b|\\b(?:yesterday|today|tomorrow|weekly|monthly|annually|daily)\\b`,
  "gi",
);
const NUMBER_WORDS =
  "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|" +
  "sixty|seventy|eighty|ninety|hundred|thousand|million|billion|dozen|half|quarter|twice";
const numberWord = new RegExp(`\\b(?:${NUMBER_WORDS})\\b`, "i");
const digits = /\p{N}+(?:[.,]\p{N}+)*/gu;
const year = /^(?:1[6-9]|20)\d{2}$/;
// A sum of money: a currency sign or code beside it, a currency named, or "free" / "no charge".
const money = new RegExp(
  "[£$€¥₹¢Ȼ]|\\b(?:USD|EUR|GBP|CHF|NOK|SEK|DKK|PLN|CZK|HUF|JPY|CNY|HKD|SGD|INR|AUD|CAD|NZD|ZAR|KES|NGN|GHS|BRL|MXN|Rs)\\b|" +
    "\\b(?:currency|dollars?|pounds?|euros?|pence|cents?|francs?|kroner|kronor|zloty|rupees?|yen|cedis?)\\b|\\bfree\\b|\\bno\\s+charge\\b",
  "i",
);
// A reference or a number as a code: five characters or more, a digit among them ("HC-2026-118734",
// "NGM/H/0457821", "07700 900123").
const code =
  /(?<![\p{L}\p{N}])(?=[\p{L}\p{N}/.-]*\p{N})[\p{L}\p{N}][\p{L}\p{N}/.-]{3,}[\p{L}\p{N}](?![\p{L}\p{N}])/gu;
const MONEY_LABELS =
  /\b(?:costs?|prices?|budgets?|amounts?|outlay|expenditure|spending|revenues?|income|fees?|fares?|salary|wages?|payments?)\b/i;
// A name: two capitalised words running (neither a function word, a month or a weekday), or a
// title before one ("Dr Adebayo", "Ms Osei-Bonsu").
const capitalised = /\p{Lu}[\p{L}\p{M}'’.-]*/u;
const TITLES = new Set("mr mrs ms miss dr prof sir dame lord lady".split(" "));
const NOT_NAMES = new Set(`${MONTHS}|${DAYS}`.split("|"));

/**
 * Whether a statement holds a value of the kind asked. The question's own numbers do not count:
 * "How many projects are in the 2027 plan?" is not answered by a sentence that says only 2027.
 */
export function holdsKind(
  text: string,
  kind: AnswerKind,
  questionNumbers: ReadonlySet<string>,
  years = false,
): boolean {
  if (kind === "date") {
    const m = text.match(date) ?? [];
    return m.some((x) => !questionNumbers.has(x.toLowerCase().replace(/\.$/, "")));
  }
  if (kind === "name") return holdsName(text);
  if (kind === "code") return [...text.matchAll(code)].some((m) => !questionNumbers.has(m[0]));
  // A sum: a currency beside it, or a number under a heading or column that names money
  // ("Public Health Outlay (Budget Estimates)", "Contract Amount").
  if (kind === "money")
    return (
      (money.test(text) || MONEY_LABELS.test(text)) &&
      (/\bfree\b|\bno\s+charge\b/i.test(text) || ownNumber(text, questionNumbers, false))
    );
  return ownNumber(text, questionNumbers, years) || numberWord.test(text);
}

/** A number the question does not say itself; a year ("2025") counts only when `years`. */
function ownNumber(text: string, questionNumbers: ReadonlySet<string>, years: boolean): boolean {
  for (const m of text.matchAll(digits)) {
    const n = m[0].replaceAll(",", "");
    // "1,965" is an amount, "1965" a year.
    if (!questionNumbers.has(n) && (years || !year.test(m[0]))) return true;
  }
  return false;
}

/** Whether a text names someone or somewhere: two capitalised words running, or a title and a name. */
export function holdsName(text: string): boolean {
  const words = text.split(/[\s,;:()]+/).filter(Boolean);
  for (let i = 0; i + 1 < words.length; i++) {
    const [a, b] = [words[i] ?? "", words[i + 1] ?? ""];
    if (!capitalised.test(b[0] ?? "") || !/^\p{Lu}/u.test(b)) continue;
    const lowerB = b.toLowerCase().replace(/[.'’]+$/, "");
    if (NOT_NAMES.has(lowerB) || STOP_WORDS.has(lowerB)) continue;
    const lowerA = a.toLowerCase().replace(/\.$/, "");
    if (TITLES.has(lowerA)) return true;
    if (/^\p{Lu}/u.test(a) && !NOT_NAMES.has(lowerA) && !STOP_WORDS.has(lowerA)) return true;
  }
  return false;
}

/** The numbers and date words a question says itself, as holdsKind compares them. */
export function questionNumbersOf(question: string): Set<string> {
  const out = new Set<string>();
  for (const m of question.matchAll(digits)) out.add(m[0].replaceAll(",", ""));
  for (const m of question.matchAll(date)) out.add(m[0].toLowerCase().replace(/\.$/, ""));
  return out;
}
