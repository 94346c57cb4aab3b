import type { TableGrid } from "../tables/table-model.ts";

/**
 * A table found on a page: its grid and where it stands ([x0, y0, x1, y1], points, origin
 * top-left). `continuation` marks the rows of a table that began on the previous page (same
 * columns, at the end of that page and the start of this one); a repeated header is dropped.
 */
export type ExtractedTable = {
  grid: TableGrid;
  bbox: [number, number, number, number];
  continuation?: boolean;
};

export type ExtractedPage = {
  pageNumber: number;
  /** The page as markdown, tables included where they stand in the reading order. */
  markdown: string;
  /** Plain text in reading order, for search. */
  text: string;
  tables: ExtractedTable[];
  width: number;
  height: number;
  /** "text": from the PDF's text layer; "ocr": recognised from the rendered page. */
  method: "text" | "ocr";
};

export type ExtractOptions = {
  strategy: string;
  capabilities: readonly string[];
  /** Per-page budgets: a page over them throws, and is recorded as failed, not the document. */
  limits?: { pageMaxOps: number; pageTimeMs: number };
};

/** An opened PDF, read one page at a time so memory stays bounded by a page, not a document. */
export type ExtractionSession = {
  pageCount: number;
  extractPage: (pageNumber: number) => Promise<ExtractedPage>;
  close: () => Promise<void>;
};

/**
 * The one interface the rest of the service knows extraction by. Opening throws PdfOpenError
 * (src/core/extraction/pdfjs.ts) for a file that is not a readable PDF.
 */
export type Extractor = {
  open: (bytes: Uint8Array, options: ExtractOptions) => Promise<ExtractionSession>;
};
