import { describe, expect, it } from "vitest";
import type { AnswerEvent, StructuredSource } from "../../src/core/answering/answer-types.ts";
import { builtinPlainAnswer } from "../../src/core/answering/reader-answer.ts";

// The reader's answers to "who issued it" as the page prints it: a name the extractor laid out
// in pieces (its second line in another row of a header table) is still the answer, cited where
// the most of it stands.

/** A page whose header table puts the vendor's name on two rows, the invoice's title between. */
const rows = [
  ["Fernhill Garden", "", "Invoice"],
  ["Supplies Limited", "Invoice No.:", "FG-2209"],
  ["14 Quarry Lane", "Date:", "3 March 2026"],
  ["Leeds LS1 4AB", "Due:", "17 March 2026"],
];
const items = [
  ["Description", "Qty", "Unit price", "Amount"],
  ["Bark mulch, 60 l bags", "20", "6.50", "130.00"],
  ["Planting labour", "4", "35.00", "140.00"],
  ["", "Subtotal", "", "£270.00"],
  ["", "VAT 20%", "", "£54.00"],
  ["", "Total", "", "£324.00"],
];
const markdownOf = (table: string[][]) =>
  [
    `| ${table[0]?.join(" | ")} |`,
    `| ${table[0]?.map(() => "---").join(" | ")} |`,
    ...table.slice(1).map((r) => `| ${r.join(" | ")} |`),
  ].join("\n");
const cellsOf = (table: string[][]) => table.map((r) => r.map((text) => ({ text, colSpan: 1, rowSpan: 1 })));
const markdown = [
  markdownOf(rows),
  "Bill to\nRowan Tree Nursery\n8 Mill Road\nYork YO1 7HH",
  markdownOf(items),
  "Terms: 14 days",
].join("\n\n");
const text = [
  ...rows.map((r) => r.join("\t")),
  "",
  "Bill to",
  "Rowan Tree Nursery",
  "8 Mill Road",
  "York YO1 7HH",
  "",
  ...items.map((r) => r.join("\t")),
  "",
  "Terms: 14 days",
].join("\n");

const content: StructuredSource = {
  documentId: "doc-1",
  fileName: "invoice.pdf",
  pages: [{ pageNumber: 1, markdown }],
  tables: [
    { pages: [1], rows },
    { pages: [1], rows: items },
  ],
  layout: {
    pages: [{ pageNumber: 1, markdown, text, width: 595, height: 842, method: "text" }],
    tables: [
      {
        pageNumber: 1,
        pages: [1],
        bbox: [40, 40, 555, 140],
        cells: cellsOf(rows),
        markdown: markdownOf(rows),
      },
      {
        pageNumber: 1,
        pages: [1],
        bbox: [40, 300, 555, 420],
        cells: cellsOf(items),
        markdown: markdownOf(items),
      },
    ],
  },
};

/** The same invoice as a page of tables only: no heading, no line outside a table. */
const tablesOnly: StructuredSource = (() => {
  const md = [markdownOf(rows), markdownOf(items)].join("\n\n");
  const plain = [...rows, [], ...items].map((r) => r.join("\t")).join("\n");
  return {
    ...content,
    pages: [{ pageNumber: 1, markdown: md }],
    layout: {
      pages: [{ pageNumber: 1, markdown: md, text: plain, width: 595, height: 842, method: "text" }],
      tables: content.layout?.tables ?? [],
    },
  };
})();

async function ask(question: string, source = content) {
  let done: Extract<AnswerEvent, { type: "done" }> | undefined;
  for await (const e of builtinPlainAnswer({
    messages: [{ role: "user", content: question }],
    passages: [],
    model: "default",
    documentContent: async () => source,
  }))
    if (e.type === "done") done = e;
  return done;
}

describe("the reader's answer on a name printed in pieces", () => {
  it("names the whole vendor and cites the part of it that stands together on the page", async () => {
    const answer = await ask("Who is the vendor on this invoice?");
    expect(answer?.text).toBe("The vendor (who issued the invoice) is Fernhill Garden Supplies Limited. [1]");
    const citation = answer?.citations[0];
    expect(citation?.page).toBe(1);
    expect(["Fernhill Garden", "Supplies Limited"]).toContain(citation?.quote);
    const at = Array.from(markdown).slice(citation?.startOffset, citation?.endOffset).join("");
    expect(at).toBe(citation?.quote);
  });

  it("still declines what the page does not print", async () => {
    const answer = await ask("What is the purchase order number?");
    expect(answer?.text).not.toMatch(/purchase order is/);
  });

  it("says what a page of tables only is about, cited where the reader read it", async () => {
    const answer = await ask("What is this document about?", tablesOnly);
    expect(answer?.text).toMatch(
      /^This document is an invoice number FG-2209, from Fernhill Garden Supplies Limited/,
    );
    expect(answer?.text).toMatch(/\[1\]$/);
    expect(answer?.citations).toHaveLength(1);
    const md = tablesOnly.pages[0]?.markdown ?? "";
    const c = answer?.citations[0];
    expect(Array.from(md).slice(c?.startOffset, c?.endOffset).join("")).toBe(c?.quote);
  });
});
