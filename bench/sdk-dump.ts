// bench/sdk.ts --dump <dir>: each invoice's extracted pages and tables as bench/invoices.ts --dump
// writes them (<name>.json and <name>.md), so bench/invoices/sdk-redump.ts can ask the same
// questions again in process after an answering change without extracting the corpus again.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";

export async function dumpExtracted(pool: pg.Pool, id: string, dir: string, file: string): Promise<void> {
  const pages = await pool.query(
    `SELECT p.page_number, p.markdown, p.text, p.width, p.height, p.method FROM pages p
       JOIN documents d ON d.id = p.document_id AND p.generation = d.active_generation
      WHERE p.document_id = $1 ORDER BY p.page_number`,
    [id],
  );
  const tables = await pool.query(
    `SELECT t.page_number, t.pages, t.bbox, t.cells, t.markdown FROM document_tables t
       JOIN documents d ON d.id = t.document_id AND t.generation = d.active_generation
      WHERE t.document_id = $1 ORDER BY t.table_index`,
    [id],
  );
  const doc = {
    pages: pages.rows.map((p) => ({
      pageNumber: p.page_number,
      markdown: p.markdown,
      text: p.text,
      width: p.width,
      height: p.height,
      method: p.method,
    })),
    tables: tables.rows.map((t) => ({
      pageNumber: t.page_number,
      pages: t.pages,
      bbox: t.bbox,
      cells: t.cells,
      markdown: t.markdown,
    })),
  };
  mkdirSync(dir, { recursive: true });
  const base = path.join(dir, file.replace(/\.pdf$/, ""));
  writeFileSync(`${base}.json`, JSON.stringify(doc, null, 1));
  writeFileSync(
    `${base}.md`,
    doc.pages.map((p) => `<!-- page ${p.pageNumber} -->\n${p.markdown}`).join("\n\n"),
  );
}
