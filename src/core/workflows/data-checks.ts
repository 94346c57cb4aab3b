import type { MissingField } from "../answering/answer-types.ts";
import { pointerTokens, valueAt } from "./json-pointer.ts";
import { type CompareOp, type DataRule, ruleLabel } from "./workflow-steps.ts";

// A dynamic workflow's checks over one document's data: first that the data fits the extract
// schema, then each rule of the validate step. As with the invoice checks, a rule whose figures
// are not in the data is skipped (a required field has a rule of its own), and a failed check
// sends the document to review, naming the rule and the values.

/** The check every dynamic run makes: the data validates against the extract schema. */
export const SCHEMA_CHECK = "schema_valid";

export type DataCheck = { rule: string; status: "passed" | "failed" | "skipped"; message: string };

const absent = (v: unknown) => v === undefined || v === null || v === "";
const shown = (v: unknown) => (typeof v === "string" ? JSON.stringify(v) : String(v));

/**
 * Where `a` stands against `b`: -1, 0 or 1; numbers within `tolerance` of each other are equal,
 * strings compare as written (ISO dates, 2026-03-05, order as the days they name). Null for
 * values that do not order (a number against a string, booleans).
 */
function order(a: unknown, b: unknown, tolerance: number): number | null {
  if (typeof a === "number" && typeof b === "number") {
    const d = a - b;
    return Math.abs(d) <= tolerance + 1e-9 ? 0 : Math.sign(d);
  }
  if (typeof a === "string" && typeof b === "string") return a < b ? -1 : a > b ? 1 : 0;
  return null;
}

function compared(a: unknown, op: CompareOp, b: unknown, tolerance: number): boolean | null {
  const o = order(a, b, tolerance);
  if (o === null) return op === "eq" ? a === b : op === "ne" ? a !== b : null;
  const holds: Record<CompareOp, boolean> = {
    eq: o === 0,
    ne: o !== 0,
    lt: o < 0,
    le: o <= 0,
    gt: o > 0,
    ge: o >= 0,
  };
  return holds[op];
}

const opWords: Record<CompareOp, string> = {
  eq: "equal to",
  ne: "other than",
  lt: "less than",
  le: "at most",
  gt: "greater than",
  ge: "at least",
};

function checkRule(data: unknown, r: DataRule): Omit<DataCheck, "rule"> {
  const at = (p: string) => valueAt(data, pointerTokens(p));
  switch (r.rule) {
    case "required": {
      const v = at(r.field);
      const empty = absent(v) || (Array.isArray(v) && v.length === 0);
      return empty
        ? { status: "failed", message: `${r.field} is required and was not found in the document.` }
        : { status: "passed", message: `${r.field} is ${shown(v)}.` };
    }
    case "range": {
      const v = at(r.field);
      if (absent(v)) return { status: "skipped", message: `${r.field} has no value.` };
      if (typeof v !== "number")
        return { status: "failed", message: `${r.field} is ${shown(v)}, not a number.` };
      const bounds = [r.min !== undefined && `at least ${r.min}`, r.max !== undefined && `at most ${r.max}`]
        .filter(Boolean)
        .join(" and ");
      const ok = (r.min === undefined || v >= r.min) && (r.max === undefined || v <= r.max);
      return { status: ok ? "passed" : "failed", message: `${r.field} is ${v}; it must be ${bounds}.` };
    }
    case "compare": {
      const v = at(r.field);
      const other = r.than === undefined ? r.value : at(r.than);
      const otherName = r.than === undefined ? shown(r.value) : `${r.than} (${shown(other)})`;
      if (absent(v) || (r.than !== undefined && absent(other)))
        return { status: "skipped", message: `${absent(v) ? r.field : r.than} has no value.` };
      const ok = compared(v, r.op, other, r.tolerance ?? 0);
      if (ok === null)
        return {
          status: "failed",
          message: `${r.field} (${shown(v)}) cannot be compared with ${otherName}.`,
        };
      return {
        status: ok ? "passed" : "failed",
        message: `${r.field} is ${shown(v)}; it must be ${opWords[r.op]} ${otherName}${r.tolerance ? ` (within ${r.tolerance})` : ""}.`,
      };
    }
    case "one_of": {
      const v = at(r.field);
      if (v === undefined) return { status: "skipped", message: `${r.field} has no value.` };
      const ok = r.values.some((x) => x === v);
      return {
        status: ok ? "passed" : "failed",
        message: `${r.field} is ${shown(v)}; it must be one of ${r.values.map(shown).join(", ")}.`,
      };
    }
    case "sum": {
      const items = at(r.items);
      const total = at(r.equals);
      if (!Array.isArray(items) || items.length === 0 || typeof total !== "number")
        return { status: "skipped", message: `No items at ${r.items}, or no number at ${r.equals}.` };
      const parts = items.map((it) => valueAt(it, pointerTokens(r.of)));
      if (parts.some((p) => typeof p !== "number"))
        return { status: "skipped", message: `An item at ${r.items} has no number at ${r.of}.` };
      const sum = (parts as number[]).reduce((s, p) => s + p, 0);
      const ok = Math.abs(sum - total) <= r.tolerance + 1e-9;
      return {
        status: ok ? "passed" : "failed",
        message: `The ${parts.length} values of ${r.items}/*${r.of} sum to ${+sum.toFixed(6)}; ${r.equals} is ${total} (tolerance ${r.tolerance}).`,
      };
    }
  }
}

/** The schema check, then each rule's, in the order written. */
export function checkData(
  data: unknown,
  fit: { valid: boolean; missing: readonly MissingField[] },
  rules: readonly DataRule[],
): DataCheck[] {
  const problems = fit.missing.slice(0, 5).map((m) => `${m.path || "/"}: ${m.reason}`);
  const checks: DataCheck[] = [
    fit.valid
      ? { rule: SCHEMA_CHECK, status: "passed", message: "The data fits the extract schema." }
      : {
          rule: SCHEMA_CHECK,
          status: "failed",
          message: `The data does not fit the extract schema${problems.length ? `: ${problems.join("; ")}` : ""}.`,
        },
  ];
  for (const r of rules) checks.push({ rule: ruleLabel(r), ...checkRule(data, r) });
  return checks;
}

/** Whether a person should look at the document before its data is used: a check failed. */
export const needsReview = (checks: readonly DataCheck[]) => checks.some((c) => c.status === "failed");
