// The texts an OpenAI-compatible provider is sent: instructions, and the documents' text laid out
// so that the model can point back at it (numbered passages for answers, numbered pages for
// extraction). Kept apart from the provider so that the wording can be read and changed in one place.

import type { SourcePassage, StructuredSourcePage, StructuredSourceTable } from "./answer-types.ts";

/** Most characters of passage text sent with one question; the best-ranked passages go first. */
export const ANSWER_SOURCES_MAX_CHARS = 12_000;
/** Most characters of page text (and tables) sent for one extraction. */
export const EXTRACT_PAGES_MAX_CHARS = 60_000;
/** A passage cut to fit the budget is only worth sending with at least this much of its text. */
const MIN_USEFUL_CHARS = 200;

export const ANSWER_INSTRUCTIONS = [
  "You answer questions about the user's documents.",
  "Answer ONLY from the numbered sources below; do not use any other knowledge.",
  "After each statement, cite the sources that support it with their numbers in square brackets, like [1] or [2][3].",
  "Cite only the numbers of the sources below, and never invent a source.",
  "If the sources do not contain the answer, say that the documents do not say, and do not guess.",
  "Answer in the language of the question.",
].join("\n");

/** The sources as "[n] (file <name>, page <p>) <text>", numbered as in the request, within the budget. */
export function formatSources(
  passages: readonly SourcePassage[],
  maxChars = ANSWER_SOURCES_MAX_CHARS,
): { text: string; given: number } {
  if (passages.length === 0) return { text: "Sources: none were found for this question.", given: 0 };
  const lines: string[] = [];
  let left = maxChars;
  for (const [i, p] of passages.entries()) {
    if (left < MIN_USEFUL_CHARS && lines.length > 0) break;
    const text = p.text.length > left ? `${p.text.slice(0, left).trimEnd()} …` : p.text;
    left -= Math.min(p.text.length, left);
    lines.push(`[${i + 1}] (file ${p.fileName}, page ${p.pageNumber}) ${text}`);
  }
  return { text: `Sources:\n\n${lines.join("\n\n")}`, given: lines.length };
}

export function answerSystemMessage(passages: readonly SourcePassage[]): { content: string; given: number } {
  const sources = formatSources(passages);
  return { content: `${ANSWER_INSTRUCTIONS}\n\n${sources.text}`, given: sources.given };
}

export const EXTRACT_INSTRUCTIONS = [
  "You extract data from a document into JSON.",
  "Use ONLY the document text given by the user; never invent a value.",
  'Reply with one JSON object and nothing else, of the form {"data": <value>, "sources": {"<JSON Pointer>": <page number>}}.',
  '"data" must match the JSON Schema given by the user.',
  '"sources" maps the JSON Pointer (RFC 6901, e.g. "/invoice/total" or "/items/0/name") of every value you filled in "data" to the number of the page it was read from.',
  "Copy text values as they are written in the document. When the document does not contain a value, leave it out if the schema allows it, or use null.",
].join("\n");

/** Pages as "--- Page n ---" blocks, then the tables, within the budget. */
export function formatPages(
  pages: readonly StructuredSourcePage[],
  tables: readonly StructuredSourceTable[],
  maxChars = EXTRACT_PAGES_MAX_CHARS,
): string {
  const blocks: string[] = [];
  let left = maxChars;
  for (const page of pages) {
    if (left < MIN_USEFUL_CHARS) {
      blocks.push(`(The remaining pages, from page ${page.pageNumber}, were left out for length.)`);
      left = 0;
      break;
    }
    const text = page.markdown.length > left ? `${page.markdown.slice(0, left).trimEnd()} …` : page.markdown;
    left -= Math.min(page.markdown.length, left);
    blocks.push(`--- Page ${page.pageNumber} ---\n${text.trim()}`);
  }
  for (const table of tables) {
    const body = table.rows.map((row) => `| ${row.join(" | ")} |`).join("\n");
    if (body.length > left) break;
    left -= body.length;
    const where = table.pages.length > 1 ? `pages ${table.pages.join(", ")}` : `page ${table.pages[0]}`;
    blocks.push(`--- Table on ${where} ---\n${body}`);
  }
  return blocks.join("\n\n");
}

export function extractUserMessage(request: {
  prompt: string;
  schema: unknown;
  fileName: string;
  pages: readonly StructuredSourcePage[];
  tables: readonly StructuredSourceTable[];
}): string {
  return [
    `Task: ${request.prompt}`,
    `JSON Schema that "data" must match:\n${JSON.stringify(request.schema)}`,
    `Document "${request.fileName}":\n\n${formatPages(request.pages, request.tables)}`,
  ].join("\n\n");
}

export function repairMessage(problems: readonly string[]): string {
  return [
    "Your reply does not meet the requirements:",
    ...problems.map((p) => `- ${p}`),
    'Reply again with the complete, corrected JSON object {"data": ..., "sources": {...}} and nothing else.',
  ].join("\n");
}
