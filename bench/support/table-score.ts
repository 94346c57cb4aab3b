// Scoring an extracted table against an expected one, as the table corpus's README
// (corpus/tables/README.md, "How to score") defines it:
//
//   - normalise every cell: each run of Unicode whitespace becomes one space, then trim;
//   - exact cell accuracy over the positions where either grid has text, both grids put at the
//     same top-left corner, and whether the two grids match exactly;
//   - ICDAR-2013-style adjacency relations: for every non-empty cell, the nearest non-empty cell to
//     its right and the nearest below give (text, text, direction) triples; precision, recall and
//     F1 over the multisets, with |G ∩ P| counting each triple min(count in G, count in P) times;
//   - the best of several extracted tables: highest F1, then highest cell accuracy, then the
//     earliest in extraction order.
//
// Pure functions over string[][] so they can be unit-tested; the bench (bench/tables.ts) does the
// PDF work. A ratio whose denominator is 0 is 0 here (no relation extracted: precision 0; no cell
// with text in either grid: accuracy 0), in line with the README's "F1 = 0 when precision + recall
// = 0" and "if no table was extracted, both scores are 0".

import { isRtl } from "../../src/core/extraction/layout/normalize-text.ts";

/** Rows of cell texts, top to bottom, cells left to right. Rows may differ in length. */
export type TextGrid = readonly (readonly string[])[];

const whitespaceRun = /\p{White_Space}+/gu;

/** Each run of Unicode whitespace (\r, \n, tabs, U+00A0, ...) becomes one space; then trimmed. */
export function normalizeCell(text: string): string {
  return text.replace(whitespaceRun, " ").replace(/^ | $/g, "");
}

export function normalizeGrid(grid: TextGrid): string[][] {
  return grid.map((row) => row.map(normalizeCell));
}

const at = (grid: TextGrid, i: number, j: number): string => grid[i]?.[j] ?? "";
const width = (grid: TextGrid): number => grid.reduce((w, row) => Math.max(w, row.length), 0);
const ratio = (num: number, den: number): number => (den === 0 ? 0 : num / den);

export type CellScore = {
  /** |{(i,j): E = X ≠ ""}| / |{(i,j): E ≠ "" or X ≠ ""}|, 0 when no position has text. */
  accuracy: number;
  /** Same number of rows, same row lengths, every cell equal. */
  exact: boolean;
  /** Positions where both grids hold the same non-empty text. */
  matched: number;
  /** Positions where either grid holds text. */
  considered: number;
};

/** Exact cell comparison of two normalised grids, aligned top-left; outside a grid reads as "". */
export function cellScore(expected: TextGrid, extracted: TextGrid): CellScore {
  const rows = Math.max(expected.length, extracted.length);
  const cols = Math.max(width(expected), width(extracted));
  let matched = 0;
  let considered = 0;
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const e = at(expected, i, j);
      const x = at(extracted, i, j);
      if (e === "" && x === "") continue;
      considered++;
      if (e === x) matched++;
    }
  }
  const exact =
    expected.length === extracted.length &&
    expected.every((row, i) => {
      const other = extracted[i];
      return other !== undefined && row.length === other.length && row.every((c, j) => c === other[j]);
    });
  return { accuracy: ratio(matched, considered), exact, matched, considered };
}

export type Direction = "right" | "down";
export type Relation = { from: string; to: string; direction: Direction };

/** The multiset of adjacency relations of a normalised grid, in row-major order of `from`. */
export function adjacencyRelations(grid: TextGrid): Relation[] {
  const relations: Relation[] = [];
  const rows = grid.length;
  grid.forEach((row, i) => {
    row.forEach((from, j) => {
      if (from === "") return;
      for (let k = j + 1; k < row.length; k++) {
        const to = at(grid, i, k);
        if (to !== "") {
          relations.push({ from, to, direction: "right" });
          break;
        }
      }
      for (let k = i + 1; k < rows; k++) {
        const to = at(grid, k, j);
        if (to !== "") {
          relations.push({ from, to, direction: "down" });
          break;
        }
      }
    });
  });
  return relations;
}

/** A collision-free key for a relation (JSON of the triple). */
export const relationKey = (r: Relation): string => JSON.stringify([r.from, r.to, r.direction]);

export function relationCounts(relations: readonly Relation[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of relations) {
    const key = relationKey(r);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

export type AdjacencyScore = {
  precision: number;
  recall: number;
  f1: number;
  /** |G ∩ P|: each triple counted min(count in G, count in P) times. */
  correct: number;
  /** |P|: relations of the extracted grid. */
  predicted: number;
  /** |G|: relations of the expected grid. */
  truth: number;
};

/** Precision, recall and F1 from the raw counts; each ratio is 0 when its denominator is. */
export function f1FromCounts(correct: number, predicted: number, truth: number): AdjacencyScore {
  const precision = ratio(correct, predicted);
  const recall = ratio(correct, truth);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, correct, predicted, truth };
}

/** ICDAR-2013-style adjacency-relation F1 of two normalised grids. */
export function adjacencyScore(expected: TextGrid, extracted: TextGrid): AdjacencyScore {
  const g = relationCounts(adjacencyRelations(expected));
  const p = relationCounts(adjacencyRelations(extracted));
  let correct = 0;
  let truth = 0;
  let predicted = 0;
  for (const [key, n] of g) {
    truth += n;
    correct += Math.min(n, p.get(key) ?? 0);
  }
  for (const n of p.values()) predicted += n;
  return f1FromCounts(correct, predicted, truth);
}

export type TableScore = { cells: CellScore; adjacency: AdjacencyScore };

/** Both scores of one extracted grid against the expected one; both grids are normalised here. */
export function scoreTable(expected: TextGrid, extracted: TextGrid): TableScore {
  const e = normalizeGrid(expected);
  const x = normalizeGrid(extracted);
  return { cells: cellScore(e, x), adjacency: adjacencyScore(e, x) };
}

export type BestTable = {
  /** Index of the chosen candidate, or null when there was none (both scores 0). */
  index: number | null;
  score: TableScore;
  /** Every candidate's score, in the candidates' order. */
  all: TableScore[];
};

/** Whether `a` ranks above `b`: higher F1, then higher cell accuracy. Equal is not better. */
export const betterScore = (a: TableScore, b: TableScore): boolean =>
  a.adjacency.f1 > b.adjacency.f1 ||
  (a.adjacency.f1 === b.adjacency.f1 && a.cells.accuracy > b.cells.accuracy);

/**
 * The extracted table that best matches the expected one: highest adjacency F1, ties broken by cell
 * accuracy, remaining ties by the earliest candidate. With no candidate, both scores are 0 while
 * |G| still counts the expected relations (so a micro-average charges the miss).
 */
export function pickBestTable(expected: TextGrid, candidates: readonly TextGrid[]): BestTable {
  const all = candidates.map((c) => scoreTable(expected, c));
  let index: number | null = null;
  let chosen: TableScore | undefined;
  for (const [i, s] of all.entries()) {
    if (chosen === undefined || betterScore(s, chosen)) {
      index = i;
      chosen = s;
    }
  }
  if (chosen) return { index, score: chosen, all };
  const truth = adjacencyRelations(normalizeGrid(expected)).length;
  return {
    index: null,
    score: {
      cells: { accuracy: 0, exact: false, matched: 0, considered: 0 },
      adjacency: f1FromCounts(0, 0, truth),
    },
    all,
  };
}

/**
 * A cell text with right-to-left words made independent of the order they were written in:
 * compatibility forms folded (NFKC, so Arabic presentation forms compare with their letters),
 * each right-to-left word read whichever way sorts first, and the words sorted. Visual-order
 * text (as camelot emits it) and logical-order text (as this service emits it) then compare
 * equal; optional vowel marks are dropped. Cells without right-to-left letters are left as they are.
 * A word is turned round letter by letter, each letter folded on its own: a ligature (lam-alef,
 * U+FEFB) folds into its two letters in logical order, which turning the folded word round
 * would reverse. (So a visual-order word with a ligature matches its logical form in
 * presentation forms, as the PDF has them, not one respelled in plain letters.)
 */
export function directionNeutral(text: string): string {
  if (!isRtl(text)) return text;
  // Vowel marks are optional in Arabic and Hebrew, and extractors attach them to different runs;
  // folding can leave a space before a mark it split off its presentation form.
  const fold = (s: string) =>
    s
      .normalize("NFKC")
      .replace(/\p{Mn}/gu, "")
      .replace(/\s+/g, "");
  return text
    .split(/\s+/)
    .map((t) => {
      if (!isRtl(t)) return fold(t);
      const letters = [...t].map(fold);
      // Whichever reading sorts first stands for both.
      return [letters.join(""), letters.reverse().join("")].sort()[0] as string;
    })
    .filter(Boolean)
    .sort()
    .join(" ");
}
