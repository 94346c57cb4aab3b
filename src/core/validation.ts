// How a failed zod validation reads to a client, whichever face it came through: each field
// named with what is wrong with it, at most five, in one BAD_REQUEST.
import { AppError } from "./errors.ts";

export type Issue = { path: readonly PropertyKey[]; message: string; code: string; keys?: string[] };

/** A field's path as OpenAI's `param` writes it: "messages[2].content", "response_format.type". */
function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((k, i) => (typeof k === "number" ? `[${k}]` : `${i ? "." : ""}${String(k)}`)).join("");
}

/** `where` names the part of the request checked ("body", "query parameter"), or "" for an operation's input. */
export function invalidInput(issues: readonly Issue[], where: string): AppError {
  const parts = issues.slice(0, 5).map((i) => {
    const field = i.path.map(String).join(".");
    const label = field ? `${where ? `${where} ` : ""}'${field}'` : where || "input";
    if (i.code === "unrecognized_keys" && i.keys)
      return `${label}: unknown field(s) ${i.keys.map((k) => `'${k}'`).join(", ")}`;
    return `${label}: ${i.message}`;
  });
  return new AppError("BAD_REQUEST", `Invalid request: ${parts.join("; ")}.`, {}, paramOf(issues[0]));
}

/** The field the first problem is about: an unknown field is named itself, not its parent. */
function paramOf(issue: Issue | undefined): string | undefined {
  if (!issue) return undefined;
  const path =
    issue.code === "unrecognized_keys" && issue.keys?.[0] ? [...issue.path, issue.keys[0]] : issue.path;
  return path.length ? fieldPath(path) : undefined;
}
