import { pageImageKey, sourceBlobKey } from "../../core/documents/blob-keys.ts";
import {
  activeGenerationIn,
  readAhead,
  servePageImage,
  storedPageImage,
} from "../../core/documents/page-images.ts";
import { AppError } from "../../core/errors.ts";
import { PageRenderBudgetError, PageRenderError } from "../../core/extraction/page-renderer.ts";
import { PdfOpenError } from "../../core/extraction/pdf-open-error.ts";
import { DEFAULT_IMAGE_SCALE, MAX_SCALE, MIN_SCALE } from "../../core/extraction/render-page.ts";
import type { Services } from "../../core/services.ts";
import { z } from "../../core/zod.ts";
import type { Document } from "../../generated/prisma/client.ts";
import { defineOperation } from "../operation.ts";
import { documentRef, findDocument } from "./document-record.ts";
import { pageNumber, pageUnavailable } from "./read-pages.ts";

/** The page as PNG; rendered on first request and cached in the blob store per scale, the next pages rendered ahead. */
export const getPageImage = defineOperation({
  name: "getPageImage",
  rateClass: "standard",
  caller: "anyone",
  input: z.object({
    ref: documentRef,
    page: pageNumber,
    scale: z.number().min(MIN_SCALE).max(MAX_SCALE).default(DEFAULT_IMAGE_SCALE),
  }),
  run: async (ctx, input): Promise<{ png: Buffer; viaPublic: boolean }> => {
    // Rounded so near-identical scales share one cached image.
    const scale = Math.round(input.scale * 100) / 100;
    const { doc, viaPublic } = await findDocument(ctx, input.ref, "read_content");
    return { png: await documentPageImage(ctx.services, doc, input.page, scale), viaPublic };
  },
});

/**
 * Page `page` of a document as PNG at `scale` (rounded by the caller): the stored image, or one
 * drawn now and stored. Whoever calls has already decided the reader may see the document (an
 * operation by its access policy, a hosted site by its own access settings).
 */
export async function documentPageImage(
  services: Services,
  doc: Pick<Document, "id" | "activeGeneration" | "pagesTotal" | "phase">,
  page: number,
  scale: number,
): Promise<Buffer> {
  const gone = pageUnavailable(doc, page);
  if (gone) throw gone;
  const { blobs, log, renderer } = services;
  if (doc.pagesTotal === null) {
    // Not opened yet (or being opened again): only an image rendered before can be served.
    const cached = await storedPageImage(blobs, pageImageKey(doc.id, doc.activeGeneration, page, scale));
    if (cached) return cached;
    throw new AppError(
      "CONFLICT",
      `Document ${doc.id} has not been opened yet (phase ${doc.phase}); try again shortly.`,
    );
  }
  const request = {
    documentId: doc.id,
    generation: doc.activeGeneration,
    page: page,
    scale,
    // The source is read only when this process does not hold the document open already.
    load: async () => {
      const pdf = await blobs.get(sourceBlobKey(doc.id));
      if (!pdf) throw new AppError("NOT_FOUND", `The source of document ${doc.id} is missing.`);
      return pdf;
    },
  };
  const deps = { blobs, log, renderer, activeGeneration: activeGenerationIn(services.db) };
  // A stored image was drawn before: whether its page could be read need not be asked again.
  const stored = await storedPageImage(blobs, pageImageKey(doc.id, doc.activeGeneration, page, scale));
  if (stored) {
    readAhead(deps, request, doc.pagesTotal);
    return stored;
  }
  // A page the extraction could not read (it ran into a time, memory or reading limit) would
  // cost the drawing engine as much: it is refused instead of drawn.
  const read = await services.db.prisma.page.findUnique({
    where: {
      documentId_generation_pageNumber: {
        documentId: doc.id,
        generation: doc.activeGeneration,
        pageNumber: page,
      },
    },
    select: { method: true },
  });
  if (read?.method === "failed")
    throw new AppError(
      "UNPROCESSABLE",
      `Page ${page} could not be read when the document was extracted, so it is not drawn either; the document's error says why.`,
    );
  try {
    return await servePageImage(deps, request, doc.pagesTotal);
  } catch (err) {
    if (err instanceof PageRenderBudgetError) throw new AppError("UNPROCESSABLE", err.message);
    // The text was read, but the drawing engine (PDFium, stricter than the reader about damaged
    // files) cannot open or draw this page, or ran out of its memory on it.
    if (err instanceof PageRenderError || err instanceof PdfOpenError)
      throw new AppError("UNPROCESSABLE", `Page ${page} cannot be drawn as an image: ${err.message}`);
    throw err;
  }
}
