import { describe, expect, it } from "vitest";
import {
  keyValueCells,
  labelledList,
  readsAsProse,
  spreadWords,
} from "../../../src/core/extraction/layout/prose-evidence.ts";
import { readCorpusPage } from "../../support/layout-corpus.ts";

// Prose set in the shapes that look most like a table (key: value records, numbered clauses
// and option lists in columns, columns whose lines do not share baselines) must not come out as
// a table; tables of the same outline must still. The pages are groff's (bench/layout/corpus-groff).

describe("prose shaped like a table", () => {
  it("reads key: value records set in three ragged columns as text, not as a table", async () => {
    const page = await readCorpusPage("corpus-groff", "records-groff-helvetica-three-keyvalue", 1);
    expect(page.tables).toHaveLength(0);
    expect(page.markdown).toContain("Priority: optional");
  });

  it("reads numbered clauses with the number in the margin as text, not as a table", async () => {
    const page = await readCorpusPage("corpus-groff", "mpl2-groff-palatino-two-definitions", 1);
    expect(page.tables).toHaveLength(0);
    expect(page.markdown).toContain("means any form of the work other");
  });

  it("reads a command's options beside their descriptions as text, not as a table", async () => {
    const page = await readCorpusPage("corpus-groff", "options-groff-palatino-three-narrow", 2);
    expect(page.tables).toHaveLength(0);
  });

  it("reads three ragged columns whose lines do not share baselines as text, not as a table", async () => {
    const page = await readCorpusPage("corpus-groff", "apache-groff-helvetica-three-ragged-rule", 1);
    expect(page.tables).toHaveLength(0);
  });

  it("tells a list with hanging labels from a table numbered by its rows", () => {
    const list = [
      ["1.1.", '"Contributor" means each individual or legal entity that creates'],
      ["1.2.", '"Contribution" means the covered software of a particular contributor'],
      ["(a)", "that the initial contributor has attached the notice described"],
      ["[4]", "Debian maintainers. coreutils 8.32: the basic file, shell and text tools"],
    ];
    expect(labelledList(list)).toBe(true);
    const numbered = [
      ["1", "North region total sales", "1,204"],
      ["2", "South region total sales", "988"],
      ["3", "East region total sales", "1,356"],
    ];
    expect(labelledList(numbered)).toBe(false);
    const options = [
      ["-a, --all", "do not ignore entries starting with a dot"],
      ["--size=N", "print the allocated size of each file, in blocks"],
    ];
    expect(labelledList(options)).toBe(true);
    const codes = [
      ["1.", "12"],
      ["2.", "14"],
    ];
    expect(labelledList(codes)).toBe(false);
  });

  it("tells cells that carry their own labels from a table whose labels stand in a column", () => {
    const keyed = [
      ["libfoo", "Section: libs", "Version: 2.36-9"],
      ["Version: 1.74.0", "Maintainer: Tomasz Buchert", "Section: localization"],
      ["Section: libdevel", "Description: library implementing brotli", "Priority: standard"],
    ];
    expect(keyValueCells(keyed)).toBe(true);
    const table = [
      ["Version", "Section", "Priority"],
      ["1.74.0", "libs", "optional"],
      ["2.36-9", "localization", "standard"],
      ["Note: 3.1", "devel", "optional"],
    ];
    expect(keyValueCells(table)).toBe(false);
    // An address beside an invoice's number and dates: one column of keyed cells, two blocks.
    const sideBySide = [
      ["3 Mill Lane", "Invoice No.: INV-2025-8869"],
      ["Austin, TX 78701", "Date: 07/14/2025"],
      ["VAT ID: 27-1428443", "Due Date: 08/13/2025"],
      ["", "P.O. # PO-47915"],
    ];
    expect(keyValueCells(sideBySide)).toBe(false);
  });

  it("follows a sentence to the next filled cell below when the columns' lines do not share baselines", () => {
    const staggered = [
      ["the reader follows each sentence", ""],
      ["", "words to stay in the order the"],
      ["down its column before turning to", ""],
      ["", "writer set them while the printer"],
      ["the next one and expects the", ""],
      ["", "spaced them out to fill every"],
    ];
    expect(readsAsProse(staggered)).toBe(true);
  });

  it("tells justified lines cut at their word gaps from a wide table of words", () => {
    const spread = [
      [
        "binary",
        "utilities,",
        "for",
        "x86-64-linux-gnu",
        "target.",
        "Debian",
        "archive,",
        "simple",
        "interprocess",
      ],
      ["package", "archive,", "2022.", "", "", "", "system", "bus", "messaging"],
      ["extra", "utilities", "from", "4.4BSD-Lite.", "Debian", "package", "configuration).", "some", "more"],
    ];
    expect(spreadWords(spread)).toBe(true);
    const matrix = [
      ["Feature", "Basic", "Plus", "Pro", "Team", "Enterprise"],
      ["Export", "no", "yes", "yes", "yes", "yes"],
      ["Audit", "no", "no", "yes", "yes", "yes"],
      ["Single sign-on", "no", "no", "no", "yes", "yes"],
    ];
    expect(spreadWords(matrix)).toBe(false);
    const figures = [
      ["region", "north", "south", "east", "west", "total"],
      ["sales", "1,204", "988", "1,356", "1,010", "4,558"],
      ["costs", "804", "688", "956", "710", "3,158"],
    ];
    expect(spreadWords(figures)).toBe(false);
  });
});
