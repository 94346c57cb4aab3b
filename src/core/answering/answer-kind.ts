// The kind of value a question asks for, read from how it opens, and whether a statement holds
// one: "When is the next meeting?" is answered by a statement that says a date, "How long does
// it keep warm?" by one that says an amount. A question's subject words find the passage; among
// the statements that share them, the one that holds a value of the kind asked is the answer
// rather than one that only talks about the subject ("Hold the KEEP WARM button" against "keeps
// the water warm for 30 minutes").
//
// English question openings only; a question of another shape, or asking "what" or "who", has no
// kind and is matched on its words alone.

export type AnswerKind = "date" | "amount";

/** The pseudo-term a kind is matched as, beside the question's words (never a word: "#"). */
export const KIND_TERM: Record<AnswerKind, string> = { date: "#date", amount: "#amount" };

const DATE_QUESTION =
  /^\s*(?:(?:by|until|since|from)\s+)?(?:when\b|what\s+(?:date|day|year|month|time)\b|in\s+what\s+year\b|which\s+(?:date|day|year|month)\b)/i;
const AMOUNT_QUESTION =
  /^\s*(?:(?:by|to|for)\s+)?(?:how\s+(?:many|much|long|old|far|big|heavy|wide|tall|high|deep|large)\b|what\s+(?:percentage|share|proportion|number|amount|total|price|cost)\b)/i;

export function answerKindOf(question: string): AnswerKind | undefined {
  if (DATE_QUESTION.test(question)) return "date";
  if (AMOUNT_QUESTION.test(question)) return "amount";
  return undefined;
}

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

/**
 * Whether a statement holds a value of the kind asked. The question's own numbers do not count:
 * "How many projects are in the 2027 plan?" is not answered by a sentence that says only 2027.
 */
export function holdsKind(text: string, kind: AnswerKind, questionNumbers: ReadonlySet<string>): boolean {
  if (kind === "date") {
    const m = text.match(date) ?? [];
    return m.some((x) => !questionNumbers.has(x.toLowerCase().replace(/\.$/, "")));
  }
  for (const m of text.matchAll(digits)) if (!questionNumbers.has(m[0].replaceAll(",", ""))) return true;
  return numberWord.test(text);
}

/** The numbers and date words a question says itself, as holdsKind compares them. */
export function questionNumbersOf(question: string): Set<string> {
  const out = new Set<string>();
  for (const m of question.matchAll(digits)) out.add(m[0].replaceAll(",", ""));
  for (const m of question.matchAll(date)) out.add(m[0].toLowerCase().replace(/\.$/, ""));
  return out;
}
