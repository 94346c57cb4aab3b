// The invoice as the built-in invoice-extraction workflow reads it: Azure Document Intelligence's
// prebuilt invoice fields in snake_case. Dates are ISO 8601 (YYYY-MM-DD), amounts numbers in the
// invoice's currency, a field not on the invoice null.

export type InvoiceItem = {
  description: string | null;
  quantity: number | null;
  unit: string | null;
  unit_price: number | null;
  /** Percent, as printed (20 for 20 %). */
  tax_rate: number | null;
  amount: number | null;
  product_code: string | null;
};

export type InvoiceData = {
  invoice_id: string | null;
  invoice_date: string | null;
  due_date: string | null;
  purchase_order: string | null;
  vendor_name: string | null;
  vendor_address: string | null;
  vendor_tax_id: string | null;
  customer_name: string | null;
  customer_address: string | null;
  customer_id: string | null;
  /** ISO 4217 code. */
  currency: string | null;
  subtotal: number | null;
  total_discount: number | null;
  /** Shipping or freight charged on the invoice. */
  shipping: number | null;
  total_tax: number | null;
  invoice_total: number | null;
  /** Deposits or payments already made, subtracted from the total. */
  amount_paid: number | null;
  amount_due: number | null;
  payment_terms: string | null;
  items: InvoiceItem[];
};

/** Where a field's value was read: keyed by the field's JSON Pointer (`/invoice_total`, `/items/0/amount`). */
export type FieldSource = {
  page: number;
  /** The text the value was read from, as printed. */
  quote: string;
  /** [x0, y0, x1, y1] in PDF points, origin top-left; null when the reader has no geometry for it. */
  bbox: [number, number, number, number] | null;
  /** 0 to 1; null when the reader gives none (a dynamic workflow's extraction). */
  confidence: number | null;
};

/** A parsed document as the reader sees it: its pages and tables, as extraction stored them. */
export type InvoiceSourceDocument = {
  pages: {
    pageNumber: number;
    markdown: string;
    text: string;
    width: number;
    height: number;
    /** "text" (the PDF's text layer) or "ocr". */
    method: string;
  }[];
  tables: {
    /** First page the table is on; `pages` every page it spans. */
    pageNumber: number;
    pages: number[];
    /** On the first page, PDF points, origin top-left. */
    bbox: number[];
    /** Rows of cells; see src/core/extraction/table-model.ts. */
    cells: unknown;
    markdown: string;
  }[];
};

/** Hints from the run's options. */
export type InvoiceHints = {
  /** BCP 47 (en-US, de-DE, fr-FR): decides 03/05/2026 and number formats when the invoice does not. */
  locale?: string | undefined;
  /** ISO 4217, when the invoice names none. */
  currency?: string | undefined;
};

export type InvoiceReading = { data: InvoiceData; sources: Record<string, FieldSource> };
