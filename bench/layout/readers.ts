import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { defaultCapabilities } from "../../src/core/documents/phases.ts";
import type { ExtractedPage } from "../../src/core/extraction/extractor.ts";
import { layoutExtractor } from "../../src/core/extraction/layout-extractor.ts";
import { pageBlock, toPageMarkdown } from "../../src/resolvers/documents/page-record.ts";

// The two readings measured: Quire's (the layout extractor run as the worker runs it, its pages
// joined as GET /v1/documents/{id}/full.md joins them) and `pdftotext -layout`.

export type QuireReading = { markdown: string; pages: ExtractedPage[]; tables: number; ms: number };

export async function quireReading(pdf: string): Promise<QuireReading> {
  const started = performance.now();
  const bytes = new Uint8Array(readFileSync(pdf));
  const session = await layoutExtractor.open(bytes, { strategy: "auto", capabilities: defaultCapabilities });
  const pages: ExtractedPage[] = [];
  try {
    for (let n = 1; n <= session.pageCount; n++) pages.push(await session.extractPage(n));
  } finally {
    await session.close();
  }
  return {
    markdown: pages.map((p) => pageBlock(toPageMarkdown(p))).join("\n\n"),
    pages,
    tables: pages.reduce((n, p) => n + p.tables.length, 0),
    ms: performance.now() - started,
  };
}

export function pdftotextReading(pdf: string): string {
  return execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", pdf, "-"], {
    maxBuffer: 256 * 2 ** 20,
  }).toString("utf8");
}
