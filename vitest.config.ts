import { defineConfig } from "vitest/config";

// Files that look at the whole process (its children, its event loop's delays, counters kept in
// modules, the rate budget of its address) or stop servers under themselves: each runs in a
// worker of its own, so no module state or shared server (test/support/shared-server.ts) of
// another file is in the process with it.
const isolated = [
  "test/conversions/conversion-jobs.test.ts",
  "test/documents/decompression.test.ts",
  "test/documents/extraction-budget.test.ts",
  "test/documents/extraction-cpu-budget.test.ts",
  "test/documents/extraction-isolation.test.ts",
  "test/documents/extraction-jobs.test.ts",
  "test/documents/fuzz-pdf.test.ts",
  "test/faces/graphql-compiled.test.ts",
  "test/faces/graphql.test.ts",
  "test/documents/poison-page.test.ts",
  "test/faces/rate-limit.test.ts",
  "test/documents/stale-worker.test.ts",
  "test/platform/startup.test.ts",
];
const include = ["test/**/*.test.ts", "src/**/*.test.ts"];

export default defineConfig({
  // graphql ships both index.js and index.mjs; Node loads the CommonJS one for everyone, but Vite
  // would hand our code the .mjs while Pothos and yoga get the .js: two copies, and "Cannot use
  // GraphQLObjectType from another realm". Point every import at the one Node uses.
  resolve: { alias: [{ find: /^graphql$/, replacement: "graphql/index.js" }] },
  test: {
    globalSetup: ["test/support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Files run in parallel, each against its own database; two cores are the bound.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          include,
          exclude: isolated,
          // A worker keeps the modules it loaded from one file to the next: loading the service
          // for every file cost more than most files' tests. Nothing of ours keeps state in
          // process.env or mocks a module, and state kept in modules is per service or keyed by
          // unique ids; test/support/shared-server.ts relies on it.
          isolate: false,
        },
      },
      { extends: true, test: { name: "isolated", include: isolated, isolate: true } },
    ],
  },
});
