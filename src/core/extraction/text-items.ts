import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";

/** A run of text on the page, in top-left-origin points, upright whatever the page rotation. */
export type TextRun = { str: string; x: number; y: number; width: number; size: number };

type RawItem = { str: string; transform: number[]; width: number; height: number };

/** The page's text runs, mapped through its viewport so rotated pages read the right way up. */
export async function textRuns(
  page: PDFPageProxy,
): Promise<{ runs: TextRun[]; width: number; height: number }> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent({ disableNormalization: false });
  const runs: TextRun[] = [];
  for (const it of content.items as RawItem[]) {
    // pdfjs fills gaps with whitespace-only items as wide as the gap; they would hide column gaps.
    if (!("str" in it) || it.str.trim().length === 0) continue;
    const [a = 0, b = 0, , , e = 0, f = 0] = it.transform;
    const size = Math.hypot(a, b) || it.height || 1;
    const [x0, y0] = viewport.convertToViewportPoint(e, f) as [number, number];
    // The run's far end, to get its extent after rotation.
    const ux = a / size;
    const uy = b / size;
    const [x1, y1] = viewport.convertToViewportPoint(e + ux * it.width, f + uy * it.width) as [
      number,
      number,
    ];
    const left = Math.min(x0, x1);
    const horizontal = Math.abs(y1 - y0) <= Math.abs(x1 - x0) + 0.01;
    if (!horizontal) {
      // Vertical text (a rotated table header, say) on an upright page: kept as its own run.
      runs.push({ str: it.str, x: Math.min(x0, x1), y: Math.min(y0, y1), width: size, size });
      continue;
    }
    runs.push({ str: it.str, x: left, y: y0, width: Math.abs(x1 - x0), size });
  }
  return { runs, width: viewport.width, height: viewport.height };
}
