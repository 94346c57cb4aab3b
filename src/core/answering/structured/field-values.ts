import {
  type Coerced,
  coerceBoolean,
  coerceDate,
  coerceEnum,
  coerceNumber,
  coerceString,
  type NumberWants,
  scaleOf,
} from "./coerce.ts";
import type { ScalarField } from "./schema-walk.ts";
import { type FieldTerms, rawWords, spoken, terms } from "./terms.ts";

/** A value put in `data`: where, what, and the document text it came from. */
export type Fill = { pointer: string; value: unknown; page: number | null; quote?: string; raw: string };
/** A field the schema asks for that was not filled, and why. */
export type Miss = { pointer: string; reason: string };

/** Words of a prompt that say nothing about which field is which. */
const PROMPT_NOISE = new Set(
  "extract get find return give list show fill pull read please document pdf file json field schema data information detail following all from into out page".split(
    " ",
  ),
);

export const promptTerms = (prompt: string) => terms(prompt).filter((t) => !PROMPT_NOISE.has(t));

/** A field's terms: its own name (or title when it has no name), the names above it, its description. */
export function fieldTerms(
  key: string,
  ancestors: string[],
  description: string,
  hint: string[],
): FieldTerms {
  const name = terms(key);
  return {
    name: name.length ? name : terms(description).slice(0, 4),
    context: ancestors.flatMap((a) => terms(a)),
    description: terms(description),
    hint,
  };
}

/** How a field is named in messages: its key in words, else its description. */
export const fieldWords = (f: { key: string; description: string; names: string[] }) =>
  f.key
    ? spoken(f.key)
    : f.names.length
      ? spoken(f.names[f.names.length - 1] as string)
      : f.description || "value";

export function isDateField(f: ScalarField): boolean {
  if (f.type !== "string") return false;
  if (f.format === "date" || f.format === "date-time") return true;
  if (f.format || f.enum) return false;
  return rawWords(f.key).includes("date") || rawWords(f.description).includes("date");
}

export function numberWants(f: ScalarField): NumberWants {
  const words = `${spoken(f.key)} ${f.description}`.toLowerCase();
  return {
    integer: f.type === "integer",
    fraction: /\b(fraction|ratio|decimal)\b|between 0 and 1|\b0\s*(-|–|to)\s*1\b/.test(words),
    scaleWords: rawWords(words).filter(
      (w) => /^(thousands?|millions?|billions?|trillions?)$/.test(w) && scaleOf(w) > 1,
    ),
  };
}

/** Document text -> the field's type; a failure says what the text is not. */
export function coerceFor(f: ScalarField, text: string): Coerced<unknown> {
  if (f.enum?.length) return coerceEnum(text, f.enum);
  switch (f.type) {
    case "boolean":
      return coerceBoolean(text);
    case "number":
    case "integer":
      return coerceNumber(text, numberWants(f));
    case "string":
      if (isDateField(f)) return coerceDate(text, { dateTime: f.format === "date-time" });
      return coerceString(text, f.format);
  }
}

/** "found '12/31/99x' for 'date' but it is not a date" */
export const foundBut = (text: string, words: string, reason: string) =>
  `found '${shorten(text)}' for '${words}' but ${reason}`;

export const shorten = (s: string, max = 80) => {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};
