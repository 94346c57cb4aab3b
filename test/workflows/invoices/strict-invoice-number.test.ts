import { describe, expect, it } from "vitest";
import type {
  AnswerEvent,
  AnswerRequest,
  StructuredSource,
} from "../../../src/core/answering/answer-types.ts";
import { builtinJsonAnswer } from "../../../src/core/answering/builtin-json-answer.ts";
import { builtinPlainAnswer } from "../../../src/core/answering/reader-answer.ts";

// Two boxes side by side, the invoice's number under its label beside the customer's block, read
// by the layout line by line across both: the number's label and the block's label on one line,
// the number on the next. Chat and a strict JSON Schema asking for the number both answer it,
// rather than the schema refusing the whole invoice for it.

const lines = [
  "## Harrow & Lintel Joinery Ltd",
  "12 Canal Street · Leeds LS2 7EY",
  "# INVOICE",
  "Invoice No. Bill to",
  "HL-30417",
  "Brackenfield Dental Practice",
  "Invoice date",
  "4 Orchard Row",
  "12/03/2026",
  "York YO1 7HH",
];
const items = [
  ["Description", "Qty", "Unit price", "Amount"],
  ["Oak shelving, fitted", "3", "140.00", "420.00"],
  ["Site visit", "1", "60.00", "60.00"],
  ["", "Subtotal", "", "£480.00"],
  ["", "VAT 20%", "", "£96.00"],
  ["", "Total", "", "£576.00"],
];
const itemsMarkdown = [
  `| ${items[0]?.join(" | ")} |`,
  "| --- | --- | --- | --- |",
  ...items.slice(1).map((r) => `| ${r.join(" | ")} |`),
].join("\n");
const markdown = [...lines, "", itemsMarkdown].join("\n\n");
const text = [...lines.map((l) => l.replace(/^#+\s/, "")), ...items.map((r) => r.join("\t"))].join("\n");

const content: StructuredSource = {
  documentId: "doc-1",
  fileName: "invoice.pdf",
  pages: [{ pageNumber: 1, markdown }],
  tables: [{ pages: [1], rows: items }],
  layout: {
    pages: [{ pageNumber: 1, markdown, text, width: 595, height: 842, method: "text" }],
    tables: [
      {
        pageNumber: 1,
        pages: [1],
        bbox: [40, 300, 555, 420],
        cells: items.map((r) => r.map((t) => ({ text: t, colSpan: 1, rowSpan: 1 }))),
        markdown: itemsMarkdown,
      },
    ],
  },
};

const request = (question: string): AnswerRequest => ({
  messages: [{ role: "user", content: question }],
  passages: [],
  model: "default",
  documentContent: async () => content,
});

async function done(events: AsyncIterable<AnswerEvent>) {
  let last: Extract<AnswerEvent, { type: "done" }> | undefined;
  for await (const e of events) if (e.type === "done") last = e;
  return last;
}

describe("an invoice number under its label, beside another block's label", () => {
  it("is chat's answer, cited on its page", async () => {
    const answer = await done(builtinPlainAnswer(request("What is the invoice number?")));
    expect(answer?.text).toBe("The invoice number is HL-30417. [1]");
    expect(answer?.citations[0]?.page).toBe(1);
    expect(answer?.citations[0]?.quote).toBe("HL-30417");
  });

  it("fills a strict schema's number that cannot be null, so the invoice is not refused", async () => {
    const schema = {
      type: "object",
      properties: {
        invoice_id: { type: "string", description: "The invoice number." },
        invoice_total: { type: "number", description: "The invoice total, tax included." },
        purchase_order: { type: ["string", "null"], description: "The customer's purchase order number." },
      },
      required: ["invoice_id", "invoice_total", "purchase_order"],
      additionalProperties: false,
    };
    const answer = await done(
      builtinJsonAnswer({
        ...request("Extract the invoice's fields."),
        responseFormat: { type: "jsonSchema", name: "invoice", schema },
      }),
    );
    expect(answer?.refusal).toBeUndefined();
    expect(JSON.parse(answer?.text ?? "null")).toEqual({
      invoice_id: "HL-30417",
      invoice_total: 576,
      purchase_order: null,
    });
    expect(answer?.citations.find((c) => c.path === "/invoice_id")?.quote).toBe("HL-30417");
  });

  it("is not taken from a line of another label's values", async () => {
    const other = (line: string) => line.replace("HL-30417", "Reference pending");
    const md = markdown.replace("HL-30417", "Reference pending");
    const source: StructuredSource = {
      ...content,
      pages: [{ pageNumber: 1, markdown: md }],
      layout: {
        pages: [{ pageNumber: 1, markdown: md, text: other(text), width: 595, height: 842, method: "text" }],
        tables: content.layout?.tables ?? [],
      },
    };
    const answer = await done(
      builtinPlainAnswer({ ...request("What is the invoice number?"), documentContent: async () => source }),
    );
    expect(answer?.text).not.toMatch(/invoice number is/);
  });
});

describe("a strict schema's text property the document does not yield", () => {
  const strict = (extra: Record<string, unknown>) => ({
    type: "object",
    properties: {
      invoice_id: { type: "string" },
      vendor_name: { type: "string" },
      invoice_total: { type: "number" },
      purchase_order: { type: ["string", "null"] },
      ...extra,
    },
    required: ["invoice_id", "vendor_name", "invoice_total", "purchase_order", ...Object.keys(extra)],
    additionalProperties: false,
  });
  const answer = async (schema: Record<string, unknown>, source = content) =>
    done(
      builtinJsonAnswer({
        ...request("Extract the invoice's fields."),
        documentContent: async () => source,
        responseFormat: { type: "jsonSchema", name: "invoice", schema },
      }),
    );

  it("is the empty string, uncited, when the rest of the schema was read", async () => {
    const a = await answer(strict({ tracking_code: { type: "string" } }));
    expect(a?.refusal).toBeUndefined();
    expect(JSON.parse(a?.text ?? "null")).toEqual({
      invoice_id: "HL-30417",
      vendor_name: "Harrow & Lintel Joinery Ltd",
      invoice_total: 576,
      purchase_order: null,
      tracking_code: "",
    });
    expect(a?.citations.some((c) => c.path === "/tracking_code")).toBe(false);
  });

  it("still refuses a number, a patterned text, or a schema the document mostly does not answer", async () => {
    for (const extra of [
      { weight_kg: { type: "number" } },
      { tracking_code: { type: "string", pattern: "^1Z" } },
    ]) {
      const a = await answer(strict(extra));
      expect(a?.refusal).toContain(`/${Object.keys(extra)[0]}`);
    }
    const little = await answer({
      type: "object",
      properties: { invoice_id: { type: "string" }, tracking_code: { type: "string" } },
      required: ["invoice_id", "tracking_code"],
      additionalProperties: false,
    });
    expect(little?.refusal).toContain("/tracking_code");
  });
});
