import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";

/** Words in the PDF font's own name that mean a heavy weight ("Arial,Bold", "Helvetica-Black"). */
const heavyName = /bold|black|heavy|semibold|demi/i;

/**
 * Which of a document's fonts are bold. pdfjs's text content names a font only by the id it
 * loaded it under (g_d0_f3) and a generic family ("sans-serif"); the font's own name
 * ("ABCDEF+Arial,Bold") reaches this thread only with a page's operator list. So a page that uses
 * a font not met before has its operator list read (pdfjs keeps it for the page's table pass),
 * and the answer is kept for the rest of the document: most documents bring in their fonts on
 * their first pages, and later pages of running text never pay for it.
 */
export class DocumentFonts {
  readonly #bold = new Map<string, boolean>();

  /** Whether any of these fonts (pdfjs ids) is not known yet. */
  unknown(fonts: Iterable<string>): boolean {
    for (const f of fonts) if (!this.#bold.has(f)) return true;
    return false;
  }

  /** Reads the names of these fonts from the page's operator list. */
  async learn(page: PDFPageProxy, fonts: Iterable<string>): Promise<void> {
    await page.getOperatorList();
    for (const f of fonts) {
      if (this.#bold.has(f)) continue;
      // A font pdfjs could not load is not in commonObjs; it counts as regular, once.
      const font = page.commonObjs.has(f) ? (page.commonObjs.get(f) as { name?: unknown }) : null;
      this.#bold.set(f, typeof font?.name === "string" && heavyName.test(font.name));
    }
  }

  isBold = (font: string): boolean => this.#bold.get(font) ?? false;
}
