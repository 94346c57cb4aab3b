import { DEFAULT_MAX_OPS } from "./graphics.ts";
import type { TableGrid } from "./table-model.ts";

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

/** [x0, y0, x1, y1] in PDF points from the page's top-left corner. */
export type BBox = [number, number, number, number];

/**
 * One element of a page in reading order. Running headers, footers and page numbers are elements
 * too, though the markdown leaves them out; so are figures (images with no text over them). `table` is the table's index: on an extracted page,
 * among the page's own tables; once stored, in the document (as /tables numbers them).
 */
export type PageElement = {
  type: "heading" | "paragraph" | "list_item" | "table" | "figure" | "code" | "header" | "footer";
  /** A heading's level, 1 to 6. */
  level?: number;
  text: string;
  bbox: BBox;
  table?: number;
  /** A figure's index among the page's figures (its image is /pages/{n}/figures/{index}). */
  figure?: number;
  /**
   * Its place in the page's reading order, the order of the page's markdown (0 first); running
   * heads and feet and figures, which the markdown leaves out, have none.
   */
  order?: number;
};

export type ExtractedPage = {
  pageNumber: number;
  /** The page as markdown, tables included where they stand in the reading order. */
  markdown: string;
  /** Plain text in reading order, for search. */
  text: string;
  tables: ExtractedTable[];
  /** The page's elements in reading order, each with its box. */
  elements: PageElement[];
  width: number;
  height: number;
  /** "text": from the PDF's text layer; "ocr": recognised from the rendered page. */
  method: "text" | "ocr";
};

export type ExtractLimits = {
  /** Drawing operations read from one page; a page with more throws ExtractionLimitError. */
  pageMaxOps: number;
  /** Processor time one page (or opening the PDF) may take (extraction-process.ts). */
  pageTimeMs: number;
  /** When the whole document's time runs out (epoch ms): past it, DocumentBudgetError. */
  deadline: number;
};

export type ExtractOptions = {
  strategy: string;
  capabilities: readonly string[];
  /** A page over its budgets throws, and is recorded as failed, not the document. Default DEFAULT_LIMITS. */
  limits?: ExtractLimits;
};

/** The configuration's defaults (PAGE_MAX_OPS, PAGE_TIME_BUDGET_SECONDS) and no document deadline. */
export const DEFAULT_LIMITS: ExtractLimits = {
  pageMaxOps: DEFAULT_MAX_OPS,
  pageTimeMs: 120_000,
  deadline: Number.POSITIVE_INFINITY,
};

/** A page ran into a limit (time, memory, operations): that page failed, the document goes on. */
export class ExtractionLimitError extends Error {}
/** The document's time budget ran out: the extraction ends in `error`. */
export class DocumentBudgetError extends Error {}

/** An opened PDF, read one page at a time so memory stays bounded by a page, not a document. */
export type ExtractionSession = {
  pageCount: number;
  extractPage: (pageNumber: number) => Promise<ExtractedPage>;
  /** The most memory the extraction took (bytes), where it is measured. */
  peakMemoryBytes?: () => number;
  close: () => Promise<void>;
};

/**
 * The one interface the rest of the service knows extraction by. Opening throws PdfOpenError
 * (src/core/extraction/pdfjs.ts) for a file that is not a readable PDF.
 */
export type Extractor = {
  open: (bytes: Uint8Array, options: ExtractOptions) => Promise<ExtractionSession>;
  /** Ends what the extractor keeps between documents (processes, OCR engines). */
  close: () => Promise<void>;
};
