import type { PageElement } from "../../core/extraction/extractor.ts";
import type { Page } from "../../generated/prisma/client.ts";

/** A page of a document's current extraction as every face shows it. */
export type PageRecord = {
  /** 1-based. */
  number: number;
  markdown: string;
  text: string;
  /** text (the PDF's text layer), ocr, or failed. */
  method: string;
  /** Points. */
  width: number;
  height: number;
  /** In reading order, with boxes; null for a page extracted before elements were kept. */
  elements: PageElement[] | null;
};

export function toPageRecord(p: Page): PageRecord {
  return {
    number: p.pageNumber,
    markdown: p.markdown,
    text: p.text,
    method: p.method,
    width: p.width,
    height: p.height,
    // Written by the extraction as PageElement[] (write-page.ts).
    elements: p.elements as PageElement[] | null,
  };
}

/**
 * The part of a page that reading markdown needs: operations that read many pages at once for
 * their markdown read only these columns (a page's text and elements are as large again).
 */
export type PageMarkdown = Pick<PageRecord, "number" | "markdown">;

/** The columns a PageMarkdown is made from. */
export const pageMarkdownColumns = { pageNumber: true, markdown: true } as const;

export const toPageMarkdown = (p: Pick<Page, "pageNumber" | "markdown">): PageMarkdown => ({
  number: p.pageNumber,
  markdown: p.markdown,
});

/** One page in a whole-document markdown file: an HTML comment naming it, then its markdown. */
export const pageBlock = (p: PageMarkdown) => `<!-- page ${p.number} -->\n\n${p.markdown}`.trimEnd();
