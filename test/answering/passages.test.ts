import { describe, expect, it } from "vitest";
import {
  PASSAGE_MAX,
  PASSAGE_MIN,
  type Passage,
  splitPassages,
  textSearchConfigFor,
  textSearchConfigOfDocument,
} from "../../src/core/answering/passages.ts";
import { parseQuery } from "../../src/core/answering/search-passages.ts";

const words = (n: number, w = "word") => `${Array.from({ length: n }, (_, i) => `${w}${i}`).join(" ")}.`;
/** The markdown a passage's offsets point at (offsets count code points). */
const slice = (md: string, p: Passage) => Array.from(md).slice(p.start, p.end).join("");

/** What must hold for every page: order, coverage, sizes, tables whole. */
function expectWellFormed(md: string, passages: Passage[]) {
  passages.forEach((p, i) => {
    expect(p.position).toBe(i);
    expect(p.end).toBeGreaterThan(p.start);
    if (i > 0) expect(p.start).toBeGreaterThanOrEqual((passages[i - 1] as Passage).end);
    const own = slice(md, p);
    expect(own.trim()).toBe(own);
    if (p.kind === "text") {
      expect(p.text).toBe(own);
      expect(p.text.length).toBeLessThanOrEqual(PASSAGE_MAX);
    } else {
      // A table part: whole rows of the page, its own ones at the end of its text, after what it
      // stands under (a heading line made of lines of the page).
      expect(p.text.endsWith(own)).toBe(true);
      const lines = new Set(md.split("\n").map((l) => l.trim()));
      for (const line of p.text.split("\n"))
        if (!line.startsWith("#### ")) expect(lines.has(line.trim()), line).toBe(true);
    }
  });
  // Every character of the page but spaces is in exactly one passage's own span.
  const covered = passages.map((p) => slice(md, p)).join("");
  expect(covered.replace(/\s+/g, "")).toBe(md.replace(/\s+/g, ""));
}

describe("splitPassages", () => {
  it("gives nothing for an empty page and one passage for a short one", () => {
    expect(splitPassages("")).toEqual([]);
    expect(splitPassages(" \n\n  \n")).toEqual([]);
    const md = "\n# Title\n\nOne short paragraph.\n";
    expect(splitPassages(md)).toEqual([
      { position: 0, start: 1, end: 30, text: "# Title\n\nOne short paragraph.", kind: "text" },
    ]);
  });

  it("gathers paragraphs up to the maximum and starts a new passage at a heading", () => {
    const paras = Array.from({ length: 12 }, (_, i) => words(50, `p${i}w`));
    const md = [...paras.slice(0, 6), "## Second section", ...paras.slice(6)].join("\n\n");
    const passages = splitPassages(md);
    expectWellFormed(md, passages);
    expect(passages.length).toBeGreaterThan(2);
    for (const p of passages.slice(0, -1)) expect(p.text.length).toBeGreaterThanOrEqual(PASSAGE_MIN);
    // Paragraphs are never cut when they fit.
    for (const para of paras) expect(passages.some((p) => p.text.includes(para))).toBe(true);
    expect(passages.filter((p) => p.text.startsWith("## Second section"))).toHaveLength(1);
  });

  it("cuts a paragraph too long for one passage at sentence ends, into pieces of like size", () => {
    const sentences = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} says something plain.`);
    const md = sentences.join(" ");
    const passages = splitPassages(md);
    expectWellFormed(md, passages);
    expect(passages).toHaveLength(2);
    for (const p of passages) expect(p.text).toMatch(/^Sentence number \d+ .*plain\.$/);
    const [a, b] = passages.map((p) => p.text.length) as [number, number];
    expect(Math.abs(a - b)).toBeLessThan(100);
  });

  it("cuts a run with no spaces at the maximum, never inside a surrogate pair", () => {
    const md = "😀".repeat(1000);
    const passages = splitPassages(md);
    expectWellFormed(md, passages);
    for (const p of passages) expect(p.text).toMatch(/^(😀)+$/u);
  });

  it("keeps a table apart, in whole rows, repeating its header in each later part", () => {
    const rows = Array.from(
      { length: 80 },
      (_, i) => `| Item ${i} | ${"detail ".repeat(3).trim()} | ${i * 10} |`,
    );
    const table = ["| Item | Detail | Amount |", "| --- | --- | --- |", ...rows].join("\n");
    const md = `Intro paragraph before the table:\n\n${table}\n\nClosing remark.`;
    const passages = splitPassages(md);
    expectWellFormed(md, passages);
    const parts = passages.filter((p) => p.kind === "table");
    expect(parts.length).toBeGreaterThan(1);
    // Each part starts with what the table stands under (the short line before it, its title),
    // as a heading line, then the header.
    for (const p of parts) {
      expect(
        p.text.startsWith(
          "#### Intro paragraph before the table:\n| Item | Detail | Amount |\n| --- | --- | --- |\n",
        ),
      ).toBe(true);
      expect(p.text.length).toBeLessThanOrEqual(PASSAGE_MAX);
    }
    // Each row in exactly one part, in order.
    const seen = parts.flatMap((p) => p.text.split("\n").slice(3));
    expect(seen).toEqual(rows);
    expect(passages[0]).toMatchObject({ kind: "text", text: "Intro paragraph before the table:" });
    expect(passages.at(-1)).toMatchObject({ kind: "text", text: "Closing remark." });
  });

  it("starts a table's passages with its title and the heading it stands under, not with a paragraph", () => {
    const table = ["| Server | 2011 |", "| --- | --- |", "| Mid-range | 7,185 |"].join("\n");
    const titled = splitPassages(
      `## Projections\n\nTable 4. Projected use of servers\n\n#### Alternative scenarios\n\n${table}`,
    );
    expect(titled.find((p) => p.kind === "table")?.text).toBe(
      `#### Table 4. Projected use of servers Alternative scenarios\n${table}`,
    );
    const long = `${"A paragraph that says a great deal before the table comes. ".repeat(5)}\n\n${table}`;
    expect(splitPassages(`## Section\n\n${long}`).find((p) => p.kind === "table")?.text).toBe(
      `#### Section\n${table}`,
    );
    expect(splitPassages(table)[0]?.text).toBe(table);
    // A sentence before a table is a statement of its own, not the table's title.
    expect(splitPassages(`Revenue grew by 8%.\n\n${table}`).find((p) => p.kind === "table")?.text).toBe(
      table,
    );
  });

  it("never splits a table row, even one longer than a passage", () => {
    const long = `| ${"x".repeat(1500)} | y |`;
    const md = ["| a | b |", "| --- | --- |", "| 1 | 2 |", long, "| 3 | 4 |"].join("\n");
    const passages = splitPassages(md);
    expectWellFormed(md, passages);
    expect(passages.some((p) => p.text.endsWith(long))).toBe(true);
  });

  it("counts offsets in code points", () => {
    const md = `😀 ${words(100, "a")}\n\n## Next 😀\n\n${words(100, "b")}`;
    const passages = splitPassages(md);
    expect(passages).toHaveLength(2);
    expectWellFormed(md, passages);
    const second = passages[1] as Passage;
    expect(second.start).toBe(Array.from(md.slice(0, md.indexOf("## Next"))).length);
  });

  it("holds its promises on many generated pages", () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let page = 0; page < 200; page++) {
      const blocks: string[] = [];
      for (let b = rnd(8); b >= 0; b--) {
        const kind = rnd(6);
        if (kind === 0) blocks.push(`## Heading ${b}`);
        else if (kind === 1) {
          const cols = 1 + rnd(4);
          const row = (r: number) =>
            `| ${Array.from({ length: cols }, (_, c) => `c${r}x${c} ${"v".repeat(rnd(60))}`).join(" | ")} |`;
          blocks.push(
            [
              row(0),
              `| ${Array(cols).fill("---").join(" | ")} |`,
              ...Array.from({ length: rnd(40) }, (_, r) => row(r + 1)),
            ].join("\n"),
          );
        } else {
          const sentences = Array.from(
            { length: 1 + rnd(30) },
            () => `${words(3 + rnd(20), "t").slice(0, -1)}${".!?"[rnd(3)]}`,
          );
          blocks.push(sentences.join(rnd(5) === 0 ? "\n" : " "));
        }
      }
      const md = blocks.join("\n\n");
      expectWellFormed(md, splitPassages(md));
    }
  });
});

describe("text search configurations", () => {
  it("follow the document's language, and are simple otherwise", () => {
    expect(textSearchConfigFor("en")).toBe("english");
    expect(textSearchConfigFor("de")).toBe("german");
    expect(textSearchConfigFor("pt-BR")).toBe("portuguese");
    expect(textSearchConfigFor("NL")).toBe("dutch");
    for (const [lang, cfg] of Object.entries({ fr: "french", es: "spanish", it: "italian", ru: "russian" }))
      expect(textSearchConfigFor(lang)).toBe(cfg);
    expect(textSearchConfigFor("ja")).toBe("simple");
    expect(textSearchConfigFor(null)).toBe("simple");
    expect(textSearchConfigOfDocument({ title: "x", language: "de-AT" })).toBe("german");
    expect(textSearchConfigOfDocument({})).toBe("simple");
    expect(textSearchConfigOfDocument({ language: 7 })).toBe("simple");
    expect(textSearchConfigOfDocument(null)).toBe("simple");
  });
});

describe("parseQuery", () => {
  it("matches the last word as a prefix when it may still be being typed", () => {
    expect(parseQuery("quarterly reven")).toEqual({
      kind: "prefix",
      rest: "quarterly ",
      prefix: "reven",
      join: "and",
    });
    expect(parseQuery("  Häuser ")).toEqual({ kind: "prefix", rest: "", prefix: "Häuser", join: "and" });
    expect(parseQuery("lisbon or mor")).toEqual({
      kind: "prefix",
      rest: "lisbon",
      prefix: "mor",
      join: "or",
    });
    expect(parseQuery('"net payment" ter')).toMatchObject({
      kind: "prefix",
      rest: '"net payment" ',
      prefix: "ter",
    });
    expect(parseQuery("covid-2019")).toMatchObject({ kind: "prefix", rest: "covid-", prefix: "2019" });
  });

  it("leaves quoted phrases, exclusions and a trailing or as they are", () => {
    for (const q of [
      '"net payment terms"',
      '"net payment',
      "payment -auditors",
      "-auditors",
      "lisbon or",
      "total.",
    ])
      expect(parseQuery(q)).toEqual({ kind: "plain", query: q });
  });
});
