import type { Hook } from "@hono/zod-openapi";
import { AppError } from "../core/errors.ts";

const where: Record<string, string> = {
  json: "body",
  query: "query parameter",
  param: "path parameter",
  form: "form field",
  header: "header",
};

type Issue = { path: PropertyKey[]; message: string; code: string; keys?: string[] };

/** A failed zod validation as a BAD_REQUEST naming each field and what is wrong with it. */
export const validationHook: Hook<unknown, never, string, unknown> = (result) => {
  if (result.success) return;
  const issues = (result.error as { issues: Issue[] }).issues;
  const parts = issues.slice(0, 5).map((i) => {
    const field = i.path.map(String).join(".");
    const label = field
      ? `${where[result.target] ?? result.target} '${field}'`
      : (where[result.target] ?? result.target);
    if (i.code === "unrecognized_keys" && i.keys)
      return `${label}: unknown field(s) ${i.keys.map((k) => `'${k}'`).join(", ")}`;
    return `${label}: ${i.message}`;
  });
  throw new AppError("BAD_REQUEST", `Invalid request: ${parts.join("; ")}.`);
};
