import { DocumentBudgetError, type ExtractedPage, type ExtractionSession } from "../extraction/extractor.ts";
import { POISON_ATTEMPTS } from "./reading-attempts.ts";
import { storable } from "./storable-text.ts";

/** A page as the extraction stores it: read, or recorded as failed in its place. */
export type ReadPage = Omit<ExtractedPage, "method"> & { method: ExtractedPage["method"] | "failed" };

export type PageReading =
  | { page: ReadPage; failure?: undefined }
  /** One bad page does not sink the document: it is stored as failed, and the document reviewed. */
  | { page: ReadPage; failure: string }
  /** The document's time ran out on this page: the extraction ends. */
  | { outOfTime: true };

/** Reads page `n`, or records why it could not be read; `skip` marks a page that killed earlier attempts. */
export async function readPage(session: ExtractionSession, n: number, skip: boolean): Promise<PageReading> {
  try {
    if (skip)
      throw new Error(
        `page ${n} was begun by ${POISON_ATTEMPTS} attempts that did not finish it (their worker was killed, ran out of memory or failed to store it); it is skipped`,
      );
    return { page: storable(await session.extractPage(n)) };
  } catch (err) {
    if (err instanceof DocumentBudgetError) return { outOfTime: true };
    return { page: failedPage(n), failure: (err as Error).message };
  }
}

const failedPage = (n: number): ReadPage => ({
  pageNumber: n,
  markdown: "",
  text: "",
  tables: [],
  elements: [],
  width: 0,
  height: 0,
  method: "failed",
});
