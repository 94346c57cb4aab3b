import { readFileSync } from "node:fs";
import path from "node:path";
import type { ExtractedPage } from "../../src/core/extraction/extractor.ts";
import { layoutExtractor } from "../../src/core/extraction/layout-extractor.ts";

const LAYOUT = path.resolve(import.meta.dirname, "../../bench/layout");

/** Page n of bench/layout/{corpus}/{name}.pdf as the layout extractor reads it, tables on. */
export async function readCorpusPage(corpus: string, name: string, n: number): Promise<ExtractedPage> {
  const bytes = new Uint8Array(readFileSync(path.join(LAYOUT, corpus, `${name}.pdf`)));
  const session = await layoutExtractor.open(bytes, { strategy: "auto", capabilities: ["tables"] });
  try {
    return await session.extractPage(n);
  } finally {
    await session.close();
  }
}
