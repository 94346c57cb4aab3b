import { describe, expect, it } from "vitest";
import {
  bulletedList,
  justifiedLines,
  proseSides,
  sizePerLine,
} from "../../../src/core/extraction/layout/prose-evidence.ts";
import type { Word } from "../../../src/core/extraction/layout/words.ts";
import { readCorpusPage } from "../../support/layout-corpus.ts";
import { line, setLine } from "../../support/set-words.ts";

// Prose laid out by a word processor (AbiWord: bench/layout/corpus-abiword) in the shapes a
// table finder takes for a table: a title page's lines, justified lines whose ligatures are
// drawn apart, columns of a section no gutter was found for. Tables of the same outline stay.

describe("prose laid out by a word processor", () => {
  it("reads a title page's header, title and author | date line as text, not as a table", async () => {
    const page = await readCorpusPage("corpus-abiword", "gpl3-two-rule-narrow", 1);
    expect(page.tables).toHaveLength(0);
    expect(page.markdown).toContain("General Public License");
  });

  it("reads justified lines whose ligatures are drawn apart as prose, not as a table", async () => {
    const page = await readCorpusPage("corpus-abiword", "mpl-switch-definitions", 3);
    expect(page.tables).toHaveLength(0);
  });

  it("reads two columns of a section no gutter was found for as text, not as a table", async () => {
    const page = await readCorpusPage("corpus-abiword", "changelog-bullets-switch", 2);
    expect(page.tables).toHaveLength(0);
    expect(page.markdown).toContain("Repack to get rid of non");
  });

  it("reads three columns under a running header set across them as text, not as a table", async () => {
    const page = await readCorpusPage("corpus-abiword", "procps-3-gentium", 1);
    expect(page.tables).toHaveLength(0);
  });

  it("reads a bulleted list of short items as text, not as a table", async () => {
    const pages = [
      await readCorpusPage("corpus-abiword", "grep-sed-three-rule", 1),
      await readCorpusPage("corpus-abiword", "grep-sed-three-rule", 2),
    ];
    expect(pages.flatMap((p) => p.tables)).toHaveLength(0);
  });

  it("tells a column of bullets from a table's first column", () => {
    const list = [
      ["*", "Upload", "to unstable."],
      ["*", "Add", "0001-xargs-warn-on-conflicting-"],
    ];
    expect(bulletedList(list)).toBe(true);
    const table = [
      ["–", "Upload", "2"],
      ["North", "Add", "4"],
    ];
    expect(bulletedList(table)).toBe(false);
    const signs = [
      ["-", "12"],
      ["+", "14"],
    ];
    expect(bulletedList(signs)).toBe(false);
  });

  it("joins the pieces of a word drawn apart before judging a line's word gaps", () => {
    // "is the first time You have" justified, "fi" drawn apart from "rst"; the next line too.
    const words = [
      ...line(488, 8, [
        ["is", 89.5, 95.9],
        ["the", 103.6, 116.7],
        ["fi", 124.5, 129.5],
        ["rst", 129.5, 140.1],
        ["time", 147.8, 165.9],
        ["You", 173.6, 187.4],
        ["have", 195.1, 214.7],
      ]),
      ...line(497, 8, [
        ["received", 89.5, 123.8],
        ["notice", 137.4, 162.0],
        ["of", 175.7, 183.4],
        ["non-", 197.0, 214.9],
      ]),
    ];
    expect(justifiedLines(words)).toBe(true);
  });

  it("takes a line justified wide for prose though its ink-measured gaps differ a little", () => {
    // Gaps of about a full size, the words' ink set apart by side bearings (7.9 to 9.4 points).
    const words = [
      ...line(263, 9.5, [
        ["to", 302.0, 311.7],
        ["install", 321.0, 351.0],
        ["or", 359.9, 370.5],
        ["run", 379.9, 397.0],
        ["modified", 404.9, 447.0],
        ["versions", 455.9, 496.7],
        ["of", 505.8, 515.4],
        ["the", 524.8, 540.4],
      ]),
      ...line(275, 9.5, [
        ["software", 302.0, 345.6],
        ["inside", 366.0, 394.6],
        ["them,", 414.9, 442.9],
        ["although", 461.9, 505.0],
        ["the", 524.9, 540.5],
      ]),
    ];
    expect(justifiedLines(words)).toBe(true);
    // Rows of a table of words: its cells' gaps differ by more than a fifth.
    const table = [
      ...line(100, 9, [
        ["Name", 50, 75],
        ["Type", 110, 130],
        ["Owner", 180, 208],
        ["Status", 236, 264],
      ]),
      ...line(112, 9, [
        ["alpha", 50, 73],
        ["disk", 110, 128],
        ["root", 180, 198],
        ["active", 236, 262],
      ]),
      ...line(124, 9, [
        ["beta", 50, 70],
        ["tape", 110, 130],
        ["admin", 180, 205],
        ["spare", 236, 259],
      ]),
    ];
    expect(justifiedLines(table)).toBe(false);
  });

  it("tells columns of prose side by side from a table with a column of text", () => {
    // Two columns of full lines, a gutter between them: prose.
    const prose: Word[] = [];
    const left = [
      "Uploaded by Michael Stone",
      "the package was rebuilt against",
      "a newer compiler to fix the",
      "failures seen on some machines",
    ];
    const right = [
      "New upstream version with many",
      "fixes to the build and the test",
      "suite so that it runs again on",
      "all of the supported ports",
    ];
    left.forEach((t, k) => {
      prose.push(...setLine(300 + 11 * k, 8.5, 56, t, 4.5));
    });
    right.forEach((t, k) => {
      prose.push(...setLine(300 + 11 * k, 8.5, 221, t, 4.5));
    });
    expect(proseSides(prose)).toBe(true);
    // A running header across both columns does not join them.
    const twice = [
      ...prose,
      ...prose.map((w) => ({ ...w, baseline: w.baseline + 44, y0: w.y0 + 44, y1: w.y1 + 44 })),
    ];
    const header = setLine(
      250,
      8.5,
      56,
      "Release notes for the packages of this year, gathered from their changelogs",
      4.5,
    );
    expect(proseSides([...header, ...twice])).toBe(true);
    // A table: names, figures, and a text column whose cells are of many lengths.
    const table: Word[] = [];
    const rows = [
      ["Alpha", "12.5", "Stable release"],
      ["Beta unit", "7.25", "Replaced in the spring by the new"],
      ["", "", "model"],
      ["Gamma", "103.0", "Withdrawn"],
      ["Delta", "4.75", "Kept for spare parts only"],
    ];
    rows.forEach(([a, b, c], k) => {
      if (a) table.push(...setLine(300 + 11 * k, 8.5, 56, a, 4.5));
      if (b) table.push(...setLine(300 + 11 * k, 8.5, 140, b, 4.5));
      if (c) table.push(...setLine(300 + 11 * k, 8.5, 200, c, 4.5));
    });
    expect(proseSides(table)).toBe(false);
    // An address beside an invoice's labelled fields: lines as even, but names, labels and figures.
    const fields: Word[] = [];
    const address = ["DESTINATAIRE", "Conseil Moreau SAS", "45 avenue Jean Jaurès", "31000 Toulouse Cedex"];
    const labelled = [
      "N° de facture: F2026/833",
      "Date: 13/06/2025",
      "Date d'échéance: 27/06/2025",
      "N° de commande: BE-67996",
    ];
    address.forEach((t, k) => {
      fields.push(...setLine(120 + 12 * k, 9, 56, t, 2.5));
    });
    labelled.forEach((t, k) => {
      fields.push(...setLine(120 + 12 * k, 9, 330, t, 2.5));
    });
    expect(proseSides(fields)).toBe(false);
  });

  it("tells lines each in its own size from a table with a larger header row", () => {
    const title = [
      ...setLine(36, 8, 56, "GPL-3 Terms and Conditions Draft copy", 3),
      ...setLine(81, 19, 180, "GNU General Public License", 9),
      ...setLine(100, 9.5, 56, "Free Software Foundation Version 3 29 June 2007", 4),
    ];
    expect(sizePerLine(title)).toBe(true);
    // Read by OCR, sizes are guessed from boxes: no evidence.
    expect(sizePerLine(title.map((w) => ({ ...w, whole: true })))).toBe(false);
    const table = [
      ...setLine(100, 11, 56, "Item Count Price", 40),
      ...setLine(114, 9, 56, "Bolts 12 0.40", 40),
      ...setLine(126, 9, 56, "Nuts 30 0.10", 40),
    ];
    expect(sizePerLine(table)).toBe(false);
  });
});
