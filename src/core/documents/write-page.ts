import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import type { Passage } from "../answering/passages.ts";
import type { ReadPage } from "./read-page.ts";

/** One extracted page as it is stored: the page, its new tables, the table it grew, its passages. */
export type PageWrite = {
  documentId: string;
  generation: number;
  page: Pick<ReadPage, "pageNumber" | "markdown" | "text" | "width" | "height" | "method" | "elements">;
  /** Tables that start on this page, with their indexes in the document. */
  tables: { index: number; bbox: number[]; cells: unknown; markdown: string }[];
  /** A table of earlier pages that this page continues: its whole grid and pages now. */
  grown?: { index: number; cells: unknown; pages: number[]; markdown: string };
  passages: Passage[];
  tsConfig: string;
};

/**
 * JSON for PostgreSQL's jsonb: a lone UTF-16 surrogate (a broken font's text can hold one) becomes
 * U+FFFD, as it does in a text parameter, instead of an escape jsonb refuses.
 */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const jsonb = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    typeof v === "string" ? v.replace(loneSurrogate, "\uFFFD") : v,
  );

/**
 * Stores a page and what came with it, only while this extraction is still the document's
 * working one; returns false when it is not (a reparse replaced it, or the document was deleted),
 * and then nothing is written.
 *
 * One statement (data-modifying CTEs, each insert drawing its rows from the document update, so
 * no update means no insert) in a transaction that does not wait for the disk: a page lost in a
 * crash is extracted again on resume. It replaced an interactive transaction of five statements,
 * whose per-statement cost in the worker was most of a page's time outside the extractor.
 */
export async function writePage(prisma: PrismaClient, w: PageWrite): Promise<boolean> {
  const { generation } = w;
  const grown = w.grown
    ? Prisma.sql`, g AS (
        UPDATE document_tables
           SET cells = ${jsonb(w.grown.cells)}::jsonb,
               pages = ARRAY(SELECT jsonb_array_elements_text(${jsonb(w.grown.pages)}::jsonb)::int),
               markdown = ${w.grown.markdown}
         WHERE document_id IN (SELECT id FROM d) AND generation = ${generation}
           AND table_index = ${w.grown.index})`
    : Prisma.empty;
  const tables = jsonb(w.tables.map((t) => ({ i: t.index, b: t.bbox, c: t.cells, m: t.markdown })));
  const passages = jsonb(w.passages.map((s) => ({ n: s.position, s: s.start, e: s.end, t: s.text })));
  let rows: { written: number }[];
  try {
    rows = await writeStatement(prisma, w, grown, tables, passages);
  } catch (err) {
    // Two workers writing the same page at the same moment: the one that lost the race lost the job.
    if (isUniqueViolation(err)) return false;
    throw err;
  }
  return (rows[0]?.written ?? 0) > 0;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } } };
  return (e?.meta?.driverAdapterError?.cause?.originalCode ?? e?.code) === "23505";
}

async function writeStatement(
  prisma: PrismaClient,
  w: PageWrite,
  grown: Prisma.Sql,
  tables: string,
  passages: string,
): Promise<{ written: number }[]> {
  const { documentId: id, generation, page: p } = w;
  const [, rows] = await prisma.$transaction([
    prisma.$executeRaw`SET LOCAL synchronous_commit = off`,
    prisma.$queryRaw<{ written: number }[]>`
      WITH d AS (
        UPDATE documents SET pages_completed = ${p.pageNumber},
               reading_attempt = jsonb_build_object('generation', ${generation}::int, 'page', ${p.pageNumber + 1}::int, 'attempts', 1)
         WHERE id = ${id} AND working_generation = ${generation}
           -- A worker that lost its job (paused past its heartbeat, then resumed) finds its page
           -- written by the one that took the job over: it writes nothing and stops.
           AND NOT EXISTS (SELECT 1 FROM pages WHERE document_id = ${id} AND generation = ${generation}
                                                AND page_number = ${p.pageNumber})
        RETURNING id
      ), pg AS (
        INSERT INTO pages (document_id, generation, page_number, markdown, text, width, height, method, elements)
        SELECT id, ${generation}, ${p.pageNumber}, ${p.markdown}, ${p.text},
               ${p.width}::float8, ${p.height}::float8, ${p.method}, ${jsonb(p.elements)}::jsonb FROM d
      ), t AS (
        INSERT INTO document_tables (document_id, generation, table_index, page_number, pages, bbox, cells, markdown)
        SELECT d.id, ${generation}, x.i, ${p.pageNumber}, ARRAY[${p.pageNumber}::int],
               ARRAY(SELECT jsonb_array_elements_text(x.b)::float8), x.c, x.m
          FROM d CROSS JOIN jsonb_to_recordset(${tables}::jsonb) AS x(i int, b jsonb, c jsonb, m text)
      ), ps AS (
        INSERT INTO passages (document_id, generation, page_number, position, start_offset, end_offset, text, ts_config)
        SELECT d.id, ${generation}, ${p.pageNumber}, x.n, x.s, x.e, x.t, ${w.tsConfig}
          FROM d CROSS JOIN jsonb_to_recordset(${passages}::jsonb) AS x(n int, s int, e int, t text)
      )${grown}
      SELECT count(*)::int AS written FROM d`,
  ]);
  return rows;
}
