import type { Database } from "../db/client.ts";
import type { PageElement } from "../extraction/extractor.ts";

/** A page of a document's current extraction. */
export type PageKey = { documentId: string; page: number };

export const pageKey = (k: PageKey) => `${k.documentId}:${k.page}`;

/**
 * The stored elements of pages of documents' current extractions, by pageKey, in one statement;
 * a page missing, or stored before elements were kept, is left out.
 */
export async function pageElementsOf(
  db: Database,
  keys: readonly PageKey[],
): Promise<Map<string, PageElement[]>> {
  const wanted = [...new Map(keys.map((k) => [pageKey(k), k])).values()];
  const out = new Map<string, PageElement[]>();
  if (!wanted.length) return out;
  const { rows } = await db.pool.query<{ document_id: string; page_number: number; elements: PageElement[] }>(
    `SELECT p.document_id, p.page_number, p.elements
       FROM unnest($1::text[], $2::int[]) AS k(document_id, page_number)
       JOIN documents d ON d.id = k.document_id
       JOIN pages p ON p.document_id = d.id AND p.generation = d.active_generation AND p.page_number = k.page_number
      WHERE p.elements IS NOT NULL`,
    [wanted.map((k) => k.documentId), wanted.map((k) => k.page)],
  );
  for (const r of rows) out.set(pageKey({ documentId: r.document_id, page: r.page_number }), r.elements);
  return out;
}
