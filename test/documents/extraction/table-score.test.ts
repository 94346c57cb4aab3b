import { describe, expect, it } from "vitest";
import {
  adjacencyRelations,
  adjacencyScore,
  cellScore,
  f1FromCounts,
  logicalCell,
  normalizeCell,
  normalizeGrid,
  pickBestTable,
  relationKey,
  scoreTable,
  visualOrder,
  visualToLogical,
} from "../../../bench/support/table-score.ts";
import { cell, type TableGrid, textRows } from "../../../src/core/extraction/table-model.ts";

const keys = (grid: string[][]) => adjacencyRelations(grid).map(relationKey).sort();
const rel = (from: string, to: string, direction: "right" | "down") => JSON.stringify([from, to, direction]);

describe("normalisation", () => {
  it("turns every run of Unicode whitespace into one space and trims", () => {
    expect(normalizeCell("  a \t\t b  ")).toBe("a b");
    expect(normalizeCell("line one\r\nline two")).toBe("line one line two");
    expect(normalizeCell("tabula\rstyle")).toBe("tabula style");
    expect(normalizeCell("1\u00a0234\u00a0\u00a0kg")).toBe("1 234 kg");
    expect(normalizeCell("\u2003em\u2009thin\u3000ideographic\u2028")).toBe("em thin ideographic");
    expect(normalizeCell("\n\t \u00a0")).toBe("");
    expect(normalizeCell("")).toBe("");
  });

  it("leaves other characters alone", () => {
    expect(normalizeCell("a_b-c.d")).toBe("a_b-c.d");
    expect(normalizeCell("Ünïcödé")).toBe("Ünïcödé");
  });

  it("applies to both grids before scoring", () => {
    const s = scoreTable([["Total\nsales", "1\u00a0000"]], [["Total sales ", " 1 000"]]);
    expect(s.cells.accuracy).toBe(1);
    expect(s.cells.exact).toBe(true);
    expect(s.adjacency.f1).toBe(1);
    expect(normalizeGrid([[" a\r", "\tb"]])).toEqual([["a", "b"]]);
  });

  it("makes a whitespace-only cell empty", () => {
    // The "\n" cell is empty, so a's right neighbour is c, as in the expected grid.
    const s = scoreTable([["a", "", "c"]], [["a", " \n", "c"]]);
    expect(s.cells.exact).toBe(true);
    expect(s.adjacency.f1).toBe(1);
  });
});

describe("right-to-left cells compared in logical order", () => {
  // "wilaya" (state): waw, lam-alef ligature (U+FEFB), yeh, teh marbuta, as presentation forms.
  const logical = "\uFEED\uFEFB\uFEF3\uFE94";
  const visual = [...logical].reverse().join("");
  const plain = "\u0648\u0644\u0627\u064A\u0629";
  it("puts a cell written in visual order (as camelot writes it) in logical order, ligatures included", () => {
    expect(visualOrder(visual)).toBe(true);
    expect(visualOrder(logical)).toBe(false);
    // Folded (NFKC): the presentation forms, either way round, read as the plain letters.
    expect(logicalCell(visual)).toBe(plain);
    expect(logicalCell(logical)).toBe(plain);
  });

  it("keeps a Latin run's own order inside a right-to-left cell, and word order counts", () => {
    // "ismi Jeremy fi al-injliziya" (my name is Jeremy in English) drawn left to right: the
    // words from the last, each Arabic word turned round, "Jeremy" as written.
    const ismi = "\uFE8D\uFEB3\uFEE4\uFEF2";
    const fi = "\uFED3\uFEF2";
    const english = "\uFE8D\uFEFB\uFEE7\uFEA0\uFEE0\uFEF4\uFEB0\uFEF3\uFE94";
    const back = (w: string) => [...w].reverse().join("");
    const drawn = `${back(english)} ${back(fi)} Jeremy ${back(ismi)}`;
    const written = `${ismi} Jeremy ${fi} ${english}`;
    expect(visualToLogical(drawn)).toBe(written);
    expect(logicalCell(drawn)).toBe(written.normalize("NFKC"));
    expect(logicalCell(drawn)).not.toBe(logicalCell(`${english} ${fi} Jeremy ${ismi}`));
  });

  it("does not match a word read backwards", () => {
    expect(logicalCell([...plain].reverse().join(""))).not.toBe(logicalCell(logical));
  });

  it("drops vowel marks, makes mirrored brackets one, and leaves cells without right-to-left letters alone", () => {
    expect(logicalCell(`\u064B\u00A0${visual}`)).toBe(plain);
    expect(logicalCell("\u05D0\u05D1 )\u05D2(")).toBe(logicalCell("\u05D0\u05D1 (\u05D2)"));
    expect(logicalCell("Total  12 \uFB01")).toBe("Total  12 \uFB01");
  });
});

describe("exact cell accuracy", () => {
  it("is 1 and exact for identical grids", () => {
    const g = [
      ["a", "b"],
      ["c", "d"],
    ];
    expect(cellScore(g, g)).toEqual({ accuracy: 1, exact: true, matched: 4, considered: 4 });
  });

  it("counts only positions where either grid has text", () => {
    const e = [
      ["a", "", "c"],
      ["", "", "f"],
    ];
    const x = [
      ["a", "", "x"],
      ["", "", ""],
    ];
    // Considered: (0,0) (0,2) (1,2); matched: (0,0).
    expect(cellScore(e, x)).toEqual({ accuracy: 1 / 3, exact: false, matched: 1, considered: 3 });
  });

  it("aligns grids of different sizes at the top-left; outside a grid reads as empty", () => {
    const e = [
      ["a", "b"],
      ["c", "d"],
    ];
    const x = [
      ["a", "b", "z"],
      ["c", "d", ""],
      ["y", "", ""],
    ];
    // Considered: the 4 shared cells, z and y; matched: the 4 shared cells.
    expect(cellScore(e, x)).toEqual({ accuracy: 4 / 6, exact: false, matched: 4, considered: 6 });
  });

  it("a grid that is the expected one plus empty rows or columns has accuracy 1 but is not exact", () => {
    const e = [["a", "b"]];
    const x = [
      ["a", "b", ""],
      ["", "", ""],
    ];
    const s = cellScore(e, x);
    expect(s.accuracy).toBe(1);
    expect(s.exact).toBe(false);
  });

  it("a shifted grid scores 0", () => {
    expect(cellScore([["a", "b"]], [["", "a", "b"]]).accuracy).toBe(0);
  });

  it("is 0 when neither grid has any text", () => {
    expect(cellScore([["", ""]], [["", ""]])).toEqual({
      accuracy: 0,
      exact: true,
      matched: 0,
      considered: 0,
    });
    expect(cellScore([], [])).toEqual({ accuracy: 0, exact: true, matched: 0, considered: 0 });
  });

  it("is not exact when the row lengths differ", () => {
    expect(cellScore([["a", ""]], [["a"]]).exact).toBe(false);
  });
});

describe("adjacency relations", () => {
  it("links each non-empty cell to its nearest neighbour right and below", () => {
    const g = [
      ["a", "b"],
      ["c", "d"],
    ];
    expect(keys(g)).toEqual(
      [rel("a", "b", "right"), rel("a", "c", "down"), rel("b", "d", "down"), rel("c", "d", "right")].sort(),
    );
  });

  it("skips empty cells to reach the nearest NON-EMPTY neighbour", () => {
    const g = [
      ["a", "", "", "b"],
      ["", "", "", ""],
      ["c", "", "", ""],
    ];
    expect(keys(g)).toEqual([rel("a", "b", "right"), rel("a", "c", "down")].sort());
  });

  it("takes only the nearest, not every later cell", () => {
    expect(keys([["a", "b", "c"]])).toEqual([rel("a", "b", "right"), rel("b", "c", "right")].sort());
  });

  it("gives empty cells no relations, and a lone cell none", () => {
    expect(
      adjacencyRelations([
        ["", ""],
        ["", ""],
      ]),
    ).toEqual([]);
    expect(adjacencyRelations([["x"]])).toEqual([]);
  });

  it("reads down a column past shorter rows", () => {
    expect(keys([["a", "b"], ["c"], ["d", "e"]])).toEqual(
      [
        rel("a", "b", "right"),
        rel("a", "c", "down"),
        rel("c", "d", "down"),
        rel("b", "e", "down"),
        rel("d", "e", "right"),
      ].sort(),
    );
  });

  it("keeps the direction apart: a→b right is not a→b down", () => {
    const s = adjacencyScore([["a", "b"]], [["a"], ["b"]]);
    expect(s).toMatchObject({ correct: 0, predicted: 1, truth: 1, f1: 0 });
  });

  it("keys do not collide on texts containing separators", () => {
    const a = relationKey({ from: "x,y", to: "z", direction: "right" });
    const b = relationKey({ from: "x", to: "y,z", direction: "right" });
    expect(a).not.toBe(b);
  });
});

describe("adjacency F1", () => {
  it("is 1 for identical grids and reports the raw counts", () => {
    const g = [
      ["a", "b"],
      ["c", "d"],
    ];
    expect(adjacencyScore(g, g)).toEqual({
      precision: 1,
      recall: 1,
      f1: 1,
      correct: 4,
      predicted: 4,
      truth: 4,
    });
  });

  it("counts a repeated triple min(count in G, count in P) times", () => {
    // G has (x, 1, right) three times; P has it twice and (x, 2, right) once.
    const e = [
      ["x", "1"],
      ["", ""],
      ["x", "1"],
      ["", ""],
      ["x", "1"],
    ];
    const x = [
      ["x", "1"],
      ["", ""],
      ["x", "1"],
      ["", ""],
      ["x", "2"],
    ];
    // G: 3×(x,1,right), 2×(x,x,down), 2×(1,1,down) = 7.
    // P: 2×(x,1,right), (x,2,right), 2×(x,x,down), (1,1,down), (1,2,down) = 7.
    // G ∩ P: min(3,2) + min(2,2) + min(2,1) = 5.
    const s = adjacencyScore(e, x);
    expect(s).toMatchObject({ correct: 5, predicted: 7, truth: 7 });
    expect(s.f1).toBeCloseTo(5 / 7, 12);
  });

  it("does not credit extra copies of a triple beyond G's count", () => {
    const e = [["a", "b"]];
    const x = [
      ["a", "b"],
      ["", ""],
      ["a", "b"],
    ];
    // P: 2×(a,b,right), (a,a,down), (b,b,down); G ∩ P = 1.
    const s = adjacencyScore(e, x);
    expect(s).toMatchObject({ correct: 1, predicted: 4, truth: 1, precision: 0.25, recall: 1 });
    expect(s.f1).toBeCloseTo((2 * 0.25 * 1) / 1.25, 12);
  });

  it("aligns nothing: relations are position-free, so an offset grid still matches", () => {
    const e = [["a", "b"]];
    const x = [
      ["", "", ""],
      ["", "a", "b"],
    ];
    expect(adjacencyScore(e, x).f1).toBe(1);
    expect(cellScore(e, x).accuracy).toBe(0);
  });

  it("computes precision and recall on different-sized grids", () => {
    const e = [
      ["a", "b", "c"],
      ["d", "e", "f"],
    ];
    const x = [["a", "b"]];
    // G: 4 right + 3 down = 7; P: (a,b,right) = 1; G ∩ P = 1.
    const s = adjacencyScore(e, x);
    expect(s).toMatchObject({ correct: 1, predicted: 1, truth: 7, precision: 1 });
    expect(s.recall).toBeCloseTo(1 / 7, 12);
    expect(s.f1).toBeCloseTo(2 / 8, 12);
  });

  it("is 0 when precision + recall = 0, and when nothing is related", () => {
    expect(f1FromCounts(0, 5, 5)).toEqual({
      precision: 0,
      recall: 0,
      f1: 0,
      correct: 0,
      predicted: 5,
      truth: 5,
    });
    expect(f1FromCounts(0, 0, 5).f1).toBe(0);
    expect(f1FromCounts(0, 0, 0).f1).toBe(0);
    expect(adjacencyScore([["a", "b"]], [["a"]]).f1).toBe(0);
  });
});

describe("picking the best extracted table", () => {
  const expected = [
    ["h1", "h2"],
    ["1", "2"],
  ];

  it("scores 0 when nothing was extracted, keeping |G| for micro-averaging", () => {
    const best = pickBestTable(expected, []);
    expect(best.index).toBeNull();
    expect(best.all).toEqual([]);
    expect(best.score.cells).toEqual({ accuracy: 0, exact: false, matched: 0, considered: 0 });
    expect(best.score.adjacency).toEqual({
      precision: 0,
      recall: 0,
      f1: 0,
      correct: 0,
      predicted: 0,
      truth: 4,
    });
  });

  /** The expected table shifted one column right: every relation kept, no cell in place. */
  const shifted = [
    ["", "h1", "h2"],
    ["", "1", "2"],
  ];

  it("takes the highest F1 even over a higher cell accuracy", () => {
    // Candidate 0: half the cells right in place: F1 lower, accuracy higher.
    // Candidate 1: the same table shifted one column right: F1 1, accuracy 0.
    const partial = [
      ["h1", "x"],
      ["1", "y"],
    ];
    const best = pickBestTable(expected, [partial, shifted]);
    expect(best.all[0]!.cells.accuracy).toBeGreaterThan(best.all[1]!.cells.accuracy);
    expect(best.index).toBe(1);
    expect(best.score.adjacency.f1).toBe(1);
  });

  it("breaks an F1 tie by cell accuracy", () => {
    const exact = [
      ["h1", "h2"],
      ["1", "2"],
    ];
    const best = pickBestTable(expected, [shifted, exact]);
    expect(best.all.map((s) => s.adjacency.f1)).toEqual([1, 1]);
    expect(best.index).toBe(1);
    expect(best.score.cells.exact).toBe(true);
  });

  it("keeps the earliest candidate when F1 and cell accuracy both tie", () => {
    const a = [
      ["h1", "h2"],
      ["1", "2"],
      ["", "extra"],
    ];
    const b = [
      ["h1", "h2"],
      ["1", "2"],
      ["more", ""],
    ];
    const best = pickBestTable(expected, [a, b]);
    expect(best.all[0]!.adjacency.f1).toBe(best.all[1]!.adjacency.f1);
    expect(best.all[0]!.cells.accuracy).toBe(best.all[1]!.cells.accuracy);
    expect(best.index).toBe(0);
  });

  it("falls back to a zero-F1 table rather than none", () => {
    const best = pickBestTable(expected, [[["nothing", "alike"]]]);
    expect(best.index).toBe(0);
    expect(best.score.adjacency.f1).toBe(0);
    expect(best.score.adjacency.truth).toBe(4);
  });

  it("normalises the candidates before comparing", () => {
    const best = pickBestTable(expected, [
      [
        ["h1\n", "h2"],
        ["1", "\u00a02"],
      ],
    ]);
    expect(best.score.cells.exact).toBe(true);
  });
});

describe("table grids to text rows", () => {
  it("a spanning cell's text scores against the corpus layout: top-left only, covered positions empty", () => {
    // A header spanning two columns over two sub-headers.
    const grid: TableGrid = [
      [cell("Head", 1, 2), null],
      [cell("a"), cell("b")],
    ];
    const corpusStyle = [
      ["Head", ""],
      ["a", "b"],
    ];
    const s = scoreTable(corpusStyle, textRows(grid));
    expect(s.cells.exact).toBe(true);
    expect(s.adjacency.f1).toBe(1);
  });
});
