import { defineConfig } from "vitest/config";

export default defineConfig({
  // graphql ships both index.js and index.mjs; Node loads the CommonJS one for everyone, but Vite
  // would hand our code the .mjs while Pothos and yoga get the .js: two copies, and "Cannot use
  // GraphQLObjectType from another realm". Point every import at the one Node uses.
  resolve: { alias: [{ find: /^graphql$/, replacement: "graphql/index.js" }] },
  test: {
    include: ["test/**/*.test.ts", "src/**/*.test.ts"],
    globalSetup: ["test/support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Files run in parallel, each against its own database; two cores are the bound.
    maxWorkers: 2,
    // A worker keeps the modules it loaded from one file to the next: loading the service for
    // every file cost more than most files' tests. Nothing of ours keeps state in process.env or
    // mocks a module, and state kept in modules is per service or keyed by unique ids (several
    // services already share a process in one file); test/support/shared-server.ts relies on it.
    isolate: false,
  },
});
