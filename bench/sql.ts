// `npm run bench:sql`: what the doc_sql sandbox, as shipped, costs over the same read written by hand.
// A fresh database, migrated, loaded with SQL, dropped at the end (BENCH_KEEP=1 keeps it): account A
// with 10,000 documents, B with 1,000; 2 pages of about 1 KB each, 3 passages a page, a word of its own
// on page 1; every tenth a 6 x 4 table; every fifth reparsed (generation 1 kept, with "stalewordonly").
// Each query runs as account A two ways with the same parameters, drawn anew each iteration: sandbox,
// runSandboxed on createSandboxPools(url, 4); direct, the same read on the base tables with the account,
// the active generation (and a run's ids) written in, pool.query on a pg.Pool of 4. The scope is all of
// A, or RUN_DOCS documents for the "run:" queries. Warm-up, then BENCH_ITERATIONS (2,000; a quarter for
// the slow searches) one at a time, the ways interleaved, then 4 callers at once. Every answer is
// compared with the direct one and the scope's edges are checked; a difference exits 1.

import os from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { migrate } from "../src/core/db/migrate.ts";
import { checkStatement, loadParser, type StatementRules } from "../src/core/sql/check-statement.ts";
import type { SandboxScope, SqlParam } from "../src/core/sql/run-sandboxed.ts";
import { docSqlViews, runSandboxed } from "../src/core/sql/run-sandboxed.ts";
import { createSandboxPools, endSandboxPools } from "../src/core/sql/sandbox-pools.ts";
import { MAX_RESULT_ROWS } from "../src/core/sql/sql-limits.ts";
import { sandboxTypes } from "../src/core/sql/sql-types.ts";
import { createTestDatabase } from "../test/support/database.ts";

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 2000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
const [POOL_SIZE, CONCURRENCY, TARGET, EXPLAIN_RUNS, RUN_DOCS] = [4, 4, 1.5, 50, 5];
const [ACCOUNT_A, ACCOUNT_B] = ["acct_sql_bench_a", "acct_sql_bench_b"];
const [DOCS_A, DOCS_B] = [10_000, 1_000];
/** Every TABLE_EVERY-th document has a table; every STALE_EVERY-th (from 1) was reparsed. */
const [TABLE_EVERY, STALE_EVERY] = [10, 5];

const docIdA = (n: number) => `doc-a${String(n).padStart(15, "0")}`;
const docIdB = (n: number) => `doc-b${String(n).padStart(15, "0")}`;
const ownWord = (id: string) => `zq${id.replace("-", "")}`;
const scopeOf = (accountId: string, documents: "all" | string[] = "all"): SandboxScope => ({
  tool: "doc_sql",
  accountId,
  documents,
});
/** doc_sql's rules, as run-sandboxed.ts makes them, and the statement as its runRead wraps it. */
const rules: StatementRules = {
  mode: "read",
  relations: new Set(Object.keys(docSqlViews)),
  columns: new Set(Object.values(docSqlViews).flat()),
  tool: "doc_sql",
};
const wrapped = (sql: string) => `SELECT * FROM (\n${sql}\n) AS quire_result LIMIT ${MAX_RESULT_ROWS + 1}`;

/** Common words first, then made-up rarer ones; drawn with a bias to the front. */
const syllables = "ka lo mi ne ru sa ti vo be da fe gi ho ju ke la ma no pe re so tu va".split(" ");
const vocabulary = [
  ...`the of and to in a is that for it as was with be by on not this are or from at which have an revenue
    growth market customer report quarter year total cost price sales region product service contract payment
    invoice delivery order account balance statement policy risk value share profit loss employee manager
    office project plan budget tax rate interest loan credit bank fund asset`.split(/\s+/),
  ...Array.from({ length: 400 }, (_, i) =>
    [i, Math.floor(i / syllables.length), i * 7].map((k) => syllables[k % syllables.length]).join(""),
  ),
];

async function seedAccount(client: pg.Client, account: string, prefix: string, docs: number) {
  await client.query(`INSERT INTO accounts (id, name) VALUES ($1, $1)`, [account]);
  await client.query(
    `INSERT INTO documents (id, account_id, short_hash, file_name, size_bytes, sha256, blob_key, phase,
       pages_total, pages_completed, active_generation, working_generation, access, created_at, updated_at, completed_at)
     SELECT id, $2, lpad(to_hex(n), 8, '0'), 'report-' || n || '.pdf', 20000 + n * 7, md5(id) || md5(n::text),
       'blobs/' || id, 'complete', 2, 2, g, g, '{}', t, t, t + interval '20 seconds'
     FROM generate_series(1, $3::int) AS n,
       LATERAL (SELECT $1 || lpad(n::text, 15, '0') AS id, CASE WHEN n % ${STALE_EVERY} = 1 THEN 2 ELSE 1 END AS g,
                       timestamptz '2026-11-01' + n * interval '1 minute' AS t) x`,
    [prefix, account, docs],
  );
  // Three paragraphs a page and generation, of 52 to 56 words (the subquery names the outer row
  // so it is drawn again for each).
  await client.query(
    `CREATE TEMP TABLE bench_paragraphs ON COMMIT DROP AS
     SELECT d.id AS document_id, g AS generation, p AS page_number, k AS position,
       CASE WHEN g = d.active_generation AND p = 1 AND k = 0 THEN 'zq' || replace(d.id, '-', '') || ' ' ELSE '' END
       || (SELECT string_agg(($1::text[])[1 + floor(random() ^ 2 * $2::int)::int], ' ')
           FROM generate_series(1, 52 + (k + p + g) % 5) AS w)
       || CASE WHEN g <> d.active_generation THEN ' stalewordonly' ELSE '' END || '.' AS text
     FROM documents d, generate_series(1, d.active_generation) AS g, generate_series(1, 2) AS p,
       generate_series(0, 2) AS k
     WHERE d.account_id = $3`,
    [vocabulary, vocabulary.length, account],
  );
  await client.query(
    `INSERT INTO pages (document_id, generation, page_number, markdown, text, width, height, method)
     SELECT document_id, generation, page_number,
       '## Page ' || page_number || E'\\n\\n' || string_agg(text, E'\\n\\n' ORDER BY position),
       'Page ' || page_number || E'\\n' || string_agg(text, E'\\n' ORDER BY position), 612, 792, 'layout'
     FROM bench_paragraphs GROUP BY document_id, generation, page_number`,
  );
  // Offsets into the page markdown: after "## Page N\n\n", each paragraph and its "\n\n".
  await client.query(
    `INSERT INTO passages (document_id, generation, page_number, position, start_offset, end_offset, text, ts_config)
     SELECT document_id, generation, page_number, position, s, s + length(text), text, 'simple'
     FROM (SELECT *, length('## Page ' || page_number) + 2 + COALESCE(sum(length(text) + 2) OVER (
             PARTITION BY document_id, generation, page_number ORDER BY position
             ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS s
           FROM bench_paragraphs) x`,
  );
  // A table of 6 x 4 cells on page 1 of every tenth document, in each of its generations.
  await client.query(
    `INSERT INTO document_tables (document_id, generation, table_index, page_number, pages, bbox, cells, markdown)
     SELECT document_id, generation, 0, 1, ARRAY[1], ARRAY[72, 400, 540, 600]::float8[],
       jsonb_agg((SELECT jsonb_agg(jsonb_build_object('text', x, 'rowSpan', 1, 'colSpan', 1) ORDER BY o)
                  FROM unnest(texts) WITH ORDINALITY AS u(x, o)) ORDER BY r),
       string_agg('| ' || array_to_string(texts, ' | ') || ' |'
                  || CASE WHEN r = 1 THEN E'\\n| --- | --- | --- | --- |' ELSE '' END, E'\\n' ORDER BY r)
     FROM (
       SELECT d.id AS document_id, g AS generation, r,
         CASE WHEN r = 1 THEN ARRAY['Item', 'Quantity', 'Unit price', 'Amount']
         ELSE ARRAY['Item ' || (r - 1), q::text, to_char(price, 'FM999,999,990.00'),
                    to_char(q * price, 'FM999,999,990.00')] END AS texts
       FROM documents d, generate_series(1, d.active_generation) AS g, generate_series(1, 6) AS r,
         LATERAL (SELECT substr(d.id, 6)::int AS n) i,
         LATERAL (SELECT 1 + (n + r) % 12 AS q,
                         ((n * 37 + r * 101 + g) % 2400) + ((n + r) % 100) / 100.0 AS price) v
       WHERE d.account_id = $1 AND substr(d.id, 6)::int % ${TABLE_EVERY} = 0
     ) t GROUP BY document_id, generation`,
    [account],
  );
}

async function load(client: pg.Client): Promise<void> {
  await client.query("SELECT setseed(0.42)");
  await client.query("BEGIN");
  await seedAccount(client, ACCOUNT_A, "doc-a", DOCS_A);
  await client.query("COMMIT; BEGIN");
  await seedAccount(client, ACCOUNT_B, "doc-b", DOCS_B);
  await client.query("COMMIT");
  await client.query("VACUUM ANALYZE documents, pages, document_tables, passages");
}

/** A seeded generator (mulberry32), so every run draws the same documents. */
let seed = 7;
function rand(): number {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (n: number) => 1 + Math.floor(rand() * n);
const randomDoc = () => docIdA(pick(DOCS_A));
/** Pairs of common words: each pair is in a few percent of the passages. */
const pairs = ["revenue growth", "payment invoice", "contract delivery", "budget plan", "customer service"];
pairs.push("quarter report", "risk policy", "profit loss");
const commonPair = () => pairs[pick(pairs.length) - 1] as string;

type Bound = { sandbox: SqlParam[]; direct: unknown[]; scope: SandboxScope };
/** sandbox: as doc_sql is written; direct: on the base tables, the account ($1), the active
 *  generation and a run's ids ($2) written in; slow: a quarter of the iterations. */
type Query = { name: string; sandbox: string; direct: string; params: () => Bound; slow?: boolean };
const iterationsOf = (q: Query) => (q.slow ? Math.round(ITERATIONS / 4) : ITERATIONS);

const all = (p: SqlParam[]): Bound => ({ sandbox: p, direct: [ACCOUNT_A, ...p], scope: scopeOf(ACCOUNT_A) });
const inRun = (params: SqlParam[]): Bound => {
  const docs = [...new Set(Array.from({ length: RUN_DOCS }, randomDoc))];
  return { sandbox: params, direct: [ACCOUNT_A, docs, ...params], scope: scopeOf(ACCOUNT_A, docs) };
};
const ACTIVE = "JOIN documents d ON d.id = p.document_id AND p.generation = d.active_generation";
const NUMERIC = `regexp_replace(c.cell ->> 'text', '[\\s,$€£¥%]', '', 'g')`;
const RANK = "round(ts_rank(tsv, websearch_to_tsquery('simple', $1))::numeric, 6)";
const SEARCH = "ORDER BY 1, 2, 3";
const runSearch = `SELECT p.document_id, p.page_number, p.position FROM passages p ${ACTIVE}
  WHERE d.account_id = $1 AND d.id = ANY($2::text[]) AND p.tsv @@ websearch_to_tsquery('simple', $3) ${SEARCH}`;

const queries: Query[] = [
  {
    name: "page text",
    sandbox: "SELECT markdown FROM pages WHERE document_id = $1 AND page_number = $2",
    direct: `SELECT p.markdown FROM pages p ${ACTIVE}
      WHERE d.account_id = $1 AND p.document_id = $2 AND p.page_number = $3`,
    params: () => all([randomDoc(), pick(2)]),
  },
  {
    name: "table cells joined with their document",
    sandbox: `SELECT d.file_name, c.row_number, c.column_number, c.is_header, c.header, c.text, c.numeric_value
      FROM table_cells c JOIN documents d ON d.id = c.document_id WHERE c.document_id = $1
      ORDER BY c.table_index, c.row_number, c.column_number`,
    direct: `SELECT d.file_name, r.n::integer AS row_number, c.n::integer AS column_number, (r.n = 1) AS is_header,
        COALESCE(t.cells -> 0 -> (c.n::integer - 1) ->> 'text', '') AS header, c.cell ->> 'text' AS text,
        CASE WHEN ${NUMERIC} ~ '^[-+]?[0-9]+(\\.[0-9]+)?$' AND length(${NUMERIC}) <= 30
             THEN ${NUMERIC}::numeric END AS numeric_value
      FROM document_tables t JOIN documents d ON d.id = t.document_id AND t.generation = d.active_generation
      CROSS JOIN LATERAL jsonb_array_elements(t.cells) WITH ORDINALITY AS r(cells, n)
      CROSS JOIN LATERAL jsonb_array_elements(r.cells) WITH ORDINALITY AS c(cell, n)
      WHERE d.account_id = $1 AND t.document_id = $2 AND jsonb_typeof(c.cell) = 'object'
      ORDER BY t.table_index, row_number, column_number`,
    params: () => all([docIdA(pick(DOCS_A / TABLE_EVERY) * TABLE_EVERY)]),
  },
  {
    name: "count over 10,000 documents",
    sandbox: "SELECT count(*) FROM documents",
    direct: "SELECT count(*) FROM documents WHERE account_id = $1",
    params: () => all([]),
  },
  {
    // The word is in one passage: LIMIT without ORDER BY gives the same row both ways.
    name: "search, a document's own word, LIMIT 10",
    sandbox: `SELECT document_id, page_number, position, text
      FROM passages_matching(websearch_to_tsquery('simple', $1)) LIMIT 10`,
    direct: `SELECT p.document_id, p.page_number, p.position, p.text FROM passages p ${ACTIVE}
      WHERE d.account_id = $1 AND p.tsv @@ websearch_to_tsquery('simple', $2) LIMIT 10`,
    params: () => all([ownWord(randomDoc())]),
  },
  {
    name: "search, two common words, ranked, LIMIT 10",
    sandbox: `SELECT document_id, page_number, position, text, ${RANK} AS rank
      FROM passages_matching(websearch_to_tsquery('simple', $1)) ORDER BY 5 DESC, 1, 2, 3 LIMIT 10`,
    direct: `SELECT p.document_id, p.page_number, p.position, p.text, ${RANK.replace("$1", "$2")} AS rank
      FROM passages p ${ACTIVE} WHERE d.account_id = $1 AND p.tsv @@ websearch_to_tsquery('simple', $2)
      ORDER BY 5 DESC, 1, 2, 3 LIMIT 10`,
    params: () => all([commonPair()]),
    slow: true,
  },
  {
    // A Function Scan is read to its end before the LIMIT: every match, of every account.
    name: "search, one common word, the first 10, one-argument form",
    sandbox: `SELECT document_id, page_number, position
      FROM passages_matching(websearch_to_tsquery('simple', $1)) ${SEARCH} LIMIT 10`,
    direct: `SELECT p.document_id, p.page_number, p.position FROM passages p ${ACTIVE}
      WHERE d.account_id = $1 AND p.tsv @@ websearch_to_tsquery('simple', $2) ${SEARCH} LIMIT 10`,
    params: () => all([["revenue", "invoice", "payment", "asset", "fund"][pick(5) - 1] as string]),
    slow: true,
  },
  {
    // The limit inside the function: the passages are walked in key order up to the tenth match.
    name: "search, one common word, the first 10, passages_matching(q, 10)",
    sandbox: `SELECT document_id, page_number, position
      FROM passages_matching(websearch_to_tsquery('simple', $1), 10) ${SEARCH}`,
    direct: `SELECT p.document_id, p.page_number, p.position FROM passages p ${ACTIVE}
      WHERE d.account_id = $1 AND p.tsv @@ websearch_to_tsquery('simple', $2) ${SEARCH} LIMIT 10`,
    params: () => all([["revenue", "invoice", "payment", "asset", "fund"][pick(5) - 1] as string]),
  },
  {
    name: `run: the pages of ${RUN_DOCS} documents`,
    sandbox: "SELECT document_id, page_number, markdown FROM pages ORDER BY 1, 2",
    direct: `SELECT p.document_id, p.page_number, p.markdown FROM pages p ${ACTIVE}
      WHERE d.account_id = $1 AND d.id = ANY($2::text[]) ORDER BY 1, 2`,
    params: () => inRun([]),
  },
  {
    name: "run: search, two common words, passages_matching",
    sandbox: `SELECT document_id, page_number, position
      FROM passages_matching(websearch_to_tsquery('simple', $1)) ${SEARCH}`,
    direct: runSearch,
    params: () => inRun([commonPair()]),
    slow: true,
  },
  {
    name: "run: search, two common words, WHERE tsv @@ on the view",
    sandbox: `SELECT document_id, page_number, position
      FROM passages WHERE tsv @@ websearch_to_tsquery('simple', $1) ${SEARCH}`,
    direct: runSearch,
    params: () => inRun([commonPair()]),
  },
];

type Pools = { sandbox: ReturnType<typeof createSandboxPools>; direct: pg.Pool };
type Answer = { columns: string[]; rows: unknown[][] };
const WAYS = ["direct", "sandbox"] as const;
type Way = (typeof WAYS)[number];

async function viaSandbox(pools: Pools, sql: string, params: SqlParam[], scope: SandboxScope) {
  const r = await runSandboxed(pools.sandbox, scope, sql, params);
  if (r.truncated) throw new Error("the sandbox truncated its answer");
  return { columns: r.columns, rows: r.rows };
}

async function viaDirect(pools: Pools, sql: string, values: unknown[]) {
  const r = await pools.direct.query<unknown[]>({ text: sql, values, rowMode: "array", types: sandboxTypes });
  return { columns: r.fields.map((f) => f.name), rows: r.rows };
}

const differences: string[] = [];
let compared = 0;
/** As runSandboxed makes each value JSON-safe. */
const jsonSafe = (v: unknown) => (v instanceof Date ? v.toISOString() : typeof v === "bigint" ? `${v}` : v);
const canonical = (a: Answer) => JSON.stringify([a.columns, a.rows.map((r) => r.map(jsonSafe))]);
function compare(what: string, got: string, want: string): void {
  compared++;
  if (got !== want) differences.push(`${what}:\n  sandbox  ${got.slice(0, 400)}\n  expected ${want}`);
}

/** Both ways once with the same parameters, `first` choosing which goes first; the ms of each. */
async function round(pools: Pools, q: Query, first: number): Promise<Record<Way, number>> {
  const b = q.params();
  const answers = {} as Record<Way, Answer>;
  const times = {} as Record<Way, number>;
  for (const way of first % 2 ? WAYS : ([...WAYS].reverse() as Way[])) {
    const t = performance.now();
    answers[way] = await (way === "direct"
      ? viaDirect(pools, q.direct, b.direct)
      : viaSandbox(pools, q.sandbox, b.sandbox, b.scope));
    times[way] = performance.now() - t;
  }
  compare(`${q.name} ${JSON.stringify(b.direct)}`, canonical(answers.sandbox), canonical(answers.direct));
  return times;
}

/** The scope's edges: another account, a stale generation, documents outside a run. */
async function scopeChecks(pools: Pools): Promise<void> {
  const [a, b, run] = [scopeOf(ACCOUNT_A), scopeOf(ACCOUNT_B), scopeOf(ACCOUNT_A, [docIdA(11), docIdB(7)])];
  const count = "SELECT count(*) FROM documents";
  const pages = "SELECT count(*) FROM pages WHERE document_id = $1";
  const table = "SELECT row_count, column_count FROM tables WHERE document_id = $1";
  const checks: [string, SandboxScope, string, SqlParam[], unknown[][]][] = [
    ["A counts its documents", a, count, [], [[DOCS_A]]],
    ["B counts its documents", b, count, [], [[DOCS_B]]],
    ["a run counts its documents of A", run, count, [], [[1]]],
    ["B's pages from A", a, pages, [docIdB(7)], [[0]]],
    ["a reparsed document's pages", a, pages, [docIdA(11)], [[2]]],
    ["a page outside the run", run, pages, [docIdA(21)], [[0]]],
    ["a table of A", a, table, [docIdA(20)], [[6, 4]]],
  ];
  for (const from of ["passages_matching($1::tsquery)", "passages WHERE tsv @@ $1::tsquery"])
    for (const [who, scope, word, want] of [
      ["A, the stale generation's word", a, "stalewordonly", 0],
      ["a run, the stale generation's word", run, "stalewordonly", 0],
      ["A, B's word", a, ownWord(docIdB(7)), 0],
      ["B, its word", b, ownWord(docIdB(7)), 1],
      ["A's run naming B's document, B's word", run, ownWord(docIdB(7)), 0],
      ["a run, its word", run, ownWord(docIdA(11)), 1],
      ["a run, a word outside it", run, ownWord(docIdA(21)), 0],
    ] as const)
      checks.push([`${who}, ${from}`, scope, `SELECT count(*) FROM ${from}`, [word], [[want]]]);
  for (const [what, scope, sql, params, want] of checks) {
    const got = await viaSandbox(pools, sql, params, scope);
    compare(`scope: ${what}`, JSON.stringify(got.rows), JSON.stringify(want));
  }
}

/** The p-th percentile (0 to 100), nearest rank. */
function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] as number;
}
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const ms = (n: number) => (n >= 10 ? n.toFixed(1) : n.toFixed(2));

type Row = { query: Query; timings: Record<Way, number[]>; checks?: [number, number] };
const stats = { p50: (x: number[]) => percentile(x, 50), p99: (x: number[]) => percentile(x, 99), mean };

function table(title: string, rows: Row[]): void {
  const head = [
    "query",
    "n",
    ...Object.keys(stats).flatMap((s) => [`direct ${s}`, `sandbox ${s}`, `ratio ${s}`]),
  ];
  head.push(...(rows[0]?.checks ? ["check p50 (sent / wrapped)"] : []), `within ${TARGET}x`);
  console.log(`\n${title}\n\n| ${head.join(" | ")} |\n|---${"|---:".repeat(head.length - 1)}|`);
  for (const { query, timings: t, checks } of rows) {
    const cells = [query.name, String(t.sandbox.length)];
    const ratios = Object.values(stats).map((stat) => {
      const [direct, sandbox] = [stat(t.direct), stat(t.sandbox)];
      cells.push(ms(direct), ms(sandbox), `${(sandbox / direct).toFixed(2)}x`);
      return sandbox / direct <= TARGET;
    });
    if (checks) cells.push(`${ms(checks[0])} / ${ms(checks[1])}`);
    const [p50, p99] = ratios;
    cells.push(p50 && p99 ? "PASS" : `FAIL (${p50 ? "p99" : p99 ? "p50" : "both"})`);
    console.log(`| ${cells.join(" | ")} |`);
  }
}

/** p50 ms of `f` over `runs` calls, after a tenth as many unmeasured. */
async function p50Of(runs: number, f: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = -Math.ceil(runs / 10); i < runs; i++) {
    const t = performance.now();
    await f();
    if (i >= 0) times.push(performance.now() - t);
  }
  return percentile(times, 50);
}

/** The settings run-sandboxed.ts's prelude makes for the scope. */
const prelude = `SELECT set_config('quire.sql_account', $1, true), set_config('quire.sql_documents', $2, true),
  set_config('search_path', $3, true)`;

/** Median planning / execution ms of EXPLAIN ANALYZE; the sandbox form wrapped, as quire_sql_reader. */
async function explain(client: pg.Client, q: Query, form: Way): Promise<string> {
  const times: { "Planning Time": number; "Execution Time": number }[] = [];
  for (let i = 0; i < (q.slow ? EXPLAIN_RUNS / 5 : EXPLAIN_RUNS); i++) {
    const b = q.params();
    const docs = b.scope.tool === "doc_sql" ? b.scope.documents : "all";
    await client.query("BEGIN READ ONLY");
    if (form === "sandbox") {
      await client.query(prelude, [ACCOUNT_A, `${docs}`, docs === "all" ? "quire_sql" : "quire_sql_run"]);
      await client.query("SET LOCAL ROLE quire_sql_reader");
    }
    const sql = `EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${form === "sandbox" ? wrapped(q.sandbox) : q.direct}`;
    const r = await client.query(sql, form === "sandbox" ? b.sandbox : b.direct);
    await client.query("ROLLBACK");
    times.push(r.rows[0]["QUERY PLAN"][0]);
  }
  const [planning, execution] = ["Planning Time", "Execution Time"] as const;
  const median = (k: typeof planning | typeof execution) =>
    percentile(
      times.map((t) => t[k]),
      50,
    ).toFixed(3);
  return `${median(planning)} / ${median(execution)}`;
}

async function timed(pools: Pools, callers: number): Promise<Row[]> {
  const rows: Row[] = [];
  for (const query of queries) {
    const timings: Row["timings"] = { direct: [], sandbox: [] };
    const per = Math.ceil(iterationsOf(query) / callers);
    const caller = async (w: number) => {
      for (let i = 0; i < per; i++) {
        const t = await round(pools, query, w + i);
        for (const way of WAYS) timings[way].push(t[way]);
      }
    };
    await Promise.all(Array.from({ length: callers }, (_, w) => caller(w)));
    rows.push({ query, timings });
  }
  return rows;
}

async function main() {
  const database = await createTestDatabase();
  const pools: Pools = {
    sandbox: createSandboxPools(database.url, POOL_SIZE),
    direct: new pg.Pool({ connectionString: database.url, max: POOL_SIZE }),
  };
  // A connection still closing when the database is dropped reports an error: heard, not fatal.
  pools.direct.on("error", () => undefined);
  const admin = new pg.Client({ connectionString: database.url });
  try {
    await migrate(database.url);
    await admin.connect();
    const t0 = performance.now();
    await load(admin);
    const { rows } = await admin.query(
      `SELECT (SELECT count(*) FROM pages) AS pages, (SELECT count(*) FROM passages) AS passages,
         pg_size_pretty(pg_database_size(current_database())) AS size, current_setting('server_version') AS pg`,
    );
    const cpus = `${os.cpus().length} x ${os.cpus()[0]?.model}`;
    const machine = `${cpus}, load ${os.loadavg().map((x) => x.toFixed(2))}, Node ${process.version}`;
    console.log(`loaded in ${Math.round(performance.now() - t0)} ms: ${JSON.stringify(rows[0])}; ${machine}`);

    await loadParser();
    await scopeChecks(pools);
    for (const q of queries) for (let i = 0; i < WARMUP / (q.slow ? 4 : 1); i++) await round(pools, q, i);
    // Every connection of both pools used.
    await Promise.all(Array.from({ length: POOL_SIZE }, (_, w) => round(pools, queries[0] as Query, w)));

    const sequential = await timed(pools, 1);
    for (const row of sequential) {
      const [sent, capped] = [row.query.sandbox, wrapped(row.query.sandbox)];
      const check = (sql: string) => p50Of(2000, () => checkStatement(sql, rules));
      row.checks = [await check(sent), await check(capped)];
    }
    const concurrent = await timed(pools, CONCURRENCY);
    table(`One at a time, ms (${ITERATIONS} a way, ${ITERATIONS / 4} for the slow searches):`, sequential);
    table(`${CONCURRENCY} callers at once, ms:`, concurrent);

    // The fixed cost: a statement that reads nothing.
    const fixed = {
      "direct pool.query('SELECT 1')": () => pools.direct.query("SELECT 1"),
      "runSandboxed('SELECT 1')": () => runSandboxed(pools.sandbox, scopeOf(ACCOUNT_A), "SELECT 1"),
    };
    console.log(`\nFixed cost, p50 ms of 2,000 one at a time:\n\n| step | p50 |\n|---|---:|`);
    for (const [name, f] of Object.entries(fixed)) console.log(`| ${name} | ${ms(await p50Of(2000, f))} |`);

    const runs = `${EXPLAIN_RUNS} EXPLAIN ANALYZE (TIMING OFF; ${EXPLAIN_RUNS / 5} of the slow searches)`;
    console.log(`\nPostgreSQL's time, median of ${runs}, planning / execution ms:\n`);
    console.log("| query | sandbox (wrapped) | direct |\n|---|---:|---:|");
    for (const q of queries) {
      const [sandbox, direct] = [await explain(admin, q, "sandbox"), await explain(admin, q, "direct")];
      console.log(`| ${q.name} | ${sandbox} | ${direct} |`);
    }

    const verdict = `${differences.length ? "NOT OK" : "OK"}: ${compared - differences.length} of ${compared}`;
    console.log(`\n${verdict} answers of the sandbox as expected.\n${differences.slice(0, 20).join("\n")}`);
    if (differences.length) process.exitCode = 1;
  } finally {
    await admin.end().catch(() => undefined);
    await Promise.all([endSandboxPools(pools.sandbox), pools.direct.end()]);
    if (process.env.BENCH_KEEP === "1") console.log(`kept database ${database.name}`);
    else await database.drop();
  }
}

main().catch((err: Error) => {
  console.error(err);
  process.exitCode = 1;
});
