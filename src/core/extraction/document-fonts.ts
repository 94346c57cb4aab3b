import type { PDFPageProxy } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * Words in the PDF font's own name that mean a heavy weight ("Arial,Bold", "Helvetica-Black"), and
 * TeX's Computer Modern bold faces, which say it in their code: CMBX12, CMSSBX10, CMB10.
 */
const heavyName = /bold|black|heavy|semibold|demi|\bcm(ss)?bx|\bcmb\d/i;
/**
 * Fixed-pitch families by name, for fonts whose descriptor does not say so (the standard Courier
 * is often not embedded and has no descriptor): pdfjs's own test, the FixedPitch flag, misses those.
 * "Monotype" is a foundry, not a pitch.
 */
const fixedName = /courier|mono(?!type)|consol|menlo|cmtt|typewriter|fixedsys/i;

/**
 * Which of a document's fonts are bold, and which fixed-pitch by name. pdfjs's text content names a font only by the id it
 * loaded it under (g_d0_f3) and a generic family ("sans-serif"); the font's own name
 * ("ABCDEF+Arial,Bold") reaches this thread only with a page's operator list. So a page that uses
 * a font not met before has its operator list read (pdfjs keeps it for the page's table pass),
 * and the answer is kept for the rest of the document: most documents bring in their fonts on
 * their first pages. The extractor's periodic doc.cleanup() (every 50 pages) makes pdfjs load
 * fonts again under new ids, so a long document of running text reads one page's operator list
 * in 50 for this.
 */
export class DocumentFonts {
  readonly #known = new Map<string, { bold: boolean; mono: boolean }>();

  /** Whether any of these fonts (pdfjs ids) is not known yet. */
  unknown(fonts: Iterable<string>): boolean {
    for (const f of fonts) if (!this.#known.has(f)) return true;
    return false;
  }

  /** Reads the names of these fonts from the page's operator list. */
  async learn(page: PDFPageProxy, fonts: Iterable<string>): Promise<void> {
    // A page whose drawing operations cannot be read still has its text: its fonts count as
    // regular and upright (the table pass, if the page needs one, reports the failure).
    await page.getOperatorList().catch(() => undefined);
    for (const f of fonts) {
      if (this.#known.has(f)) continue;
      // A font pdfjs could not load is not in commonObjs; it counts as regular, once.
      const font = page.commonObjs.has(f) ? (page.commonObjs.get(f) as { name?: unknown }) : null;
      const name = typeof font?.name === "string" ? font.name : "";
      this.#known.set(f, { bold: heavyName.test(name), mono: fixedName.test(name) });
    }
  }

  isBold = (font: string): boolean => this.#known.get(font)?.bold ?? false;
  isMono = (font: string): boolean => this.#known.get(font)?.mono ?? false;
}
