import { describe, expect, it } from "vitest";
import { quoteLocator } from "../../../src/core/documents/quote-boxes.ts";
import type { PageElement } from "../../../src/core/extraction/extractor.ts";

// Quotes placed on their page by the elements that hold them.

const elements: PageElement[] = [
  { type: "heading", level: 1, text: "Quarterly Report", bbox: [72, 48, 260, 72] },
  {
    type: "paragraph",
    text: "Revenue grew in every region this quarter, led by the West Coast where two stores opened.",
    bbox: [72, 100, 540, 126],
  },
  { type: "table", text: "Region\tRevenue\nNorth\t1,200\nSouth\t950", bbox: [72, 150, 400, 210], table: 0 },
  { type: "paragraph", text: "Figures in thousands of dollars.", bbox: [72, 230, 260, 242] },
];

/** A quote's box on the page of `elements`. */
const locateQuote = (on: PageElement[], quote: string) => quoteLocator(on)(quote);

describe("quoteLocator", () => {
  it("gives the box of the element holding the quote, whatever its case and spacing", () => {
    expect(locateQuote(elements, "led by the  West coast")).toEqual([72, 100, 540, 126]);
    expect(locateQuote(elements, "# Quarterly Report")).toEqual([72, 48, 260, 72]);
  });

  it("finds a table row written as markdown, bars and separator row left out", () => {
    expect(locateQuote(elements, "| South | 950 |")).toEqual([72, 150, 400, 210]);
    expect(locateQuote(elements, "| Region | Revenue |\n| --- | --- |\n| North | 1,200 |")).toEqual([
      72, 150, 400, 210,
    ]);
  });

  it("spans the elements from the quote's start to its end", () => {
    const quote =
      "two stores opened. | Region | Revenue | | --- | --- | | North | 1,200 | | South | 950 | Figures in thousands";
    expect(locateQuote(elements, quote)).toEqual([72, 100, 540, 242]);
  });

  it("is null for text the page does not hold", () => {
    expect(locateQuote(elements, "Costs fell sharply")).toBeNull();
    expect(locateQuote(elements, "")).toBeNull();
    expect(locateQuote([], "Quarterly Report")).toBeNull();
  });
});
