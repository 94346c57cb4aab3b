// A JSON Schema read as the tree of fields the extraction fills: objects, arrays and typed
// leaves, each with its name, description and JSON Pointer. Local "$ref"s ("#/definitions/x",
// "#/$defs/x") are followed; a nullable type ("type": ["string", "null"], or anyOf with null) is
// its non-null type; allOf parts are merged. Anything else the walk cannot read (several real
// alternatives, tuples, remote or recursive refs) becomes an `unsupported` field with the reason.

export type ScalarType = "string" | "number" | "integer" | "boolean";

type Base = {
  /** Property name ("" for the root and for array items). */
  key: string;
  /** Names from the root down, array items included as their array's name. */
  names: string[];
  description: string;
  schema: Record<string, unknown>;
  /** The schema lets the value be null (`type: [..., "null"]`, a null alternative, `nullable`). */
  nullable: boolean;
};

export type ScalarField = Base & {
  kind: "scalar";
  type: ScalarType;
  format?: string;
  enum?: unknown[];
};
export type ObjectField = Base & {
  kind: "object";
  properties: { key: string; field: Field; required: boolean }[];
};
export type ArrayField = Base & { kind: "array"; items: Field };
export type UnsupportedField = Base & { kind: "unsupported"; reason: string };
export type Field = ScalarField | ObjectField | ArrayField | UnsupportedField;

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const MAX_DEPTH = 12;

/** Escapes one JSON Pointer token (RFC 6901). */
export const pointerToken = (k: string) => k.replace(/~/g, "~0").replace(/\//g, "~1");
/** The key a JSON Pointer token stands for (RFC 6901: ~1 first, then ~0). */
export const pointerKey = (token: string) => token.replace(/~1/g, "/").replace(/~0/g, "~");

function resolveRef(root: Json, ref: string): Json | null {
  if (!ref.startsWith("#")) return null;
  let at: unknown = root;
  for (const raw of ref.slice(1).split("/").slice(1)) {
    const k = pointerKey(decodeURIComponent(raw));
    if (!isObj(at)) return null;
    at = at[k];
  }
  return isObj(at) ? at : null;
}

/** The schema with $ref, nullable alternatives and allOf resolved, or the reason it cannot be. */
function flatten(root: Json, s: Json, seen: string[]): Json | string {
  let schema = s;
  if (typeof schema.$ref === "string") {
    const ref = schema.$ref;
    if (seen.includes(ref)) return `the recursive $ref '${ref}' is not supported`;
    const target = resolveRef(root, ref);
    if (!target) return `the $ref '${ref}' is not supported (only references inside the schema are)`;
    const { $ref: _ref, ...rest } = schema;
    const inner = flatten(root, target, [...seen, ref]);
    if (typeof inner === "string") return inner;
    schema = { ...inner, ...rest };
  }
  for (const k of ["anyOf", "oneOf"] as const) {
    const alts = schema[k];
    if (!Array.isArray(alts)) continue;
    const real = alts.filter((a) => !(isObj(a) && a.type === "null"));
    if (real.length !== 1 || !isObj(real[0]))
      return `'${k}' with ${real.length} alternatives is not supported`;
    const { [k]: _alts, ...rest } = schema;
    const inner = flatten(root, real[0], seen);
    if (typeof inner === "string") return inner;
    schema = { ...inner, ...rest };
  }
  if (Array.isArray(schema.allOf)) {
    const { allOf, ...rest } = schema;
    let merged: Json = { ...rest };
    for (const part of allOf as unknown[]) {
      if (!isObj(part)) continue;
      const inner = flatten(root, part, seen);
      if (typeof inner === "string") return inner;
      merged = {
        ...inner,
        ...merged,
        properties: {
          ...(isObj(inner.properties) ? inner.properties : {}),
          ...(isObj(merged.properties) ? merged.properties : {}),
        },
        required: [
          ...(Array.isArray(inner.required) ? inner.required : []),
          ...(Array.isArray(merged.required) ? merged.required : []),
        ],
      };
    }
    schema = merged;
  }
  return schema;
}

function typeOf(s: Json): string | null {
  const t = s.type;
  if (typeof t === "string") return t;
  if (Array.isArray(t)) return (t.find((x) => x !== "null") as string | undefined) ?? "null";
  if (isObj(s.properties)) return "object";
  if (s.items !== undefined) return "array";
  const sample = Array.isArray(s.enum) ? s.enum.find((v) => v !== null) : s.const;
  if (typeof sample === "number") return Number.isInteger(sample) ? "integer" : "number";
  if (typeof sample === "boolean") return "boolean";
  return "string";
}

/** Whether a schema, before its nullable alternative is resolved away, admits null. */
function admitsNull(s: Json): boolean {
  const t = s.type;
  if (t === "null" || (Array.isArray(t) && t.includes("null"))) return true;
  if (s.nullable === true) return true;
  if (Array.isArray(s.enum) && s.enum.includes(null)) return true;
  return [s.anyOf, s.oneOf].some(
    (alts) => Array.isArray(alts) && alts.some((a) => isObj(a) && (a.type === "null" || a.const === null)),
  );
}

export function walkSchema(schema: Json): Field {
  return walk(schema, schema, "", [], [], 0);
}

function walk(root: Json, raw: Json, key: string, names: string[], seen: string[], depth: number): Field {
  const flat = flatten(root, raw, seen);
  const description = [raw.title, raw.description]
    .concat(typeof flat === "string" ? [] : [flat.title, flat.description])
    .filter((x): x is string => typeof x === "string")
    .filter((x, i, all) => all.indexOf(x) === i)
    .join(". ");
  const nullable = admitsNull(raw) || (typeof flat !== "string" && admitsNull(flat));
  const base = { key, names, description, nullable };
  if (typeof flat === "string") return { ...base, schema: raw, kind: "unsupported", reason: flat };
  if (depth > MAX_DEPTH)
    return { ...base, schema: flat, kind: "unsupported", reason: "the schema nests too deeply" };
  const refs = typeof raw.$ref === "string" ? [...seen, raw.$ref] : seen;
  const type = typeOf(flat);
  if (type === "object") {
    const props = isObj(flat.properties) ? flat.properties : {};
    const required = new Set(Array.isArray(flat.required) ? (flat.required as unknown[]) : []);
    return {
      ...base,
      schema: flat,
      kind: "object",
      properties: Object.entries(props)
        .filter((e): e is [string, Json] => isObj(e[1]))
        .map(([k, v]) => ({
          key: k,
          field: walk(root, v, k, [...names, k], refs, depth + 1),
          required: required.has(k),
        })),
    };
  }
  if (type === "array") {
    if (!isObj(flat.items))
      return {
        ...base,
        schema: flat,
        kind: "unsupported",
        reason: "arrays without one item schema are not supported",
      };
    const items = walk(root, flat.items, "", names, refs, depth + 1);
    return { ...base, schema: flat, kind: "array", items };
  }
  if (type === "string" || type === "number" || type === "integer" || type === "boolean") {
    return {
      ...base,
      schema: flat,
      kind: "scalar",
      type,
      ...(typeof flat.format === "string" ? { format: flat.format } : {}),
      ...(Array.isArray(flat.enum) ? { enum: flat.enum.filter((v) => v !== null) } : {}),
      ...(flat.const !== undefined ? { enum: [flat.const] } : {}),
    };
  }
  return { ...base, schema: flat, kind: "unsupported", reason: `the type '${type}' is not supported` };
}
