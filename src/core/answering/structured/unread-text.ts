import type { StructuredResult } from "../answer-types.ts";
import { compileSchema } from "./compile-schema.ts";

// A strict JSON Schema (every property required, the optional ones nullable) whose document
// answers most of it, but not one text property that cannot be null: refusing the whole object
// for that one field (parse() then gives nothing) loses every value that was read. The field the
// document did not yield is answered with the empty string instead, the refusal narrowed to it:
// no citation names its path. (POST /structured-output is unchanged: `valid` false, `missing` names it.)
// Only plain text takes this (an empty string says "nothing read" and claims no value); a number,
// a date, an enum or a pattern has no such empty value, and still refuses. So does an answer that
// read little else: a document that is not what the schema describes is refused as before.

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** Values read, at least, of the other properties: this many, and half of them. */
const MIN_READ = 3;

/** A property that takes any string and nothing else (no null, no enum, pattern, format or length). */
function plainText(s: unknown): boolean {
  if (!isObj(s) || s.type !== "string") return false;
  return [s.enum, s.const, s.pattern, s.format, s.minLength].every((x) => x === undefined);
}

const holds = (v: unknown) =>
  v !== null && v !== undefined && v !== "" && !(Array.isArray(v) && v.length === 0);

/**
 * The result with its unread required text properties set to "" when the schema's other
 * properties were mostly read; the result unchanged otherwise.
 */
export function narrowToUnreadText(schema: Json, result: StructuredResult): StructuredResult {
  if (result.valid || schema.type !== "object" || !isObj(schema.properties) || !isObj(result.data))
    return result;
  const props = schema.properties;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const data = result.data;
  const unread = Object.keys(props).filter(
    (k) => required.has(k) && data[k] === undefined && plainText(props[k]),
  );
  if (!unread.length) return result;
  const others = Object.keys(props).filter((k) => !unread.includes(k));
  const read = others.filter((k) => holds(data[k])).length;
  if (read < MIN_READ || read * 2 < others.length) return result;
  const compiled = compileSchema(schema);
  if (!compiled.ok) return result;
  const filled: Json = {};
  for (const k of Object.keys(props)) {
    if (unread.includes(k)) filled[k] = "";
    else if (k in data) filled[k] = data[k];
  }
  if (!compiled.validate(filled)) return result;
  return { ...result, data: filled, valid: true };
}
