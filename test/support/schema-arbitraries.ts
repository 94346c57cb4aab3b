import fc from "fast-check";
import { resolvePointer } from "./openapi.ts";

// fast-check arbitraries read from the JSON Schemas (OpenAPI 3.1) of the service's own document:
// values a schema admits, and values it refuses, each kind of refusal on its own (a wrong type, a
// bound passed, a required property left out, a property the schema does not name). Generation
// follows the schema's keywords closely but not exhaustively; the property test keeps only the
// values that a JSON Schema validator agrees about, so a keyword read loosely here costs runs,
// never a false finding.

export type Schema = Record<string, unknown>;

/** How long a generated string or array may get, beyond which only the schema's bound is tried. */
const TYPICAL_LENGTH = 12;
const TYPICAL_ITEMS = 3;

/** What a bounded filter gives when no candidate passed. */
export const NO_VALUE = Symbol("no value found");

/**
 * The first of a few candidates that passes `keep`, or NO_VALUE. fast-check's own filter retries
 * until a value passes, which never ends for a predicate nothing generated satisfies; this one
 * ends, and the caller reports the schema it could not satisfy.
 */
export function firstPassing<T>(
  arb: fc.Arbitrary<T>,
  keep: (v: T) => boolean,
): fc.Arbitrary<T | typeof NO_VALUE> {
  return fc.array(arb, { minLength: 8, maxLength: 8 }).map((xs) => {
    for (const x of xs) if (keep(x)) return x;
    return NO_VALUE;
  });
}

/** The schema a local $ref names, followed until it is not a reference. */
export function deref(doc: unknown, schema: Schema): Schema {
  let s = schema;
  for (let i = 0; i < 20 && typeof s.$ref === "string"; i++) s = resolvePointer(doc, s.$ref) as Schema;
  return s;
}

const typesOf = (s: Schema): string[] => {
  if (Array.isArray(s.type)) return s.type as string[];
  if (typeof s.type === "string") return [s.type];
  if (s.properties) return ["object"];
  return [];
};

const num = (v: unknown): number | undefined => (typeof v === "number" ? v : undefined);

/** Text in printable ASCII mostly, sometimes any Unicode grapheme. */
const textUnit = fc.oneof(
  { weight: 4, arbitrary: fc.constant("grapheme-ascii" as const) },
  { weight: 1, arbitrary: fc.constant("grapheme" as const) },
);

function stringArb(s: Schema): fc.Arbitrary<string> {
  // A declared format is part of the contract: RFC 3339 date-times, with and without an offset.
  if (s.format === "date-time")
    return fc
      .date({
        min: new Date("1970-01-01T00:00:00Z"),
        max: new Date("9999-12-31T23:59:59Z"),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString());
  const min = num(s.minLength) ?? 0;
  const max = num(s.maxLength);
  const lengths = (unit: "grapheme-ascii" | "grapheme") => {
    const typical = fc.string({
      unit,
      minLength: min,
      maxLength: Math.max(min, Math.min(max ?? TYPICAL_LENGTH, TYPICAL_LENGTH)),
    });
    // The longest string the schema allows, where that is longer than the typical ones.
    if (max === undefined || max <= TYPICAL_LENGTH) return typical;
    const longest = fc.string({ unit: "grapheme-ascii", minLength: max, maxLength: max });
    return fc.oneof({ weight: 5, arbitrary: typical }, { weight: 1, arbitrary: longest });
  };
  const re = typeof s.pattern === "string" ? new RegExp(s.pattern, "u") : undefined;
  const matching = re && patternArb(re);
  // Graphemes may be several code points; JSON Schema counts code points. A string that cannot be
  // found stays unmatched, for the validator to refuse and the test to report.
  const fits = (v: string) =>
    (re === undefined || re.test(v)) &&
    Array.from(v).length >= min &&
    (max === undefined || Array.from(v).length <= max);
  // The schema's own example is a candidate too: for a pattern fast-check cannot read, often the
  // only one that matches.
  const shown = typeof s.example === "string" ? [{ weight: 1, arbitrary: fc.constant(s.example) }] : [];
  const candidates = fc.oneof(...shown, ...(matching ? [{ weight: 3, arbitrary: matching }] : []), {
    weight: 1,
    arbitrary: textUnit.chain(lengths),
  });
  return firstPassing(candidates, fits).map((v) => (v === NO_VALUE ? "\u0000unmatched" : v));
}

/** Strings matching a pattern, where fast-check can read the pattern (not lookarounds). */
function patternArb(re: RegExp): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(re);
  } catch {
    return undefined;
  }
}

function numberArb(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = num(s.minimum) ?? (integer ? -1_000_000 : -1e6);
  const max = num(s.maximum) ?? (integer ? 1_000_000 : 1e6);
  return integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values the schema admits. */
export function validArb(doc: unknown, schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  const s = deref(doc, schema);
  if ("const" in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  for (const k of ["anyOf", "oneOf"] as const)
    if (Array.isArray(s[k]) && !s.properties && !s.type)
      return fc.oneof(...(s[k] as Schema[]).map((sub) => validArb(doc, sub, depth + 1)));
  if (Array.isArray(s.allOf)) return validArb(doc, merged(doc, s), depth);
  const types = typesOf(s);
  if (types.length === 0) return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((t) => validOfType(doc, s, t, depth)));
}

function validOfType(doc: unknown, s: Schema, type: string, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "string":
      return stringArb(s);
    case "integer":
    case "number":
      return numberArb(s, type === "integer");
    case "array": {
      const min = num(s.minItems) ?? 0;
      const max = Math.max(min, Math.min(num(s.maxItems) ?? TYPICAL_ITEMS, TYPICAL_ITEMS));
      return fc.array(validArb(doc, (s.items as Schema) ?? {}, depth + 1), {
        minLength: min,
        maxLength: max,
      });
    }
    default:
      return objectArb(doc, s, depth);
  }
}

function objectArb(doc: unknown, s: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set((s.required as string[]) ?? []);
  // A property whose schema is `not: {}` admits no value: a valid object leaves it out.
  const properties = Object.fromEntries(
    Object.entries((s.properties as Record<string, Schema>) ?? {}).filter(
      ([k, sub]) => required.has(k) || !admitsNothing(deref(doc, sub)),
    ),
  );
  const named = fc.record(
    Object.fromEntries(Object.entries(properties).map(([k, sub]) => [k, validArb(doc, sub, depth + 1)])),
    { requiredKeys: [...required].filter((k) => k in properties) },
  );
  const extra = s.additionalProperties;
  if (!extra || typeof extra !== "object") return named;
  const maxKeys = Math.min(num(s.maxProperties) ?? TYPICAL_ITEMS, TYPICAL_ITEMS);
  const keys = stringArb({ minLength: 1, ...((s.propertyNames as Schema | undefined) ?? {}) });
  const more = fc.dictionary(keys, validArb(doc, extra as Schema, depth + 1), { maxKeys });
  return fc.tuple(named, more).map(([a, b]) => ({ ...b, ...a }));
}

const admitsNothing = (s: Schema) =>
  typeof s.not === "object" && s.not !== null && Object.keys(s.not as object).length === 0;

/** An allOf of object schemas as one: their properties and required names together. */
function merged(doc: unknown, s: Schema): Schema {
  const parts = [{ ...s, allOf: undefined }, ...(s.allOf as Schema[]).map((p) => deref(doc, p))];
  return {
    type: "object",
    properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
    required: parts.flatMap((p) => (p.required as string[]) ?? []),
  };
}

/** One way of breaking a value the schema admits: a function from such a value to one it refuses. */
export type Breakage = { what: string; apply: (valid: unknown) => unknown };

/** The ways a value of this (object) schema can be made invalid at its top level and one level in. */
export function breakages(doc: unknown, schema: Schema): Breakage[] {
  const given = deref(doc, schema);
  const s = Array.isArray(given.allOf) ? merged(doc, given) : given;
  const out: Breakage[] = [];
  const types = typesOf(s);
  const wrongType = types.includes("string")
    ? 12345
    : types.includes("array")
      ? { not: "an array" }
      : ["not", "this"];
  out.push({ what: "a value of the wrong type", apply: () => wrongType });
  if (!types.includes("object")) return [...out, ...scalarBreakages(s)];
  const properties = (s.properties as Record<string, Schema>) ?? {};
  for (const k of (s.required as string[]) ?? [])
    out.push({ what: `required '${k}' left out`, apply: (v) => omit(v, k) });
  if (s.additionalProperties === false)
    out.push({
      what: "a property the schema does not name",
      apply: (v) => ({ ...(v as object), zz_unnamed: 1 }),
    });
  for (const [k, sub] of Object.entries(properties))
    for (const b of [...valueBreakages(doc, sub)])
      out.push({
        what: `'${k}': ${b.what}`,
        apply: (v) => ({ ...(v as object), [k]: b.apply((v as Record<string, unknown>)?.[k]) }),
      });
  return out;
}

const omit = (v: unknown, k: string) => {
  const copy = { ...(v as Record<string, unknown>) };
  delete copy[k];
  return copy;
};

/** Breakages of one property's value: its type, and each bound it has. */
function valueBreakages(doc: unknown, schema: Schema): Breakage[] {
  const s = deref(doc, schema);
  const types = typesOf(s);
  if (types.length === 0 && !Array.isArray(s.enum) && !("const" in s)) return [];
  const out: Breakage[] = [];
  if (!types.includes("object") && !types.includes("array"))
    out.push({ what: "an object in place of a scalar", apply: () => ({ wrong: true }) });
  else if (!types.includes("string"))
    out.push({ what: "a string in place of a structure", apply: () => "wrong" });
  return [...out, ...scalarBreakages(s)];
}

/** Breakages of a scalar's bounds. */
function scalarBreakages(s: Schema): Breakage[] {
  const out: Breakage[] = [];
  const maxLength = num(s.maxLength);
  if (maxLength !== undefined && maxLength < 100_000)
    out.push({ what: `longer than ${maxLength}`, apply: () => "x".repeat(maxLength + 1) });
  if (num(s.minLength) && typesOf(s).includes("string") && !typesOf(s).includes("null"))
    out.push({ what: "an empty string", apply: () => "" });
  const maximum = num(s.maximum);
  const minimum = num(s.minimum);
  const integer = typesOf(s).includes("integer");
  if (maximum !== undefined)
    out.push({ what: `over ${maximum}`, apply: () => maximum + (integer ? 1 : 0.5) });
  if (minimum !== undefined)
    out.push({ what: `under ${minimum}`, apply: () => minimum - (integer ? 1 : 0.5) });
  if (integer) out.push({ what: "a fraction", apply: () => 1.5 });
  if (Array.isArray(s.enum)) out.push({ what: "a value outside the enum", apply: () => "zz-not-an-option" });
  const maxItems = num(s.maxItems);
  if (maxItems !== undefined && maxItems <= 1000)
    out.push({
      what: `more than ${maxItems} items`,
      apply: () => Array.from({ length: maxItems + 1 }, () => "x"),
    });
  const minItems = num(s.minItems);
  if (minItems) out.push({ what: "no items", apply: () => [] });
  const maxProperties = num(s.maxProperties);
  if (maxProperties !== undefined)
    out.push({
      what: `more than ${maxProperties} properties`,
      apply: () => Object.fromEntries(Array.from({ length: maxProperties + 1 }, (_, i) => [`k${i}`, "x"])),
    });
  return out;
}

/** Breakages of a path or query parameter, as the text it travels as. */
export function parameterBreakages(doc: unknown, schema: Schema): { what: string; text: string }[] {
  const s = deref(doc, schema);
  const out = scalarBreakages(s).flatMap((b) => {
    const v = b.apply(undefined);
    return typeof v === "object" ? [] : [{ what: b.what, text: String(v) }];
  });
  if (typesOf(s).some((t) => t === "integer" || t === "number"))
    out.push({ what: "not a number", text: "zz" }, { what: "a number with a plus sign", text: "+1" });
  if (typesOf(s).includes("boolean")) out.push({ what: "not a boolean", text: "maybe" });
  return out;
}
