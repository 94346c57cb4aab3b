import { describe, expect, it } from "vitest";
import { staggeredSides } from "../../../src/core/extraction/layout/prose-evidence.ts";
import type { Word } from "../../../src/core/extraction/layout/words.ts";
import { readCorpusPage } from "../../support/layout-corpus.ts";
import { setLine } from "../../support/set-words.ts";

// Columns of prose side by side whose lines do not share baselines (each column leaded on its
// own: a heading's space above, a paragraph's below), which no page gutter parted: a tuning PDF of
// bench/layout/corpus-fop (Apache FOP). Columns on shared baselines (a table's rows) stay rows.

describe("prose side by side that is no table", () => {
  it("reads three justified columns leaded each on its own as text, not as a table", async () => {
    const pages = [
      await readCorpusPage("corpus-fop", "perl-3-serif", 1),
      await readCorpusPage("corpus-fop", "perl-3-serif", 5),
    ];
    expect(pages.flatMap((p) => p.tables)).toHaveLength(0);
  });

  it("takes columns whose lines stand between each other's for prose, and keeps a table's rows", () => {
    // Two columns of text, the right one's lines set half a line lower than the left's.
    const prose: Word[] = [];
    for (let k = 0; k < 8; k++) {
      prose.push(...setLine(100 + 12 * k, 10, 50, "the lines of a column of text go on here"));
      prose.push(...setLine(106 + 12 * k, 10, 300, "and those of the next one are set lower"));
    }
    expect(staggeredSides(prose)).toBe(true);
    // Words read by OCR: their baselines are guessed from their boxes, and not judged.
    expect(staggeredSides(prose.map((w) => ({ ...w, whole: true })))).toBe(false);
    // The same columns on shared baselines: rows.
    const rows: Word[] = [];
    for (let k = 0; k < 8; k++) {
      rows.push(...setLine(100 + 12 * k, 10, 50, "the lines of a column of text go on here"));
      rows.push(...setLine(100 + 12 * k, 10, 300, "and those of the next one are set level"));
    }
    expect(staggeredSides(rows)).toBe(false);
  });
});
