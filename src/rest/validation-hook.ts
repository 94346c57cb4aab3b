import type { Hook } from "@hono/zod-openapi";
import { AppError } from "../core/errors.ts";
import { type Issue, invalidInput } from "../core/validation.ts";

const where: Record<string, string> = {
  json: "body",
  query: "query parameter",
  param: "path parameter",
  form: "form field",
  header: "header",
};

/** How deep a JSON body may nest; deeper values overflow the stack of the code that stores them. */
export const MAX_JSON_DEPTH = 64;

// A lone UTF-16 surrogate ("\ud800" in JSON) is not text: PostgreSQL refuses it in jsonb.
const unpairedSurrogate = /\p{Cs}/u;

/** What makes a parsed JSON body unstorable, or null. Iterative, so depth cannot overflow it. */
function unstorableJson(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop() as [unknown, number];
    if (typeof v === "string") {
      if (unpairedSurrogate.test(v)) return "contains an unpaired UTF-16 surrogate, which is not valid text";
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    if (depth >= MAX_JSON_DEPTH) return `nests deeper than ${MAX_JSON_DEPTH} levels`;
    for (const [k, x] of Object.entries(v)) {
      if (unpairedSurrogate.test(k)) return "contains an unpaired UTF-16 surrogate, which is not valid text";
      stack.push([x, depth + 1]);
    }
  }
  return null;
}

/** A failed zod validation as a BAD_REQUEST naming each field and what is wrong with it. */
export const validationHook: Hook<unknown, never, string, unknown> = (result) => {
  if (result.success) {
    if (result.target === "json") {
      const problem = unstorableJson(result.data);
      if (problem) throw new AppError("BAD_REQUEST", `Invalid request: the body ${problem}.`);
    }
    return;
  }
  throw invalidInput((result.error as { issues: Issue[] }).issues, where[result.target] ?? result.target);
};
