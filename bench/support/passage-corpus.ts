// The synthetic corpus the answering benchmarks search (bench/search-passages.ts,
// bench/query-retrieval.ts, bench/query.ts), loaded directly with SQL, not through extraction.
//
// Synthetic pages of words drawn from a Zipf-like vocabulary with a fixed seed, so every run
// loads the same corpus, cut by splitPassages as the extractor's pages are; one account;
// documents in three text search configurations (simple, english, german). Every document holds
// one word of its own ("zqNNNN", on page NNNN % pages + 1) and every hundredth one the phrase
// "indemnification clause applies" (page 3); a quarter of the documents were reparsed, and keep
// a stale generation of passages with a word only it contains ("stalewordonly") that must never
// be found.

import { performance } from "node:perf_hooks";
import type pg from "pg";
import type { ChatMessage } from "../../src/core/answering/answer-types.ts";
import { splitPassages } from "../../src/core/answering/passages.ts";

/** The account the corpus is loaded into unless another is named. */
export const ACCOUNT = "acct_bench";

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
/** The common words first, then 20,000 made-up rare ones. */
export const vocabulary: readonly string[] = [...common, ...rare];

/** Document number `doc`'s id: a valid full id (doc- and 16 characters). */
export const docId = (doc: number) => `doc-${String(doc).padStart(16, "0")}`;

const configOf = (doc: number) => (doc % 20 === 0 ? "german" : doc % 4 === 0 ? "english" : "simple");

/** The same seed every time, so every load draws the same words. */
function seeded(start: number): () => number {
  let seed = start;
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

export type CorpusOptions = {
  docs: number;
  pages: number;
  /** The owner of the documents; ACCOUNT by default. Made (named "bench") when it does not exist. */
  accountId?: string;
};

/**
 * Loads `docs` documents of `pages` pages into a migrated database and analyzes the tables.
 * Document ids are docId(0) to docId(docs - 1), so one database holds one corpus.
 */
export async function loadCorpus(
  client: pg.Client,
  { docs, pages, accountId = ACCOUNT }: CorpusOptions,
): Promise<{ ids: string[]; rows: number }> {
  const random = seeded(42);
  /** Zipf-like: low ranks (common words) far more often than high ones. */
  const word = () => vocabulary[Math.floor(random() ** 3 * vocabulary.length)] as string;
  const pageMarkdown = (doc: number, page: number): string => {
    const paragraphs: string[] = [`## Section ${page}`];
    for (let p = 0; p < 3 + (doc % 2); p++) {
      const words = Array.from({ length: 60 + Math.floor(random() * 60) }, word);
      if (page === (doc % pages) + 1 && p === 1) words.splice(10, 0, `zq${doc}`);
      if (doc % 100 === 0 && page === 3 && p === 0)
        words.splice(5, 0, "indemnification", "clause", "applies");
      paragraphs.push(`${words.join(" ")}.`);
    }
    return paragraphs.join("\n\n");
  };

  await client.query(`INSERT INTO accounts (id, name) VALUES ($1, 'bench') ON CONFLICT (id) DO NOTHING`, [
    accountId,
  ]);
  const ids = Array.from({ length: docs }, (_, d) => docId(d));
  // A quarter of the documents were reparsed: generation 2 is active, generation 1 still there.
  await client.query(
    `INSERT INTO documents (id, account_id, short_hash, file_name, size_bytes, sha256, blob_key, phase,
       pages_total, pages_completed, active_generation, working_generation, config, access)
     SELECT id, $2, lpad(to_hex(n), 6, '0'), 'bench.pdf', 1000, 'x', 'k', 'complete', $3, $3,
       CASE WHEN n % 4 = 1 THEN 2 ELSE 1 END, CASE WHEN n % 4 = 1 THEN 2 ELSE 1 END, '{}', '{}'
     FROM unnest($1::text[]) WITH ORDINALITY AS t(id, n)`,
    [ids, accountId, pages],
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
  for (let d = 0; d < docs; d++) {
    const generations = (d + 1) % 4 === 1 ? [1, 2] : [1];
    for (const gen of generations) {
      for (let page = 1; page <= pages; page++) {
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

/**
 * Makes each collection that does not exist yet, with the account's first `count` documents by id
 * (all of them when count is null), and analyzes the tables. A collection already there is left
 * as it is.
 */
export async function ensureCollections(
  client: pg.Client,
  collections: readonly { id: string; count: number | null }[],
  accountId: string = ACCOUNT,
): Promise<void> {
  for (const { id, count } of collections) {
    const made = await client.query(
      `INSERT INTO collections (id, account_id, name) VALUES ($1, $2, $1) ON CONFLICT DO NOTHING`,
      [id, accountId],
    );
    if (!made.rowCount) continue;
    await client.query(
      `INSERT INTO collection_documents (collection_id, document_id)
       SELECT $1, id FROM documents WHERE account_id = $2 ORDER BY id LIMIT $3`,
      [id, accountId, count],
    );
  }
  await client.query("VACUUM ANALYZE collection_documents");
  await client.query("VACUUM ANALYZE collections");
}

const user = (content: string): ChatMessage => ({ role: "user", content });
const long = Array.from({ length: 140 }, (_, i) => vocabulary[(i * 37) % 400] as string)
  .join(" ")
  .slice(0, 990);

/**
 * Questions in natural language of every shape a benchmark asks the corpus: rare words, common
 * words only, a question that finds nothing, a follow-up, a pasted paragraph. "zq4242" is one
 * document's own word (a benchmark over fewer documents, or over one, puts another number in).
 */
export const questions: [string, ChatMessage[]][] = [
  ["rare words", [user("Which indemnification clause applies here?")]],
  ["one rare word", [user("Where is zq4242 mentioned?")]],
  ["common words", [user("What was the total revenue growth of the market this quarter?")]],
  [
    "common, many",
    [user("What does the contract say about the payment, delivery and invoice of the order?")],
  ],
  ["nothing found", [user("What is the capital of France?")]],
  ["follow-up", [user("What was the total revenue growth?"), user("and the profit?")]],
  ["1000 characters", [user(long)]],
];

/** The p-th percentile (0 to 100) of xs, nearest rank below. */
export function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
}

/** "p50 / p99" of times in ms, each right-aligned in 7 characters, as the benchmarks' tables print them. */
export const p50p99 = (times: readonly number[]) =>
  `${percentile(times, 50).toFixed(1).padStart(7)} / ${percentile(times, 99).toFixed(1).padStart(7)}`;

/**
 * `clients` callers at once, each making `runs` calls of `call(client, run)` one after another:
 * the ms of every call, and the calls completed per second overall.
 */
export async function concurrently(
  clients: number,
  runs: number,
  call: (client: number, run: number) => Promise<unknown>,
): Promise<{ times: number[]; rate: number }> {
  const times: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, w) => {
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        await call(w, i);
        times.push(performance.now() - t);
      }
    }),
  );
  return { times, rate: times.length / ((performance.now() - t0) / 1000) };
}
