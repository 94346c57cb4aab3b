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
};

export const MAX_QUERY_LENGTH = 1000;

export type ParsedQuery =
  | { kind: "plain"; query: string }
  /** `rest` combined (AND, or OR after an `or`) with `prefix` matched as the start of a word. */
  | { kind: "prefix"; rest: string; prefix: string; join: "and" | "or" };

/**
 * Splits off the last word of a query for prefix matching, unless it cannot be a word being
 * typed: it ends in a quote or a space, sits inside an open quoted phrase, is excluded with a
 * minus, or is the operator `or` itself.
 */
export function parseQuery(raw: string): ParsedQuery {
  const query = raw.trim();
  const last = /[\p{L}\p{N}\p{M}]+$/u.exec(query);
  if (!last) return { kind: "plain", query };
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

export async function searchPassages(
  db: Pick<Database, "pool">,
  input: SearchPassagesInput,
): Promise<PassageHit[]> {
  const limit = Math.min(100, Math.max(1, Math.floor(input.limit ?? 10)));
  const query = input.query.slice(0, MAX_QUERY_LENGTH);
  if (!input.documentIds.length || !query.trim()) return [];
  const parsed = parseQuery(query);

  const params: unknown[] = [textSearchConfigs, [...new Set(input.documentIds)], limit];
  const param = (v: unknown) => `$${params.push(v)}`;
  // The query as the configuration `cfg` reads it. The prefix is only letters, digits and marks,
  // so it cannot carry tsquery syntax.
  const tsquery =
    parsed.kind === "plain"
      ? `websearch_to_tsquery(cfg::regconfig, ${param(parsed.query)})`
      : `(websearch_to_tsquery(cfg::regconfig, ${param(parsed.rest)}) ${parsed.join === "and" ? "&&" : "||"}
          to_tsquery(cfg::regconfig, ${param(`${parsed.prefix}:*`)}))`;
  const account = input.accountId === undefined ? "" : `AND d.account_id = ${param(input.accountId)}`;

  // Each passage is matched with the query as its own configuration reads it. Configurations that
  // read the query the same way share one index probe, so a query costs one GIN lookup per
  // distinct reading (usually two or three), not one per configuration. A reading with nothing
  // the index can look up (only stop words, only exclusions) matches nothing rather than
  // scanning everything.
  const sql = `
    WITH queries AS MATERIALIZED (
      SELECT query, array_agg(cfg) AS cfgs
      FROM (SELECT cfg, ${tsquery} AS query
            FROM unnest($1::text[]) AS cfg) readings
      WHERE querytree(query) NOT IN ('', 'T')
      GROUP BY query
    ), hits AS (
      SELECT p.document_id, p.page_number, p.position, p.start_offset, p.end_offset, p.text,
             p.ts_config, q.query, ts_rank_cd(p.tsv, q.query, 32) AS rank
      FROM queries q
      JOIN passages p ON p.tsv @@ q.query AND p.ts_config = ANY (q.cfgs)
      JOIN documents d ON d.id = p.document_id AND d.active_generation = p.generation
      WHERE p.document_id = ANY ($2::text[]) ${account}
      ORDER BY rank DESC, p.document_id, p.page_number, p.position
      LIMIT $3
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
