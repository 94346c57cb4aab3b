import { pointerKey } from "../answering/structured/schema-walk.ts";

// JSON Pointers (RFC 6901) into a workflow's data and into the JSON Schema that describes it.
// Rules name fields this way, and sources are keyed the same way.

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** "/items/0/amount" as its keys: ["items", "0", "amount"]. */
export const pointerTokens = (pointer: string): string[] => pointer.split("/").slice(1).map(pointerKey);

/** The value at the pointer, or undefined when the data has none there. */
export function valueAt(data: unknown, tokens: readonly string[]): unknown {
  let node = data;
  for (const t of tokens) {
    if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(t)) node = node[Number(t)];
    else if (isObject(node) && Object.hasOwn(node, t)) node = node[t];
    else return undefined;
  }
  return node;
}

/**
 * The part of a schema that describes the value at the pointer: null when the schema says there
 * is no such field (a name its properties lack, a key under a string), `{}` where the schema does
 * not say ($ref, anyOf, an object without properties), so a rule there is taken on trust.
 */
export function schemaAt(schema: Obj, tokens: readonly string[]): Obj | null {
  let node: unknown = schema;
  for (const t of tokens) {
    if (node === true) return {};
    if (!isObject(node)) return null;
    const properties = node.properties;
    if (isObject(properties)) {
      if (Object.hasOwn(properties, t)) node = properties[t];
      else if (isObject(node.additionalProperties)) node = node.additionalProperties;
      // The reader fills the properties the schema names: a field it does not name is never read.
      else return null;
      continue;
    }
    if (node.items !== undefined && /^(0|[1-9]\d*)$/.test(t)) {
      node = Array.isArray(node.items) ? (node.items[Number(t)] ?? {}) : node.items;
      continue;
    }
    if (typeof node.type === "string" && node.type !== "object" && node.type !== "array") return null;
    return {};
  }
  return node === true ? {} : isObject(node) ? node : null;
}
