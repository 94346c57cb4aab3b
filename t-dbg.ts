import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import pg from "pg";
import { createLogger } from "./src/core/log.ts";
import { startService } from "./src/start-service.ts";
import { createAccountKey, extractDocument } from "./bench/invoices/service-reader.ts";
import { BENCH_WORKER_SECRET, benchServiceConfig } from "./bench/support/bench-service-config.ts";
const adminUrl = "postgresql://postgres@127.0.0.1:5432/postgres";
const dbName = `quire_dbg_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: adminUrl }); await admin.connect();
await admin.query(`CREATE DATABASE "${dbName}"`);
const url = new URL(adminUrl); url.pathname = `/${dbName}`;
const { config, removeBlobDir } = benchServiceConfig(url.toString(), { ROLE: "both", PRERENDER_PAGES: "0" });
const service = await startService(config, createLogger(config.logLevel));
try {
  const base = service.url as string;
  const key = await createAccountKey(base, BENCH_WORKER_SECRET);
  for (const f of process.argv.slice(2)) {
    const doc = await extractDocument({ base, key, service, operatorSecret: BENCH_WORKER_SECRET }, readFileSync(`bench/invoices/corpus/${f}.pdf`), f);
    writeFileSync(`/tmp/ans/${f}.doc.json`, JSON.stringify(doc, null, 1));
  }
} finally { await service.stop(); removeBlobDir(); await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`); await admin.end(); }
