import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnswerEvent, ChatMessage, SourcePassage } from "../../src/core/answering/answer-types.ts";
import { builtinAnswer } from "../../src/core/answering/builtin-answer.ts";
import { questionQueries, retrieveForQuestion } from "../../src/core/answering/retrieve.ts";
import { MAX_QUERY_LENGTH, searchPassages } from "../../src/core/answering/search-passages.ts";
import { uploadAndWait } from "../support/documents.ts";
import { call } from "../support/http.ts";
import { annualReportPdf, reportPdf, textPdf } from "../support/pdfs.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// Questions in natural language, and conversations, against documents extracted by the real
// server and worker; then answered by the built-in engine, whose citations are checked against
// the pages the API serves.

let server: TestServer;
let t: Tenant;
let report: string;
let annual: string;
let bakery: string;
const COLLECTION = "col_retrieve_test";

const where = (ps: SourcePassage[]) => ps.map((p) => `${p.documentId}#${p.pageNumber}`);
const user = (content: string): ChatMessage => ({ role: "user", content });
const assistant = (content: string): ChatMessage => ({ role: "assistant", content });

beforeAll(async () => {
  server = await startTestServer();
  t = await createTenant(server.url);
  report = (await uploadAndWait(server.url, t.secret, await reportPdf(), "report.pdf")).id;
  annual = (await uploadAndWait(server.url, t.secret, await annualReportPdf(), "annual.pdf")).id;
  bakery = (
    await uploadAndWait(
      server.url,
      t.secret,
      await textPdf([["The bakery's revenue doubled; its North street shop sells the most bread."]]),
      "bakery.pdf",
    )
  ).id;
  await server.services.db.pool.query("INSERT INTO collections (id, account_id, name) VALUES ($1, $2, $1)", [
    COLLECTION,
    t.accountId,
  ]);
  await server.services.db.pool.query(
    "INSERT INTO collection_documents (collection_id, document_id) VALUES ($1, $2), ($1, $3)",
    [COLLECTION, report, annual],
  );
});
afterAll(async () => {
  await server?.close();
});

const retrieve = (input: {
  question?: string;
  messages?: ChatMessage[];
  limit?: number;
  accountId?: string;
}) =>
  retrieveForQuestion(server.services.db, {
    accountId: t.accountId,
    documentIds: [report, annual, bakery],
    ...(input as { question: string }),
  });

describe("retrieveForQuestion", () => {
  it("puts passages holding a quoted phrase first", async () => {
    // Pages 2 and 3 of annual.pdf both hold payment and terms, page 2 side by side ("Net payment
    // terms"), which ranks it first for the words alone; only page 3 holds the phrase.
    expect(where(await retrieve({ question: "terms for the payment" }))[0]).toBe(`${annual}#2`);
    expect(where(await retrieve({ question: 'Where does it say "terms for the payment"?' }))[0]).toBe(
      `${annual}#3`,
    );
  });

  it("finds the passage that answers a question in natural language, with its file name", async () => {
    const question = "What was the revenue of the North region?";
    // Every word required, as a search box reads it: no passage has them all.
    expect(
      await searchPassages(server.services.db, { documentIds: [report, annual, bakery], query: question }),
    ).toEqual([]);
    const passages = await retrieve({ question });
    // The table row has revenue, north and region (in its header); the bakery has two of them.
    expect(where(passages)[0]).toBe(`${report}#1`);
    expect(passages[0]).toMatchObject({ fileName: "report.pdf", position: 1 });
    expect(passages[0]?.text).toContain("| North | 1,200 | 4% |");
    expect(where(passages)).toContain(`${bakery}#1`);
    expect(passages[0]?.rank).toBeGreaterThan(0);

    expect(where(await retrieve({ question: "Which firm are the auditors?" }))[0]).toBe(`${annual}#3`);
    expect(where(await retrieve({ messages: [user("When was Quire Industries founded?")] }))[0]).toBe(
      `${annual}#1`,
    );
    expect(await retrieve({ question: "What was the revenue?", limit: 1 })).toHaveLength(1);
  });

  it("searches a collection's documents only", async () => {
    const inCollection = (question: string, accountId = t.accountId) =>
      retrieveForQuestion(server.services.db, { accountId, collectionId: COLLECTION, question });
    const revenue = await inCollection("Which shop had the most revenue?");
    expect(revenue.length).toBeGreaterThan(0);
    for (const p of revenue) expect([report, annual]).toContain(p.documentId);
    expect(where(await inCollection("How much bread does the bakery sell?"))).toEqual([]);
    expect(where(await inCollection("When was Quire Industries founded?"))[0]).toBe(`${annual}#1`);

    const stranger = await createTenant(server.url, "stranger");
    expect(await inCollection("When was Quire Industries founded?", stranger.accountId)).toEqual([]);
    expect(
      await retrieve({ question: "When was Quire Industries founded?", accountId: stranger.accountId }),
    ).toEqual([]);
  });

  it("reads a follow-up together with the question before it", async () => {
    const north = [
      user("What was the revenue of the North region?"),
      assistant("Region: North; Revenue: 1,200; Growth: 4%. [1]"),
    ];
    expect(where(await retrieve({ messages: [...north, user("and in the South?")] }))[0]).toBe(`${report}#1`);
    // A last message with nothing to look up: the question before it is searched.
    const auditors = [user("Who are the auditors?"), assistant("Our auditors are Moreau and Partners. [1]")];
    expect(where(await retrieve({ messages: [...auditors, user("What about them?")] }))).toEqual([
      `${annual}#3`,
    ]);
    // A new topic is not crowded out by the old one.
    expect(
      where(await retrieve({ messages: [...north, user("Who are the auditors?")], limit: 2 })),
    ).toContain(`${annual}#3`);
  });

  it("finds nothing for a question the documents do not touch, or no question", async () => {
    expect(await retrieve({ question: "What is the capital of France?" })).toEqual([]);
    expect(await retrieve({ messages: [assistant("Hello, ask me anything.")] })).toEqual([]);
    expect(await retrieve({ messages: [] })).toEqual([]);
    expect(
      await retrieveForQuestion(server.services.db, { documentIds: [], question: "Who are the auditors?" }),
    ).toEqual([]);
  });

  it("keeps the last message whole when earlier ones would make the query too long", () => {
    const long = "revenue ".repeat(200);
    const { last, withEarlier } = questionQueries([user(long), assistant("…"), user("and in the South?")]);
    expect(last).toBe("and in the South?");
    expect(withEarlier.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    expect(withEarlier.endsWith("\nand in the South?")).toBe(true);
    expect(withEarlier.startsWith("revenue revenue")).toBe(true);
    expect(questionQueries([user("only one")])).toEqual({ last: "only one", withEarlier: "" });
  });
});

describe("retrieved and answered by the built-in engine", () => {
  async function answer(messages: ChatMessage[]) {
    const passages = await retrieve({ messages });
    let done: Extract<AnswerEvent, { type: "done" }> | undefined;
    for await (const e of builtinAnswer({ messages, passages, model: "default" }))
      if (e.type === "done") done = e;
    if (!done) throw new Error("no done event");
    // Every quote stands in the page the API serves, where its offsets say.
    for (const c of done.citations) {
      const page = await call(server.url, "GET", `/v1/documents/${c.documentId}/pages/${c.page}`, {
        key: t.secret,
      });
      expect(page.status).toBe(200);
      const content = page.body.content as string;
      expect(content).toContain(c.quote);
      expect(Array.from(content).slice(c.startOffset, c.endOffset).join("")).toBe(c.quote);
    }
    return done;
  }

  it("cites the right sentence of the right page", async () => {
    const founded = await answer([user("When was Quire Industries founded?")]);
    expect(founded.text).toBe("The company Quire Industries was founded in Lisbon. [1]");
    expect(founded.citations).toMatchObject([{ documentId: annual, fileName: "annual.pdf", page: 1 }]);

    const north = await answer([user("What was the revenue of the North region?")]);
    expect(north.citations.map((c) => [c.documentId, c.page, c.quote])).toEqual([
      [report, 1, "| North | 1,200 | 4% |"],
    ]);
    // The question names one column: the row's label and that cell, the citation the whole row.
    expect(north.text).toBe("North, Revenue: 1,200. [1]");

    const south = await answer([
      user("What was the revenue of the North region?"),
      assistant(north.text),
      user("and in the South?"),
    ]);
    expect(south.citations.map((c) => c.quote)).toEqual(["| South | 950 | 7% |"]);
  });

  it("cites nothing when the documents do not tell", async () => {
    const none = await answer([user("What is the capital of France?")]);
    expect(none.citations).toEqual([]);
    expect(none.text).toMatch(/do not contain an answer/);
  });
});
