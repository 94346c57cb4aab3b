import type { Document } from "../../generated/prisma/client.ts";
import { AppError } from "../errors.ts";
import { type TableGrid, textRows } from "../extraction/table-model.ts";
import type { Services } from "../services.ts";
import type { StructuredSource } from "./answer-types.ts";

/**
 * A document's extracted pages and tables, as structured extraction reads them. CONFLICT while
 * the document has no extracted page.
 */
export async function structuredSource(services: Services, doc: Document): Promise<StructuredSource> {
  const { prisma } = services.db;
  const where = { documentId: doc.id, generation: doc.activeGeneration };
  const [pages, tables] = await Promise.all([
    prisma.page.findMany({
      where,
      orderBy: { pageNumber: "asc" },
      select: { pageNumber: true, markdown: true, text: true, width: true, height: true, method: true },
    }),
    prisma.documentTable.findMany({
      where,
      orderBy: { tableIndex: "asc" },
      select: { pageNumber: true, pages: true, bbox: true, cells: true, markdown: true },
    }),
  ]);
  if (!pages.length) {
    throw new AppError(
      "CONFLICT",
      `Document ${doc.id} has no extracted pages yet (phase ${doc.phase}); try again once its first pages are extracted (its phase and pagesCompleted say when).`,
    );
  }
  return {
    documentId: doc.id,
    fileName: doc.fileName,
    pages: pages.map((p) => ({ pageNumber: p.pageNumber, markdown: p.markdown })),
    tables: tables.map((t) => ({ pages: t.pages, rows: textRows(t.cells as TableGrid) })),
    layout: { pages, tables },
  };
}
