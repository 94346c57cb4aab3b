import type { Extractor } from "./extractor.ts";
import { openPdf } from "./pdfjs.ts";
import { layoutPage } from "./plain-layout.ts";
import { textRuns } from "./text-items.ts";

/** Text layer -> lines, paragraphs, headings and simple aligned tables, page by page. */
export const plainExtractor: Extractor = {
  async open(bytes) {
    const doc = await openPdf(bytes);
    return {
      pageCount: doc.numPages,
      async extractPage(pageNumber) {
        const page = await doc.getPage(pageNumber);
        try {
          const { runs, width, height } = await textRuns(page);
          const { markdown, text, tables } = layoutPage(runs);
          return { pageNumber, markdown, text, tables, width, height, method: "text" };
        } finally {
          // Frees the page's parsed resources; without it memory grows with every page.
          page.cleanup();
        }
      },
      close: () => doc.destroy(),
    };
  },
};
