import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Data flows one way: face -> operation -> core. Every import in src/ is resolved to the layer it
// lands in and checked against what its own layer may use.

const src = path.resolve(import.meta.dirname, "../src");

/** The layer of a file under src/: its top folder, or the file itself at the top. */
const layerOf = (file: string) => path.relative(src, file).split(path.sep)[0] ?? "";

/** What each layer must not import. */
const forbidden: Record<string, string[]> = {
  core: [
    "resolvers",
    "rest",
    "schema",
    "http",
    "jobs",
    "cli",
    "start-service.ts",
    "build-services.ts",
    "main.ts",
  ],
  resolvers: ["rest", "schema", "http", "jobs", "cli", "start-service.ts", "build-services.ts", "main.ts"],
  jobs: ["rest", "schema", "http", "cli", "start-service.ts", "main.ts"],
  rest: ["schema", "jobs", "cli", "start-service.ts", "build-services.ts", "main.ts"],
  schema: ["rest", "jobs", "cli", "start-service.ts", "build-services.ts", "main.ts"],
  http: ["jobs", "cli", "start-service.ts", "build-services.ts", "main.ts"],
  // A face of its own: it calls operations, never another face.
  mcp: ["rest", "schema", "jobs", "cli", "start-service.ts", "build-services.ts", "main.ts"],
  // The hosting family's face for sites: it calls operations and the core, never another face.
  hosting: ["rest", "schema", "mcp", "jobs", "cli", "start-service.ts", "build-services.ts", "main.ts"],
};

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.startsWith(`generated${path.sep}`))
    .map((f) => path.join(dir, f));
}

describe("the direction of imports", () => {
  it("no file in src/ imports a layer above its own", () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const file of sources(src)) {
      const rules = forbidden[layerOf(file)];
      if (!rules) continue;
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/^(?:import|export)[^;]*?from "(\.[^"]+)"/gms)) {
        const target = path.resolve(path.dirname(file), m[1] as string);
        if (!target.startsWith(src)) continue;
        checked++;
        if (rules.includes(layerOf(target))) wrong.push(`${path.relative(src, file)} -> ${m[1]}`);
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(wrong).toEqual([]);
  });
});
