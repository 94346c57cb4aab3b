// Asks a `bench/invoices.ts --dump <dir>` run's documents what bench/sdk.ts asks, without the
// service: the strict JSON Schema (as the SDK's zodResponseFormat writes it from the truth) and
// the vendor and total questions, answered by the built-in engine in process. A quick way to see
// what an answering change does to a corpus already extracted. Retrieval is not run: every
// passage of the document is handed to the passage engine, so its answers (the fallback when the
// reader has none) may differ from the service's. Usage:
//   npx tsx bench/invoices/sdk-redump.ts <dump dir> <corpus dir> [--only <substring>] [--verbose]
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { zodResponseFormat } from "openai/helpers/zod";
import type {
  AnswerEvent,
  AnswerRequest,
  SourcePassage,
  StructuredSource,
} from "../../src/core/answering/answer-types.ts";
import { builtinJsonAnswer } from "../../src/core/answering/builtin-json-answer.ts";
import { splitPassages } from "../../src/core/answering/passages.ts";
import { builtinPlainAnswer } from "../../src/core/answering/reader-answer.ts";
import { type TableGrid, textRows } from "../../src/core/extraction/table-model.ts";
import type { InvoiceData, InvoiceSourceDocument } from "../../src/core/invoices/invoice-types.ts";
import { holdsAmount, holdsName, printsName } from "./answer-checks.ts";
import { scoreInvoice } from "./score.ts";
import { invoiceSchema } from "./sdk-schema.ts";

const args = process.argv.slice(2);
const [dump = "", corpus = ""] = args.filter((a, i) => !a.startsWith("--") && args[i - 1] !== "--only");
const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
const verbose = args.includes("--verbose");

async function done(events: AsyncIterable<AnswerEvent>) {
  for await (const e of events) if (e.type === "done") return e;
  throw new Error("no done event");
}

let right = 0;
let all = 0;
let nulls = 0;
let vendors = 0;
let totals = 0;
let n = 0;
for (const f of readdirSync(dump)
  .filter((x) => x.endsWith(".json") && (!only || x.includes(only)))
  .sort()) {
  const layout = JSON.parse(readFileSync(path.join(dump, f), "utf8")) as InvoiceSourceDocument;
  const { truth } = JSON.parse(readFileSync(path.join(corpus, f), "utf8")) as { truth: InvoiceData };
  const content: StructuredSource = {
    documentId: "doc",
    fileName: f.replace(/\.json$/, ".pdf"),
    pages: layout.pages.map((p) => ({ pageNumber: p.pageNumber, markdown: p.markdown })),
    tables: layout.tables.map((t) => ({ pages: t.pages, rows: textRows(t.cells as TableGrid) })),
    layout,
  };
  const passages: SourcePassage[] = content.pages.flatMap((p) =>
    splitPassages(p.markdown).map((x) => ({
      documentId: "doc",
      fileName: content.fileName,
      pageNumber: p.pageNumber,
      position: x.position,
      startOffset: x.start,
      endOffset: x.end,
      text: x.text,
      rank: 0.5,
    })),
  );
  const request = (question: string): AnswerRequest => ({
    messages: [{ role: "user", content: question }],
    passages,
    model: "default",
    documentContent: async () => content,
  });
  const format = zodResponseFormat(invoiceSchema(truth), "invoice");
  const schemaDone = await done(
    builtinJsonAnswer({
      ...request("Extract the invoice's fields."),
      responseFormat: {
        type: "jsonSchema",
        name: "invoice",
        strict: true,
        schema: format.json_schema.schema as Record<string, unknown>,
      },
    } as AnswerRequest),
  );
  const data = schemaDone.refusal ? null : (JSON.parse(schemaDone.text) as InvoiceData);
  const empty = Object.fromEntries(
    Object.keys(truth).map((k) => [k, k === "items" ? [] : null]),
  ) as unknown as InvoiceData;
  const scores = data
    ? scoreInvoice(truth, { ...empty, ...data, items: data.items ?? [] })
    : scoreInvoice(truth, empty).map((s) => ({ ...s, right: false }));
  const pageText = (p: number) => content.pages.find((x) => x.pageNumber === p)?.markdown ?? "";
  const vendor = await done(builtinPlainAnswer(request("Who is the vendor on this invoice?")));
  const vName = truth.vendor_name ?? "";
  const vRight = !!vName && holdsName(vendor.text, vName);
  const vPage = vRight && vendor.citations.some((c) => printsName(pageText(c.page), vName));
  const total = await done(builtinPlainAnswer(request("What is the invoice total?")));
  const t = truth.invoice_total;
  const tRight = t !== null && holdsAmount(total.text.replace(/\[\d+\]/g, ""), t);
  const tPage = tRight && total.citations.some((c) => holdsAmount(pageText(c.page), t as number));
  n++;
  if (!data) nulls++;
  if (vPage) vendors++;
  if (tPage) totals++;
  const r = scores.filter((s) => s.right).length;
  right += r;
  all += scores.length;
  console.log(
    `${f.padEnd(44)} schema ${r}/${scores.length}${data ? "" : " (null)"}  vendor ${vPage ? "ok" : vRight ? "page?" : "no"}  total ${tPage ? "ok" : tRight ? "page?" : "no"}`,
  );
  if (!data) console.log(`    refusal: ${schemaDone.refusal}`);
  if (verbose) {
    for (const s of scores.filter((x) => !x.right))
      console.log(`    ${s.field}: expected ${JSON.stringify(s.expected)} got ${JSON.stringify(s.got)}`);
    console.log(`    vendor: ${vendor.text} [pages ${vendor.citations.map((c) => c.page).join(",")}]`);
    console.log(`    total: ${total.text} [pages ${total.citations.map((c) => c.page).join(",")}]`);
  }
}
console.log(
  `\n${n} invoices  strict ${right}/${all} = ${((100 * right) / Math.max(1, all)).toFixed(1)}%  null ${nulls}  vendor ${vendors}/${n}  total ${totals}/${n}`,
);
