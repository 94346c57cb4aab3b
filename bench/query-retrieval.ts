// `npx tsx bench/query-retrieval.ts`: questions in natural language (retrieveForQuestion, match
// "any") over a collection of 10,000 documents of 10 pages each, then answered by the built-in
// engine.
//
// The corpus is bench/search-passages.ts's (bench/support/passage-corpus.ts, the same seed:
// synthetic pages of words drawn from a Zipf-like vocabulary, cut by splitPassages; simple, english
// and german documents; every hundredth document holds "indemnification clause applies"; a
// quarter have a stale generation), loaded directly with SQL into a fresh database; or, with
// BENCH_DB=<name>, a database either benchmark kept (BENCH_KEEP=1) is reused as it is. Two collections are made:
// every document, and the first 50.
//
// Reported: p50 / p99 of each question shape one at a time over the large collection, the small
// one, one document by id and every document by id; of 10 questions at once over the large
// collection; and the built-in answer's time over what was retrieved.
//
// Knobs: BENCH_DOCS (10000), BENCH_PAGES (10), BENCH_RUNS (30 timed runs per shape),
// BENCH_DB (reuse), BENCH_KEEP=1 keeps a new database (its name is printed), BENCH_EXPLAIN=1
// prints the plans of the search statements of one question over the large collection.

import { performance } from "node:perf_hooks";
import pg from "pg";
import type { ChatMessage } from "../src/core/answering/answer-types.ts";
import { builtinAnswer } from "../src/core/answering/builtin-answer.ts";
import { retrieveForQuestion } from "../src/core/answering/retrieve.ts";
import type { SearchScope } from "../src/core/answering/search-passages.ts";
import { migrate } from "../src/core/db/migrate.ts";
import { createTestDatabase } from "../test/support/database.ts";
import {
  ACCOUNT,
  concurrently,
  ensureCollections,
  loadCorpus,
  p50p99,
  percentile,
  questions,
} from "./support/passage-corpus.ts";

const DOCS = Number(process.env.BENCH_DOCS ?? 10_000);
const PAGES = Number(process.env.BENCH_PAGES ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const CONCURRENCY = 10;
const LARGE = "col_bench_all";
const SMALL = "col_bench_50";

async function main() {
  const reuse = process.env.BENCH_DB;
  const database = reuse ? undefined : await createTestDatabase();
  const url = reuse
    ? (() => {
        const u = new URL(process.env.TEST_PG_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
        u.pathname = `/${reuse}`;
        return u.toString();
      })()
    : (database?.url as string);
  const client = new pg.Client({ connectionString: url });
  const pool = new pg.Pool({ connectionString: url, max: CONCURRENCY });
  try {
    if (database) {
      await migrate(database.url);
      await client.connect();
      const t0 = performance.now();
      await loadCorpus(client, { docs: DOCS, pages: PAGES });
      console.log(
        `${DOCS} documents x ${PAGES} pages loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
    } else await client.connect();
    await ensureCollections(client, [
      { id: LARGE, count: null },
      { id: SMALL, count: 50 },
    ]);
    const { rows } = await client.query<{ n: number; docs: number }>(
      `SELECT (SELECT count(*)::int FROM passages) AS n,
              (SELECT count(*)::int FROM collection_documents WHERE collection_id = $1) AS docs`,
      [LARGE],
    );
    console.log(`${rows[0]?.n} passages; collection ${LARGE} of ${rows[0]?.docs} documents`);
    const ids = (
      await client.query<{ id: string }>("SELECT id FROM documents WHERE account_id = $1 ORDER BY id", [
        ACCOUNT,
      ])
    ).rows.map((r) => r.id);

    if (process.env.BENCH_EXPLAIN === "1") {
      const spy = {
        query: async (text: string, values: unknown[]) => {
          const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`, values);
          console.log(plan.rows.map((r) => `  ${r["QUERY PLAN"]}`).join("\n"));
          return pool.query(text, values);
        },
      } as unknown as pg.Pool;
      console.log(`\nEXPLAIN ANALYZE, ${LARGE}, common words:`);
      await retrieveForQuestion(
        { pool: spy },
        { accountId: ACCOUNT, collectionId: LARGE, messages: questions[2]?.[1] ?? [] },
      );
    }

    const scopes: [string, (i: number) => SearchScope][] = [
      [`collection of ${ids.length}`, () => ({ collectionId: LARGE })],
      ["collection of 50", () => ({ collectionId: SMALL })],
      ["one document", (i) => ({ documentIds: [ids[(i * 97) % ids.length] as string] })],
      [`all ${ids.length} by id`, () => ({ documentIds: ids })],
    ];
    const answerTimes: number[] = [];
    console.log(`\nms per question (${RUNS} runs each, after one warm-up): p50 / p99 / passages`);
    for (const [scope, input] of scopes) {
      for (const [name, messages] of questions) {
        const times: number[] = [];
        let found = 0;
        for (let i = 0; i <= RUNS; i++) {
          const t = performance.now();
          const passages = await retrieveForQuestion(
            { pool },
            { ...input(i), messages, accountId: ACCOUNT, limit: 8 },
          );
          if (i > 0) times.push(performance.now() - t);
          found = passages.length;
          const a = performance.now();
          for await (const _ of builtinAnswer({ messages, passages, model: "default" })) {
            // drained
          }
          if (i > 0) answerTimes.push(performance.now() - a);
        }
        console.log(`  ${scope.padEnd(22)} ${name.padEnd(18)} ${p50p99(times)} / ${found}`);
      }
    }
    console.log(
      `\nbuiltinAnswer over what was retrieved (${answerTimes.length} answers): p50 ${percentile(answerTimes, 50).toFixed(2)} ms, p99 ${percentile(answerTimes, 99).toFixed(2)} ms`,
    );

    console.log(
      `\n${CONCURRENCY} questions at once over ${LARGE}, shapes in turn: p50 / p99 ms, questions/s`,
    );
    for (const [label, set] of [
      ["every shape", questions],
      ["common words only", questions.filter(([n]) => n.startsWith("common"))],
    ] as const) {
      const { times, rate } = await concurrently(CONCURRENCY, RUNS, async (w, i) => {
        const [, messages] = set[(w + i) % set.length] as [string, ChatMessage[]];
        await retrieveForQuestion({ pool }, { accountId: ACCOUNT, collectionId: LARGE, messages, limit: 8 });
      });
      console.log(`  ${label.padEnd(22)} ${p50p99(times)}, ${rate.toFixed(1)}/s`);
    }
  } finally {
    await client.end();
    await pool.end();
    if (database) {
      if (process.env.BENCH_KEEP === "1") console.log(`\nkept database ${database.name}`);
      else await database.drop();
    }
  }
}

await main();
