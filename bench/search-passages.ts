// `npx tsx bench/search-passages.ts`: passage search over 10,000 documents of 10 pages each.
//
// A fresh database (test/support/database.ts, so the machine's PostgreSQL or TEST_PG_URL) is
// migrated and loaded directly with SQL, not through extraction: synthetic pages of words drawn
// from a Zipf-like vocabulary, cut by splitPassages as the extractor's pages are, one account,
// documents in three text search configurations (simple, english, german). Every document holds
// one word of its own ("zqNNNN") and every hundredth one a rarer fact; a quarter of the documents
// have a stale generation of passages that must never be found.
//
// Reported: load time and size, EXPLAIN (ANALYZE, BUFFERS) of searches over all documents, the
// p50/p99 of each query shape over one document and over all of them, one at a time, and of 10
// searches at once over all of them.
//
// Knobs: BENCH_DOCS (10000), BENCH_PAGES (10), BENCH_RUNS (30 timed runs per shape),
// BENCH_KEEP=1 keeps the database (its name is printed).

import { performance } from "node:perf_hooks";
import pg from "pg";
import { splitPassages } from "../src/core/answering/passages.ts";
import { searchPassages } from "../src/core/answering/search-passages.ts";
import { migrate } from "../src/core/db/migrate.ts";
import { createTestDatabase } from "../test/support/database.ts";

const DOCS = Number(process.env.BENCH_DOCS ?? 10_000);
const PAGES = Number(process.env.BENCH_PAGES ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const CONCURRENCY = 10;
const ACCOUNT = "acct_bench";

// A fixed seed, so every run searches the same corpus.
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

const common = (
  "the of and to in a is that for it as was with be by on not he this are or his from at which but have an " +
  "they you were her she there been one all we their has would when if so no will more can about said " +
  "revenue growth market customer report quarter year total cost price sales region product service " +
  "contract payment invoice delivery order account balance statement policy risk value share profit loss " +
  "employee manager office project plan budget tax rate interest loan credit bank fund asset liability"
).split(" ");
const syllables =
  "ka lo mi ne ru sa ti vo be da fe gi ho ju ke la ma no pe qui re so tu va we xi ya zo".split(" ");
const rare: string[] = [];
for (let i = 0; rare.length < 20_000; i++) {
  let w = "";
  for (let n = 2 + (i % 3), k = i; n > 0; n--, k = Math.floor(k / syllables.length) + i)
    w += syllables[k % syllables.length];
  rare.push(`${w}${i % 7 === 0 ? "s" : ""}`);
}
const vocabulary = [...common, ...rare];
/** Zipf-like: low ranks (common words) far more often than high ones. */
const word = () => vocabulary[Math.floor(random() ** 3 * vocabulary.length)] as string;

function pageMarkdown(doc: number, page: number): string {
  const paragraphs: string[] = [`## Section ${page}`];
  for (let p = 0; p < 3 + (doc % 2); p++) {
    const words = Array.from({ length: 60 + Math.floor(random() * 60) }, word);
    if (page === (doc % PAGES) + 1 && p === 1) words.splice(10, 0, `zq${doc}`);
    if (doc % 100 === 0 && page === 3 && p === 0) words.splice(5, 0, "indemnification", "clause", "applies");
    paragraphs.push(`${words.join(" ")}.`);
  }
  return paragraphs.join("\n\n");
}

const configOf = (doc: number) => (doc % 20 === 0 ? "german" : doc % 4 === 0 ? "english" : "simple");
const docId = (doc: number) => `doc-${String(doc).padStart(16, "0")}`;

async function load(client: pg.Client) {
  await client.query(`INSERT INTO accounts (id, name) VALUES ($1, 'bench')`, [ACCOUNT]);
  const ids = Array.from({ length: DOCS }, (_, d) => docId(d));
  // A quarter of the documents were reparsed: generation 2 is active, generation 1 still there.
  await client.query(
    `INSERT INTO documents (id, account_id, short_hash, file_name, size_bytes, sha256, blob_key, phase,
       pages_total, pages_completed, active_generation, working_generation, config, access)
     SELECT id, $2, lpad(to_hex(n), 6, '0'), 'bench.pdf', 1000, 'x', 'k', 'complete', $3, $3,
       CASE WHEN n % 4 = 1 THEN 2 ELSE 1 END, CASE WHEN n % 4 = 1 THEN 2 ELSE 1 END, '{}', '{}'
     FROM unnest($1::text[]) WITH ORDINALITY AS t(id, n)`,
    [ids, ACCOUNT, PAGES],
  );
  const cols = {
    doc: [] as string[],
    gen: [] as number[],
    page: [] as number[],
    pos: [] as number[],
    start: [] as number[],
    end: [] as number[],
    text: [] as string[],
    cfg: [] as string[],
  };
  let rows = 0;
  const flush = async () => {
    if (!cols.doc.length) return;
    await client.query(
      `INSERT INTO passages (document_id, generation, page_number, position, start_offset, end_offset, text, ts_config)
       SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::text[], $8::text[])`,
      Object.values(cols),
    );
    rows += cols.doc.length;
    for (const a of Object.values(cols)) a.length = 0;
  };
  for (let d = 0; d < DOCS; d++) {
    const generations = (d + 1) % 4 === 1 ? [1, 2] : [1];
    for (const gen of generations) {
      for (let page = 1; page <= PAGES; page++) {
        // The stale generation has other words, among them one only it contains.
        const md =
          gen === 1 && generations.length === 2
            ? `${pageMarkdown(d, page)} stalewordonly`
            : pageMarkdown(d, page);
        for (const p of splitPassages(md)) {
          cols.doc.push(docId(d));
          cols.gen.push(gen);
          cols.page.push(page);
          cols.pos.push(p.position);
          cols.start.push(p.start);
          cols.end.push(p.end);
          cols.text.push(p.text);
          cols.cfg.push(configOf(d));
        }
      }
    }
    if (cols.doc.length >= 5000) await flush();
  }
  await flush();
  await client.query("VACUUM ANALYZE passages");
  await client.query("VACUUM ANALYZE documents");
  return { ids, rows };
}

function percentile(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
}

async function main() {
  const database = await createTestDatabase();
  await migrate(database.url);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const pool = new pg.Pool({ connectionString: database.url, max: CONCURRENCY });
  try {
    const t0 = performance.now();
    const { ids, rows } = await load(client);
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
        console.log(
          `  ${scope.padEnd(22)} ${name.padEnd(22)} ${percentile(times, 50).toFixed(1).padStart(7)} / ` +
            `${percentile(times, 99).toFixed(1).padStart(7)} / ${hits}`,
        );
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
      const times: number[] = [];
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async (_, w) => {
          for (let i = 0; i < RUNS; i++) {
            const [, query] = set[(w + i) % set.length] as [string, string];
            const t = performance.now();
            await searchPassages({ pool }, { accountId: ACCOUNT, documentIds: ids, query, limit: 10 });
            times.push(performance.now() - t);
          }
        }),
      );
      const rate = times.length / ((performance.now() - t0) / 1000);
      console.log(
        `  ${label.padEnd(22)} ${percentile(times, 50).toFixed(1).padStart(7)} / ${percentile(times, 99).toFixed(1).padStart(7)}, ${rate.toFixed(1)}/s`,
      );
    }
  } finally {
    await client.end();
    await pool.end();
    if (process.env.BENCH_KEEP === "1") console.log(`\nkept database ${database.name}`);
    else await database.drop();
  }
}

await main();
