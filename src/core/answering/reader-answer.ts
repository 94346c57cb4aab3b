import type { InvoiceReading } from "../invoices/invoice-types.ts";
import type { AnswerEvent, AnswerRequest, Citation, StructuredSource } from "./answer-types.ts";
import { builtinAnswer } from "./builtin-answer.ts";
import { citationOf } from "./builtin-json-answer.ts";
import { countTokens } from "./builtin-limits.ts";
import { letterQuestion, readLetterPart, saidOf } from "./letter-answer.ts";
import { lastQuestion } from "./question-terms.ts";
import { figures, invoiceReading, readField } from "./structured/from-invoice.ts";
import { invoiceFieldsAsked } from "./structured/invoice-fields.ts";
import { terms } from "./structured/terms.ts";

// Questions a reader asks of one document that no single sentence of it answers in so many words:
// who sent an invoice, to whom, its number, dates and totals (the invoice reader's fields, the
// same reading a JSON Schema for them gets), and what the document is about (its title, headings
// and lead paragraph). Each answer is a sentence citing the page text it was read from; any other
// question goes to the passage engine (builtin-answer.ts).

type InvoiceField = ReturnType<typeof invoiceFieldsAsked>[number];

/** How each field is said; `{}` is the value. */
const SAID: Partial<Record<InvoiceField, string>> = {
  vendor_name: "The vendor (who issued the invoice) is {}.",
  customer_name: "The invoice is addressed to {}.",
  invoice_id: "The invoice number is {}.",
  invoice_date: "The invoice is dated {}.",
  due_date: "Payment is due on {}.",
  purchase_order: "The purchase order is {}.",
  vendor_address: "The vendor's address is {}.",
  customer_address: "The customer's address is {}.",
  vendor_tax_id: "The vendor's tax number is {}.",
  customer_id: "The customer number is {}.",
  currency: "The invoice is in {}.",
  subtotal: "The subtotal is {}.",
  total_tax: "The tax is {}.",
  invoice_total: "The invoice total is {}.",
  amount_due: "The amount due is {}.",
  amount_paid: "The amount already paid is {}.",
  shipping: "Shipping is {}.",
  total_discount: "The discount is {}.",
  payment_terms: "The payment terms are: {}.",
};

const AMOUNTS = new Set<InvoiceField>([
  "subtotal",
  "total_tax",
  "invoice_total",
  "amount_due",
  "amount_paid",
  "shipping",
  "total_discount",
]);

/** A question about the document as a whole. */
const OVERVIEW =
  /\b(?:what\s+is\s+(?:this|the)\s+(?:document|file|pdf|report)(?:\s+about)?|what\s+(?:is|are)\s+(?:this|the)\s+(?:letter|memo|memorandum|e-?mail|notice|article|paper|minutes)\s+about|what\s+(?:is\s+)?(?:it|this)\s+about|about\s+what|overview|summar(?:y|ise|ize)|gist|main\s+topic|what\s+(?:kind|sort|type)\s+of\s+document)\b/i;

/** Questions this short name one thing; a longer one is the passage engine's. */
const MAX_FIELD_QUESTION_TERMS = 5;

const money = (n: number, currency: string | null) =>
  `${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${currency ? ` ${currency}` : ""}`;

/**
 * The first page holding the text, cited as the page writes it: its words in order, whatever
 * spacing, line breaks or markdown emphasis stand between them (a name wrapped over two lines).
 */
function citeText(
  content: StructuredSource,
  text: string,
  index: number,
  pages?: number[],
): Citation | undefined {
  const words = text.split(/\s+/).filter(Boolean);
  if (!words.length) return undefined;
  // A value the page prints in pieces (a name whose second line a table cell or a sidebar put
  // elsewhere) is cited where its longest run of words stands, when that run is most of it.
  const fewest = Math.min(words.length, Math.max(2, Math.ceil(words.length / 2)));
  for (let size = words.length; size >= fewest; size--) {
    for (let start = 0; start + size <= words.length; start++) {
      const citation = citeWords(content, words.slice(start, start + size), index, pages);
      if (citation) return citation;
    }
  }
  return undefined;
}

function citeWords(
  content: StructuredSource,
  words: string[],
  index: number,
  pages?: number[],
): Citation | undefined {
  const pattern = new RegExp(
    words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[\\s*_#|]+"),
    "u",
  );
  for (const p of content.pages) {
    if (pages && !pages.includes(p.pageNumber)) continue;
    const m = pattern.exec(p.markdown);
    if (m) return citationOf({ path: "", page: p.pageNumber, quote: m[0] }, content, index);
  }
  return undefined;
}

/** The first line (of the pages given) that prints the amount, cited whole. */
function citeAmount(content: StructuredSource, value: number, index: number, pages?: number[]) {
  for (const p of content.pages) {
    if (pages && !pages.includes(p.pageNumber)) continue;
    for (const line of p.markdown.split("\n")) {
      const text = line.trim();
      if (text && figures(text).some((x) => Math.abs(x - value) < 0.005))
        return citationOf({ path: "", page: p.pageNumber, quote: text }, content, index);
    }
  }
  return undefined;
}

type Reply = { text: string; citations: Citation[] };

function fieldReply(
  content: StructuredSource,
  field: InvoiceField,
  reading = invoiceReading(content.layout),
  index = 1,
): Reply | null {
  if (!reading) return null;
  const { value, source } = readField(reading, field);
  const said = SAID[field];
  if (value === null || value === undefined || !said) return null;
  const shown =
    typeof value === "number" && AMOUNTS.has(field) ? money(value, reading.data.currency) : String(value);
  // The reader's own quote, or the value where the page prints it.
  const citation =
    (source
      ? citationOf({ path: `/${field}`, page: source.page, quote: source.quote }, content, index)
      : undefined) ??
    (typeof value === "number"
      ? citeAmount(content, value, index, source ? [source.page] : undefined)
      : citeText(content, String(value), index, source ? [source.page] : undefined)) ??
    // A table running over pages is placed on its first page: the value may stand on a later one.
    (typeof value === "number" ? citeAmount(content, value, index) : citeText(content, String(value), index));
  if (!citation) return null;
  // A value ending in its own full stop ("Co.") ends the sentence.
  const sentence = said.replace("{}", shown).replace(/\.\.$/, ".");
  return { text: `${sentence} [${index}]`, citations: [citation] };
}

const HEADING = /^#{1,6}\s+(.+?)\s*#*\s*$/;
/** A letter's or memo's subject line, which says what it is about better than its letterhead. */
const SUBJECT =
  /^(?:#{1,6}\s+)?(?:\*\*)?(?:re|subject|subj|betreff|objet)\s*:\s*(?:\*\*)?\s*(.+?)(?:\*\*)?\s*$/i;

/** A citation of what the invoice reader read first of the sender, the number and the total. */
function citeReading(content: StructuredSource, reading: InvoiceReading, citations: Citation[]): string {
  for (const field of ["vendor_name", "invoice_id", "invoice_total"] as const) {
    const reply = fieldReply(content, field, reading, citations.length + 1);
    const c = reply?.citations[0];
    if (c) {
      citations.push(c);
      return ` [${c.index}]`;
    }
  }
  return "";
}

function overviewReply(content: StructuredSource): Reply | null {
  const lines = content.pages.flatMap((p) =>
    p.markdown.split("\n").map((l) => ({ page: p.pageNumber, line: l.trim() })),
  );
  const headings = lines
    .map((l) => ({ ...l, m: HEADING.exec(l.line) }))
    .filter((l): l is typeof l & { m: RegExpExecArray } => l.m !== null)
    .map((l) => ({ page: l.page, text: (l.m[1] ?? "").replace(/\*+/g, "").trim(), quote: l.m[1] ?? "" }))
    .filter((h) => h.text.length > 1);
  const lead = lines.find(
    (l) => !HEADING.test(l.line) && !l.line.startsWith("|") && l.line.split(/\s+/).length >= 8,
  );
  // Only near the top, where a letter or memo states it; the first page only.
  const subject = lines
    .filter((l) => l.page === content.pages[0]?.pageNumber)
    .slice(0, 40)
    .map((l) => ({ ...l, source: l, m: SUBJECT.exec(l.line) }))
    .find((l): l is typeof l & { m: RegExpExecArray } => l.m !== null && (l.m[1] ?? "").length > 3);
  const title = headings[0] ?? lines.find((l) => l.line.length > 1 && !l.line.startsWith("|"));
  const reading = invoiceReading(content.layout);
  if (!title && !reading) return null;
  const titleText = title ? ("text" in title ? title.text : title.line) : "";
  const titleQuote = title ? ("quote" in title ? title.quote : title.line) : "";
  const citations: Citation[] = [];
  const cite = (quote: string, page: number) => {
    const c = citeText(content, quote, citations.length + 1, [page]);
    if (c) citations.push(c);
    return c ? ` [${c.index}]` : "";
  };
  let text = "";
  if (reading) {
    const d = reading.data;
    const total = readField(reading, "invoice_total").value as number | null;
    const parts = [
      d.invoice_id ? `number ${d.invoice_id}` : "",
      d.vendor_name ? `from ${d.vendor_name}` : "",
      d.customer_name ? `to ${d.customer_name}` : "",
      d.invoice_date ? `dated ${d.invoice_date}` : "",
      total !== null ? `for a total of ${money(total, d.currency)}` : "",
    ].filter(Boolean);
    text = `This document is an invoice${parts.length ? ` ${parts.join(", ")}` : ""}.`;
    // Its title where it has one; else (a page of tables, a title the reader took for a label)
    // where the reader read who sent it, its number or its total.
    text += (title ? cite(titleQuote, title.page) : "") || citeReading(content, reading, citations);
  } else if (subject) {
    const said = (subject.m[1] ?? "").replace(/\*+/g, "").replace(/[.\s]+$/, "");
    text = `It is about ${said}.${cite(subject.line.replace(/^#{1,6}\s+/, ""), subject.page)}`;
    // What follows the subject line (past the greeting), not the address block above it.
    const after = lines
      .slice(lines.indexOf(subject.source) + 1)
      .find((l) => !HEADING.test(l.line) && !l.line.startsWith("|") && l.line.split(/\s+/).length >= 8);
    if (after) text += ` It begins: ${after.line.replace(/\s+/g, " ")}${cite(after.line, after.page)}`;
  } else if (title) {
    text = `This document is titled "${titleText}".${cite(titleQuote, title.page)}`;
    const more = headings
      .slice(1)
      .filter((h, i, all) => all.findIndex((x) => x.text === h.text) === i)
      .slice(0, 4);
    if (more.length) {
      const names = more.map((h) => h.text);
      const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
      text += ` Its sections cover ${list}.${more[0] ? cite(more[0].quote, more[0].page) : ""}`;
    }
    if (lead) text += ` It begins: ${lead.line.replace(/\s+/g, " ")}${cite(lead.line, lead.page)}`;
  }
  return citations.length ? { text, citations } : null;
}

/** Who sent the letter (memo, article), to whom, when: read where such documents say it. */
function letterReply(
  content: StructuredSource,
  asked: NonNullable<ReturnType<typeof letterQuestion>>,
): Reply | null {
  const found = readLetterPart(content.pages, asked.part);
  if (!found) return null;
  const citation = citationOf({ path: "", page: found.page, quote: found.quote }, content, 1);
  if (!citation) return null;
  const sentence = saidOf(asked.part, asked.noun).replace("{}", found.value).replace(/\.\.$/, ".");
  return { text: `${sentence} [1]`, citations: [citation] };
}

/** The reader's answer to the question, or null when it is not one of these questions. */
async function readerReply(request: AnswerRequest): Promise<Reply | null> {
  if (!request.documentContent) return null;
  const question = lastQuestion(request.messages);
  const overview = OVERVIEW.test(question);
  const short = terms(question).length <= MAX_FIELD_QUESTION_TERMS;
  const fields = short ? invoiceFieldsAsked(question) : [];
  const letter = short ? letterQuestion(question) : null;
  if (!overview && !fields.length && !letter) return null;
  const content = await request.documentContent();
  if (overview) return overviewReply(content);
  // An invoice's reader knows its parties and dates better; any other letter is read for them.
  return (
    (fields[0] ? fieldReply(content, fields[0]) : null) ?? (letter ? letterReply(content, letter) : null)
  );
}

/** The built-in engine's plain answer: the reader's for the questions above, else the passage engine's. */
export async function* builtinPlainAnswer(request: AnswerRequest): AsyncGenerator<AnswerEvent> {
  const reply = await readerReply(request);
  if (!reply) {
    yield* builtinAnswer(request);
    return;
  }
  yield { type: "delta", text: reply.text };
  yield {
    type: "done",
    text: reply.text,
    citations: reply.citations,
    toolCalls: [],
    finishReason: "stop",
    usage: {
      promptTokens: request.messages.reduce((n, m) => n + countTokens(m.content), 0),
      completionTokens: countTokens(reply.text),
    },
  };
}
