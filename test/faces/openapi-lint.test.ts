import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { call } from "../support/http.ts";
import type { TestServer } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";

// The service's /openapi.json through the pinned Redocly CLI with the repository's redocly.yaml
// (the recommended ruleset): no errors and no warnings, so generated clients and documentation
// tools read it as written.

const root = path.resolve(import.meta.dirname, "../..");
const redocly = path.join(root, "node_modules/.bin/redocly");

type Problem = {
  ruleId: string;
  severity: string;
  message: string;
  location?: { pointer?: string }[];
};

let server: TestServer;
let dir: string;

beforeAll(async () => {
  server = await sharedTestServer();
  dir = mkdtempSync(path.join(os.tmpdir(), "quire-openapi-lint-"));
});
afterAll(async () => {
  await server?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it("passes Redocly's recommended rules with no errors or warnings", async () => {
  const described = await call(server.url, "GET", "/openapi.json");
  expect(described.status).toBe(200);
  const file = path.join(dir, "openapi.json");
  writeFileSync(file, described.text);
  // Redocly exits 1 when it finds errors; the report on stdout is read either way.
  const { stdout } = await promisify(execFile)(
    redocly,
    ["lint", "--config", path.join(root, "redocly.yaml"), "--format=json", file],
    {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      maxBuffer: 64 * 1024 * 1024,
    },
  ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? "" }));
  const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: Problem[] };
  const listed = report.problems.map(
    (p) => `${p.severity} ${p.ruleId} at ${p.location?.[0]?.pointer ?? "?"}: ${p.message}`,
  );
  expect(listed).toEqual([]);
  expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
}, 60_000);
