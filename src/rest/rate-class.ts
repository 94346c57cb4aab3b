import type { RateClass } from "../core/auth/rate-limit.ts";

// SPEC 8 names three expensive operations; every chat completion is one, so the public twin of
// a document's chat completions (which runs the same answering, for anyone) counts as one too.
// Every other endpoint is a standard request.
const expensive: { method: string; path: RegExp }[] = [
  { method: "POST", path: /^\/v1\/documents\/?$/ },
  { method: "POST", path: /^\/v1\/documents\/[^/]+\/structured-output\/?$/ },
  { method: "POST", path: /^\/v1\/documents\/[^/]+\/chat\/completions\/?$/ },
  { method: "POST", path: /^\/v1\/public\/resolve\/chat\/completions\/?$/ },
];

export function restRateClass(method: string, path: string): RateClass {
  return expensive.some((e) => e.method === method && e.path.test(path)) ? "expensive" : "standard";
}
