import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { listMigrations } from "../../src/core/db/migrate.ts";
import { createTestDatabase, type TestDatabase } from "../support/database.ts";
import { uploadAndWait } from "../support/documents.ts";
import { hosted, portOf } from "../support/hosted.ts";
import { textPdf } from "../support/pdfs.ts";
import { type ServiceProcess, spawnService } from "../support/process.ts";

const started: ServiceProcess[] = [];
const databases: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(started.map((s) => s.kill("SIGKILL")));
  await Promise.all(databases.map((d) => d.drop()));
});

describe("start-up", () => {
  it("two processes migrating one empty database at once both come up", async () => {
    const db = await createTestDatabase({ empty: true });
    databases.push(db);
    const [a, b] = await Promise.all([
      spawnService({ DATABASE_URL: db.url }),
      spawnService({ DATABASE_URL: db.url }),
    ]);
    started.push(a as ServiceProcess, b as ServiceProcess);
    await Promise.all([a?.waitUntilHealthy(), b?.waitUntilHealthy()]);

    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      const applied = await c.query(`SELECT name FROM "_quire_migrations" ORDER BY name`);
      expect(applied.rows.map((r) => r.name)).toEqual(listMigrations().map((m) => m.name));
      // The first account is made once, and its key printed by exactly one of the two.
      const accounts = await c.query("SELECT count(*)::int AS n FROM accounts");
      expect(accounts.rows[0].n).toBe(1);
    } finally {
      await c.end();
    }
    const printed = [a, b].map((s) => s?.output().stdout.match(/svc_sk_[A-Za-z0-9]{32}/g) ?? []);
    expect(printed.flat()).toHaveLength(1);
    const key = printed.flat()[0] as string;
    for (const s of [a, b]) {
      const r = await fetch(`${s?.url}/v1/account`, { headers: { authorization: `Bearer ${key}` } });
      expect(r.status).toBe(200);
    }
    // A restart does not make another account or print a key again.
    await a?.kill();
    const again = await spawnService({ DATABASE_URL: db.url });
    started.push(again);
    await again.waitUntilHealthy();
    expect(again.output().stdout).not.toMatch(/svc_sk_/);
  });

  it("a bad configuration value stops start-up with a message naming the variable", async () => {
    const s = await spawnService({ DATABASE_URL: "mysql://nope", MAX_UPLOAD_BYTES: "-5" });
    started.push(s);
    expect(await s.exited).toBe(2);
    const { stderr } = s.output();
    expect(stderr).toMatch(/DATABASE_URL/);
    expect(stderr).toMatch(/MAX_UPLOAD_BYTES/);
  });

  it("the built service (what npm start runs) comes up and draws page images on its own thread", async () => {
    // The same build npm start runs: dist/main.js and, beside it, the page-image thread's module.
    await promisify(execFile)("npm", ["run", "build", "--silent"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
    });
    const db = await createTestDatabase();
    databases.push(db);
    const s = await spawnService({ DATABASE_URL: db.url }, undefined, { built: true });
    started.push(s);
    await s.waitUntilHealthy();
    const key = s.output().stdout.match(/svc_sk_[A-Za-z0-9]{32}/)?.[0] as string;
    const doc = await uploadAndWait(s.url, key, await textPdf([["Built and drawn"]]), "built.pdf");
    expect(doc.phase).toBe("complete");
    const png = await fetch(`${s.url}/v1/documents/${doc.id}/pages/1/image.png?scale=0.5`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(png.status).toBe(200);
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
    // 612 x 792 pt at 0.5: the PNG header's width and height.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([306, 396]);
    // The hosted viewer's files, copied beside the bundle, are served as they are in the source.
    for (const name of ["viewer.js", "viewer.css"]) {
      const asset = await hosted(s.url, `any-site.quire.localhost:${portOf(s.url)}`, `/_assets/${name}`);
      expect(asset.status).toBe(200);
      expect(asset.text).toBe(
        readFileSync(path.resolve(import.meta.dirname, `../../src/hosting/viewer/assets/${name}`), "utf8"),
      );
    }
  });
});
