import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtEntry } from "../support/built-entry.ts";
import { call } from "../support/http.ts";
import type { TestServer } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");

let server: TestServer;
beforeAll(async () => {
  server = await sharedTestServer();
});
afterAll(async () => {
  await server?.close();
});

// src/cli/keys.ts bundled once (test/support/built-entry.ts): each start below is a plain node start.
async function keys(...args: string[]) {
  const { BASE_URL: _vite, ...env } = process.env;
  const r = await run(process.execPath, [await builtEntry("src/cli/keys.ts"), ...args], {
    cwd: root,
    env: { ...env, DATABASE_URL: server.database.url, LOG_LEVEL: "error" },
  }).catch((err: { code: number; stdout: string; stderr: string }) => err);
  return { code: "code" in r && typeof r.code === "number" ? r.code : 0, stdout: r.stdout, stderr: r.stderr };
}

// Each call starts the CLI afresh (seconds on a busy machine), so the cases get more than the
// default minute.
describe("npm run keys", { timeout: 180_000 }, () => {
  it("creates an account, creates, lists, rotates and revokes keys that the running API honours", async () => {
    const acct = await keys("create-account", "--name", "cli");
    expect(acct.code).toBe(0);
    const created = JSON.parse(acct.stdout);
    const first = created.secret as string;
    expect((await call(server.url, "GET", "/v1/account", { key: first })).status).toBe(200);

    const pk = JSON.parse(
      (await keys("create", "--account", created.account.id, "--kind", "publishable", "--name", "web"))
        .stdout,
    );
    expect(pk.secret).toMatch(/^svc_pk_/);

    const listed = JSON.parse((await keys("list", "--account", created.account.id)).stdout);
    expect(listed.map((k: { name: string }) => k.name).sort()).toEqual(["default", "web"]);
    expect(JSON.stringify(listed)).not.toContain(pk.secret);

    const rotated = JSON.parse((await keys("rotate", created.key.id)).stdout);
    expect((await call(server.url, "GET", "/v1/account", { key: first })).status).toBe(401);
    expect((await call(server.url, "GET", "/v1/account", { key: rotated.secret })).status).toBe(200);

    const revoked = await keys("revoke", pk.key.id);
    expect(revoked.code).toBe(0);
    expect((await call(server.url, "GET", "/v1/account", { key: pk.secret })).status).toBe(401);
  });

  it("explains a mistake and exits non-zero", async () => {
    const r = await keys("rotate", "key_doesnotexist");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/key_doesnotexist was not found/);
    const u = await keys("frobnicate");
    expect(u.code).toBe(1);
    expect(u.stderr).toMatch(/Unknown command/);
  });

  it("checks names with the same rules as the API (the operation's schema)", async () => {
    for (const name of ["", "   ", "x".repeat(201), "tab\there"]) {
      const r = await keys("create-account", "--name", name);
      expect(r.code, JSON.stringify(name)).toBe(1);
      expect(r.stderr).toMatch(/'name'/);
    }
    const acct = JSON.parse((await keys("create-account", "--name", "names")).stdout);
    const long = await keys(
      "create",
      "--account",
      acct.account.id,
      "--kind",
      "secret",
      "--name",
      "k".repeat(101),
    );
    expect(long.code).toBe(1);
    expect(long.stderr).toMatch(/'name'/);
  });
});
