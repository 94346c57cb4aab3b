import {
  DocumentBudgetError,
  ExtractionLimitError,
  type ExtractionSession,
} from "../extraction/extractor.ts";
import { PdfOpenError } from "../extraction/pdf-open-error.ts";
import type { Services } from "../services.ts";

type Deps = Pick<Services, "extractor" | "config">;

/**
 * Opens the PDF for extraction under the configured limits. A PDF that cannot be opened, and
 * would fail the same way on every retry, gives the reason the document ends in `error` with;
 * other failures (worth a retry) are thrown.
 */
export async function openExtraction(
  deps: Deps,
  bytes: Uint8Array,
  doc: { strategy: string; capabilities: string[] },
): Promise<{ session: ExtractionSession } | { failure: string }> {
  const timeout = deps.config.extractionTimeoutSeconds;
  try {
    const session = await deps.extractor.open(bytes, {
      strategy: doc.strategy,
      capabilities: doc.capabilities,
      limits: {
        pageMaxOps: deps.config.pageMaxOps,
        pageTimeMs: deps.config.pageTimeBudgetSeconds * 1000,
        deadline: Date.now() + timeout * 1000,
      },
    });
    return { session };
  } catch (err) {
    if (err instanceof PdfOpenError) return { failure: err.message };
    if (err instanceof DocumentBudgetError)
      return {
        failure: `Extraction took longer than ${timeout} s (EXTRACTION_TIMEOUT_SECONDS) and was stopped while the PDF was opened.`,
      };
    // Opening ran into a reading limit: trying again would do the same.
    if (err instanceof ExtractionLimitError)
      return { failure: `The PDF could not be opened: ${err.message}.` };
    throw err;
  }
}
