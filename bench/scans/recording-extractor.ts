import { createHash } from "node:crypto";
import { appendFileSync } from "node:fs";
import type { Extractor } from "../../src/core/extraction/extractor.ts";
import { layoutExtractor } from "../../src/core/extraction/layout-extractor.ts";

/**
 * The layout extractor, writing each page's text to $SCAN_TEXT_LOG (one JSON line a page, keyed
 * by the PDF's SHA-256), so bench/scan-tables.ts can score OCR words from the same run that
 * bench/tables.ts scores tables on, rather than recognising every page twice.
 */
export const recordingExtractor: Extractor = {
  async open(bytes, options) {
    const sha = createHash("sha256").update(bytes).digest("hex");
    const doc = await layoutExtractor.open(bytes, options);
    return {
      ...doc,
      pageCount: doc.pageCount,
      async extractPage(n) {
        const page = await doc.extractPage(n);
        const log = process.env.SCAN_TEXT_LOG;
        if (log)
          appendFileSync(log, `${JSON.stringify({ sha, page: n, method: page.method, text: page.text })}\n`);
        return page;
      },
      close: () => doc.close(),
    };
  },
  close: () => layoutExtractor.close(),
};
