import { pageImageKey, sourceBlobKey } from "../../core/documents/blob-keys.ts";
import { AppError } from "../../core/errors.ts";
import { MAX_SCALE, MIN_SCALE, renderPagePng } from "../../core/extraction/render-page.ts";
import type { OperationContext } from "../context.ts";
import { findDocument } from "./find-document.ts";
import { pageUnavailable } from "./read-pages.ts";

/** The page as PNG; rendered on first request and cached in the blob store per scale. */
export async function getPageImage(
  ctx: OperationContext,
  input: { ref: string; page: number; scale: number },
): Promise<{ png: Buffer; viaPublic: boolean }> {
  if (!(input.scale >= MIN_SCALE && input.scale <= MAX_SCALE)) {
    throw new AppError("BAD_REQUEST", `scale must be between ${MIN_SCALE} and ${MAX_SCALE} (1 = 72 dpi).`);
  }
  // Rounded so near-identical scales share one cached image.
  const scale = Math.round(input.scale * 100) / 100;
  const { doc, viaPublic } = await findDocument(ctx, input.ref, "read_content");
  const gone = pageUnavailable(doc, input.page);
  if (gone) throw gone;
  const { blobs } = ctx.services;
  const key = pageImageKey(doc.id, doc.activeGeneration, input.page, scale);
  const cached = await blobs.get(key);
  if (cached) return { png: cached, viaPublic };
  if (doc.pagesTotal === null) {
    throw new AppError(
      "CONFLICT",
      `Document ${doc.id} has not been opened yet (phase ${doc.phase}); try again shortly.`,
    );
  }
  // The source is read only when this process does not hold the document open already.
  const load = async () => {
    const pdf = await blobs.get(sourceBlobKey(doc.id));
    if (!pdf) throw new AppError("NOT_FOUND", `The source of document ${doc.id} is missing.`);
    return pdf;
  };
  const png = await renderPagePng(load, input.page, scale, doc.id);
  await blobs.put(key, png);
  return { png, viaPublic };
}
