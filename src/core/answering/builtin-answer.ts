import { answerKindOf, holdsKind, KIND_TERM, questionNumbersOf, yearsAnswer } from "./answer-kind.ts";
import type { AnswerEvent, AnswerRequest, ChatMessage, Citation, SourcePassage } from "./answer-types.ts";
import { countTokens } from "./builtin-limits.ts";
import {
  ASKING_WORDS,
  GENERAL_VERBS,
  lastQuestion,
  measuresGiven,
  questionTermsOf,
  termsOf,
} from "./question-terms.ts";
import { rowSentence } from "./row-answer.ts";
import { type Statement, splitStatements } from "./sentences.ts";

// The built-in answer engine: no network, no model. It answers with the statements of the
// retrieved passages that best match the question, each followed by its marker ("[1]"), and
// cites each with the statement exactly as the passage has it.
//
// - The passages are cut into statements (sentences.ts: sentences, and table rows named by their
//   columns, "Region: North; Revenue: 1,200; Growth: 4%").
// - The question's terms (question-terms.ts: stop words out, light stemming, numbers as written)
//   are weighted by their rarity among the statements, idf = ln(1 + N / df): a word found in
//   every row of a table ("Revenue") tells less than the one that picks the row ("North"). A
//   term no statement holds counts as rarer than any (df = 1/2): the question asks for something
//   the passages do not have. Words that ask for a kind of answer rather than name what it is
//   about ("percentage", "cost", "how long": question-terms.ts ASKING_WORDS) weigh ASKING_WEIGHT
//   of that, since an answer need not repeat them ("eleven percent more"). So does a common verb
//   (GENERAL_VERBS: "rise", "took", "sent") that no statement says: the question paraphrased it.
// - A statement carries a term it says in full, and one found only in the heading it stands
//   under (a table row: its table's title and section) at CONTEXT_WEIGHT: "Wednesday 18
//   November" answers "when is the next meeting?" under "Date of the next meeting".
// - Statements are chosen greedily, each for the weight of question terms it adds to those
//   already covered, at most MAX_STATEMENTS, and each must add a term of the question itself: a
//   follow-up's earlier questions ("What was the revenue of the North region?" before "and in
//   the South?") weigh half and only help choose among statements that answer the last one.
//   Later statements must add at least MIN_ADDED of the question's weight, so the answer does
//   not trail off into statements that merely share a word.
// - Unless the chosen statements cover MIN_COVERAGE of the question's weight, the answer says
//   the documents do not tell, with no citation; so it does when only sentences are chosen and
//   none carries MIN_SINGLE of the weight, and when a price is asked and no chosen statement says
//   a sum (answer-kind.ts).
// - The chosen statements are written in reading order: document (in the order the passages
//   first name them, best first), page, place on the page. Equal scores go to the statement of
//   the better passage, then the earlier one, so the same request always gets the same answer.

export const MAX_STATEMENTS = 3;
/** The word after "Who": a verb ("Who owns…", "Who wrote…") unless a stop word ("Who is…"). */
const WHO_VERB = /^\s*who\s+(\p{L}+)/iu;
/** What a question term found only in what a statement stands under (its heading, its table's title) counts. */
export const CONTEXT_WEIGHT = 0.75;
/** What a word that asks for a kind of answer ("percentage", "cost", "how long") counts. */
export const ASKING_WEIGHT = 0.25;
export const MIN_COVERAGE = 0.5;
/** What one statement of an answer made only of sentences must carry of the question's weight. */
export const MIN_SINGLE = 0.4;
export const MIN_ADDED = 0.2;
/** How much the terms of earlier questions weigh against those of the last one. */
export const EARLIER_WEIGHT = 0.5;
/** Earlier user messages read for the terms of a follow-up. */
export const EARLIER_MESSAGES = 2;
export const NO_ANSWER = "The documents do not contain an answer to this question.";

const distinct = (xs: string[]) => [...new Set(xs)];

/**
 * The terms of the last user message (`current`) and of up to EARLIER_MESSAGES user messages
 * before it that it does not have itself (`earlier`). A last message with no term of its own
 * ("and?") is answered as the earlier ones.
 */
export function questionTerms(messages: readonly ChatMessage[]): { current: string[]; earlier: string[] } {
  const asked = messages.filter((m) => m.role === "user").map((m) => m.content);
  const current = distinct(questionTermsOf(asked.pop() ?? ""));
  const earlier = distinct(asked.slice(-EARLIER_MESSAGES).reverse().flatMap(questionTermsOf)).filter(
    (t) => !current.includes(t),
  );
  return current.length ? { current, earlier } : { current: earlier, earlier: [] };
}

type Candidate = {
  passage: SourcePassage;
  /** Where the passage stands in the request (best first). */
  passageIndex: number;
  statement: Statement;
  terms: Set<string>;
  /** The terms of what it stands under. */
  context: Set<string>;
  /** The terms it says itself: a row's, in its cells rather than its column names. */
  cells: Set<string>;
};

/**
 * Where a statement's value of the kind asked is looked for: a row's cells for a name (its column
 * names are capitalised words too), its text and heading for money ("Amount (£)", "Rs. in 000").
 */
function kindText(statement: Statement, kind: string): string {
  if (kind === "money") return `${statement.text}; ${statement.context}`;
  if (kind === "name" && statement.cells) return statement.cells.map((c) => c.value).join("; ");
  return statement.text;
}

/** The terms a row says in its cells: its text without the "Name: " before each cell. */
function cellTerms(statement: Statement): Set<string> {
  if (statement.columns === undefined) return new Set(termsOf(statement.text));
  const names = (statement.columns ?? "").split("; ").filter(Boolean);
  let text = statement.text;
  for (const name of names) text = text.replace(`${name}: `, "");
  return new Set(termsOf(text));
}

export type ChosenStatement = {
  passage: SourcePassage;
  statement: Statement;
  /** [start, end) of the statement in the page markdown, in code points. */
  startOffset: number;
  endOffset: number;
};

const codePoints = (s: string) => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

/**
 * Where a statement stands in its page. The passage text is the page markdown from startOffset
 * to endOffset, except the repeated header row a later part of a table starts with: whatever the
 * text holds beyond endOffset - startOffset code points is that prefix.
 */
function pageOffsets(passage: SourcePassage, statement: Statement): [number, number] {
  const prefix = codePoints(passage.text) - (passage.endOffset - passage.startOffset);
  const start = passage.startOffset + codePoints(passage.text.slice(0, statement.start)) - prefix;
  const end = start + codePoints(statement.quote);
  if (prefix < 0 || start < passage.startOffset || end > passage.endOffset)
    return [passage.startOffset, passage.endOffset];
  return [start, end];
}

/** The statements the answer is made of, in the order written; none when the passages do not tell. */
export function chooseStatements(
  messages: readonly ChatMessage[],
  passages: readonly SourcePassage[],
): ChosenStatement[] {
  const { current, earlier } = questionTerms(messages);
  if (!current.length) return [];
  // The kind of value asked ("when", "how many") is one more term, weighed as an asking word:
  // it chooses among the statements that share the question's words and is never required.
  const question = lastQuestion(messages);
  const kind = answerKindOf(question);
  const kindTerm = kind ? KIND_TERM[kind] : undefined;
  if (kindTerm) current.push(kindTerm);
  const numbers = questionNumbersOf(question);
  const years = yearsAnswer(question);
  // The verb a "who" question opens with names the relation asked, which a page says with a role
  // ("Who owns the policy?" of "Policy owner: …", "Who wrote the report?" of "Author: …"): it is an
  // asking word, and the question's other words find the statement.
  const relation = kind === "name" ? termsOf(question.match(WHO_VERB)?.[1] ?? "")[0] : undefined;
  const candidates: Candidate[] = passages.flatMap((passage, passageIndex) =>
    splitStatements(passage.text).map((statement) => {
      const terms = new Set(termsOf(statement.text));
      const cells = cellTerms(statement);
      // A value in a measure's unit says the measure as a heading would, less than its name.
      for (const t of measuresGiven(statement.text, current)) terms.add(t);
      if (kind && kindTerm && holdsKind(kindText(statement, kind), kind, numbers, years)) {
        terms.add(kindTerm);
        cells.add(kindTerm);
      }
      return { passage, passageIndex, statement, terms, context: new Set(termsOf(statement.context)), cells };
    }),
  );
  // A question word no statement says may be the short form of one that is ("lab" of "laboratory"):
  // a statement with a word it begins carries it as a heading would.
  for (const t of current) {
    if (t.length < 3 || t.startsWith("#") || /^\p{N}/u.test(t)) continue;
    if (candidates.some((c) => c.terms.has(t) || c.context.has(t))) continue;
    for (const c of candidates)
      if ([...c.terms].some((w) => w.length > t.length + 2 && w.startsWith(t))) c.terms.add(t);
  }
  const n = candidates.length;
  const idf = new Map<string, number>();
  for (const t of [...current, ...earlier]) {
    let df = 0;
    // A word every row stands under (its table's title) is common among them, not rare.
    // A word of a table's column names counts once for its table, as a header row would, and
    // for every row that says it in a cell: "College" picks the column as "Kerala" picks the row.
    const tables = new Set<string>();
    for (const c of candidates) {
      if (c.context.has(t) || c.cells.has(t)) df++;
      else if (c.terms.has(t)) tables.add(c.statement.columns ?? "");
    }
    df += tables.size;
    // A general verb no statement says was paraphrased ("rise" of "more"): it weighs as an asking word.
    const weak =
      ASKING_WORDS.has(t) || t === kindTerm || ((t === relation || GENERAL_VERBS.has(t)) && df === 0);
    idf.set(t, Math.log(1 + n / Math.max(df, 0.5)) * (weak ? ASKING_WEIGHT : 1));
  }
  const weightOf = (t: string) => idf.get(t) ?? 0;
  /** How much of a term a statement carries: all of it when it says it, some when it stands under it. */
  // A row's column name is what its cell stands under, as a heading is.
  const share = (c: Candidate, t: string) =>
    c.cells.has(t) ? 1 : c.terms.has(t) || c.context.has(t) ? CONTEXT_WEIGHT : 0;
  const total = current.reduce((sum, t) => sum + weightOf(t), 0);

  // How much of each term the chosen statements carry so far.
  const covered = new Map<string, number>();
  const more = (c: Candidate, t: string) => Math.max(0, share(c, t) - (covered.get(t) ?? 0));
  const chosen: Candidate[] = [];
  while (chosen.length < MAX_STATEMENTS) {
    let best: { c: Candidate; own: number; gain: number } | undefined;
    for (const c of candidates) {
      if (chosen.includes(c)) continue;
      let own = 0;
      for (const t of current) own += more(c, t) * weightOf(t);
      if (own <= 0) continue;
      let gain = own;
      for (const t of earlier) gain += EARLIER_WEIGHT * more(c, t) * weightOf(t);
      if (!best || gain > best.gain + 1e-9) best = { c, own, gain };
    }
    if (!best || (chosen.length && best.own < MIN_ADDED * total)) break;
    chosen.push(best.c);
    for (const t of [...current, ...earlier]) covered.set(t, Math.max(covered.get(t) ?? 0, share(best.c, t)));
  }
  const coverage = current.reduce((sum, t) => sum + (covered.get(t) ?? 0) * weightOf(t), 0);
  // A question asking a price is not answered by statements that say no sum of money ("How much
  // does the AquaBrew 300 cost?" against the manual's title): the document does not say it.
  if (kind === "money" && !chosen.some((c) => c.terms.has(KIND_TERM.money))) return [];
  if (!chosen.length || coverage < MIN_COVERAGE * total) return [];
  // The answer is one statement's, not pieced from several that each share a few of the question's
  // words ("Who is the chief financial officer?" from "appointed … as Chief Executive" and "the
  // Authority made a profit"): one sentence must carry MIN_SINGLE of the question. Table rows are
  // read with their header and title, which are statements of their own, so they piece freely.
  if (!chosen.some((c) => c.statement.kind === "row")) {
    const single = Math.max(
      ...chosen.map((c) => current.reduce((sum, t) => sum + share(c, t) * weightOf(t), 0)),
    );
    if (single < MIN_SINGLE * total) return [];
  }

  const documentOrder = new Map<string, number>();
  for (const p of passages)
    if (!documentOrder.has(p.documentId)) documentOrder.set(p.documentId, documentOrder.size);
  return chosen
    .map((c) => {
      const [startOffset, endOffset] = pageOffsets(c.passage, c.statement);
      return { passage: c.passage, statement: c.statement, startOffset, endOffset };
    })
    .sort(
      (a, b) =>
        (documentOrder.get(a.passage.documentId) ?? 0) - (documentOrder.get(b.passage.documentId) ?? 0) ||
        a.passage.pageNumber - b.passage.pageNumber ||
        a.startOffset - b.startOffset ||
        a.passage.position - b.passage.position ||
        a.statement.start - b.statement.start,
    );
}

/**
 * A table row reads as a statement of its own, closed with a full stop: its label and the cells
 * the question asks when it names their columns (row-answer.ts), else every cell.
 */
function shown(s: Statement, asked: ReadonlySet<string>, holdsAsked?: (value: string) => boolean): string {
  if (s.kind !== "row") return s.text;
  const said = rowSentence(s, asked, holdsAsked) ?? s.text;
  return /[.!?…]$/.test(said) ? said : `${said}.`;
}

export async function* builtinAnswer(request: AnswerRequest): AsyncGenerator<AnswerEvent> {
  request.signal?.throwIfAborted();
  const chosen = chooseStatements(request.messages, request.passages);
  const citations: Citation[] = chosen.map((c, i) => ({
    index: i + 1,
    documentId: c.passage.documentId,
    fileName: c.passage.fileName,
    page: c.passage.pageNumber,
    passage: c.passage.position,
    startOffset: c.startOffset,
    endOffset: c.endOffset,
    quote: c.statement.quote,
  }));
  // The columns a row is asked for: the last question's words, else those of the ones before it.
  const { current, earlier } = questionTerms(request.messages);
  const question = lastQuestion(request.messages);
  const kind = answerKindOf(question);
  const numbers = questionNumbersOf(question);
  const holdsAsked = kind
    ? (value: string) => holdsKind(value, kind, numbers, yearsAnswer(question))
    : undefined;
  const pieces = chosen.length
    ? chosen.map((c, i) => {
        const asked = rowSentence(c.statement, new Set(current)) ? current : [...current, ...earlier];
        return `${i ? " " : ""}${shown(c.statement, new Set(asked), holdsAsked)} [${i + 1}]`;
      })
    : [NO_ANSWER];
  for (const text of pieces) {
    request.signal?.throwIfAborted();
    yield { type: "delta", text };
  }
  const text = pieces.join("");
  const prompt =
    request.messages.reduce((n, m) => n + countTokens(m.content), 0) +
    request.passages.reduce((n, p) => n + countTokens(p.text), 0);
  yield {
    type: "done",
    text,
    citations,
    toolCalls: [],
    finishReason: "stop",
    usage: { promptTokens: prompt, completionTokens: countTokens(text) },
  };
}
