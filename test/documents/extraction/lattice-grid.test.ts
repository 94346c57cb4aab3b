import { describe, expect, it } from "vitest";
import { dropEmptyLines } from "../../../src/core/extraction/layout/lattice.ts";
import { cell } from "../../../src/core/extraction/table-model.ts";

describe("dropEmptyLines", () => {
  it("drops a row of empty cells, spanning columns or not, and keeps one a cell above reaches into", () => {
    const grid = [
      [cell("A"), cell("B"), cell("C")],
      [cell("", 1, 2), null, cell("")],
      [cell("", 1, 1), cell(""), cell("")],
      [cell("x", 2, 1), cell("1"), cell("2")],
      [null, cell(""), cell("")],
    ];
    expect(dropEmptyLines(grid)).toEqual([
      [cell("A"), cell("B"), cell("C")],
      [cell("x", 2, 1), cell("1"), cell("2")],
      [null, cell(""), cell("")],
    ]);
  });

  it("drops a column of empty cells, but not one a spanning cell covers", () => {
    const grid = [
      [cell("A"), cell(""), cell("Group", 1, 2), null],
      [cell("1"), cell(""), cell("2"), cell("")],
    ];
    expect(dropEmptyLines(grid)).toEqual([
      [cell("A"), cell("Group", 1, 2), null],
      [cell("1"), cell("2"), cell("")],
    ]);
  });
});
