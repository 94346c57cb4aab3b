// `npm run bench:sdk`: the built-in engine as a new user meets it, through the official `openai`
// SDK (baseURL = <base>/v1/documents/<id>), on each invoice of a corpus folder (--corpus <dir>,
// default bench/invoices/corpus: <name>.pdf beside <name>.json holding {meta, truth}).
//
//   1. A service (API and extraction worker) starts in this process over a fresh database on the
//      machine's PostgreSQL (BENCH_PG_URL, default postgresql://postgres@127.0.0.1:5432/postgres),
//      as bench:invoices starts it. Each invoice is uploaded with a key of its own (chat is an
//      expensive operation, limited a minute per key) and waited for.
//   2. `client.chat.completions.parse()` with a strict json_schema made by the SDK's
//      zodResponseFormat from the truth's fields: every property in `required`, additionalProperties
//      false, an `items` array of objects; the invoice number, vendor and total are non-nullable
//      when the truth has them, every other field nullable. Scored with bench/invoices/score.ts
//      (share of fields right; a `parsed: null` answer scores every field wrong) and counted.
//   3. "Who is the vendor on this invoice?" and "What is the invoice total?": right when the answer
//      holds the truth's value (names folded; amounts read in either decimal convention) AND a
//      citation is on a page whose extracted text holds that value (a name: every word of it, as a
//      name wrapped over two lines or set in a table's cells is still printed on that page).
//   4. "What is this document about?": answered (not the engine's no-answer text) with at least one
//      citation; also counted: the answer names it an invoice (invoice, Rechnung, facture).
//   5. `client.models.list()` lists `default`.
//
// Options: --corpus <dir>, --only <substring>, --verbose (every answer), --json <file>, --dump <dir>
// (each invoice's extracted pages and tables, for bench/invoices/sdk-redump.ts).
// A measurement: exit code 0 either way.

import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import OpenAI from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import pg from "pg";
import type { InvoiceData } from "../src/core/invoices/invoice-types.ts";
import { createLogger } from "../src/core/log.ts";
import { startService } from "../src/start-service.ts";
import { holdsAmount, holdsName, printsName } from "./invoices/answer-checks.ts";
import type { CorpusMeta } from "./invoices/generate-types.ts";
import { type FieldScore, scoreInvoice } from "./invoices/score.ts";
import { invoiceSchema } from "./invoices/sdk-schema.ts";
import { createAccountKey, readExtracted, uploadDocument, writeDump } from "./invoices/service-reader.ts";
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

type Citation = { page?: number | null; quote?: string };
type Ask = { content: string; citations: Citation[] };

type Result = {
  file: string;
  meta: CorpusMeta;
  scores: FieldScore[];
  parsedNull: boolean;
  refusal: string | null;
  vendor: { right: boolean; page: boolean; answer: Ask };
  total: { right: boolean; page: boolean; answer: Ask };
  overview: { cited: boolean; saysInvoice: boolean; answer: Ask };
};

const NO_ANSWER = /do not contain an answer/i;

async function main() {
  const files = readdirSync(corpus)
    .filter((f) => f.endsWith(".pdf") && (!values.only || f.includes(values.only)))
    .sort();
  const dbName = `quire_bench_sdk_${randomBytes(5).toString("hex")}`;
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
  let modelsListed = false;
  let modelIds: string[] = [];
  try {
    const base = service.url as string;
    const owner = await createAccountKey(base, BENCH_WORKER_SECRET);
    // One key per invoice: four chat requests and an upload stay under a key's expensive limit.
    const freshKey = async (name: string) => {
      const r = await fetch(`${base}/v1/keys`, {
        method: "POST",
        headers: { authorization: `Bearer ${owner}`, "content-type": "application/json" },
        body: JSON.stringify({ kind: "secret", name }),
      });
      if (r.status !== 201) throw new Error(`POST /v1/keys: ${r.status} ${await r.text()}`);
      return ((await r.json()) as { secret: string }).secret;
    };
    for (const file of files) {
      const { meta, truth } = JSON.parse(
        readFileSync(path.join(corpus, file.replace(/\.pdf$/, ".json")), "utf8"),
      ) as {
        meta: CorpusMeta;
        truth: InvoiceData;
      };
      const key = await freshKey(file);
      const id = await uploadDocument({ base, key }, readFileSync(path.join(corpus, file)), file);
      if (values.dump) writeDump(values.dump, file, await readExtracted(service.services.db.pool, id));
      const full = await (
        await fetch(`${base}/v1/documents/${id}/full.md`, { headers: { authorization: `Bearer ${key}` } })
      ).text();
      const pages = new Map<number, string>();
      const parts = full.split(/<!-- page (\d+) -->/);
      for (let i = 1; i < parts.length; i += 2) pages.set(Number(parts[i]), parts[i + 1] ?? "");

      const client = new OpenAI({ baseURL: `${base}/v1/documents/${id}`, apiKey: key, maxRetries: 5 });
      if (!modelsListed) {
        modelIds = [];
        try {
          for await (const m of client.models.list()) modelIds.push(m.id);
        } catch (e) {
          modelIds = [`error: ${(e as Error).message}`];
        }
        modelsListed = true;
      }

      let data: InvoiceData | null = null;
      let refusal: string | null = null;
      try {
        const parsed = await client.chat.completions.parse({
          model: "default",
          messages: [{ role: "user", content: "Extract the invoice's fields." }],
          response_format: zodResponseFormat(invoiceSchema(truth), "invoice"),
        });
        const message = parsed.choices[0]?.message;
        data = (message?.parsed ?? null) as InvoiceData | null;
        refusal = message?.refusal ?? null;
      } catch (e) {
        // A refused request or a reply the SDK cannot parse counts as no answer, said why.
        refusal = `error: ${(e as Error).message}`;
      }
      const empty = Object.fromEntries(
        Object.keys(truth).map((k) => [k, k === "items" ? [] : null]),
      ) as unknown as InvoiceData;
      // No parsed answer gets no field right, not even the ones the truth has null.
      const scores = data
        ? scoreInvoice(truth, { ...empty, ...data, items: data.items ?? [] })
        : scoreInvoice(truth, empty).map((s) => ({ ...s, right: false }));

      const ask = async (question: string): Promise<Ask> => {
        const r = await client.chat.completions.create({
          model: "default",
          messages: [{ role: "user", content: question }],
        });
        return {
          content: r.choices[0]?.message.content ?? "",
          citations: ((r as unknown as { citations?: Citation[] }).citations ?? []) as Citation[],
        };
      };
      const onCitedPage = (a: Ask, holds: (text: string) => boolean) =>
        a.citations.some((c) => typeof c.page === "number" && holds(pages.get(c.page) ?? ""));

      const vendorAnswer = await ask("Who is the vendor on this invoice?");
      const vendorName = truth.vendor_name ?? "";
      const vendorRight = !!vendorName && holdsName(vendorAnswer.content, vendorName);
      const vendorPage = vendorRight && onCitedPage(vendorAnswer, (t) => printsName(t, vendorName));

      const totalAnswer = await ask("What is the invoice total?");
      const total = truth.invoice_total;
      const totalRight = total !== null && holdsAmount(totalAnswer.content.replace(/\[\d+\]/g, ""), total);
      const totalPage = totalRight && onCitedPage(totalAnswer, (t) => holdsAmount(t, total as number));

      const overview = await ask("What is this document about?");
      const cited = !NO_ANSWER.test(overview.content) && overview.citations.length > 0;

      const r: Result = {
        file,
        meta,
        scores,
        parsedNull: !data,
        refusal,
        vendor: { right: vendorRight, page: vendorPage, answer: vendorAnswer },
        total: { right: totalRight, page: totalPage, answer: totalAnswer },
        overview: {
          cited,
          saysInvoice: /invoice|rechnung|facture/i.test(overview.content),
          answer: overview,
        },
      };
      results.push(r);
      const right = scores.filter((s) => s.right).length;
      console.log(
        `${file.padEnd(48)} schema ${right}/${scores.length}${data ? "" : " (null)"}  vendor ${vendorPage ? "ok" : vendorRight ? "page?" : "no"}  total ${totalPage ? "ok" : totalRight ? "page?" : "no"}  overview ${cited ? "ok" : "no"}`,
      );
      // The refusal names the field that could not be null: shown always, it says why fields were lost.
      if (!data) console.log(`    refusal: ${refusal}`);
      if (values.verbose) {
        for (const s of scores.filter((x) => !x.right))
          console.log(`    ${s.field}: expected ${JSON.stringify(s.expected)} got ${JSON.stringify(s.got)}`);
        const pagesOf = (a: Ask) => a.citations.map((c) => c.page).join(",");
        console.log(`    vendor: ${vendorAnswer.content} [pages ${pagesOf(vendorAnswer)}]`);
        console.log(`    total: ${totalAnswer.content} [pages ${pagesOf(totalAnswer)}]`);
        console.log(`    overview: ${overview.content} [pages ${pagesOf(overview)}]`);
      }
    }
  } finally {
    await service.stop();
    removeBlobDir();
    await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
    await admin.end();
  }

  const pct = (n: number, d: number) => `${n}/${d} = ${((100 * n) / Math.max(1, d)).toFixed(1)}%`;
  const report = (label: string, rs: Result[]) => {
    const all = rs.flatMap((r) => r.scores);
    console.log(
      `${label.padEnd(14)} ${rs.length} invoices  strict schema fields ${pct(all.filter((s) => s.right).length, all.length)}  parsed null ${rs.filter((r) => r.parsedNull).length}  vendor ${pct(rs.filter((r) => r.vendor.page).length, rs.length)}  total ${pct(rs.filter((r) => r.total.page).length, rs.length)}  overview cited ${pct(rs.filter((r) => r.overview.cited).length, rs.length)} (says invoice ${rs.filter((r) => r.overview.saysInvoice).length})`,
    );
    return all.length ? all.filter((s) => s.right).length / all.length : 0;
  };
  console.log(`\n## The built-in engine through the openai SDK, corpus ${corpus}\n`);
  const overall = report("overall", results);
  report(
    "born-digital",
    results.filter((r) => !r.meta.scan),
  );
  report(
    "scans",
    results.filter((r) => r.meta.scan),
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
  const n = results.length;
  const all = (pick: (r: Result) => boolean) => results.every(pick);
  console.log(`\nmodels.list(): ${JSON.stringify(modelIds)}`);
  console.log(
    `targets: strict schema >= 95% ${overall >= 0.95 ? "PASS" : "FAIL"} (${(100 * overall).toFixed(1)}%); vendor with page on every invoice ${all((r) => r.vendor.page) ? "PASS" : "FAIL"}; total with page on every invoice ${all((r) => r.total.page) ? "PASS" : "FAIL"}; overview cited ${all((r) => r.overview.cited) ? "PASS" : "FAIL"} (${n} invoices); models.list lists default ${modelIds.includes("default") ? "PASS" : "FAIL"}`,
  );
  if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 2));
}

await main();
