import type { Database } from "../db/client.ts";
import { textSearchConfigs } from "./passages.ts";

// Full-text search over passages, the retrieval half of answering. Only the passages of each
// document's active generation are searched, in a list of documents or in a collection's members.
//
// A query is matched one of two ways:
// - "all" (the default) reads it the way a web search box does (websearch_to_tsquery: "a phrase"
//   in quotes, `or`, -exclusion, every other word required), and its last word also matches as a
//   prefix, so a query typed so far already finds "quarterly reven…".
// - "any" reads it as plain words, for questions in natural language ("What was the revenue of the
//   North region?"), where the passage that answers rarely holds every word. A passage holding any
//   of the words is a candidate; passages holding more of the distinct words rank first, then by
//   ts_rank_cd. English stop words ("what", "was", "of") are left out whatever the configuration,
//   since "simple", which keeps them, is what most documents are indexed with. No operators and no
//   prefix: a question is finished when it is asked, and a prefix OR-ed in would only widen it.

export type PassageHit = {
  documentId: string;
  /** The document's file name, when asked for with `fileNames`. */
  fileName?: string;
  pageNumber: number;
  /** Order of the passage on its page, from 0. */
  position: number;
  /** [startOffset, endOffset) in the page markdown, in code points. */
  startOffset: number;
  endOffset: number;
  text: string;
  /** ts_rank_cd scaled into [0, 1) (normalization 32); higher is better. */
  rank: number;
  /** In "any" mode: how many distinct words (lexemes) of the query the passage holds. */
  matched?: number;
  /** The passage's best fragments with the matches between ** and ** (when asked for). */
  headline?: string;
};

/** The documents searched: a list of ids, or the members of a collection (read in SQL). */
export type SearchScope =
  | { documentIds: readonly string[]; collectionId?: undefined }
  | { collectionId: string; documentIds?: undefined };

export type SearchPassagesInput = SearchScope & {
  /**
   * When set, documents of other accounts are never searched, whatever ids are passed, and a
   * collection of another account finds nothing.
   */
  accountId?: string;
  query: string;
  /** 1 to 100; 10 by default. */
  limit?: number;
  headline?: boolean;
  /** Also return each hit's document file name. */
  fileNames?: boolean;
  /** "all" (default): every word required, web search syntax. "any": any word, see above. */
  match?: "all" | "any";
  /**
   * At most this many matching passages are ranked (10,000 by default, 2,000 in "any" mode); when
   * more match, the best of an arbitrary subset are returned. Selective queries never reach it.
   */
  maxCandidates?: number;
};

export const DEFAULT_MAX_CANDIDATES = 10_000;
/**
 * The cap in "any" mode, lower than in "all" mode. Any one word of a question may be common, so
 * some arm nearly always fills its share, and every candidate costs its join to the scope and its
 * words counted. The cap keeps a question of common words over a large collection within the
 * query latency target with 10 questions at once (docs/benchmarks.md). The rarer words, which
 * decide what a question is about, keep their share of the cap (see searchAny): a word with
 * fewer matches than its share brings them all.
 */
export const DEFAULT_MAX_CANDIDATES_ANY = 1_000;
/** The words of an "any" query that are read (counted and ranked), in the order they come, stop words aside. */
export const MAX_ANY_WORDS = 12;
/**
 * The words of an "any" query that bring candidates of their own. Each is a scan planned apart
 * (its own planning, and a posting list read): a question rarely has more, a pasted paragraph
 * is still ranked on its first MAX_ANY_WORDS.
 */
export const MAX_WORD_ARMS = 8;

export const MAX_QUERY_LENGTH = 1000;
/** The shortest last word matched as a prefix. */
export const MIN_PREFIX = 3;

export type ParsedQuery =
  | { kind: "plain"; query: string }
  /** `rest` combined (AND, or OR after an `or`) with `prefix` matched as the start of a word. */
  | { kind: "prefix"; rest: string; prefix: string; join: "and" | "or" };

/**
 * Splits off the last word of a query for prefix matching, unless it cannot be a word being
 * typed: it ends in a quote or a space, sits inside an open quoted phrase, is excluded with a
 * minus, or is the operator `or` itself; or it is shorter than MIN_PREFIX.
 */
export function parseQuery(raw: string): ParsedQuery {
  const query = raw.trim();
  const last = /[\p{L}\p{N}\p{M}]+$/u.exec(query);
  // One or two letters would match as the start of a large part of the vocabulary: whole words only.
  if (!last || Array.from(last[0]).length < MIN_PREFIX) return { kind: "plain", query };
  let rest = query.slice(0, last.index);
  const openQuote = (rest.match(/"/g)?.length ?? 0) % 2 === 1;
  const excluded = /(^|\s)-$/.test(rest);
  const isOperator = /^or$/i.test(last[0]) && /\s$/.test(rest);
  if (openQuote || excluded || isOperator) return { kind: "plain", query };
  let join: "and" | "or" = "and";
  const or = /(^|\s)or\s+$/i.exec(rest);
  if (or) {
    join = "or";
    rest = rest.slice(0, or.index);
  }
  return { kind: "prefix", rest, prefix: last[0], join };
}

/** The query as one text search configuration reads it; configurations that read it alike share one. */
type Reading = { query: string; configs: string[] };

/**
 * Reads the query with every configuration passages may be indexed with. A reading with nothing
 * an index can look up (only stop words, only exclusions) is dropped: it would match nothing, or
 * everything by a full scan.
 */
async function readQuery(db: Pick<Database, "pool">, parsed: ParsedQuery): Promise<Reading[]> {
  // The prefix is letters, digits and marks only, so it cannot carry tsquery syntax.
  const prefix = parsed.kind === "prefix" ? `${parsed.prefix}:*` : "";
  const [expr, values] =
    parsed.kind === "plain"
      ? ["websearch_to_tsquery(cfg::regconfig, $2)", [parsed.query]]
      : !parsed.rest.trim()
        ? ["to_tsquery(cfg::regconfig, $2)", [prefix]]
        : [
            `websearch_to_tsquery(cfg::regconfig, $2) ${parsed.join === "and" ? "&&" : "||"} to_tsquery(cfg::regconfig, $3)`,
            [parsed.rest, prefix],
          ];
  const { rows } = await db.pool.query<{ cfg: string; query: string; tree: string }>(
    `SELECT cfg, q::text AS query, querytree(q) AS tree
     FROM unnest($1::text[]) AS cfg, LATERAL (SELECT ${expr} AS q) reading`,
    [textSearchConfigs, ...values],
  );
  const readings = new Map<string, string[]>();
  for (const r of rows) {
    if (r.tree === "" || r.tree === "T") continue;
    readings.set(r.query, [...(readings.get(r.query) ?? []), r.cfg]);
  }
  return [...readings].map(([query, configs]) => ({ query, configs }));
}

/** The words of a query as one configuration reads them, stop words of English left out; configurations that read them alike share one. */
type WordReading = { lexemes: string[]; configs: string[] };
/** One word of a query: its lexeme in each configuration ("revenue" in simple, "revenu" in english). */
type QueryWord = { lexeme: string; configs: string[] }[];

/**
 * Reads a query as plain words with every configuration: the readings, and the words (at most
 * MAX_ANY_WORDS, in the order they come) with their lexemes. A word is left out when English
 * takes it for a stop word: to_tsvector numbers the words the same way whatever the
 * configuration, so the positions English keeps are the words to look up.
 */
async function readWords(
  db: Pick<Database, "pool">,
  query: string,
): Promise<{ readings: WordReading[]; words: QueryWord[] }> {
  const { rows } = await db.pool.query<{ cfg: string; lexeme: string; first: number }>(
    `WITH content AS (
       SELECT coalesce(array_agg(pos), '{}') AS ps
       FROM unnest(to_tsvector('english', $2)) v, unnest(v.positions) pos
     )
     SELECT cfg, v.lexeme, min(pos)::int AS first
     FROM content, unnest($1::text[]) AS cfg, unnest(to_tsvector(cfg::regconfig, $2)) v,
          unnest(v.positions) pos
     WHERE pos = ANY (content.ps)
     GROUP BY cfg, v.lexeme
     ORDER BY first, v.lexeme, cfg`,
    [textSearchConfigs, query],
  );
  const kept = [...new Set(rows.map((r) => r.first))].slice(0, MAX_ANY_WORDS);
  const byPosition = new Map<number, Map<string, string[]>>(kept.map((p) => [p, new Map()]));
  const byConfig = new Map<string, string[]>();
  for (const r of rows) {
    const word = byPosition.get(r.first);
    if (!word) continue;
    word.set(r.lexeme, [...(word.get(r.lexeme) ?? []), r.cfg]);
    byConfig.set(r.cfg, [...(byConfig.get(r.cfg) ?? []), r.lexeme]);
  }
  const readings = new Map<string, WordReading>();
  for (const cfg of textSearchConfigs) {
    const lexemes = byConfig.get(cfg);
    if (!lexemes) continue;
    const key = JSON.stringify(lexemes);
    const reading = readings.get(key);
    if (reading) reading.configs.push(cfg);
    else readings.set(key, { lexemes, configs: [cfg] });
  }
  const words = [...byPosition.values()].map((w) => [...w].map(([lexeme, configs]) => ({ lexeme, configs })));
  return { readings: [...readings.values()], words };
}

/** A lexeme as tsquery text: quoted, with quotes doubled and backslashes escaped. */
const quoteLexeme = (lexeme: string) => `'${lexeme.replaceAll("\\", "\\\\").replaceAll("'", "''")}'`;

type Sql = { params: unknown[]; param: (v: unknown) => string };

function newSql(): Sql {
  const params: unknown[] = [];
  return { params, param: (v) => `$${params.push(v)}` };
}

/**
 * FROM and WHERE that give the passages `p` of the active generation of the documents `d` in
 * scope. The ids come as a list joined by primary key, not as `id = ANY (…)`: ten thousand of
 * those are slow to plan and lead the planner onto the (account_id, created_at, id) index,
 * which it then reads whole for every match. A collection's members are joined in SQL.
 */
function scopeSql(input: SearchPassagesInput, sql: Sql): { from: string; where: string } {
  const account = input.accountId === undefined ? undefined : sql.param(input.accountId);
  const ofAccount = account ? ` AND d.account_id = ${account}` : "";
  const passages = "JOIN passages p ON p.document_id = d.id AND p.generation = d.active_generation";
  if (input.collectionId !== undefined) {
    const collection = sql.param(input.collectionId);
    // The collection's owner is checked once (an uncorrelated EXISTS runs as a one-time filter),
    // not joined into every scan.
    const owner = account
      ? ` AND EXISTS (SELECT 1 FROM collections c WHERE c.id = ${collection} AND c.account_id = ${account})`
      : "";
    return {
      from: `collection_documents cd JOIN documents d ON d.id = cd.document_id${ofAccount} ${passages}`,
      where: `cd.collection_id = ${collection}${owner}`,
    };
  }
  const ids = sql.param([...new Set(input.documentIds)]);
  return {
    from: `unnest(${ids}::text[]) AS t(id) JOIN documents d ON d.id = t.id${ofAccount} ${passages}`,
    where: "true",
  };
}

type Row = {
  document_id: string;
  file_name?: string;
  page_number: number;
  position: number;
  start_offset: number;
  end_offset: number;
  text: string;
  rank: number;
  matched?: number;
  headline?: string;
};

const headlineOptions = `'StartSel=**, StopSel=**, MaxWords=40, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "'`;

export async function searchPassages(
  db: Pick<Database, "pool">,
  input: SearchPassagesInput,
): Promise<PassageHit[]> {
  if (input.collectionId !== undefined && input.documentIds !== undefined)
    throw new TypeError("searchPassages: give documentIds or collectionId, not both");
  const limit = Math.min(100, Math.max(1, Math.floor(input.limit ?? 10)));
  // PostgreSQL text cannot hold NUL.
  const query = input.query.slice(0, MAX_QUERY_LENGTH).replaceAll("\u0000", " ");
  if ((input.collectionId === undefined && !input.documentIds?.length) || !query.trim()) return [];
  const rows =
    input.match === "any"
      ? await searchAny(db, input, query, limit)
      : await searchAll(db, input, query, limit);
  return rows.map((r) => ({
    documentId: r.document_id,
    ...(r.file_name !== undefined ? { fileName: r.file_name } : {}),
    pageNumber: r.page_number,
    position: r.position,
    startOffset: r.start_offset,
    endOffset: r.end_offset,
    text: r.text,
    rank: r.rank,
    ...(r.matched !== undefined ? { matched: r.matched } : {}),
    ...(r.headline !== undefined ? { headline: r.headline } : {}),
  }));
}

/** `WHEN <configs> THEN <value>` arms, or the value alone when one reading covers every configuration. */
function byConfig(arms: { cfgs: string; value: string }[]): string {
  if (arms.length === 1) return arms[0]?.value as string;
  return `CASE ${arms.map((a) => `WHEN ${a.cfgs} THEN ${a.value}`).join(" ")} END`;
}

async function searchAll(
  db: Pick<Database, "pool">,
  input: SearchPassagesInput,
  query: string,
  limit: number,
): Promise<Row[]> {
  const readings = await readQuery(db, parseQuery(query));
  if (!readings.length) return [];

  const sql = newSql();
  const { param } = sql;
  const scope = scopeSql(input, sql);
  const top = param(limit);
  // Each passage is matched (and ranked) with the query as its own configuration reads it. The
  // readings are sent as constants, so the planner estimates their matches from the column's
  // statistics and picks: a few documents are read by key, passage by passage; many go through
  // the GIN index, one bitmap for all readings, so no passage is fetched twice.
  const all = readings.length === 1 && readings[0]?.configs.length === textSearchConfigs.length;
  const arms = readings.map((r) => {
    const q = `${param(r.query)}::tsquery`;
    return { value: q, cfgs: all ? "true" : `p.ts_config = ANY (${param(r.configs)}::text[])` };
  });
  const match = arms.map((a) => `(${a.cfgs} AND p.tsv @@ ${a.value})`).join(" OR ");
  const chosen = byConfig(arms);
  // Past maxCandidates matches the rest are not ranked: a word found in most passages of ten
  // thousand documents would otherwise cost a second or more, for an answer no better.
  const cap = param(Math.max(limit, Math.floor(input.maxCandidates ?? DEFAULT_MAX_CANDIDATES)));
  const fileName = input.fileNames ? ", file_name" : "";
  const text = `
    WITH candidates AS (
      SELECT p.document_id, p.page_number, p.position, p.start_offset, p.end_offset, p.text,
             p.ts_config, p.tsv${input.fileNames ? ", d.file_name" : ""}
      FROM ${scope.from}
      WHERE ${scope.where} AND (${match})
      LIMIT ${cap}
    ), hits AS (
      SELECT p.*, ${chosen} AS query, ts_rank_cd(p.tsv, ${chosen}, 32) AS rank
      FROM candidates p
      ORDER BY rank DESC, p.document_id, p.page_number, p.position
      LIMIT ${top}
    )
    SELECT document_id, page_number, position, start_offset, end_offset, text, rank${fileName}
      ${input.headline ? `, ts_headline(ts_config::regconfig, text, query, ${headlineOptions}) AS headline` : ""}
    FROM hits
    ORDER BY rank DESC, document_id, page_number, position`;
  return (await db.pool.query<Row>(text, sql.params)).rows;
}

/**
 * "any" mode. Candidates come from several arms, each with its share of the cap: passages holding
 * every word (half the cap), and for each of the first MAX_WORD_ARMS words the passages holding
 * it (the other half, split evenly). An arbitrary subset of an OR of all the words would be made
 * of the commonest word's passages and miss the few that hold the rare word a question is about;
 * per-word arms keep every passage of a rare word. Each candidate's distinct query words are
 * counted as it is read (its arm's LIMIT stops the scan); only the candidates that can make the
 * first `limit` (holding as many words as the limit-th best) are read again by key and ranked
 * with ts_rank_cd, the words OR-ed; the `limit` best are then fetched whole.
 */
async function searchAny(
  db: Pick<Database, "pool">,
  input: SearchPassagesInput,
  query: string,
  limit: number,
): Promise<Row[]> {
  const { readings, words } = await readWords(db, query);
  if (!readings.length) return [];

  const sql = newSql();
  const { param } = sql;
  const scope = scopeSql(input, sql);
  const all = readings.length === 1 && readings[0]?.configs.length === textSearchConfigs.length;
  const cfgsOf = (configs: string[]) =>
    configs.length === textSearchConfigs.length ? "true" : `p.ts_config = ANY (${param(configs)}::text[])`;
  // One tsquery per distinct lexeme, shared by the arms and the count of words matched.
  const lexemeQuery = new Map<string, string>();
  const queryOf = (lexeme: string) => {
    const known = lexemeQuery.get(lexeme);
    if (known) return known;
    const q = `${param(quoteLexeme(lexeme))}::tsquery`;
    lexemeQuery.set(lexeme, q);
    return q;
  };
  const arms = readings.map((r) => ({
    cfgs: all ? "true" : cfgsOf(r.configs),
    any: `${param(r.lexemes.map(quoteLexeme).join(" | "))}::tsquery`,
    every: `${param(r.lexemes.map(quoteLexeme).join(" & "))}::tsquery`,
    // A lookup per lexeme in the sorted tsvector: cheaper than ts_delete, which copies it.
    matched: r.lexemes.map((l) => `(p.tsv @@ ${queryOf(l)})::int`).join(" + "),
  }));
  const chosen = byConfig(arms.map((a) => ({ cfgs: a.cfgs, value: a.any })));
  const matched = byConfig(arms.map((a) => ({ cfgs: a.cfgs, value: a.matched })));

  // A word's arm looks up its lexeme in each configuration's reading ("revenue" or "revenu").
  // One-letter words ("e" of "e-mail", "1" of "1,200") get no arm
  // of their own: they would only bring in arbitrary passages.
  const longer = words.map((w) => w.filter((l) => Array.from(l.lexeme).length > 1)).filter((w) => w.length);
  const wordLexemes = (longer.length ? longer : words).slice(0, MAX_WORD_ARMS);
  // (Each lexeme with its own condition: a tsquery of them all AND-ed to the rest would read as
  // a second, independent condition and lead the planner to expect a tenth of the matches.)
  const wordArm = (w: QueryWord) =>
    w.map((l) => `(${cfgsOf(l.configs)} AND p.tsv @@ ${queryOf(l.lexeme)})`).join(" OR ");
  const cap = Math.max(limit, Math.floor(input.maxCandidates ?? DEFAULT_MAX_CANDIDATES_ANY));
  const wordCap = words.length > 1 ? Math.max(limit, Math.floor(cap / 2 / wordLexemes.length)) : 0;
  const conditions = [
    {
      where: arms.map((a) => `(${a.cfgs} AND p.tsv @@ ${a.every})`).join(" OR "),
      cap: wordCap ? Math.ceil(cap / 2) : cap,
    },
    ...(wordCap ? wordLexemes.map((w) => ({ where: wordArm(w), cap: wordCap })) : []),
  ];
  const found = conditions
    .map(
      (c) => `(
        SELECT p.document_id, p.generation, p.page_number, p.position, ${matched} AS matched
        FROM ${scope.from}
        WHERE ${scope.where} AND (${c.where})
        LIMIT ${param(c.cap)}
      )`,
    )
    .join(" UNION ALL ");
  const top = param(limit);
  const keys = "document_id, generation, page_number, position";
  const order = "matched DESC, rank DESC, document_id, page_number, position";
  // Only the passages that can make the first `limit` are ranked: those holding at least as many
  // words as the limit-th best does (most candidates of a question hold fewer), read again by key.
  const text = `
    WITH found AS (${found}),
    tier AS (
      SELECT coalesce(min(matched), 0) AS least
      FROM (SELECT max(matched) AS matched FROM found GROUP BY ${keys} ORDER BY 1 DESC LIMIT ${top}) t
    ),
    ranked AS (
      SELECT f.*, ts_rank_cd(p.tsv, ${chosen}, 32) AS rank
      FROM (SELECT DISTINCT found.* FROM found, tier WHERE found.matched >= tier.least) f
      JOIN passages p USING (${keys})
    ),
    best AS (SELECT * FROM ranked ORDER BY ${order} LIMIT ${top})
    SELECT b.document_id, b.page_number, b.position, p.start_offset, p.end_offset, p.text, b.rank,
           b.matched::int AS matched
           ${input.fileNames ? ", d.file_name" : ""}
           ${input.headline ? `, ts_headline(p.ts_config::regconfig, p.text, ${chosen}, ${headlineOptions}) AS headline` : ""}
    FROM best b
    JOIN passages p USING (${keys})
    ${input.fileNames ? "JOIN documents d ON d.id = b.document_id" : ""}
    ORDER BY ${order}`;
  return (await db.pool.query<Row>(text, sql.params)).rows;
}
