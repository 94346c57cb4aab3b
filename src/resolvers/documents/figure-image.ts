import sharp from "sharp";
import { AppError } from "../../core/errors.ts";
import type { PageElement } from "../../core/extraction/extractor.ts";
import { DEFAULT_IMAGE_SCALE, MAX_SCALE, MIN_SCALE } from "../../core/extraction/render-page.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { documentRef, findDocument } from "./document-record.ts";
import { documentPageImage } from "./page-image.ts";
import { pageNumber, storedPage } from "./read-pages.ts";

/**
 * GET /v1/documents/{id}/pages/{n}/figures/{k}: figure k of the page, cut from the page image
 * at `scale` (the page image is the one /image.png serves, drawn once and kept). Needs
 * `read_content`; a figure the page does not have is NOT_FOUND.
 */
export const getFigureImage = defineOperation({
  name: "getFigureImage",
  rateClass: "standard",
  caller: "anyone",
  input: z.object({
    ref: documentRef,
    page: pageNumber,
    figure: z.number().int().min(0).max(10_000),
    scale: z.number().min(MIN_SCALE).max(MAX_SCALE).default(DEFAULT_IMAGE_SCALE),
  }),
  run: async (ctx, input): Promise<{ png: Buffer; viaPublic: boolean }> => {
    const scale = Math.round(input.scale * 100) / 100;
    const { doc, viaPublic } = await findDocument(ctx, input.ref, "read_content");
    const row = await storedPage(ctx, doc, input.page);
    // Written by the extraction as PageElement[] (write-page.ts).
    const figure = ((row.elements ?? []) as PageElement[]).find(
      (e) => e.type === "figure" && e.figure === input.figure,
    );
    if (!figure)
      throw new AppError(
        "NOT_FOUND",
        `Page ${input.page} has no figure ${input.figure}: GET /v1/documents/${doc.id}/pages/${input.page}/elements lists its figures.`,
      );
    const page = await documentPageImage(ctx.services, doc, input.page, scale);
    const image = sharp(page);
    const { width = 0, height = 0 } = await image.metadata();
    const [x0, y0, x1, y1] = figure.bbox;
    const left = Math.max(0, Math.floor(x0 * scale));
    const top = Math.max(0, Math.floor(y0 * scale));
    const right = Math.min(width, Math.ceil(x1 * scale));
    const bottom = Math.min(height, Math.ceil(y1 * scale));
    if (right <= left || bottom <= top)
      throw new AppError(
        "UNPROCESSABLE",
        `Figure ${input.figure} of page ${input.page} lies outside the page.`,
      );
    const png = await image
      .extract({ left, top, width: right - left, height: bottom - top })
      .png()
      .toBuffer();
    return { png, viaPublic };
  },
});
