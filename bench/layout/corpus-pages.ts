import { execFileSync } from "node:child_process";

// Where a typeset corpus document's blocks landed: each block's page is where its first words are
// found in the PDF's text (pdftotext, pages read in order), which also checks that every block
// was typeset whole. Shared by the corpus makers that typeset (groff, LaTeX).

const compact = (s: string) =>
  s
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * Each block's page, or why a block was not found. `folio` matches a page number line to leave
 * out; `apart` are texts set apart from the flow (footnotes, which may stand inside a paragraph
 * broken across columns), left out of the pages' text.
 */
export function pagesOf<B extends { text: string }>(
  pdf: string,
  pages: number,
  blocks: readonly B[],
  folio: RegExp = /^- \d+ -$/gm,
  apart: readonly string[] = [],
): number[] | string {
  const texts = Array.from({ length: pages }, (_, k) =>
    apart.reduce(
      // The note's mark (its number) goes with it; a compacted text holds letters and digits only.
      (t, a) => t.replace(new RegExp(`\\d{0,3}${compact(a)}`), ""),
      compact(
        execFileSync("pdftotext", ["-raw", "-f", `${k + 1}`, "-l", `${k + 1}`, pdf, "-"])
          .toString()
          .replace(folio, ""),
      ),
    ),
  );
  const whole = texts.join("");
  const out: number[] = [];
  let page = 0;
  let at = 0;
  for (const b of blocks) {
    const key = compact(b.text).slice(0, 24);
    let found = -1;
    for (let p = page; p < pages && found < 0; p++) {
      const i = (texts[p] as string).indexOf(key, p === page ? at : 0);
      if (i >= 0) {
        found = p;
        page = p;
        at = i + key.length;
      }
    }
    if (found < 0) return `block not found: ${b.text.slice(0, 60)}`;
    const full = compact(b.text);
    if (!whole.includes(full.slice(-24))) return `block end not found: ${b.text.slice(-60)}`;
    out.push(found + 1);
  }
  return out;
}

/** A PDF's page count. */
export const pageCount = (pdf: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [pdf]).toString())?.[1] ?? 0);
