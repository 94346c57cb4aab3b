import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every face admits and counts its callers through admit (src/core/auth/admit.ts) and only
// translates the decision; operations count extra work with charge. Nothing else authenticates
// or writes a rate window.

const src = path.resolve(import.meta.dirname, "../../src");
const auth = path.join(src, "core", "auth");

const sources = readdirSync(src, { recursive: true, encoding: "utf8" })
  .filter((f) => /\.tsx?$/.test(f) && !f.startsWith(`generated${path.sep}`))
  .map((f) => path.join(src, f));

describe("one admission path", () => {
  it("no file outside core/auth authenticates or counts a rate window itself", () => {
    const wrong = sources
      .filter((f) => !f.startsWith(auth + path.sep))
      .flatMap((f) => {
        const text = readFileSync(f, "utf8");
        return [
          /\bauthenticate\(/,
          /\bcountRequest\(/,
          /\bcountMore\(/,
          /(INSERT INTO|UPDATE) rate_limit_windows/i,
          /rateLimitWindow\.(create|upsert|update)/,
        ]
          .filter((re) => re.test(text))
          .map((re) => `${path.relative(src, f)}: ${re.source}`);
      });
    expect(wrong).toEqual([]);
  });

  it("the faces call admit (REST through src/web's middleware)", () => {
    const callers = sources
      .filter((f) => /import \{ admit \} from "[./]*core\/auth\/admit\.ts"/.test(readFileSync(f, "utf8")))
      .map((f) => path.relative(src, f).split(path.sep)[0]);
    expect(new Set(callers)).toEqual(new Set(["web", "schema", "mcp", "hosting", "dashboard"]));
  });
});
