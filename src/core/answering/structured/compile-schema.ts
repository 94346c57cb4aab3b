import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";

// JSON Schemas from clients, compiled by ajv: draft-07 by default, 2019-09 or 2020-12 when the
// schema's "$schema" says so. Unknown keywords are allowed (strict off). ajv-formats is not
// installed, so the formats a schema for extracted data is likely to use are defined here: date,
// time, date-time (RFC 3339, the offset optional: documents rarely state one), email, uri,
// uuid, ipv4; any other format is accepted unchecked.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
function isDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [1, 2, 3].map((i) => Number(m[i]));
  if (y === undefined || mo === undefined || d === undefined) return false;
  return mo >= 1 && mo <= 12 && d >= 1 && d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}
const TIME = /^([01]\d|2[0-3]):[0-5]\d(:([0-5]\d|60)(\.\d+)?)?(z|[+-]([01]\d|2[0-3]):?[0-5]\d)?$/i;

const FORMATS: Record<string, (s: string) => boolean> = {
  date: isDate,
  time: (s) => TIME.test(s),
  "date-time": (s) => {
    const [d, t, extra] = s.split(/[tT ]/);
    return extra === undefined && d !== undefined && t !== undefined && isDate(d) && TIME.test(t);
  },
  email: (s) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s),
  uri: (s) => /^[a-z][a-z0-9+.-]*:[^\s]*$/i.test(s),
  uuid: (s) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s),
  ipv4: (s) => /^((25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(25[0-5]|2[0-4]\d|1?\d?\d)$/.test(s),
};

type AnyAjv = Ajv | Ajv2019 | Ajv2020;
const instances = new Map<string, { ajv: AnyAjv; compiled: number }>();
/**
 * Schemas one ajv instance compiles before it is replaced. ajv keeps something of every schema
 * it compiled (generated code and its scope) for the instance's lifetime; a fresh instance every
 * so often lets the old one go once its functions leave the cache below.
 */
const COMPILES_PER_INSTANCE = 100;

function ajvFor(schema: Record<string, unknown>): AnyAjv {
  const dialect = typeof schema.$schema === "string" ? schema.$schema : "";
  const kind = dialect.includes("2020-12") ? "2020" : dialect.includes("2019-09") ? "2019" : "07";
  let entry = instances.get(kind);
  if (!entry || entry.compiled >= COMPILES_PER_INSTANCE) {
    const options = { strict: false, allErrors: true, logger: false as const };
    const ajv =
      kind === "2020" ? new Ajv2020(options) : kind === "2019" ? new Ajv2019(options) : new Ajv(options);
    for (const [name, check] of Object.entries(FORMATS)) ajv.addFormat(name, check);
    entry = { ajv, compiled: 0 };
    instances.set(kind, entry);
  }
  entry.compiled++;
  return entry.ajv;
}

/** "schema/properties/total/type must be equal to one of the allowed values" */
const schemaError = (e: ErrorObject) => `schema${e.instancePath} ${e.message ?? "is invalid"}`;

// Compiling costs a few milliseconds; the same schema is usually sent again and again.
const compiled = new Map<string, ValidateFunction>();
const MAX_COMPILED = 200;

export type CompiledSchema = { ok: true; validate: ValidateFunction } | { ok: false; message: string };

/** Compiles a client's JSON Schema, or says, in words fit for a 400 response, what is wrong with it. */
export function compileSchema(schema: unknown): CompiledSchema {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema))
    return { ok: false, message: "schema must be a JSON object" };
  const obj = schema as Record<string, unknown>;
  let key: string;
  try {
    key = JSON.stringify(obj);
  } catch {
    return { ok: false, message: "schema must be plain JSON" };
  }
  const hit = compiled.get(key);
  if (hit) return { ok: true, validate: hit };
  const risky = riskyPattern(obj);
  if (risky) return { ok: false, message: risky };
  const ajv = ajvFor(obj);
  // The meta-schema check first: its errors name the place in the schema that is wrong. It
  // throws for a "$schema" ajv does not know.
  let meta: boolean;
  try {
    meta = ajv.validateSchema(obj) === true;
  } catch {
    return {
      ok: false,
      message: `schema/$schema '${String(obj.$schema)}' is not supported (draft-07, 2019-09 and 2020-12 are)`,
    };
  }
  if (!meta) {
    const first = ajv.errors?.[0];
    return { ok: false, message: first ? schemaError(first) : "schema is not a valid JSON Schema" };
  }
  try {
    // A schema carrying an "$id" is registered under it by compile; remove it again afterwards so
    // the next schema with the same $id compiles too.
    const validate = ajv.compile(obj);
    // ajv keeps every schema it compiled, keyed by the object: clients send new objects each
    // time, so without this the process would grow with every request. The function stays valid.
    ajv.removeSchema(obj);
    if (typeof obj.$id === "string") ajv.removeSchema(obj.$id);
    if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value as string);
    compiled.set(key, validate);
    return { ok: true, validate };
  } catch (e) {
    if (typeof obj.$id === "string") ajv.removeSchema(obj.$id);
    return { ok: false, message: `schema: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/**
 * True when a regular expression has a quantified group that itself holds a quantifier, as in
 * `(a+)+` or `(\w*x?)*`: the shape that backtracks exponentially on a string that almost
 * matches. JavaScript's engine cannot be stopped mid-match, and values come from documents.
 */
export function hasNestedQuantifier(source: string): boolean {
  const groups: boolean[] = []; // per open group: does it hold a quantifier?
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (c === "]") inClass = false;
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "(") groups.push(false);
    else if (c === ")") {
      const held = groups.pop() ?? false;
      const next = source[i + 1];
      const quantified = next === "*" || next === "+" || next === "{";
      if (held && quantified) return true;
      // A quantified group is a quantifier inside the group around it.
      if ((held || quantified) && groups.length) groups[groups.length - 1] = true;
    } else if ((c === "*" || c === "+" || c === "{") && groups.length) groups[groups.length - 1] = true;
  }
  return false;
}

/** A message naming the first `pattern` or `patternProperties` key that could run for ever, if any. */
function riskyPattern(schema: unknown, at = "schema"): string | undefined {
  if (Array.isArray(schema)) {
    for (const [i, item] of schema.entries()) {
      const found = riskyPattern(item, `${at}/${i}`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof schema !== "object" || schema === null) return undefined;
  const o = schema as Record<string, unknown>;
  const refuse = (where: string) =>
    `${where} nests quantifiers (like (a+)+), which can take exponential time; rewrite it without a repeated group that repeats inside`;
  if (typeof o.pattern === "string" && hasNestedQuantifier(o.pattern)) return refuse(`${at}/pattern`);
  if (o.patternProperties && typeof o.patternProperties === "object") {
    for (const key of Object.keys(o.patternProperties)) {
      if (hasNestedQuantifier(key)) return refuse(`${at}/patternProperties/${key}`);
    }
  }
  for (const [k, v] of Object.entries(o)) {
    if (k === "const" || k === "enum" || k === "default" || k === "examples") continue;
    const found = riskyPattern(v, `${at}/${k}`);
    if (found) return found;
  }
  return undefined;
}
