import { DEFAULT_IMAGE_SCALE } from "../extraction/render-page.ts";
import type { Services } from "../services.ts";
import { pageImageKey } from "./blob-keys.ts";

/**
 * page_images: draws and stores a page's image as the extraction writes the page, so the viewer's
 * images are ready when the page is instead of rendered on the first request. A page that cannot
 * be drawn is logged; its text stands regardless.
 */
export async function storePageImage(
  deps: Pick<Services, "renderer" | "blobs" | "log">,
  pdf: { bytes: Uint8Array; renderKey: string },
  page: { documentId: string; generation: number; pageNumber: number },
): Promise<void> {
  const { documentId, generation, pageNumber } = page;
  try {
    const png = await deps.renderer.render(pdf.bytes, pageNumber, DEFAULT_IMAGE_SCALE, pdf.renderKey);
    await deps.blobs.put(pageImageKey(documentId, generation, pageNumber, DEFAULT_IMAGE_SCALE), png);
  } catch (err) {
    deps.log.warn("page image failed", { documentId, page: pageNumber, error: (err as Error).message });
  }
}
