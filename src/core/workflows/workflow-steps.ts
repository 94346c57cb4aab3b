import { MAX_PROMPT_CHARS } from "../answering/answer-types.ts";
import { compileSchema } from "../answering/structured/compile-schema.ts";
import { walkSchema } from "../answering/structured/schema-walk.ts";
import { z } from "../zod.ts";
import { fieldAt, pointerTokens } from "./json-pointer.ts";

// The steps of a dynamic workflow, as an account writes them and as a run keeps them. Documents
// are always parsed first (the `parse` step may be written, for readability, and takes no
// options); then one `extract` fills a JSON Schema from each document; an optional `validate`
// checks the data by rules; an optional `export` names the result formats a run gives.

export const MAX_RULES = 50;
/** The extract schema, as JSON text, at most: large enough for any invoice or form. */
export const MAX_SCHEMA_CHARS = 100_000;
export const dataFormats = ["json", "csv", "xlsx"] as const;
export type DataFormat = (typeof dataFormats)[number];

const pointer = z
  .string()
  .max(500)
  .regex(/^(\/([^~/]|~[01])*)+$/, "must be a JSON Pointer into the data, such as /total or /items/0/amount");
const ruleName = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.:-]+$/, "must be 1 to 100 of A-Z, a-z, 0-9, _ . : -");
const scalar = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);

const requiredRule = z.strictObject({
  rule: z.literal("required"),
  name: ruleName.optional(),
  field: pointer,
});
const rangeRule = z
  .strictObject({
    rule: z.literal("range"),
    name: ruleName.optional(),
    field: pointer,
    min: z.number().optional(),
    max: z.number().optional(),
  })
  .refine((r) => r.min !== undefined || r.max !== undefined, { message: "give min, max or both" });
const compareOps = ["eq", "ne", "lt", "le", "gt", "ge"] as const;
const compareRule = z
  .strictObject({
    rule: z.literal("compare"),
    name: ruleName.optional(),
    field: pointer,
    op: z.enum(compareOps),
    than: pointer.optional(),
    value: scalar.optional(),
    tolerance: z.number().min(0).optional(),
  })
  .refine((r) => (r.than === undefined) !== (r.value === undefined), {
    message: "give `than` (another field) or `value`, one of the two",
  });
const oneOfRule = z.strictObject({
  rule: z.literal("one_of"),
  name: ruleName.optional(),
  field: pointer,
  values: z.array(scalar).min(1).max(100),
});
const sumRule = z.strictObject({
  rule: z.literal("sum"),
  name: ruleName.optional(),
  items: pointer,
  of: pointer,
  equals: pointer,
  tolerance: z.number().min(0).default(0.01),
});

export const dataRule = z
  .discriminatedUnion("rule", [requiredRule, rangeRule, compareRule, oneOfRule, sumRule])
  .openapi("WorkflowRule", {
    description:
      "A check of the extracted data, fields named by JSON Pointer (/total, /items/0/amount). A rule whose values are missing is skipped (make them required with a rule of their own).",
  });
export type DataRule = z.output<typeof dataRule>;
export type CompareOp = (typeof compareOps)[number];

const parseStep = z.strictObject({ type: z.literal("parse") });
const extractStep = z.strictObject({
  type: z.literal("extract"),
  schema: z.record(z.string(), z.unknown()),
  prompt: z.string().max(MAX_PROMPT_CHARS).default(""),
});
const validateStep = z.strictObject({
  type: z.literal("validate"),
  rules: z.array(dataRule).min(1).max(MAX_RULES),
});
const exportStep = z.strictObject({
  type: z.literal("export"),
  formats: z
    .array(z.enum(dataFormats))
    .min(1)
    .refine((f) => new Set(f).size === f.length, { message: "names a format twice" }),
});

const step = z.discriminatedUnion("type", [parseStep, extractStep, validateStep, exportStep]);
export type WorkflowStep = z.output<typeof step>;
export type ExtractStep = z.output<typeof extractStep>;

const order = ["parse", "extract", "validate", "export"] as const;

/** The name a rule's check goes by: its own, or its kind and field (`required:/total`). */
export const ruleLabel = (r: DataRule) => r.name ?? `${r.rule}:${r.rule === "sum" ? r.equals : r.field}`;

/** The pointers a rule reads, with the field of the rule that holds each (for messages). */
function rulePointers(r: DataRule): [string, string][] {
  switch (r.rule) {
    case "sum":
      return [
        ["items", r.items],
        ["equals", r.equals],
      ];
    case "compare":
      return r.than === undefined
        ? [["field", r.field]]
        : [
            ["field", r.field],
            ["than", r.than],
          ];
    default:
      return [["field", r.field]];
  }
}

/**
 * Steps as stored: at most one of each type, in the order parse, extract, validate, export, with
 * exactly one extract whose schema compiles (an object at its root) and rules that name fields
 * the schema has and names no two alike.
 */
export const workflowSteps = z
  .array(step)
  .min(1)
  .max(order.length)
  .superRefine((steps, ctx) => {
    const types = steps.map((s) => s.type);
    for (const [i, t] of types.entries()) {
      if (types.indexOf(t) !== i) {
        ctx.addIssue({
          code: "custom",
          path: [i, "type"],
          message: `a second ${t} step: each type comes once`,
        });
        return;
      }
      if (i > 0 && order.indexOf(t) < order.indexOf(types[i - 1] as WorkflowStep["type"])) {
        ctx.addIssue({
          code: "custom",
          path: [i, "type"],
          message: `${t} comes before ${types[i - 1]}: steps go in the order ${order.join(", ")}`,
        });
        return;
      }
    }
    const extractAt = types.indexOf("extract");
    const extract = steps[extractAt] as ExtractStep | undefined;
    if (!extract) {
      ctx.addIssue({
        code: "custom",
        path: [],
        message: "needs an extract step (its JSON Schema says what to read)",
      });
      return;
    }
    const schemaPath = [extractAt, "schema"];
    if (JSON.stringify(extract.schema).length > MAX_SCHEMA_CHARS) {
      ctx.addIssue({
        code: "custom",
        path: schemaPath,
        message: `is longer than ${MAX_SCHEMA_CHARS} characters of JSON`,
      });
      return;
    }
    if (extract.schema.type !== "object") {
      ctx.addIssue({
        code: "custom",
        path: [...schemaPath, "type"],
        message: 'must be "object": a run reads one object from each document',
      });
      return;
    }
    const compiled = compileSchema(extract.schema);
    if (!compiled.ok) {
      ctx.addIssue({
        code: "custom",
        path: schemaPath,
        message: `is not a valid JSON Schema: ${compiled.message}`,
      });
      return;
    }
    const validateAt = types.indexOf("validate");
    const rules = validateAt < 0 ? [] : (steps[validateAt] as { rules: DataRule[] }).rules;
    // Rules may name what the extraction fills: the fields of the schema as it walks them.
    const fields = walkSchema(extract.schema);
    const names = new Set<string>();
    for (const [i, r] of rules.entries()) {
      const path = [validateAt, "rules", i];
      const label = ruleLabel(r);
      if (names.has(label))
        ctx.addIssue({
          code: "custom",
          path: [...path, "name"],
          message: `a second rule named ${label}: give it a name of its own`,
        });
      names.add(label);
      for (const [key, p] of rulePointers(r))
        if (fieldAt(fields, pointerTokens(p)) === null)
          ctx.addIssue({
            code: "custom",
            path: [...path, key],
            message: `${p} is not a field of the extract schema`,
          });
      if (r.rule === "sum") {
        const items = fieldAt(fields, pointerTokens(r.items));
        if (items?.kind === "array" && fieldAt(items.items, pointerTokens(r.of)) === null)
          ctx.addIssue({
            code: "custom",
            path: [...path, "of"],
            message: `${r.of} is not a field of the items at ${r.items}`,
          });
      }
    }
  });

/** A dynamic workflow's definition, as a run keeps it. */
export type WorkflowDefinition = {
  extract: ExtractStep;
  rules: DataRule[];
  formats: readonly DataFormat[];
};

/** The parts a run needs from valid steps; no export step means every format. */
export function definitionOf(steps: readonly WorkflowStep[]): WorkflowDefinition {
  const extract = steps.find((s): s is ExtractStep => s.type === "extract");
  if (!extract) throw new Error("steps without an extract step (workflowSteps admits none)");
  const validate = steps.find((s) => s.type === "validate");
  const exported = steps.find((s) => s.type === "export");
  return {
    extract,
    rules: validate?.type === "validate" ? validate.rules : [],
    formats: exported?.type === "export" ? exported.formats : dataFormats,
  };
}
