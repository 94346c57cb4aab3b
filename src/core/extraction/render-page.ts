import { createCanvas } from "@napi-rs/canvas";
import { openPdf } from "./pdfjs.ts";

export const MIN_SCALE = 0.25;
export const MAX_SCALE = 4;
/** The largest image we render, in pixels per side: a huge page at a high scale would exhaust memory. */
export const MAX_SIDE_PX = 8000;

/** Renders one page to PNG at a scale (1 = 72 dpi), white background. */
export async function renderPagePng(pdf: Uint8Array, pageNumber: number, scale: number): Promise<Buffer> {
  const doc = await openPdf(pdf);
  try {
    const page = await doc.getPage(pageNumber);
    const base = page.getViewport({ scale: 1 });
    // Clamp so neither side exceeds the cap, whatever the page size.
    const fit = Math.min(scale, MAX_SIDE_PX / base.width, MAX_SIDE_PX / base.height);
    const viewport = page.getViewport({ scale: fit });
    const canvas = createCanvas(
      Math.max(1, Math.ceil(viewport.width)),
      Math.max(1, Math.ceil(viewport.height)),
    );
    const ctx = canvas.getContext("2d");
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({
      canvasContext: ctx as unknown as CanvasRenderingContext2D,
      canvas: canvas as never,
      viewport,
    }).promise;
    page.cleanup();
    return await canvas.encode("png");
  } finally {
    await doc.destroy();
  }
}
