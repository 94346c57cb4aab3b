import type { PrismaClient } from "../../generated/prisma/client.ts";
import { tableToMarkdown } from "../exports/table-formats.ts";
import type { TableGrid } from "../extraction/table-model.ts";
import type { ReadPage } from "./read-page.ts";
import type { PageWrite } from "./write-page.ts";

/** A table as this extraction last wrote it. */
type StoredTable = { index: number; grid: TableGrid; pages: number[] };

/** A page's tables and elements numbered as the document numbers them, ready for writePage. */
export type StitchedPage = Pick<PageWrite, "tables" | "grown"> & { elements: ReadPage["elements"] };

/**
 * Numbers each page's tables in the document and joins a table that runs on from the previous
 * page to the table it continues. Holds the last table written, so each page is stitched
 * without reading the document's tables again.
 */
export class TableStitcher {
  private constructor(
    private readonly tablesWanted: boolean,
    private last: StoredTable | undefined,
  ) {}

  /**
   * Starts with the last table already written for this generation: it exists only when an
   * attempt resumes, and a table that runs on into the next page grows it.
   */
  static async resume(
    prisma: PrismaClient,
    job: { documentId: string; generation: number },
    tablesWanted: boolean,
  ): Promise<TableStitcher> {
    const stored = await prisma.documentTable.findFirst({
      where: { documentId: job.documentId, generation: job.generation },
      orderBy: { tableIndex: "desc" },
      select: { tableIndex: true, cells: true, pages: true },
    });
    const last = stored
      ? { index: stored.tableIndex, grid: stored.cells as unknown as TableGrid, pages: stored.pages }
      : undefined;
    return new TableStitcher(tablesWanted, last);
  }

  /** Page `page`'s tables and elements in the document's numbering; `written` once it is stored. */
  stitch(page: ReadPage): StitchedPage & { written: () => void } {
    const n = page.pageNumber;
    const last = this.last;
    let tables = this.tablesWanted ? page.tables : [];
    // A table continued from the previous page grows that table instead of starting a new one.
    const continued = tables[0]?.continuation ? tables[0] : undefined;
    const grown: StoredTable | undefined =
      continued && last
        ? { index: last.index, grid: [...last.grid, ...continued.grid], pages: [...last.pages, n] }
        : undefined;
    if (grown) tables = tables.slice(1);
    const firstIndex = (last?.index ?? -1) + 1;
    // The page's elements name its tables as the document numbers them: a continued table by
    // the index of the table it grew, the rest from firstIndex on.
    const documentIndex = (local: number) =>
      grown ? (local === 0 ? grown.index : firstIndex + local - 1) : firstIndex + local;
    const elements = page.elements.map((e) =>
      e.table === undefined ? e : { ...e, table: this.tablesWanted ? documentIndex(e.table) : undefined },
    );
    const newest = tables[tables.length - 1];
    return {
      elements,
      tables: tables.map((t, i) => ({
        index: firstIndex + i,
        bbox: t.bbox,
        cells: t.grid,
        markdown: tableToMarkdown(t.grid),
      })),
      grown: grown && {
        index: grown.index,
        cells: grown.grid,
        pages: grown.pages,
        markdown: tableToMarkdown(grown.grid),
      },
      written: () => {
        if (newest) this.last = { index: firstIndex + tables.length - 1, grid: newest.grid, pages: [n] };
        else if (grown) this.last = grown;
      },
    };
  }
}
