import type { FieldSource, MissingField, StructuredRequest, StructuredResult } from "../answer-types.ts";
import { compileSchema } from "./compile-schema.ts";
import { readDocument } from "./document-text.ts";
import { type Fill, fieldTerms, foundBut, type Miss, promptTerms } from "./field-values.ts";
import { fillFromInvoice, fillItemsFromInvoice, invoiceReading } from "./from-invoice.ts";
import { type Labelled, labelledValues } from "./labels.ts";
import { fillCurrency, fillFromLabels, fillFromSentences, type Slot } from "./match-fields.ts";
import { fillIssuer, fillParties, fillTitle, type PartyObject, role } from "./parties.ts";
import { claimReaderValues } from "./reader-claims.ts";
import { type Field, pointerKey, pointerToken, walkSchema } from "./schema-walk.ts";
import {
  type ArrayTask,
  fillObjectArray,
  fillScalarArray,
  type ItemLeaf,
  itemLeaves,
  noTableReason,
} from "./table-arrays.ts";
import { type FieldTerms, labelScore, spoken, terms } from "./terms.ts";

// The built-in structured extraction: no network, no model. The schema's fields are matched by
// their names and descriptions (and the prompt's words, as a hint) against what the document
// labels ("Invoice No: …", "Bill to:" blocks, label and value cells of a table), its tables
// (arrays of objects, one per row), its letterhead and title, and, for numbers and dates, the
// sentences that name them; each value is coerced to its field's type. The result is validated
// with ajv: a value the schema refuses is taken out again and reported, so `valid` is true only
// for data that validates.

export { type CompiledSchema, compileSchema } from "./compile-schema.ts";

type Plan = {
  slots: Slot[];
  parties: PartyObject[];
  arrays: ArrayTask[];
  misses: Miss[];
  /** Pointers of arrays (every other container is an object). */
  arrayPointers: Set<string>;
};

function plan(field: Field, pointer: string, names: string[], hint: string[], out: Plan): Slot[] {
  const ancestors = names.slice(0, -1);
  switch (field.kind) {
    case "scalar": {
      const t = fieldTerms(field.key, ancestors, field.description, hint);
      const slot: Slot = {
        field,
        pointer,
        terms: t,
        sentenceTerms: field.key ? terms(field.key, { keepNumbers: true }) : t.name,
        failures: [],
      };
      out.slots.push(slot);
      return [slot];
    }
    case "object": {
      const children: Slot[] = [];
      for (const p of field.properties) {
        const got = plan(p.field, `${pointer}/${pointerToken(p.key)}`, [...names, p.key], hint, out);
        if (p.field.kind === "scalar") children.push(...got);
      }
      if (pointer !== "")
        out.parties.push({
          pointer,
          terms: fieldTerms(field.key, ancestors, field.description, hint),
          children,
          parts: children.filter((c) => role(c)).length,
        });
      return [];
    }
    case "array": {
      out.arrayPointers.add(pointer);
      const leaves: ItemLeaf[] = [];
      const itemMisses: { suffix: string; reason: string }[] = [];
      if (field.items.kind === "object")
        itemLeaves(field.items, "", field.key ? [field.key] : [], hint, leaves, itemMisses);
      else if (field.items.kind !== "scalar") {
        out.misses.push({
          pointer,
          reason:
            field.items.kind === "unsupported" ? field.items.reason : "arrays of arrays are not supported",
        });
        return [];
      }
      out.arrays.push({
        pointer,
        field,
        terms: fieldTerms(field.key, ancestors, field.description, hint),
        leaves,
        itemMisses,
      });
      return [];
    }
    case "unsupported":
      out.misses.push({ pointer, reason: field.reason });
      return [];
  }
}

const tokensOf = (pointer: string) => (pointer === "" ? [] : pointer.slice(1).split("/").map(pointerKey));

function assemble(root: Field, fills: Fill[], rows: string[], arrays: Set<string>): unknown {
  if (root.kind === "scalar") return withAbsences(root, fills.find((f) => f.pointer === "")?.value);
  let data: unknown = root.kind === "array" ? [] : {};
  const set = (pointer: string, value: unknown) => {
    const toks = tokensOf(pointer);
    if (!toks.length) {
      data = value;
      return;
    }
    let at = data as Record<string, unknown>;
    let prefix = "";
    toks.forEach((tok, i) => {
      prefix += `/${pointerToken(tok)}`;
      if (i === toks.length - 1) {
        at[tok] = value;
        return;
      }
      if (at[tok] === undefined) at[tok] = arrays.has(prefix) ? [] : {};
      at = at[tok] as Record<string, unknown>;
    });
  };
  // Rows first, so an array has no holes even when a row lost all its values.
  for (const r of rows) set(r, {});
  for (const f of fills) set(f.pointer, f.value);
  return withAbsences(root, inSchemaOrder(root, data));
}

/**
 * What the document does not show, said as the schema lets it be said (OpenAI's strict mode lists
 * every property in `required` and makes the optional ones nullable): a required property not
 * found is null when its schema admits null, an empty list when it is a list (nothing listed), and
 * an object of its own absences when it is an object; otherwise it stays absent, and validation
 * refuses the answer for it. Properties the schema does not require stay absent.
 */
function withAbsences(field: Field, value: unknown): unknown {
  if (value === undefined) {
    if (field.nullable) return null;
    if (field.kind === "array") return [];
    if (field.kind === "object") return withAbsences(field, {});
    return undefined;
  }
  if (field.kind === "array" && Array.isArray(value)) return value.map((v) => withAbsences(field.items, v));
  if (field.kind !== "object" || typeof value !== "object" || value === null || Array.isArray(value))
    return value;
  const obj = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const p of field.properties) {
    if (!(p.key in obj) && !p.required) continue;
    const v = withAbsences(p.field, obj[p.key]);
    if (v !== undefined) out[p.key] = v;
  }
  return out;
}

/** The value with its objects' keys in the order the schema lists them. */
function inSchemaOrder(field: Field, value: unknown): unknown {
  if (field.kind === "array" && Array.isArray(value)) return value.map((v) => inSchemaOrder(field.items, v));
  if (field.kind !== "object" || typeof value !== "object" || value === null || Array.isArray(value))
    return value;
  const obj = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const p of field.properties) if (p.key in obj) out[p.key] = inSchemaOrder(p.field, obj[p.key]);
  return out;
}

const missingWords = (pointer: string) =>
  tokensOf(pointer)
    .filter((t) => !/^\d+$/.test(t))
    .map(spoken)
    .join(" ") || "the value";

export async function builtinExtract(request: StructuredRequest): Promise<StructuredResult> {
  request.signal?.throwIfAborted();
  const compiled = compileSchema(request.schema);
  if (!compiled.ok)
    return { data: null, valid: false, sources: [], missing: [{ path: "", reason: compiled.message }] };
  const validate = compiled.validate;
  const root = walkSchema(request.schema);
  const hint = promptTerms(request.prompt);
  const doc = readDocument(request.pages, request.tables);

  const p: Plan = { slots: [], parties: [], arrays: [], misses: [], arrayPointers: new Set() };
  plan(root, "", [], hint, p);
  const named: FieldTerms[] = [...p.slots, ...p.parties, ...p.arrays].map((x) => x.terms);
  const bestScore = (t: string[]) => named.reduce((m, f) => Math.max(m, labelScore(t, f)), 0);
  const labelled = labelledValues(doc, bestScore);
  const used = new Set<Labelled>();

  // An invoice's fields are read by the invoice reader first; the rest by the general matching.
  const reading = invoiceReading(request.layout);
  if (reading) fillFromInvoice(p.slots, reading, request.pages);
  // What the reader read is not read again for another field; what it found empty is not read from prose.
  const readerEmpty = reading ? claimReaderValues(p.slots, labelled, used) : new Set<Slot>();
  fillFromLabels(p.slots, labelled, used, p.parties);
  fillParties(p.parties, labelled, used);
  fillIssuer(p.parties, p.slots, doc);
  fillTitle(p.slots, doc);
  fillCurrency(p.slots, doc);
  fillFromSentences(
    p.slots.filter((s) => !readerEmpty.has(s)),
    doc,
  );

  const fills: Fill[] = p.slots.flatMap((s) => (s.fill ? [s.fill] : []));
  const misses: Miss[] = [...p.misses];
  for (const s of p.slots) {
    if (s.fill) continue;
    const failure = [...s.failures].sort((a, b) => b.score - a.score)[0];
    misses.push({
      pointer: s.pointer,
      reason: failure?.reason ?? `no label matching '${missingWords(s.pointer)}' found in the document`,
    });
  }
  const rows: string[] = [];
  for (const task of p.arrays) {
    if (task.field.items.kind === "object") {
      // Line items: the invoice reader's, unless a table read by its header has more rows, each
      // whole (the reader may take a last row for a charge of the invoice, such as delivery).
      const fromTable: Fill[] = [];
      const tableMisses: Miss[] = [];
      const made = fillObjectArray(task, doc.tables, fromTable, tableMisses);
      const readFills: Fill[] = [];
      const read = reading ? fillItemsFromInvoice(task, reading, readFills, request.pages) : null;
      const tableWhole = made.length > 0 && tableMisses.length === 0;
      const useRead = read !== null && read.length > 0 && (read.length >= made.length || !tableWhole);
      rows.push(...(useRead ? read : made));
      fills.push(...(useRead ? readFills : fromTable));
      if (!useRead) misses.push(...tableMisses);
      if (!useRead && !made.length) misses.push({ pointer: task.pointer, reason: noTableReason(task) });
    } else if (!fillScalarArray(task, labelled, used, doc.tables, fills, misses)) {
      misses.push({
        pointer: task.pointer,
        reason: `nothing in the document lists '${missingWords(task.pointer)}'`,
      });
    }
  }
  request.signal?.throwIfAborted();

  // Validation: a value the schema refuses (a pattern, a range, a length...) is taken out and
  // reported; what is left is validated again, and `valid` is ajv's last word.
  let data = assemble(root, fills, rows, p.arrayPointers);
  for (let round = 0; round < 5 && !validate(data); round++) {
    let removed = false;
    for (const err of validate.errors ?? []) {
      const k = fills.findIndex((f) => f.pointer === err.instancePath);
      if (k < 0 || err.keyword === "required") continue;
      const [gone] = fills.splice(k, 1) as [Fill];
      removed = true;
      misses.push({
        pointer: gone.pointer,
        reason: foundBut(
          gone.raw,
          missingWords(gone.pointer),
          `it does not satisfy the schema: ${err.message ?? "invalid"}`,
        ),
      });
      closeUp(fills, gone.pointer, p.arrayPointers);
    }
    if (!removed) break;
    data = assemble(root, fills, rows, p.arrayPointers);
  }
  const valid = validate(data) === true;
  if (!valid) {
    for (const err of validate.errors ?? []) {
      const at =
        err.keyword === "required"
          ? `${err.instancePath}/${pointerToken(String((err.params as { missingProperty?: string }).missingProperty ?? ""))}`
          : err.instancePath;
      if (misses.some((m) => m.pointer === at || m.pointer.startsWith(`${at}/`))) continue;
      misses.push({
        pointer: at,
        reason:
          err.keyword === "required"
            ? `'${missingWords(at)}' is required but was not found in the document`
            : `the extracted value ${err.message ?? "is invalid"}`,
      });
    }
  }
  const sources: FieldSource[] = fills.map((f) => ({
    path: f.pointer,
    page: f.page,
    ...(f.quote ? { quote: f.quote } : {}),
  }));
  const missing: MissingField[] = misses.map((m) => ({ path: m.pointer, reason: m.reason }));
  return { data: data ?? null, valid, sources, missing };
}

/** After an item of an array of values is taken out, the later items move up one place. */
function closeUp(fills: Fill[], pointer: string, arrays: Set<string>) {
  const cut = pointer.lastIndexOf("/");
  const parent = pointer.slice(0, cut);
  const index = Number(pointer.slice(cut + 1));
  if (!arrays.has(parent) || !Number.isInteger(index)) return;
  for (const f of fills) {
    if (!f.pointer.startsWith(`${parent}/`)) continue;
    const rest = f.pointer.slice(parent.length + 1);
    const i = Number(rest);
    if (Number.isInteger(i) && i > index) f.pointer = `${parent}/${i - 1}`;
  }
}
