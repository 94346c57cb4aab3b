import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { letterQuestion, readLetterPart } from "../../src/core/answering/letter-answer.ts";
import { uploadAndWait } from "../support/documents.ts";
import { call } from "../support/http.ts";
import type { TestServer } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// The letter reader over page markdown as extraction writes it: a letter whose address block and
// signature were each set on one line, a memo whose header fields are a two-column table, and an
// article with its byline at the end of its standfirst.

const letter = [
  "### Harbour Lettings Ltd",
  "2 Quay Street, Bristol BS1 4QA",
  "Mr Tomas Vale Finance Manager Pier Bakery Unit 9, Canon Wharf Bristol BS1 6WP",
  "14 March 2026",
  "#### Re: Your deposit",
  "Dear Mr Vale,",
  "We return your deposit of £2,000 in full.",
  "Yours faithfully,",
  "Priya Nandakumar Senior Lettings Officer",
].join("\n\n");
const memo = [
  "## MEMORANDUM",
  "| To: | All ward managers |\n| --- | --- |\n| From: | Dr. Lena Ortiz, Director of Nursing |\n| Date: | 2 May 2026 |",
  "Night shifts change from June.",
].join("\n\n");
const article =
  "# Rivers in the City\n\n### Three streams are coming back to daylight. By Ruth Adeyemi\n\nThe council opened the first culvert in May.";
const pages = (markdown: string) => [{ pageNumber: 1, markdown }];

describe("the letter reader", () => {
  it("takes questions about who sent a document, to whom and when, and no others", () => {
    expect(letterQuestion("Who sent this letter?")).toEqual({ part: "sender", noun: "letter" });
    expect(letterQuestion("Who wrote the article?")).toEqual({ part: "sender", noun: "article" });
    expect(letterQuestion("To whom was the memo sent?")).toEqual({ part: "recipient", noun: "memo" });
    expect(letterQuestion("When was the letter written?")).toEqual({ part: "date", noun: "letter" });
    expect(letterQuestion("Who carried out the study?")).toBeNull();
    expect(letterQuestion("Who signed the contracts for the Ministry?")).toBeNull();
  });

  it("reads a letter's signature, the address line of the person greeted, and its date line", () => {
    expect(readLetterPart(pages(letter), "sender")).toMatchObject({
      value: "Priya Nandakumar, Senior Lettings Officer",
      quote: "Priya Nandakumar Senior Lettings Officer",
    });
    expect(readLetterPart(pages(letter), "recipient")?.value).toBe("Mr Tomas Vale");
    expect(readLetterPart(pages(letter), "date")?.value).toBe("14 March 2026");
  });

  it("reads a memo's header fields and an article's byline, and finds nothing where none is", () => {
    expect(readLetterPart(pages(memo), "sender")?.value).toBe("Dr. Lena Ortiz, Director of Nursing");
    expect(readLetterPart(pages(memo), "recipient")?.value).toBe("All ward managers");
    expect(readLetterPart(pages(memo), "date")?.value).toBe("2 May 2026");
    expect(readLetterPart(pages(article), "sender")?.value).toBe("Ruth Adeyemi");
    expect(readLetterPart(pages(article), "recipient")).toBeUndefined();
    expect(readLetterPart(pages("# Pump manual\n\nFill the tank."), "sender")).toBeUndefined();
  });
});

// The same reader through the service: a real PDF (bench/answers-second's letter, set by ReportLab
// with a letterhead, an address block, a date line and a signature under "Yours sincerely,") is
// uploaded, extracted, and asked through POST /v1/documents/{id}/chat/completions, so the reader
// meets the markdown extraction really writes, and each answer's citation must quote that page.
describe("the letter reader through chat completions on a PDF", () => {
  const pdf = path.resolve(import.meta.dirname, "../../bench/answers-second/letter-quayside-lease.pdf");
  let server: TestServer;
  let t: Tenant;
  let doc: { id: string; phase: string };

  beforeAll(async () => {
    server = await sharedTestServer();
    t = await createTenant(server.url);
    doc = await uploadAndWait(server.url, t.secret, readFileSync(pdf), "letter.pdf");
    expect(doc.phase).toBe("complete");
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const ask = async (question: string) => {
    const r = await call(server.url, "POST", `/v1/documents/${doc.id}/chat/completions`, {
      key: t.secret,
      json: { model: "default", messages: [{ role: "user", content: question }] },
    });
    expect(r.status, r.text).toBe(200);
    return r.body;
  };
  // Every citation quotes the page's markdown as the service serves it.
  const expectQuoted = async (citation: { document_id: string; page: number; quote: string }) => {
    expect(citation).toMatchObject({ document_id: doc.id, page: 1 });
    const page = await call(server.url, "GET", `/v1/documents/${doc.id}/pages/1/markdown`, {
      key: t.secret,
    });
    expect(page.text).toContain(citation.quote);
  };

  it("answers who sent it with the signature's name and title, cited on the signature line", async () => {
    const r = await ask("Who sent this letter?");
    expect(r.choices[0].message.content).toMatch(
      /^The letter is from Daniel Okafor, Head of Commercial Lettings\. \[1\]$/,
    );
    expect(r.citations).toHaveLength(1);
    expect(r.citations[0].quote).toContain("Daniel Okafor");
    await expectQuoted(r.citations[0]);
  });

  it("answers to whom with the person the salutation greets, not the firm under the name", async () => {
    const r = await ask("Who is the letter addressed to?");
    const content = r.choices[0].message.content as string;
    expect(content).toContain("Imogen Trask");
    expect(content).not.toContain("Halyard");
    expect(r.citations[0].quote).toContain("Imogen Trask");
    await expectQuoted(r.citations[0]);
  });

  it("answers when with the date line, and leaves other questions to the passages", async () => {
    const r = await ask("When was the letter written?");
    expect(r.choices[0].message.content).toContain("9 October 2026");
    await expectQuoted(r.citations[0]);
    // A question about the letter's content is not a letter part: the passage engine answers it.
    const rent = await ask("What will the annual rent be under the new lease?");
    expect(rent.choices[0].message.content).toContain("£28,400");
    expect(rent.choices[0].message.content).not.toMatch(/^The letter is/);
  });

  it("answers what the letter is about with its subject line, then how its body begins", async () => {
    const r = await ask("What is the letter about?");
    const content = r.choices[0].message.content as string;
    expect(content).toMatch(
      /^It is about Renewal of the lease on Unit 3, Wapping Wharf\. \[1\] It begins: Thank you/,
    );
    expect(content).not.toContain("Imogen"); // not the address block above the subject
    expect(r.citations[0].quote).toContain("Re: Renewal of the lease");
    for (const c of r.citations) await expectQuoted(c);
  });
});
