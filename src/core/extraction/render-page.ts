import type { PdfiumDocument } from "./pdfium.ts";
import { encodePngRgba } from "./png.ts";

export const MIN_SCALE = 0.25;
export const MAX_SCALE = 4;
/** The largest image we render, in pixels per side: a huge page at a high scale would exhaust memory. */
export const MAX_SIDE_PX = 8000;
/** The scale page images are served at by default (and pre-rendered at by `page_images`). */
export const DEFAULT_IMAGE_SCALE = 1.5;

/** `scale`, lowered so that neither side of a page of this size (points) exceeds `maxSide` pixels. */
export const fitScale = (size: { width: number; height: number }, scale: number, maxSide = MAX_SIDE_PX) =>
  Math.min(scale, maxSide / size.width, maxSide / size.height);

export type DrawnPage = {
  png: Buffer;
  /** The scale drawn at: less than asked for when a side would have exceeded the cap. */
  scale: number;
  /** The page's size in points, as shown. */
  width: number;
  height: number;
};

/** Draws a page (from 1) of an open document on white and encodes it as PNG, at most `maxSide` pixels a side. */
export const drawPagePng = (
  doc: PdfiumDocument,
  pageNumber: number,
  scale: number,
  maxSide = MAX_SIDE_PX,
): DrawnPage =>
  doc.drawPage(
    pageNumber,
    (page) => fitScale(page, scale, maxSide),
    ({ rgba, width, height, scale: drawn, page }) => ({
      png: encodePngRgba(rgba, width, height),
      scale: drawn,
      ...page,
    }),
  );
