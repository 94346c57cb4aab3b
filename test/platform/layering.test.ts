import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Data flows one way: face -> operation -> core. Every import in src/ is resolved to the layer it
// lands in and checked against what its own layer may use. Families (the folders of
// src/resolvers) carry one name in every face.

const src = path.resolve(import.meta.dirname, "../../src");

/** The layer of a file under src/: its top folder, or the file itself at the top. */
const layerOf = (file: string) => path.relative(src, file).split(path.sep)[0] ?? "";

const entry = ["start-service.ts", "build-services.ts", "main.ts"];
const faces = ["rest", "schema", "mcp", "hosting", "dashboard"];

/** What each layer must not import. */
const forbidden: Record<string, string[]> = {
  core: ["resolvers", "web", "http", "jobs", "cli", ...faces, ...entry],
  // What every HTTP face shares (the envelope, byte and event-stream responses, request info).
  web: ["resolvers", "http", "jobs", "cli", ...faces, ...entry],
  resolvers: ["web", "http", "jobs", "cli", ...faces, ...entry],
  jobs: ["web", "http", "cli", ...faces, "start-service.ts", "main.ts"],
  // A face calls operations, never another face.
  rest: ["http", "jobs", "cli", ...faces.filter((f) => f !== "rest"), ...entry],
  schema: ["http", "jobs", "cli", ...faces.filter((f) => f !== "schema"), ...entry],
  mcp: ["http", "jobs", "cli", ...faces.filter((f) => f !== "mcp"), ...entry],
  // The hosting family's face for sites (the hosted-site app and its viewer): it calls operations
  // and the core, never another face.
  hosting: ["http", "jobs", "cli", ...faces.filter((f) => f !== "hosting"), ...entry],
  // The dashboard is a browser app over GraphQL: it reads no operation or table directly.
  dashboard: ["resolvers", "http", "jobs", "cli", ...faces.filter((f) => f !== "dashboard"), ...entry],
  // The keys CLI calls operations on the service's own services, with no HTTP in between.
  cli: ["web", "http", "jobs", ...faces, "start-service.ts", "main.ts"],
  // src/http composes the faces' sub-apps: it may import every face, never what starts the process.
  http: ["jobs", "cli", ...entry],
};

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !f.startsWith(`generated${path.sep}`))
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

  it("every top folder of src/ has rules", () => {
    const tops = readdirSync(src, { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== "generated")
      .map((d) => d.name);
    expect(tops.filter((t) => !forbidden[t])).toEqual([]);
  });
});

const families = readdirSync(path.join(src, "resolvers"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** The files and folders of a face that serve every family; every other entry is named for one. */
const shared: Record<string, string[]> = {
  rest: ["bind-route", "body-parts", "downloads", "openapi", "shared-schemas", "validation-hook"],
  schema: ["batch", "builder", "cost", "forward-connection", "index", "served-by", "server"],
  "mcp/tools": ["index"],
  "jobs/queues": ["index"],
  "jobs/bodies": [],
  // The engines and services every family uses; a family's own engine is under its name.
  core: [
    "auth",
    "blobs",
    "bootstrap",
    "db",
    "errors",
    "events",
    "exports",
    "extraction",
    "helper-process",
    "ids",
    "invoices",
    "job-queue",
    "log",
    "services",
    "text-rules",
    "validation",
    "zod",
  ],
};

describe("one name per family", () => {
  it("has the families the faces are named for", () => {
    expect(families).toEqual(expect.arrayContaining(["documents", "files", "hosting", "collections"]));
  });

  for (const [face, common] of Object.entries(shared)) {
    it(`names every entry of src/${face} for a family or as shared by all`, () => {
      const names = readdirSync(path.join(src, face)).map((n) => n.replace(/\.tsx?$/, ""));
      const stray = names.filter(
        (n) => !common.includes(n) && !families.some((f) => n === f || n.startsWith(`${f}-`)),
      );
      expect(stray).toEqual([]);
    });
  }
});

describe("the tests' folders", () => {
  // test/<family>/ holds a family's tests (its engine's under a folder of its own); faces/ the
  // suites over every face (contract, OpenAPI, security matrix, rate limits); platform/ what
  // starts and holds the service together; support/ and fixtures/ what tests share.
  it("are named for a family, or are faces, platform, support or fixtures", () => {
    const tests = path.resolve(import.meta.dirname, "..");
    const tops = readdirSync(tests, { withFileTypes: true });
    expect(tops.filter((d) => !d.isDirectory()).map((d) => d.name)).toEqual([]);
    const stray = tops
      .map((d) => d.name)
      .filter((n) => !families.includes(n) && !["faces", "platform", "support", "fixtures"].includes(n));
    expect(stray).toEqual([]);
  });
});

describe("what src/resolvers holds", () => {
  // A family's folder holds its operations (each file defines one with defineOperation), its
  // records (`*-record.ts`: the resource's record, wire form, ref and finder) and the inputs its
  // operations share with the faces (`*-input.ts`); engines live in core/, job bodies in jobs/bodies/.
  it("every file defines an operation or is a record or an input", () => {
    const stray: string[] = [];
    for (const family of families) {
      for (const name of readdirSync(path.join(src, "resolvers", family))) {
        if (/-(record|input)\.ts$/.test(name)) continue;
        const text = readFileSync(path.join(src, "resolvers", family, name), "utf8");
        if (!/\bdefineOperation\(/.test(text)) stray.push(`${family}/${name}`);
      }
    }
    expect(stray).toEqual([]);
  });

  it("holds nothing at its top but the descriptor's own definition", () => {
    const top = readdirSync(path.join(src, "resolvers"), { withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => d.name);
    expect(top.sort()).toEqual(["context.ts", "operation.ts"]);
  });
});
