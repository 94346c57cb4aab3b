import type { ExtractedPage, Extractor } from "./extractor.ts";
import { layoutPage, newLayoutMemory } from "./layout/page-layout.ts";
import { openPdf } from "./pdfjs.ts";

/** Per-page budgets: a pathological page is marked failed instead of holding the worker. */
export const PAGE_TIME_BUDGET_MS = 30_000;
export const PAGE_MAX_OPS = 2_000_000;

export class PageBudgetError extends Error {}

async function withinBudget<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new PageBudgetError(`${what} took longer than ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Layout-aware extraction: reading order over columns, headings, lists, running headers and
 * footers left out, ruled and unruled tables in place. Pages are worked one at a time and
 * released, so memory is bounded by a page whatever the document's length.
 */
export const layoutExtractor: Extractor = {
  async open(bytes, options) {
    const doc = await openPdf(bytes);
    const memory = newLayoutMemory();
    const tables = options.capabilities.includes("tables");
    return {
      pageCount: doc.numPages,
      async extractPage(pageNumber): Promise<ExtractedPage> {
        const page = await doc.getPage(pageNumber);
        try {
          const layout = await withinBudget(
            layoutPage(page, memory, { tables, maxOps: PAGE_MAX_OPS }),
            PAGE_TIME_BUDGET_MS,
            `page ${pageNumber}`,
          );
          if (layout.truncated) {
            throw new PageBudgetError(`page ${pageNumber} has more than ${PAGE_MAX_OPS} drawing operations`);
          }
          return {
            pageNumber,
            markdown: layout.markdown,
            text: layout.text,
            tables: layout.tables,
            width: layout.width,
            height: layout.height,
            method: "text",
          };
        } finally {
          page.cleanup();
        }
      },
      close: () => doc.destroy(),
    };
  },
};
