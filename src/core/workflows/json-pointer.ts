import { type Field, pointerKey } from "../answering/structured/schema-walk.ts";

// JSON Pointers (RFC 6901) into a workflow's data and into the fields of the JSON Schema that
// describes it.
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
 * The field of a schema's tree (walkSchema's, as the extraction reads it) at the pointer: null
 * when the extraction fills no such field (a name the object's properties lack, a key under a
 * scalar); a part the walk cannot read (several real alternatives, a remote $ref) is taken on
 * trust and given as it is.
 */
export function fieldAt(root: Field, tokens: readonly string[]): Field | null {
  let field = root;
  for (const t of tokens) {
    if (field.kind === "unsupported") return field;
    if (field.kind === "object") {
      const next = field.properties.find((p) => p.key === t);
      if (!next) return null;
      field = next.field;
    } else if (field.kind === "array" && /^(0|[1-9]\d*)$/.test(t)) field = field.items;
    else return null;
  }
  return field;
}
