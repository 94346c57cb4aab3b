import type { AnswerRequest, Citation, StructuredResult } from "./answer-types.ts";
import { NO_ANSWER } from "./builtin-answer.ts";
import { builtinPlainAnswer } from "./reader-answer.ts";
import { compileSchema } from "./structured/compile-schema.ts";
import { spoken } from "./structured/terms.ts";

// A JSON Schema's text field that the extraction found no labelled value for is a question, asked
// as chat asks it: the same retrieval and the same engine (reader-answer.ts, then the passage
// engine), so `response_format: json_schema` carries the answer chat gives. A schema of one
// field is asked the user's own question; a field of several is asked by its name and
// description. The answer's text (markers taken out) becomes the value, and its citations cite it.

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Whether a property's schema takes a plain string (nullable or not, no enum, pattern or format). */
function takesText(s: unknown): boolean {
  if (!isObj(s) || s.enum !== undefined || s.const !== undefined || s.pattern || s.format) return false;
  const t = s.type;
  return (
    t === "string" ||
    (Array.isArray(t) && t.includes("string") && t.every((x) => x === "string" || x === "null"))
  );
}

export async function answerTextFields(
  request: AnswerRequest,
  schema: Json,
  prompt: string,
  result: StructuredResult,
): Promise<{ result: StructuredResult; citations: Omit<Citation, "index">[] }> {
  const props = isObj(schema.properties) ? schema.properties : {};
  const keys = Object.keys(props);
  const data = isObj(result.data) ? { ...result.data } : null;
  if (schema.type !== "object" || !data || !keys.length) return { result, citations: [] };
  const asked = keys.filter((k) => takesText(props[k]) && (data[k] === null || data[k] === undefined));
  if (!asked.length) return { result, citations: [] };
  const compiled = compileSchema(schema);
  if (!compiled.ok) return { result, citations: [] };
  const citations: Omit<Citation, "index">[] = [];
  const answered = new Set<string>();
  for (const key of asked) {
    const p = props[key] as Json;
    const description = [p.title, p.description].filter((x) => typeof x === "string").join(". ");
    const question =
      keys.length === 1 && prompt ? prompt : `${spoken(key)}${description ? `: ${description}` : ""}`;
    let done: { text: string; citations: Citation[] } | null = null;
    for await (const e of builtinPlainAnswer({ ...request, messages: [{ role: "user", content: question }] }))
      if (e.type === "done") done = e;
    if (!done || done.text.trim() === NO_ANSWER || !done.citations.length) continue;
    data[key] = done.text.replace(/\s*\[\d+\]/g, "").trim();
    answered.add(key);
    for (const c of done.citations) {
      const { index: _index, ...rest } = c;
      citations.push({ ...rest, path: `/${key.replace(/~/g, "~0").replace(/\//g, "~1")}` });
    }
  }
  if (!answered.size || !compiled.validate(data)) return { result, citations: [] };
  return {
    result: {
      ...result,
      data,
      valid: true,
      missing: result.missing.filter((m) => ![...answered].some((k) => m.path === `/${k}`)),
    },
    citations,
  };
}
