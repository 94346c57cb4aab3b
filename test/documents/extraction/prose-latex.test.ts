import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { proseColumns } from "../../../src/core/extraction/layout/prose-evidence.ts";
import { layoutExtractor } from "../../../src/core/extraction/layout-extractor.ts";

// Prose typeset by LaTeX in columns (bench/layout/corpus-latex, made by make-latex-corpus.ts):
// changelogs of short lines in three multicol columns whose lines do not share baselines, and a
// justified line whose space after a comma TeX sets wider, must come out as text, not as tables.

const CORPUS = path.join(import.meta.dirname, "../../..", "bench", "layout", "corpus-latex");

const tablesOn = async (name: string, pages: number[]) => {
  const bytes = new Uint8Array(readFileSync(path.join(CORPUS, `${name}.pdf`)));
  const session = await layoutExtractor.open(bytes, { strategy: "auto", capabilities: ["tables"] });
  try {
    let n = 0;
    for (const p of pages) n += (await session.extractPage(p)).tables.length;
    return n;
  } finally {
    await session.close();
  }
};

describe("prose typeset by LaTeX in columns", () => {
  it("reads a changelog in three columns as text, not as tables", async () => {
    expect(await tablesOn("changelog-multicol3-cm-9-wide", [1, 2])).toBe(0);
  });

  it("reads a justified line with a wider space after its comma as prose", async () => {
    expect(await tablesOn("changelog-twocolumn-bookman-9", [2])).toBe(0);
  });

  it("tells columns of prose lines from a table of text with a column of labels or figures", () => {
    const staggered = [
      ["bash (5.2.15-2) unstable;", "locale specification for", "dash (0.5.12-2) unstable;"],
      ["urgency=medium", "can cause the shell to crash.", "urgency=medium"],
      ["", "Closes: #1021062.", ""],
      ["• Remove one more pdf file", "", "• Fix the changelog entry."],
      ["without source. Closes:", "", ""],
      ["", "bash (5.2-1) unstable;", "Uploaded by Andrej Shadura"],
      ["• Apply upstream patches from", "", "and rebuild the command string"],
      ["the current input stream.", "• New upstream release.", "with a warning message and"],
    ];
    expect(proseColumns(staggered)).toBe(true);
    const glossary = [
      ["Term", "Meaning"],
      ["Source", "the preferred form of the work for making changes to it"],
      ["Object code", "any form of the work that is not its source code"],
      ["", "including compiled forms of it"],
      ["Licensee", "each person or entity to whom the licence is given"],
      ["Work", "the program and any work based on the program"],
    ];
    expect(proseColumns(glossary)).toBe(false);
    const figures = [
      ["release of the main library and", "2019"],
      ["its tools, with fixes for the", "2020"],
      ["parser and a new way of reading", "2021"],
      ["the files it was given by the user", "2022"],
    ];
    expect(proseColumns(figures)).toBe(false);
  });
});
