import type {
  AnswerEvent,
  AnswerRequest,
  Citation,
  FieldSource,
  StructuredResult,
  StructuredSource,
} from "./answer-types.ts";
import { builtinAnswer } from "./builtin-answer.ts";
import { countTokens } from "./builtin-limits.ts";
import { splitPassages } from "./passages.ts";
import { lastQuestion } from "./question-terms.ts";
import { answerTextFields } from "./schema-questions.ts";
import { builtinExtract } from "./structured/builtin-extract.ts";
import { narrowToUnreadText } from "./structured/unread-text.ts";

// The built-in engine's answers in JSON, for chat requests with a response_format.
//
// - json_schema: the schema is filled by the built-in structured extraction from the document's
//   pages and tables (what POST /structured-output does), the question being the prompt. The
//   content is the extracted value; each value read from a page is cited, `path` naming it. When
//   the value does not validate (a required field the document does not hold), the answer is a
//   refusal saying which fields and why, as OpenAI's models refuse: a client's parse() then gets
//   no object rather than one its schema would reject.
// - json_object: the usual cited answer as {"answer": "..."}, its markers and citations kept.

const codePoints = (s: string) => Array.from(s).length;

/** A citation for a value read from a page, when its quote stands on that page. */
export function citationOf(
  source: FieldSource,
  content: StructuredSource,
  index: number,
): Citation | undefined {
  if (source.page === null || !source.quote) return undefined;
  const markdown = content.pages.find((p) => p.pageNumber === source.page)?.markdown;
  const at = markdown?.indexOf(source.quote) ?? -1;
  if (markdown === undefined || at < 0) return undefined;
  const start = codePoints(markdown.slice(0, at));
  const end = start + codePoints(source.quote);
  const passage = splitPassages(markdown).find((p) => p.start <= start && start < p.end);
  return {
    index,
    documentId: content.documentId,
    fileName: content.fileName,
    page: source.page,
    passage: passage?.position ?? 0,
    startOffset: start,
    endOffset: end,
    quote: source.quote,
    path: source.path,
  };
}

/** The value at a JSON Pointer of the data, undefined when it is absent. */
function at(data: unknown, pointer: string): unknown {
  let v = data;
  for (const raw of pointer ? pointer.slice(1).split("/") : []) {
    if (typeof v !== "object" || v === null) return undefined;
    v = (v as Record<string, unknown>)[raw.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return v;
}

function refusalOf(result: StructuredResult): string {
  // The fields that made the answer fail: a field answered null (the schema lets it be) is none.
  const failed = result.missing.filter((m) => at(result.data, m.path) === undefined);
  const fields = (failed.length ? failed : result.missing).map(
    (m) => `${m.path || "(the whole value)"} ${m.reason}`,
  );
  return `The document does not hold what the JSON Schema requires: ${fields.join("; ")}.`;
}

async function* schemaAnswer(
  request: AnswerRequest,
  format: Extract<AnswerRequest["responseFormat"], { type: "jsonSchema" }>,
): AsyncGenerator<AnswerEvent> {
  if (!request.documentContent)
    throw new Error("a JSON Schema answer of the built-in engine needs the document's content");
  const content = await request.documentContent();
  const prompt = lastQuestion(request.messages);
  const extracted = await builtinExtract({
    ...content,
    prompt,
    schema: format.schema,
    model: request.model,
    ...(request.signal ? { signal: request.signal } : {}),
  });
  // Text fields no labelled value filled are asked as chat asks them (schema-questions.ts).
  const asked = await answerTextFields(request, format.schema, prompt, extracted);
  // One text property left unread does not refuse an answer that read the rest (unread-text.ts).
  const result = narrowToUnreadText(format.schema, asked.result);
  const promptTokens = countTokens(prompt) + content.pages.reduce((n, p) => n + countTokens(p.markdown), 0);
  if (!result.valid) {
    const refusal = refusalOf(result);
    yield {
      type: "done",
      text: "",
      citations: [],
      toolCalls: [],
      refusal,
      finishReason: "stop",
      usage: { promptTokens, completionTokens: countTokens(refusal) },
    };
    return;
  }
  const text = JSON.stringify(result.data);
  const citations: Citation[] = [];
  for (const source of result.sources) {
    const c = citationOf(source, content, citations.length + 1);
    if (c) citations.push(c);
  }
  for (const c of asked.citations) citations.push({ ...c, index: citations.length + 1 });
  yield { type: "delta", text };
  yield {
    type: "done",
    text,
    citations,
    toolCalls: [],
    finishReason: "stop",
    usage: { promptTokens, completionTokens: countTokens(text) },
  };
}

async function* objectAnswer(request: AnswerRequest): AsyncGenerator<AnswerEvent> {
  for await (const e of builtinAnswer(request)) {
    if (e.type !== "done") continue;
    const text = JSON.stringify({ answer: e.text });
    yield { type: "delta", text };
    yield { ...e, text, usage: { ...e.usage, completionTokens: countTokens(text) } };
  }
}

/** The built-in engine's answer in the JSON form the request asks for. */
export function builtinJsonAnswer(request: AnswerRequest): AsyncIterable<AnswerEvent> {
  const format = request.responseFormat;
  if (format?.type === "jsonSchema") return schemaAnswer(request, format);
  return objectAnswer(request);
}
