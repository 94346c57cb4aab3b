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
 * Joining forms of the Arabic presentation forms (U+FB50-FBFF, U+FE80-FEFC), from Unicode's own
 * order: the forms of one letter stand together as isolated, final, initial, medial (a letter
 * that joins on one side only has the first two), and all of them fold (NFKC) to that letter.
 */
const joiningForms: ReadonlyMap<string, "iso" | "fin" | "ini" | "med"> = (() => {
  const forms = new Map<string, "iso" | "fin" | "ini" | "med">();
  const names = ["iso", "fin", "ini", "med"] as const;
  for (const [from, to] of [
    [0xfb50, 0xfbff],
    [0xfe80, 0xfefc],
  ] as const) {
    let group: string[] = [];
    const close = () => {
      if (group.length === 1 || group.length === 2 || group.length === 4)
        for (const [i, c] of group.entries()) forms.set(c, names[i] as (typeof names)[number]);
      group = [];
    };
    for (let cp = from; cp <= to; cp++) {
      const c = String.fromCodePoint(cp);
      const folded = c.normalize("NFKC");
      if (folded === c) {
        close();
        continue;
      }
      if (group.length && (group[0] as string).normalize("NFKC") !== folded) close();
      group.push(c);
    }
    close();
  }
  return forms;
})();

/**
 * Whether a cell's Arabic presentation forms say it is written in visual order (as camelot emits
 * it): a word read in logical order starts with an initial or isolated form and ends with a final
 * or isolated one; written the other way round, it starts with a final form and ends with an
 * initial one. Decided by the words that fit one reading only.
 */
export function visualOrder(text: string): boolean {
  let visual = 0;
  let logical = 0;
  for (const run of text.match(/[\uFB50-\uFBFF\uFE80-\uFEFC]{2,}/g) ?? []) {
    const first = joiningForms.get(run[0] as string);
    const last = joiningForms.get(run[run.length - 1] as string);
    const startsWord = first === "iso" || first === "ini";
    const endsWord = last === "iso" || last === "fin";
    const startsReversed = first === "iso" || first === "fin";
    const endsReversed = last === "iso" || last === "ini";
    const fitsLogical = startsWord && endsWord;
    const fitsVisual = startsReversed && endsReversed;
    if (fitsLogical && !fitsVisual) logical++;
    if (fitsVisual && !fitsLogical) visual++;
  }
  return visual > logical;
}

/**
 * Text written in visual order (left to right as drawn) put in logical order, by the core of the
 * Unicode bidi algorithm: the base direction is that of most strong characters, a neutral takes
 * the direction of the strong characters on both sides of it when they agree (else the base's),
 * and the runs are turned round level by level (rule L2, which is its own inverse).
 */
export function visualToLogical(text: string): string {
  const chars = [...text];
  const kind = chars.map((c) => (isRtl(c) ? "R" : /[\p{L}\p{N}]/u.test(c) ? "L" : "N"));
  const rtlBase = kind.filter((k) => k === "R").length > kind.filter((k) => k === "L").length;
  const strongAt = (i: number, step: number): string | undefined => {
    for (let j = i; j >= 0 && j < kind.length; j += step) if (kind[j] !== "N") return kind[j];
    return undefined;
  };
  const levels = kind.map((k, i) => {
    const dir = k !== "N" ? k : strongAt(i, -1) === strongAt(i, 1) ? strongAt(i, 1) : undefined;
    const resolved = dir ?? (rtlBase ? "R" : "L");
    if (rtlBase) return resolved === "R" ? 1 : 2;
    return resolved === "R" ? 1 : 0;
  });
  const out = chars.map((c, i) => ({ c, level: levels[i] as number }));
  for (let level = Math.max(0, ...levels); level >= 1; level--) {
    for (let i = 0; i < out.length; ) {
      if ((out[i]?.level ?? 0) < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < out.length && (out[j]?.level ?? 0) >= level) j++;
      out.splice(i, j - i, ...out.slice(i, j).reverse());
      i = j;
    }
  }
  return out.map((x) => x.c).join("");
}

/** Brackets, which the bidi rules draw mirrored in right-to-left text: extractors report either. */
const mirrored: Record<string, string> = { ")": "(", "]": "[", "}": "{", ">": "<" };

/**
 * A cell with right-to-left letters in the form compared: in logical order (a cell in visual
 * order, by its presentation forms, is put in it), compatibility forms folded (NFKC: Arabic
 * presentation forms compare with the letters they are forms of), vowel marks dropped (optional
 * in Arabic and Hebrew, and extractors attach a mark set apart to different runs), mirrored
 * brackets made one, white space made single. Word order and letter order count. Cells without
 * right-to-left letters are left as they are.
 */
export function logicalCell(text: string): string {
  if (!isRtl(text)) return text;
  return (visualOrder(text) ? visualToLogical(text) : text)
    .normalize("NFKC")
    .replace(/\p{Mn}/gu, "")
    .replace(/[)\]}>]/g, (c) => mirrored[c] ?? c)
    .replace(/\s+/g, " ")
    .trim();
}
