import type { Database } from "../db/client.ts";
import { textSearchConfigs } from "./passages.ts";

// Full-text search over passages, the retrieval half of answering. A query is read the way a web
// search box reads it (websearch_to_tsquery: "a phrase" in quotes, `or`, -exclusion, every other
// word required), and its last word also matches as a prefix, so a query typed so far already
// finds "quarterly reven…". Only the passages of each document's active generation are searched.

export type PassageHit = {
  documentId: string;
  pageNumber: number;
  /** Order of the passage on its page, from 0. */
  position: number;
  /** [startOffset, endOffset) in the page markdown, in code points. */
  startOffset: number;
  endOffset: number;
  text: string;
  /** ts_rank_cd scaled into [0, 1) (normalization 32); higher is better. */
  rank: number;
  /** The passage's best fragments with the matches between ** and ** (when asked for). */
  headline?: string;
};

export type SearchPassagesInput = {
  /** When set, documents of other accounts are never searched, whatever ids are passed. */
  accountId?: string;
  documentIds: readonly string[];
  query: string;
  /** 1 to 100; 10 by default. */
  limit?: number;
  headline?: boolean;
  /**
   * At most this many matching passages are ranked (10,000 by default); when more match, the
   * best of an arbitrary subset are returned. Selective queries never reach it.
   */
  maxCandidates?: number;
};

export const DEFAULT_MAX_CANDIDATES = 10_000;

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

export async function searchPassages(
  db: Pick<Database, "pool">,
  input: SearchPassagesInput,
): Promise<PassageHit[]> {
  const limit = Math.min(100, Math.max(1, Math.floor(input.limit ?? 10)));
  // PostgreSQL text cannot hold NUL.
  const query = input.query.slice(0, MAX_QUERY_LENGTH).replaceAll("\u0000", " ");
  if (!input.documentIds.length || !query.trim()) return [];
  const readings = await readQuery(db, parseQuery(query));
  if (!readings.length) return [];

  const params: unknown[] = [[...new Set(input.documentIds)], limit];
  const param = (v: unknown) => `$${params.push(v)}`;
  const account = input.accountId === undefined ? "" : `AND d.account_id = ${param(input.accountId)}`;
  // Each passage is matched (and ranked) with the query as its own configuration reads it. The
  // readings are sent as constants, so the planner estimates their matches from the column's
  // statistics and picks: a few documents are read by key, passage by passage; many go through
  // the GIN index, one bitmap for all readings, so no passage is fetched twice. The ids come as
  // a list joined by primary key, not as `id = ANY (…)`: ten thousand of those cost 20 ms of
  // planning and lead the planner onto the (account_id, created_at, id) index, which it then
  // reads whole for every match.
  const all = readings.length === 1 && readings[0]?.configs.length === textSearchConfigs.length;
  const arms = readings.map((r) => {
    const q = `${param(r.query)}::tsquery`;
    return { q, cfgs: all ? "true" : `p.ts_config = ANY (${param(r.configs)}::text[])` };
  });
  const match = arms.map((a) => `(${a.cfgs} AND p.tsv @@ ${a.q})`).join(" OR ");
  const chosen =
    arms.length === 1
      ? (arms[0]?.q as string)
      : `CASE ${arms.map((a) => `WHEN ${a.cfgs} THEN ${a.q}`).join(" ")} END`;
  // Past maxCandidates matches the rest are not ranked: a word found in most passages of ten
  // thousand documents would otherwise cost a second or more, for an answer no better.
  const cap = param(Math.max(limit, Math.floor(input.maxCandidates ?? DEFAULT_MAX_CANDIDATES)));
  const sql = `
    WITH candidates AS (
      SELECT p.document_id, p.page_number, p.position, p.start_offset, p.end_offset, p.text,
             p.ts_config, p.tsv
      FROM unnest($1::text[]) AS t(id)
      JOIN documents d ON d.id = t.id ${account}
      JOIN passages p ON p.document_id = d.id AND p.generation = d.active_generation
      WHERE ${match}
      LIMIT ${cap}
    ), hits AS (
      SELECT p.*, ${chosen} AS query, ts_rank_cd(p.tsv, ${chosen}, 32) AS rank
      FROM candidates p
      ORDER BY rank DESC, p.document_id, p.page_number, p.position
      LIMIT $2
    )
    SELECT document_id, page_number, position, start_offset, end_offset, text, rank
      ${
        input.headline
          ? `, ts_headline(ts_config::regconfig, text, query,
               'StartSel=**, StopSel=**, MaxWords=40, MinWords=15, MaxFragments=2, FragmentDelimiter=" … "') AS headline`
          : ""
      }
    FROM hits
    ORDER BY rank DESC, document_id, page_number, position`;

  const { rows } = await db.pool.query<{
    document_id: string;
    page_number: number;
    position: number;
    start_offset: number;
    end_offset: number;
    text: string;
    rank: number;
    headline?: string;
  }>(sql, params);
  return rows.map((r) => ({
    documentId: r.document_id,
    pageNumber: r.page_number,
    position: r.position,
    startOffset: r.start_offset,
    endOffset: r.end_offset,
    text: r.text,
    rank: r.rank,
    ...(r.headline !== undefined ? { headline: r.headline } : {}),
  }));
}
