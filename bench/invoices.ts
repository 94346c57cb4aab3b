// `npm run bench:invoices`: the built-in invoice reader on the generated corpus
// (bench/invoices/corpus, made by `npm run invoices:generate`).
//
//   1. A service (API and extraction worker) starts in this process over a fresh database on the
//      machine's PostgreSQL (BENCH_PG_URL, default postgresql://postgres@127.0.0.1:5432/postgres),
//      as the tests start theirs. Each corpus PDF is uploaded, extracted (scans through OCR), its
//      stored pages and tables read back and given to readInvoice (no hints: the reader decides
//      the locale and currency itself).
//   2. Scored against the PDF's truth (bench/invoices/score.ts): share of fields exactly right,
//      per field and overall, for born-digital PDFs and scans apart; items aligned in order.
//   3. Seconds per invoice: extraction (upload to complete) and reading apart.
//
// Targets: >= 95% of fields right overall, >= 90% on scans. A measurement: exit code 0 either way.
// Options: --corpus <dir> (another folder in the same format: <name>.pdf beside <name>.json
// holding {meta, truth}), --only <substring> (files whose name holds it), --verbose (every wrong
// field), --json <file> (the per-invoice results), --dump <dir> (each invoice's extracted pages and
// tables as <name>.json and its pages' markdown as <name>.md, to compare with the truth).

import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import pg from "pg";
import type { InvoiceData } from "../src/core/invoices/invoice-types.ts";
import { readInvoice } from "../src/core/invoices/read-invoice.ts";
import { createLogger } from "../src/core/log.ts";
import { startService } from "../src/start-service.ts";
import type { CorpusMeta } from "./invoices/generate-types.ts";
import { type FieldScore, scoreInvoice } from "./invoices/score.ts";
import { createAccountKey, extractDocument, writeDump } from "./invoices/service-reader.ts";
import { BENCH_WORKER_SECRET, benchServiceConfig } from "./support/bench-service-config.ts";

const { values } = parseArgs({
  options: {
    corpus: { type: "string" },
    only: { type: "string" },
    verbose: { type: "boolean" },
    json: { type: "string" },
    dump: { type: "string" },
  },
});
const corpus = path.resolve(values.corpus ?? path.join(import.meta.dirname, "invoices", "corpus"));
const adminUrl = process.env.BENCH_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

type Result = { file: string; meta: CorpusMeta; scores: FieldScore[]; extractS: number; readS: number };

function summary(label: string, results: Result[]) {
  const all = results.flatMap((r) => r.scores);
  const right = all.filter((s) => s.right).length;
  const docsRight = results.filter((r) => r.scores.every((s) => s.right)).length;
  console.log(
    `${label.padEnd(14)} ${results.length} invoices  fields ${right}/${all.length} = ${((100 * right) / Math.max(1, all.length)).toFixed(1)}%  invoices fully right ${docsRight}`,
  );
  return all.length ? right / all.length : 0;
}

async function main() {
  const files = readdirSync(corpus)
    .filter((f) => f.endsWith(".pdf") && (!values.only || f.includes(values.only)))
    .sort();
  const dbName = `quire_bench_inv_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${dbName}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const { config, removeBlobDir } = benchServiceConfig(url.toString(), {
    ROLE: "both",
    PRERENDER_PAGES: "0",
  });
  const service = await startService(config, createLogger(config.logLevel));
  const results: Result[] = [];
  try {
    const base = service.url as string;
    const key = await createAccountKey(base, BENCH_WORKER_SECRET);
    for (const file of files) {
      const { meta, truth } = JSON.parse(
        readFileSync(path.join(corpus, file.replace(/\.pdf$/, ".json")), "utf8"),
      ) as {
        meta: CorpusMeta;
        truth: InvoiceData;
      };
      const t0 = performance.now();
      const doc = await extractDocument(
        { base, key, service, operatorSecret: BENCH_WORKER_SECRET },
        readFileSync(path.join(corpus, file)),
        file,
        // A loaded machine may need longer than the default for one scanned invoice.
        process.env.BENCH_EXTRACT_TIMEOUT_S ? 1000 * Number(process.env.BENCH_EXTRACT_TIMEOUT_S) : undefined,
      );
      const t1 = performance.now();
      if (values.dump) writeDump(values.dump, file, doc);
      const reading = readInvoice(doc, {});
      const t2 = performance.now();
      const scores = scoreInvoice(truth, reading.data);
      results.push({ file, meta, scores, extractS: (t1 - t0) / 1000, readS: (t2 - t1) / 1000 });
      const right = scores.filter((s) => s.right).length;
      console.log(`${file.padEnd(48)} ${right}/${scores.length}  ${((t1 - t0) / 1000).toFixed(2)} s`);
      if (values.verbose)
        for (const s of scores.filter((x) => !x.right))
          console.log(`    ${s.field}: expected ${JSON.stringify(s.expected)} got ${JSON.stringify(s.got)}`);
    }
  } finally {
    await service.stop();
    removeBlobDir();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }

  console.log(`\n## Invoice reader (built-in engine), corpus ${corpus}\n`);
  const overall = summary("overall", results);
  const digital = summary(
    "born-digital",
    results.filter((r) => !r.meta.scan),
  );
  const scans = summary(
    "scans",
    results.filter((r) => r.meta.scan),
  );
  // Languages and producers as the corpus names them, so another corpus is broken down too.
  const named = (pick: (m: CorpusMeta) => string | undefined) =>
    [...new Set(results.map((r) => pick(r.meta)).filter((x): x is string => !!x))].sort();
  for (const lang of named((m) => m.lang))
    summary(
      `  ${lang}`,
      results.filter((r) => r.meta.lang === lang),
    );
  for (const producer of named((m) => m.producer))
    summary(
      `  ${producer}`,
      results.filter((r) => r.meta.producer === producer && !r.meta.scan),
    );
  console.log("\n| field | right (digital) | right (scans) |\n| --- | --- | --- |");
  const fields = [...new Set(results.flatMap((r) => r.scores.map((s) => s.field)))];
  const share = (rs: Result[], f: string) => {
    const s = rs.flatMap((r) => r.scores.filter((x) => x.field === f));
    return s.length
      ? `${((100 * s.filter((x) => x.right).length) / s.length).toFixed(0)}% of ${s.length}`
      : "-";
  };
  for (const f of fields)
    console.log(
      `| ${f} | ${share(
        results.filter((r) => !r.meta.scan),
        f,
      )} | ${share(
        results.filter((r) => r.meta.scan),
        f,
      )} |`,
    );
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  console.log(
    `\nseconds per invoice: extraction ${mean(results.filter((r) => !r.meta.scan).map((r) => r.extractS)).toFixed(2)} (digital), ${mean(results.filter((r) => r.meta.scan).map((r) => r.extractS)).toFixed(2)} (scans); reading ${mean(results.map((r) => r.readS)).toFixed(4)}`,
  );
  console.log(
    `targets: overall >= 95% ${overall >= 0.95 ? "PASS" : "FAIL"} (${(100 * overall).toFixed(1)}%), scans >= 90% ${scans >= 0.9 ? "PASS" : "FAIL"} (${(100 * scans).toFixed(1)}%); digital ${(100 * digital).toFixed(1)}%`,
  );
  if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 2));
}

await main();
