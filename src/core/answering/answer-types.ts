// The contract between the answering endpoints and whatever produces answers: the built-in
// engine (no network, no model) or an OpenAI-compatible provider. Endpoints retrieve passages,
// hand them with the conversation to an AnswerProvider, and relay what it yields; they never
// look inside a provider, and providers never touch HTTP requests or the database.

import type { PassageHit } from "./search-passages.ts";

export type ChatRole = "system" | "user" | "assistant";
export type ChatMessage = { role: ChatRole; content: string };

/**
 * A passage retrieved for a question: the only text an answer may cite. A search hit (its
 * document, page, position, offsets in the page markdown, text and rank) with its file name.
 */
export type SourcePassage = Omit<PassageHit, "fileName" | "matched" | "headline"> & { fileName: string };

/**
 * Where one statement of an answer comes from. `index` is the number of the marker ("[1]") in the
 * answer text. `quote` is text copied from the cited passage (the supporting sentence, or for a
 * provider's answer the passage's opening), so a citation can always be checked against its page.
 */
export type Citation = {
  index: number;
  documentId: string;
  fileName: string;
  page: number;
  passage: number;
  startOffset: number;
  endOffset: number;
  quote: string;
};

export type AnswerRequest = {
  /** The conversation; the last user message is the question. */
  messages: ChatMessage[];
  /** Best first, as retrieved. May be empty: the answer then says the documents do not tell. */
  passages: SourcePassage[];
  /** Our model name (`default` unless the client chose another). */
  model: string;
  signal?: AbortSignal;
};

/** What an answer is made of, in order: text pieces, then exactly one `done`. */
export type AnswerEvent =
  | { type: "delta"; text: string }
  | {
      type: "done";
      /** The whole answer text, markers included (the deltas joined). */
      text: string;
      /** One per marker in the text, in marker order; only passages of the request. */
      citations: Citation[];
      finishReason: "stop" | "length";
      usage: { promptTokens: number; completionTokens: number };
    };

export type AnswerDone = Extract<AnswerEvent, { type: "done" }>;

/** Page content handed to structured extraction. */
export type StructuredSourcePage = { pageNumber: number; markdown: string };
export type StructuredSourceTable = {
  /** Pages the table covers, first page first. */
  pages: number[];
  /** Rows of cell text, the first row being the header (textRows of the stored grid). */
  rows: string[][];
};

export type StructuredRequest = {
  prompt: string;
  /** A JSON Schema already compiled successfully by ajv (the endpoint refuses invalid ones). */
  schema: Record<string, unknown>;
  documentId: string;
  fileName: string;
  pages: StructuredSourcePage[];
  tables: StructuredSourceTable[];
  model: string;
  signal?: AbortSignal;
};

/** One filled value: its JSON Pointer in `data` (RFC 6901, "" for the root) and the page it came from. */
export type FieldSource = { path: string; page: number | null; quote?: string };
/** A value the schema asks for that could not be filled, and why, in words a person can act on. */
export type MissingField = { path: string; reason: string };

export type StructuredResult = {
  /** The extracted value: valid against the schema, or else `valid` is false and `missing` says why. */
  data: unknown;
  /** True when `data` validates against the schema (ajv). */
  valid: boolean;
  sources: FieldSource[];
  missing: MissingField[];
};

export interface AnswerProvider {
  readonly name: "builtin" | "openai";
  /** Our model names this provider answers to. */
  readonly models: readonly string[];
  answer(request: AnswerRequest): AsyncIterable<AnswerEvent>;
  extract(request: StructuredRequest): Promise<StructuredResult>;
}
