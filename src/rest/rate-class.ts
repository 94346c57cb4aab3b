import type { RateClass } from "../core/auth/rate-limit.ts";

// SPEC 8: these three are expensive; every other endpoint is a standard request.
const expensive: { method: string; path: RegExp }[] = [
  { method: "POST", path: /^\/v1\/documents\/?$/ },
  { method: "POST", path: /^\/v1\/documents\/[^/]+\/structured-output\/?$/ },
  { method: "POST", path: /^\/v1\/documents\/[^/]+\/chat\/completions\/?$/ },
];

export function restRateClass(method: string, path: string): RateClass {
  return expensive.some((e) => e.method === method && e.path.test(path)) ? "expensive" : "standard";
}
