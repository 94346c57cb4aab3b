import type { PrismaClient } from "../../generated/prisma/client.ts";
import { DEFAULT_IMAGE_SCALE } from "../extraction/render-page.ts";
import type { SiteDocument } from "./live-site.ts";

// What a site's viewer reads of its document's pages: their sizes to lay the page out, their
// text for readers that search or copy it.

export type SitePageSize = { number: number; width: number; height: number };

/** Every page's size at the scale page images are drawn at, read or not yet. */
export async function sitePageSizes(prisma: PrismaClient, doc: SiteDocument): Promise<SitePageSize[]> {
  const rows = await prisma.page.findMany({
    where: { documentId: doc.id, generation: doc.activeGeneration },
    select: { pageNumber: true, width: true, height: true },
    orderBy: { pageNumber: "asc" },
  });
  const count = doc.pagesTotal ?? rows.length;
  const byNumber = new Map(rows.map((r) => [r.pageNumber, r]));
  // Pages not read yet take the size of the first one read (or A4), so the layout does not jump.
  const fallback = rows[0] ?? { width: 595, height: 842 };
  return Array.from({ length: count }, (_, i) => {
    const r = byNumber.get(i + 1) ?? fallback;
    return {
      number: i + 1,
      width: Math.round(r.width * DEFAULT_IMAGE_SCALE),
      height: Math.round(r.height * DEFAULT_IMAGE_SCALE),
    };
  });
}

/** The markdown of every page read, in order. */
export async function sitePageTexts(
  prisma: PrismaClient,
  doc: SiteDocument,
): Promise<{ number: number; text: string }[]> {
  const pages = await prisma.page.findMany({
    where: { documentId: doc.id, generation: doc.activeGeneration },
    select: { pageNumber: true, markdown: true },
    orderBy: { pageNumber: "asc" },
  });
  return pages.map((p) => ({ number: p.pageNumber, text: p.markdown }));
}
