import { describe, expect, it } from "vitest";
import type { AnswerEvent, ChatMessage, SourcePassage } from "../../src/core/answering/answer-types.ts";
import { builtinAnswer, NO_ANSWER } from "../../src/core/answering/builtin-answer.ts";
import { splitPassages } from "../../src/core/answering/passages.ts";
import { searchText, termsOf } from "../../src/core/answering/question-terms.ts";
import { rowCells, splitStatements } from "../../src/core/answering/sentences.ts";

// The built-in engine over passages cut from page markdown by splitPassages, as extraction cuts
// them, so the passages' offsets and texts are those the database would hold.

type Page = { documentId: string; fileName: string; pageNumber: number; markdown: string };

const report: Page = {
  documentId: "doc-report",
  fileName: "report.pdf",
  pageNumber: 1,
  markdown: [
    "# Quarterly Report",
    "Revenue grew in every region this quarter.",
    "| Region | Revenue | Growth |\n| --- | --- | --- |\n| North | 1,200 | 4% |\n| South | 950 | 7% |\n| West, Coast | 2,310 | 12% |",
    "Figures in thousands of dollars.",
  ].join("\n\n"),
};
const company = (pageNumber: number, markdown: string): Page => ({
  documentId: "doc-annual",
  fileName: "annual.pdf",
  pageNumber,
  markdown,
});
const annual = [
  company(
    1,
    "# Annual Report 2025\n\nThe company Quire Industries was founded in Lisbon. Its headquarters moved to Porto in 2019.",
  ),
  company(
    2,
    "## Financial results\n\nTotal revenue reached 4,500,000 euros in fiscal year 2025. Net payment terms are thirty days for every invoice.",
  ),
  company(
    3,
    "## Risks\n\nTerms for the payment of the net amount may change. Our auditors are Moreau and Partners.",
  ),
];

function passagesOf(pages: Page[]): SourcePassage[] {
  return pages.flatMap((p) =>
    splitPassages(p.markdown).map((s) => ({
      documentId: p.documentId,
      fileName: p.fileName,
      pageNumber: p.pageNumber,
      position: s.position,
      startOffset: s.start,
      endOffset: s.end,
      text: s.text,
      rank: 0.5,
    })),
  );
}

const ask = (content: string): ChatMessage[] => [{ role: "user", content }];

async function answer(messages: ChatMessage[], passages: SourcePassage[]) {
  const events: AnswerEvent[] = [];
  for await (const e of builtinAnswer({ messages, passages, model: "default" })) events.push(e);
  const done = events[events.length - 1];
  if (done?.type !== "done") throw new Error("no done event last");
  expect(events.filter((e) => e.type === "done")).toHaveLength(1);
  const deltas = events.slice(0, -1).map((e) => (e.type === "delta" ? e.text : ""));
  expect(deltas.join("")).toBe(done.text);
  return done;
}

/** Every citation quotes its page exactly where its offsets say, and each marker has one. */
function expectGrounded(done: Extract<AnswerEvent, { type: "done" }>, pages: Page[]) {
  const markers = [...done.text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
  expect(markers).toEqual(done.citations.map((c) => c.index));
  expect(markers).toEqual(markers.map((_, i) => i + 1));
  for (const c of done.citations) {
    const page = pages.find((p) => p.documentId === c.documentId && p.pageNumber === c.page);
    expect(page, `page ${c.documentId}#${c.page}`).toBeDefined();
    expect(page?.markdown).toContain(c.quote);
    expect(
      Array.from(page?.markdown ?? "")
        .slice(c.startOffset, c.endOffset)
        .join(""),
    ).toBe(c.quote);
  }
}

describe("statements", () => {
  it("are the sentences of paragraphs and the rows of tables named by their columns; headings are left out", () => {
    const s = splitStatements(report.markdown);
    expect(s.map((x) => [x.kind, x.text])).toEqual([
      ["sentence", "Revenue grew in every region this quarter."],
      ["row", "Region: North; Revenue: 1,200; Growth: 4%"],
      ["row", "Region: South; Revenue: 950; Growth: 7%"],
      ["row", "Region: West, Coast; Revenue: 2,310; Growth: 12%"],
      ["sentence", "Figures in thousands of dollars."],
    ]);
    for (const x of s) expect(report.markdown.slice(x.start, x.end)).toBe(x.quote);
    expect(s[1]?.quote).toBe("| North | 1,200 | 4% |");
  });

  it("do not end at abbreviations, initials or a lower-case continuation", () => {
    const text = "Dr. J. Smith signed it, e.g. on approx. ten pages. The U.S. office agreed! Then it ended";
    expect(splitStatements(text).map((s) => s.quote)).toEqual([
      "Dr. J. Smith signed it, e.g. on approx. ten pages.",
      "The U.S. office agreed!",
      "Then it ended",
    ]);
  });

  it("read escaped pipes in cells", () => {
    expect(rowCells("| a \\| b | c\\\\ | d<br>e |")).toEqual(["a | b", "c\\", "d e"]);
  });

  it("match questions through light stemming, numbers as written, without stop words", () => {
    expect(termsOf("What were the revenues of the regions? It's 1,200 in 2025.")).toEqual([
      "revenu",
      "region",
      "1200",
      "2025",
    ]);
    expect(termsOf("Region revenue 1200")).toEqual(["region", "revenu", "1200"]);
    expect(termsOf("founded planned companies")).toEqual(termsOf("found plan company"));
    expect(termsOf("Région Müller’s")).toEqual(termsOf("region muller"));
    // Derived words meet: the question asks "assessed", the table says "Assessment".
    expect(termsOf("nutritional assessment contraceptive")).toEqual(
      termsOf("nutrition assessed contraception"),
    );
    // "-ied" and "-ier" meet their "-y": who "supplied" the goods is in the "Supplier" column.
    expect(termsOf("supplied supplier studied carrier")).toEqual(termsOf("supply suppliers study carry"));
    // Letters and the digits glued to them are two terms: a column "FY2027 adopted" says 2027.
    expect(termsOf("FY2027 Q3")).toEqual(["fy", "2027", "q", "3"]);
    // Words a question and a table say one thing with are one term: "women" asks the "Female" column.
    expect(termsOf("women least employees")).toEqual(termsOf("Female minimum staff"));
  });

  it("name a measure asked by its adjective with its noun, the word a table's column uses", async () => {
    const pumps = company(
      7,
      "| Model | Flow (l/min) | Weight (kg) |\n| --- | --- | --- |\n| TW-250 | 120 | 4.1 |\n| TW-750 | 230 | 7.8 |",
    );
    const done = await answer(ask("How heavy is the TW-750?"), passagesOf([pumps]));
    expect(done.text).toBe("TW-750, Weight (kg): 7.8. [1]");
    expectGrounded(done, [pumps]);
  });
});

describe("builtinAnswer", () => {
  const all = [report, ...annual];
  const passages = passagesOf(all);

  it("prefers, among statements that share the question's words, one holding the kind of value asked", async () => {
    const museum = company(
      4,
      "## Volunteers\n\nThe museum's volunteers guide visitors through the galleries. The museum now has 48 volunteers.",
    );
    const many = await answer(ask("How many volunteers does the museum have?"), passagesOf([museum]));
    expect(many.text).toBe("The museum now has 48 volunteers. [1]");
    expectGrounded(many, [museum]);
    // A date for "when".
    const hall = company(
      5,
      "## Hall\n\nThe hall is closed for repairs, as the council agreed. The hall is closed for repairs from 3 to 28 August.",
    );
    const when = await answer(ask("When is the hall closed for repairs?"), passagesOf([hall]));
    expect(when.text).toBe("The hall is closed for repairs from 3 to 28 August. [1]");
  });

  it("answers from the statement holding the value asked when one question word is said otherwise", async () => {
    // "present" is said nowhere: the sentence holding the lease's words and a date answers "when".
    const letter = company(
      6,
      [
        "Thank you for your letter about the lease on the workshop, which ends on 30 June 2027.",
        "We are pleased to offer a new lease of three years.",
        "The rent will be reviewed once, at the end of the second year.",
        "The deposit we hold will carry over to the new lease.",
        "We will repaint the front of the workshop at our own cost.",
        "Our solicitors will send the draft within ten working days.",
      ].join(" "),
    );
    const done = await answer(ask("When does the present lease end?"), passagesOf([letter]));
    expect(done.text).toContain("which ends on 30 June 2027. [1]");
  });

  it("reads a column's year glued to its letters (FY2027) as the year a question asks", async () => {
    const budget = company(
      7,
      "| Department | FY2026 budget | FY2027 adopted |\n| --- | --- | --- |\n| Parks | 3,575 | 3,890 |\n| Library | 2,020 | 2,085 |",
    );
    const done = await answer(ask("How much is adopted for Parks in 2027?"), passagesOf([budget]));
    expect(done.text).toBe("Parks, FY2027 adopted: 3,890. [1]");
  });

  it("answers with the sentence that holds the fact, citing its page exactly", async () => {
    const done = await answer(ask("When was Quire Industries founded?"), passages);
    expect(done.text).toBe("The company Quire Industries was founded in Lisbon. [1]");
    expect(done.citations).toEqual([
      {
        index: 1,
        documentId: "doc-annual",
        fileName: "annual.pdf",
        page: 1,
        passage: 0,
        startOffset: 22,
        endOffset: 73,
        quote: "The company Quire Industries was founded in Lisbon.",
      },
    ]);
    expect(done.finishReason).toBe("stop");
    expect(done.usage.completionTokens).toBe(9);
    expect(done.usage.promptTokens).toBeGreaterThan(50);
    expectGrounded(done, all);
  });

  it("answers from a table row with its label and the cell asked, quoted as written", async () => {
    const done = await answer(ask("What was the revenue of the North region?"), passages);
    expect(done.text).toBe("North, Revenue: 1,200. [1]");
    expect(done.citations.map((c) => [c.documentId, c.page, c.quote])).toEqual([
      ["doc-report", 1, "| North | 1,200 | 4% |"],
    ]);
    expectGrounded(done, all);
    // Numbers match as written, with or without their thousands separator.
    for (const q of ["Which region had a revenue of 2,310?", "Which region had a revenue of 2310?"])
      expect((await answer(ask(q), passages)).citations.map((c) => c.quote)).toEqual([
        "| West, Coast | 2,310 | 12% |",
      ]);
  });

  it("cites a row of a later part of a long table at its place in the page, past the repeated header", async () => {
    const rows = Array.from(
      { length: 120 },
      (_, i) => `| Item ${i + 1} | Dock 🚚 ${String.fromCharCode(65 + (i % 26))}${i} | ${i * 7} |`,
    );
    const page: Page = {
      documentId: "doc-stock",
      fileName: "stock.pdf",
      pageNumber: 4,
      markdown: `# Stock 🚚 list\n\n| Item | Location | Count |\n| --- | --- | --- |\n${rows.join("\n")}\n\nCounted in June.`,
    };
    const stock = passagesOf([page]);
    const later = stock.find((p) => p.text.includes("| Item 100 |"));
    // Each part of the table starts with the heading it stands under, then its header row.
    expect(later?.text.startsWith("#### Stock 🚚 list\n| Item | Location | Count |")).toBe(true);
    expect(later?.position).toBeGreaterThan(1);
    const done = await answer(ask("Where is item 100 stored, at which dock?"), stock);
    expect(done.citations.map((c) => c.quote)).toEqual(["| Item 100 | Dock 🚚 V99 | 693 |"]);
    expect(done.text).toBe("Item: Item 100; Location: Dock 🚚 V99; Count: 693. [1]");
    expectGrounded(done, [page]);
  });

  it("says the documents do not tell, with no citation, when nothing supports an answer", async () => {
    for (const q of ["What is the capital of France?", "Who won the 1998 world cup final?", "what is it?"]) {
      const done = await answer(ask(q), passages);
      expect(done.text, q).toBe(NO_ANSWER);
      expect(done.citations).toEqual([]);
    }
    // One word of five found, the commonest: not an answer.
    const partial = await answer(ask("What is the revenue forecast for Brazil next decade?"), passages);
    expect(partial.text).toBe(NO_ANSWER);
    expect(partial.citations).toEqual([]);
    const none = await answer(ask("When was Quire Industries founded?"), []);
    expect(none.text).toBe(NO_ANSWER);
    expect(none.citations).toEqual([]);
  });

  it("answers a follow-up with the help of the question before it", async () => {
    const conversation: ChatMessage[] = [
      { role: "user", content: "What was the revenue of the North region?" },
      { role: "assistant", content: "Region: North; Revenue: 1,200; Growth: 4%. [1]" },
      { role: "user", content: "and in the South?" },
    ];
    const done = await answer(conversation, passages);
    expect(done.citations.map((c) => c.quote)).toEqual(["| South | 950 | 7% |"]);
    expectGrounded(done, all);
    // The earlier question picks the row among those the follow-up's word is in.
    const growth = await answer(
      [
        { role: "user", content: "What was the revenue of the South region?" },
        { role: "assistant", content: "Region: South; Revenue: 950; Growth: 7%. [1]" },
        { role: "user", content: "And its growth?" },
      ],
      passages,
    );
    expect(growth.citations.map((c) => c.quote)).toEqual(["| South | 950 | 7% |"]);
    // A last message with no word of its own is answered as the one before.
    const again = await answer(
      [...conversation.slice(0, 2), { role: "user", content: "And what about it?" }],
      passages,
    );
    expect(again.citations.map((c) => c.quote)).toEqual(["| North | 1,200 | 4% |"]);
  });

  it("answers a question of two parts with a sentence each, in page order whatever the passage order", async () => {
    const reversed = [...passages].reverse();
    // The auditors' sentence holds more of the question's words and is chosen first; it is written second.
    const done = await answer(
      ask("Are Moreau and Partners the auditors, and where was the company founded?"),
      reversed,
    );
    expect(done.text).toBe(
      "The company Quire Industries was founded in Lisbon. [1] Our auditors are Moreau and Partners. [2]",
    );
    expect(done.citations.map((c) => c.page)).toEqual([1, 3]);
    expectGrounded(done, all);
  });

  it("says a row whole when the question names none of its columns, or one word names several", async () => {
    const stock = company(
      6,
      "| No. | Contract Description | Contract No. | Contract Amount | Contractor |\n| --- | --- | --- | --- | --- |\n| 1 | Alcohol testers | MRH/1 | 3,100.00 | Nadanta Enterprise |\n| 2 | Radar guns | MRH/2 | 52,350.00 | Kojo Ltd |",
    );
    const amount = await answer(ask("What was the contract amount for the radar guns?"), passagesOf([stock]));
    expect(amount.text).toBe("Radar guns, Contract Amount: 52,350.00. [1]");
    // "contract" names three columns: the row is said whole, so the supplier is in it.
    const who = await answer(ask("Which company got the contract for alcohol testers?"), passagesOf([stock]));
    expect(who.text).toContain("Contractor: Nadanta Enterprise");
    expectGrounded(who, [stock]);
  });

  it("answers a question whose common verb the passages paraphrase, and still declines one whose subject they lack", async () => {
    const harbour = company(
      4,
      "## Traffic\n\nShips called at our quays 3,412 times, eleven percent more than in 2024. Winter storms closed the harbour entrance for 52 hours.",
    );
    const rise = await answer(
      ask("By what percentage did ship calls rise compared with 2024?"),
      passagesOf([harbour]),
    );
    expect(rise.text).toContain("eleven percent more");
    expectGrounded(rise, [harbour]);
    const shut = await answer(
      ask("For how long did storms keep the harbour entrance shut?"),
      passagesOf([harbour]),
    );
    expect(shut.text).toContain("52 hours");
    // "Passengers" names what is asked about: no statement has it, so there is no answer.
    const none = await answer(
      ask("How many cruise passengers came through the port in 2024?"),
      passagesOf([harbour]),
    );
    expect(none.text).toBe(NO_ANSWER);
  });

  it("leaves out a sentence that only repeats a word found all over the passages", async () => {
    const office = company(
      5,
      "The office opens at nine. The office closes at six. Visitors sign in at the office. Every office has a printer. Quire Industries moved to Porto in 2019.",
    );
    const done = await answer(ask("When did the Quire Industries office move?"), passagesOf([office]));
    expect(done.text).toBe("Quire Industries moved to Porto in 2019. [1]");
    expectGrounded(done, [office]);
  });

  it("gives the same answer to the same request", async () => {
    const q = ask("What are the net payment terms for an invoice?");
    const first = await answer(q, passages);
    expect(first.citations.map((c) => c.quote)).toEqual([
      "Net payment terms are thirty days for every invoice.",
    ]);
    expect(await answer(q, passages)).toEqual(first);
  });

  it("picks the one statement that answers among 20 long passages", async () => {
    const filler =
      "The warehouse staff recorded deliveries, returns and inventory counts for every shift of the month. ";
    const many: SourcePassage[] = Array.from({ length: 20 }, (_, i) => ({
      documentId: `doc-${i % 4}`,
      fileName: "many.pdf",
      pageNumber: i + 1,
      position: 0,
      startOffset: 0,
      endOffset: 1200,
      text: `${filler.repeat(11)}Shift ${i} counted ${i * 13} pallets.`.slice(0, 1200),
      rank: 0.3,
    }));
    expect(
      (await answer(ask("How many pallets did shift 7 count?"), many)).citations.map((c) => c.quote),
    ).toEqual(["Shift 7 counted 91 pallets."]);
    // Its speed is measured by bench/query-retrieval.ts and bench:query, not asserted here.
  });

  it("stops when its signal is aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("client went away"));
    const events = builtinAnswer({
      messages: ask("revenue?"),
      passages,
      model: "default",
      signal: controller.signal,
    });
    await expect(events[Symbol.asyncIterator]().next()).rejects.toThrow("client went away");
  });
});

describe("a table whose header runs over several rows", () => {
  // As extraction writes a header of many lines: one header row, then rows going on with it, a
  // spanning "Revenue" and "Capital" over two columns each.
  const outlay: Page = {
    documentId: "doc-outlay",
    fileName: "outlay.pdf",
    pageNumber: 1,
    markdown: [
      "### Table: Public Health Outlay (Budget Estimates)",
      [
        "|  |  |  |  |  |  |",
        "| --- | --- | --- | --- | --- | --- |",
        "| State | Revenue |  | Capital |  | Total |",
        "|  | Medical & | Family | Medical & | Family |  |",
        "|  | Public Health | Welfare | Public Health | Welfare |  |",
        "| Kerala | 27,923,965 | 3,985,473 | 929,503 | 0 | 32,838,941 |",
        "| Gujarat | 26,328,400 | 6,922,900 | 12,664,000 | 42,000 | 45,957,300 |",
        "| Goa | 4,055,567 | 110,000 | 330,053 | 0 | 4,495,620 |",
      ].join("\n"),
    ].join("\n\n"),
  };

  it("names each cell by every line of its column's header, a spanning one included", () => {
    const rows = splitStatements(outlay.markdown).filter((s) => s.kind === "row");
    expect(rows.map((r) => r.quote.split("|")[1]?.trim())).toEqual(["Kerala", "Gujarat", "Goa"]);
    expect(rows[1]?.text).toContain("Capital Family Welfare: 42,000");
    expect(rows[0]?.text).toContain("Revenue Medical & Public Health: 27,923,965");
  });

  it("answers a cell asked by its row and its spanning column", async () => {
    const { text, citations } = await answer(
      ask("What was the capital budget for family welfare in Gujarat?"),
      passagesOf([outlay]),
    );
    expect(text).toContain("Capital Family Welfare: 42,000");
    expect(citations[0]?.quote).toContain("Gujarat");
  });

  it("keeps a table of text whole: rows without figures are rows, not header", () => {
    const md = "| Name | Role |\n| --- | --- |\n| Ann Lee | Chair |\n| Bo Chan | Treasurer |";
    expect(splitStatements(md).map((s) => s.text)).toEqual([
      "Name: Ann Lee; Role: Chair",
      "Name: Bo Chan; Role: Treasurer",
    ]);
  });
});

describe("the kind of answer a question asks (sixth pass)", () => {
  it("declines a price question no statement answers with a sum, and answers it from one that does", async () => {
    const sheet = company(
      8,
      "## Field 250\n\nThe Field 250 lantern gives 250 lumens and runs for 12 hours on one charge. It is charged by USB-C in 4 hours.",
    );
    const none = await answer(ask("How much does the Field 250 cost?"), passagesOf([sheet]));
    expect(none.text).toBe(NO_ANSWER);
    expect(none.citations).toEqual([]);
    const priced = company(9, `${sheet.markdown} The Field 250 costs £45 in our shops.`);
    const done = await answer(ask("How much does the Field 250 cost?"), passagesOf([priced]));
    expect(done.text).toContain("£45");
    expectGrounded(done, [priced]);
  });

  it("reads a number under a heading that names money as a sum, and meets 'spent' with 'spend'", async () => {
    const minutes = company(
      10,
      "## Christmas lights\n\nDev Mistry will obtain three quotes for the lights. The committee agreed to spend up to £600 on new lights for the railings.",
    );
    const spent = await answer(ask("How much can be spent on the lights?"), passagesOf([minutes]));
    expect(spent.text).toBe("The committee agreed to spend up to £600 on new lights for the railings. [1]");
    const outlay = company(
      11,
      "### Road works (budget, thousands)\n\n| Project | 2026 | 2027 |\n| --- | --- | --- |\n| Oak Hill main | 1,200 | 2,400 |",
    );
    const cost = await answer(ask("What does the Oak Hill main cost in 2027?"), passagesOf([outlay]));
    expect(cost.text).toContain("2,400");
  });

  it("answers a who question whose verb the page says with a role, from the statement naming someone", async () => {
    const policy = company(
      12,
      [
        "# Remote Working Policy",
        "Version 3, approved by the Board on 12 January 2026. Policy owner: Head of People, Dorothea Lindqvist.",
        "## Scope",
        "This policy applies to all permanent employees who have completed their probation. Employees may work from home for up to three days a week.",
      ].join("\n\n"),
    );
    const owns = await answer(ask("Who owns the remote working policy?"), passagesOf([policy]));
    expect(owns.text).toContain("Dorothea Lindqvist");
    expectGrounded(owns, [policy]);
    const river = company(
      13,
      "# Water Quality of the River Asker\n\nAsker Catchment Partnership, published 3 March 2026. Author: Dr Ruth Calloway-Nwosu.",
    );
    const wrote = await answer(ask("Who wrote the report?"), passagesOf([river]));
    expect(wrote.text).toBe("Author: Dr Ruth Calloway-Nwosu. [1]");
  });

  it("says a row whole when the column a who question names holds no name", async () => {
    const talks = company(
      14,
      "## Talks\n\n| Day | Talk | Speaker |\n| --- | --- | --- |\n| Friday | Rivers in the sky | Prof. Ingrid Solheim |\n| Saturday | The secret life of ponds | Dr Marcus Adebayo |",
    );
    const done = await answer(ask("Who gives the talk on ponds?"), passagesOf([talks]));
    expect(done.text).toContain("Dr Marcus Adebayo");
    expectGrounded(done, [talks]);
  });

  it("reads a value in a measure's unit as saying the measure, and a measure asked by its verb by its noun", async () => {
    const data = company(
      15,
      "# Burrfield grinder\n\nLet the grinder cool for 20 minutes after use.\n\n### Technical data\n\n| Item | Value |\n| --- | --- |\n| Motor | 150 W |\n| Weight | 2.1 kg |\n| Hopper | 250 g |",
    );
    const power = await answer(ask("What is the motor's power?"), passagesOf([data]));
    expect(power.text).toContain("150 W");
    const pumps = company(
      16,
      "| Model | Flow (l/min) | Weight (kg) |\n| --- | --- | --- |\n| TW-250 | 120 | 4.1 |\n| TW-750 | 230 | 7.8 |",
    );
    const weigh = await answer(ask("How much does the TW-750 weigh?"), passagesOf([pumps]));
    expect(weigh.text).toBe("TW-750, Weight (kg): 7.8. [1]");
    expect(searchText("How much does the grinder weigh?")).toBe("How much does the grinder weigh? weight");
    expect(searchText("What is the price?")).toBe("What is the price?");
  });

  it("does not piece an answer from sentences that each hold a few of the question's words", async () => {
    const memo = company(
      17,
      "## Moving\n\nThe Clinical Research Unit will move from the Harcourt Wing to the third floor of the Fenwick Building over the weekend of 14 and 15 March 2026. Everyone must have packed their own desk by 5 pm on Thursday 12 March. Staff must not pack laboratory samples. The freezers will be moved by Coldchain Logistics on the Saturday morning.",
    );
    // "paid overtime" is said nowhere; "staff", "packing" and "weekend" are, in two sentences.
    const none = await answer(
      ask("Will staff be paid overtime for packing at the weekend?"),
      passagesOf([memo]),
    );
    expect(none.text).toBe(NO_ANSWER);
    const freezers = await answer(ask("Who will move the freezers?"), passagesOf([memo]));
    expect(freezers.text).toContain("Coldchain Logistics");
  });

  it("reads a box of labels and values set as two columns as pairs, and a reference question from it", async () => {
    const box =
      "| Our reference | HC-2026-118734 |\n| --- | --- |\n| Policy number | NGM/H/0457821 |\n| Date of loss | 19 August 2026 |";
    expect(splitStatements(box).map((s) => s.text)).toEqual([
      "Our reference: HC-2026-118734",
      "Policy number: NGM/H/0457821",
      "Date of loss: 19 August 2026",
    ]);
    // A header of years stays a header.
    const years = "| Measure | 2025 |\n| --- | --- |\n| Visits | 612,400 |";
    expect(splitStatements(years).map((s) => s.text)).toEqual(["Measure: Visits; 2025: 612,400"]);
    const letter = company(
      18,
      `## Your claim\n\nWe have accepted your claim. Please quote our reference in all correspondence.\n\n## Claims department\n\n${box}`,
    );
    const done = await answer(ask("What is the claim reference?"), passagesOf([letter]));
    expect(done.text).toBe("Our reference: HC-2026-118734. [1]");
    expectGrounded(done, [letter]);
  });

  it("meets a short form with the word it begins, and 'answer' with 'reply'", async () => {
    const memo = company(
      19,
      "## Packing\n\nCrates will be delivered on Monday. The freezers will be moved on Saturday, supervised by the laboratory manager, Tomasz Wierzbicki. A request to work remotely is made to the line manager, who must reply within 14 calendar days.",
    );
    const lab = await answer(ask("Who is the lab manager?"), passagesOf([memo]));
    expect(lab.text).toContain("Tomasz Wierzbicki");
    const reply = await answer(ask("How long does a manager have to answer a request?"), passagesOf([memo]));
    expect(reply.text).toContain("14 calendar days");
  });
});
