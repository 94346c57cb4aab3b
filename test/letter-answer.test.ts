import { describe, expect, it } from "vitest";
import { letterQuestion, readLetterPart } from "../src/core/answering/letter-answer.ts";

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
