import type { BBox } from "../extraction/extractor.ts";
import type { InvoiceSourceDocument } from "../invoices/invoice-types.ts";
// The contract between the answering endpoints and whatever produces answers: the built-in
// engine (no network, no model) or an OpenAI-compatible provider. Endpoints retrieve passages,
// hand them with the conversation to an AnswerProvider, and relay what it yields; they never
// look inside a provider, and providers never touch HTTP requests or the database.

import type { PassageHit } from "./search-passages.ts";

/** A function call a model asks the client to make; `arguments` is JSON text, as the model wrote it. */
export type ToolCall = { id: string; name: string; arguments: string };

export type ChatRole = "system" | "user" | "assistant" | "tool";
/**
 * One message of the conversation, as text. An assistant message may carry the tool calls it
 * made; a tool message is the client's answer to one of them.
 */
export type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string; toolCalls?: ToolCall[] }
  | { role: "tool"; content: string; toolCallId: string };

/** A function the client offers the model; `parameters` is a JSON Schema, handed on as is. */
export type ToolDefinition = {
  name: string;
  description?: string;
  parameters?: Record<string, unknown>;
  strict?: boolean;
};

/** The tools offered, and whether and how the model must use them. */
export type ToolUse = {
  tools: ToolDefinition[];
  toolChoice?: "none" | "auto" | "required" | { name: string };
  parallelToolCalls?: boolean;
};

/** The form the answer's content must take. JSON forms are checked before the answer is given. */
export type ResponseFormat =
  | { type: "text" }
  | { type: "jsonObject" }
  | {
      type: "jsonSchema";
      name: string;
      description?: string;
      /** Already compiled successfully by ajv (the operation refuses invalid ones). */
      schema: Record<string, unknown>;
      strict?: boolean;
    };

export const reasoningEfforts = ["none", "minimal", "low", "medium", "high", "xhigh"] as const;
export type ReasoningEffort = (typeof reasoningEfforts)[number];

/**
 * Sampling settings, handed to an OpenAI-compatible provider. The built-in engine is
 * deterministic and reads none of them.
 */
export type Sampling = {
  temperature?: number;
  topP?: number;
  seed?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  logitBias?: Record<string, number>;
  reasoningEffort?: ReasoningEffort;
};

/** How the answer ends: as the engine finished, cut by a limit, or to let the client run tools. */
export type FinishReason = "stop" | "length" | "toolCalls";

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
  /** For a value of a JSON answer: its JSON Pointer (RFC 6901) in the content. */
  path?: string;
  /** Where the quote stands on its page (the element holding it), once placed; null when it cannot be. */
  bbox?: BBox | null;
};

export type AnswerRequest = {
  /** The conversation; the last user message is the question. */
  messages: ChatMessage[];
  /** Best first, as retrieved. May be empty: the answer then says the documents do not tell. */
  passages: SourcePassage[];
  /** Our model name (`default` unless the client chose another). */
  model: string;
  /** At most this many completion tokens (each engine counts its own; see its usage). */
  maxTokens?: number;
  /** The answer ends before the first of these strings, which is left out. */
  stop?: string[];
  responseFormat?: ResponseFormat;
  toolUse?: ToolUse;
  sampling?: Sampling;
  /**
   * The one document being asked, for answers in a JSON Schema's form: the built-in engine fills
   * the schema from its pages and tables (as structured output does). Loaded only when needed.
   */
  documentContent?: () => Promise<StructuredSource>;
  signal?: AbortSignal;
};

/**
 * What an answer is made of, in order: text pieces and pieces of tool calls, then exactly one
 * `done`. A tool call's pieces share its `index`; the first names its id and function, later ones
 * add to its arguments.
 */
export type AnswerEvent =
  | { type: "delta"; text: string }
  | { type: "toolCallDelta"; index: number; id?: string; name?: string; arguments: string }
  | {
      type: "done";
      /** The whole answer text, markers included (the deltas joined). */
      text: string;
      /** One per marker in the text, in marker order; only passages of the request. */
      citations: Citation[];
      /** The tool calls the model made, whole (their pieces joined); empty when none. */
      toolCalls: ToolCall[];
      /** Set when the answer refuses the request (a JSON Schema the document cannot fill). */
      refusal?: string;
      finishReason: FinishReason;
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

/** A document's extracted content, as structured extraction reads it. */
export type StructuredSource = {
  documentId: string;
  fileName: string;
  pages: StructuredSourcePage[];
  tables: StructuredSourceTable[];
  /**
   * The same pages and tables with their layout (page text and size, table grids and boxes), for
   * the built-in readers that read a page as laid out (the invoice reader); absent when not loaded.
   */
  layout?: InvoiceSourceDocument;
};

/** The longest prompt a structured extraction takes (the endpoint's and a workflow's extract step's). */
export const MAX_PROMPT_CHARS = 20_000;

export type StructuredRequest = StructuredSource & {
  prompt: string;
  /** A JSON Schema already compiled successfully by ajv (the endpoint refuses invalid ones). */
  schema: Record<string, unknown>;
  model: string;
  signal?: AbortSignal;
};

/** One filled value: its JSON Pointer in `data` (RFC 6901, "" for the root) and the page it came from. */
export type FieldSource = {
  path: string;
  page: number | null;
  quote?: string;
  /** Where the quote stands on its page (the element holding it), once placed; null when it cannot be. */
  bbox?: BBox | null;
};
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
