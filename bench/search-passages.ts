// `npx tsx bench/search-passages.ts`: passage search over 10,000 documents of 10 pages each.
//
// A fresh database (test/support/database.ts, so the machine's PostgreSQL or TEST_PG_URL) is
// migrated and loaded directly with SQL, not through extraction, with the synthetic corpus of
// bench/support/passage-corpus.ts: one account, documents in three text search configurations,
// every document with one word of its own ("zqNNNN") and every hundredth a rarer fact, a quarter
// with a stale generation of passages that must never be found.
//
// Reported: load time and size, EXPLAIN (ANALYZE, BUFFERS) of searches over all documents, the
// p50/p99 of each query shape over one document and over all of them, one at a time, and of 10
// searches at once over all of them.
//
// Knobs: BENCH_DOCS (10000), BENCH_PAGES (10), BENCH_RUNS (30 timed runs per shape),
// BENCH_KEEP=1 keeps the database (its name is printed).

import { performance } from "node:perf_hooks";
import pg from "pg";
import { searchPassages } from "../src/core/answering/search-passages.ts";
import { migrate } from "../src/core/db/migrate.ts";
import { createTestDatabase } from "../test/support/database.ts";
import { ACCOUNT, concurrently, docId, loadCorpus, p50p99 } from "./support/passage-corpus.ts";

const DOCS = Number(process.env.BENCH_DOCS ?? 10_000);
const PAGES = Number(process.env.BENCH_PAGES ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const CONCURRENCY = 10;

async function main() {
  const database = await createTestDatabase();
  await migrate(database.url);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const pool = new pg.Pool({ connectionString: database.url, max: CONCURRENCY });
  try {
    const t0 = performance.now();
    const { ids, rows } = await loadCorpus(client, { docs: DOCS, pages: PAGES });
    const loadMs = performance.now() - t0;
    const size = await client.query<{ table: string; index: string }>(
      `SELECT pg_size_pretty(pg_table_size('passages')) AS table,
              pg_size_pretty(pg_relation_size('passages_tsv_idx')) AS index`,
    );
    console.log(
      `${DOCS} documents x ${PAGES} pages: ${rows} passages loaded in ${(loadMs / 1000).toFixed(1)} s; ` +
        `table ${size.rows[0]?.table}, GIN index ${size.rows[0]?.index}`,
    );

    // EXPLAIN of the statement searchPassages sends, captured from the pool.
    let captured: { text: string; values: unknown[] } | undefined;
    const spy = {
      query: (text: string, values: unknown[]) => {
        captured = { text, values };
        return pool.query(text, values);
      },
    } as unknown as pg.Pool;
    const shapes: [string, string][] = [
      ["rare word", "zq4242"],
      ["rare phrase", '"indemnification clause applies"'],
      ["prefix", "indemnif"],
      ["common word", "revenue"],
      ["most common word", "the"],
      ["two common words", "revenue growth"],
      ["or and exclusion", "invoice or payment -delivery"],
      ["stale generation only", "stalewordonly"],
    ];
    for (const [name, query] of [shapes[0], shapes[3], shapes[4]] as [string, string][]) {
      await searchPassages({ pool: spy }, { accountId: ACCOUNT, documentIds: ids, query, limit: 10 });
      const plan = await pool.query(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${captured?.text}`,
        captured?.values,
      );
      console.log(`\nEXPLAIN ANALYZE, all ${DOCS} documents, ${name} (${query}):`);
      // The document id array fills a line; the shape of the plan is what matters.
      for (const r of plan.rows)
        console.log(`  ${String(r["QUERY PLAN"]).replace(/'\{doc-[^}]*\}'/, "'{…ids…}'")}`);
    }

    console.log(`\nms per search (${RUNS} runs each, after one warm-up): p50 / p99 / hits`);
    for (const scope of ["one document", `all ${DOCS} documents`]) {
      for (const [name, query] of shapes) {
        const times: number[] = [];
        let hits = 0;
        for (let i = 0; i <= RUNS; i++) {
          const documentIds = scope === "one document" ? [docId((i * 97) % DOCS)] : ids;
          const q = query.replace("zq4242", scope === "one document" ? `zq${(i * 97) % DOCS}` : "zq4242");
          const t = performance.now();
          const r = await searchPassages({ pool }, { accountId: ACCOUNT, documentIds, query: q, limit: 10 });
          if (i > 0) times.push(performance.now() - t);
          hits = r.length;
        }
        console.log(`  ${scope.padEnd(22)} ${name.padEnd(22)} ${p50p99(times)} / ${hits}`);
      }
    }

    console.log(
      `\n${CONCURRENCY} searches at once over all ${DOCS} documents, shapes in turn: p50 / p99 ms, searches/s`,
    );
    const selective = shapes.filter(([name]) => !/common|exclusion/.test(name));
    for (const [label, set] of [
      ["selective shapes", selective],
      ["every shape", shapes],
    ] as const) {
      const { times, rate } = await concurrently(CONCURRENCY, RUNS, async (w, i) => {
        const [, query] = set[(w + i) % set.length] as [string, string];
        await searchPassages({ pool }, { accountId: ACCOUNT, documentIds: ids, query, limit: 10 });
      });
      console.log(`  ${label.padEnd(22)} ${p50p99(times)}, ${rate.toFixed(1)}/s`);
    }
  } finally {
    await client.end();
    await pool.end();
    if (process.env.BENCH_KEEP === "1") console.log(`\nkept database ${database.name}`);
    else await database.drop();
  }
}

await main();
