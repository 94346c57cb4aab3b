import type { Document } from "../../generated/prisma/client.ts";
import { type TableGrid, textRows } from "../extraction/table-model.ts";
import { invoiceSchema } from "../invoices/invoice-schema.ts";
import type {
  InvoiceData,
  InvoiceHints,
  InvoiceReading,
  InvoiceSourceDocument,
} from "../invoices/invoice-types.ts";
import { readInvoice } from "../invoices/read-invoice.ts";
import type { Services } from "../services.ts";
import { sourcesByPointer } from "./field-sources.ts";

/** A model's reading is trusted less than a rule that matched a label it knows. */
const MODEL_CONFIDENCE = 0.7;

const MODEL_PROMPT =
  "Read this invoice. Fill every field from the invoice only; a field the invoice does not show is null. Dates as YYYY-MM-DD, amounts as plain numbers, the currency as its ISO 4217 code.";

/** A parsed document's pages and tables, as the invoice reader takes them. */
export async function invoiceSource(services: Services, doc: Document): Promise<InvoiceSourceDocument> {
  const where = { documentId: doc.id, generation: doc.activeGeneration };
  const [pages, tables] = await Promise.all([
    services.db.prisma.page.findMany({
      where,
      orderBy: { pageNumber: "asc" },
      select: { pageNumber: true, markdown: true, text: true, width: true, height: true, method: true },
    }),
    services.db.prisma.documentTable.findMany({
      where,
      orderBy: { tableIndex: "asc" },
      select: { pageNumber: true, pages: true, bbox: true, cells: true, markdown: true },
    }),
  ]);
  return { pages, tables };
}

/**
 * Reads the invoice in a parsed document: with a model when ANSWER_PROVIDER names one (the
 * invoice's JSON Schema as the response format), else with the built-in reader.
 */
export async function readInvoiceDocument(
  services: Services,
  doc: Document,
  hints: InvoiceHints,
): Promise<InvoiceReading> {
  const source = await invoiceSource(services, doc);
  const provider = services.answers;
  if (provider.name === "builtin") return readInvoice(source, hints);
  const result = await provider.extract({
    documentId: doc.id,
    fileName: doc.fileName,
    pages: source.pages.map((p) => ({ pageNumber: p.pageNumber, markdown: p.markdown })),
    tables: source.tables.map((t) => ({ pages: t.pages, rows: textRows(t.cells as TableGrid) })),
    prompt: [
      MODEL_PROMPT,
      hints.locale && `Locale: ${hints.locale}.`,
      hints.currency && `Currency when none is shown: ${hints.currency}.`,
    ]
      .filter(Boolean)
      .join(" "),
    schema: invoiceSchema as unknown as Record<string, unknown>,
    model: provider.models[0] as string,
  });
  const data = result.data as InvoiceData;
  if (data.currency === null && hints.currency) data.currency = hints.currency;
  return { data, sources: sourcesByPointer(result.sources, MODEL_CONFIDENCE) };
}
