import type { ExtractedPage, Extractor } from "../../src/core/extraction/extractor.ts";

/**
 * `base` with its pages read through `extractPage` (given the page number and the real reader),
 * as a test plays a worker that stalls, pauses or dies on a page. Sessions are built field by
 * field: the service's are class instances, whose methods a spread would lose.
 */
export function withPages(
  base: Extractor,
  extractPage: (n: number, read: (n: number) => Promise<ExtractedPage>) => Promise<ExtractedPage>,
): Extractor {
  return {
    async open(bytes, options) {
      const s = await base.open(bytes, options);
      return {
        pageCount: s.pageCount,
        close: () => s.close(),
        extractPage: (n: number) => extractPage(n, (m) => s.extractPage(m)),
      };
    },
    close: async () => undefined,
  };
}
