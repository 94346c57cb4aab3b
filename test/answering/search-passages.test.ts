import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PassageHit, searchPassages } from "../../src/core/answering/search-passages.ts";
import { uploadAndWait, waitForTerminal } from "../support/documents.ts";
import { call } from "../support/http.ts";
import { annualReportPdf, reportPdf, textPdf } from "../support/pdfs.ts";
import type { TestServer } from "../support/server.ts";
import { sharedTestServer } from "../support/shared-server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// Passages are written as pages are extracted, through the real server and worker, and found
// again with searchPassages against the same database.

let server: TestServer;
let t: Tenant;
let facts: string;

const pages = (hits: PassageHit[]) => hits.map((h) => `${h.documentId}#${h.pageNumber}`);

async function search(
  query: string,
  documentIds: string[],
  opts: { accountId?: string; headline?: boolean; fileNames?: boolean } = {},
) {
  return searchPassages(server.services.db, { accountId: t.accountId, documentIds, query, ...opts });
}

async function passageRows(id: string) {
  const { rows } = await server.services.db.pool.query<{
    generation: number;
    page_number: number;
    position: number;
    start_offset: number;
    end_offset: number;
    text: string;
    ts_config: string;
    own: string;
  }>(
    `SELECT p.generation, p.page_number, p.position, p.start_offset, p.end_offset, p.text, p.ts_config,
            substring(pg.markdown FROM p.start_offset + 1 FOR p.end_offset - p.start_offset) AS own
     FROM passages p JOIN pages pg USING (document_id, generation, page_number)
     WHERE p.document_id = $1 ORDER BY p.generation, p.page_number, p.position`,
    [id],
  );
  return rows;
}

beforeAll(async () => {
  server = await sharedTestServer();
  t = await createTenant(server.url);
  const doc = await uploadAndWait(server.url, t.secret, await annualReportPdf());
  expect(doc.phase).toBe("complete");
  facts = doc.id;
});
afterAll(async () => {
  await server?.close();
});

describe("passages written with the pages", () => {
  it("cover every page, remember where they stand, and are indexed with the simple configuration by default", async () => {
    const rows = await passageRows(facts);
    expect(rows.map((r) => r.page_number)).toEqual([1, 2, 3]);
    for (const r of rows) {
      expect(r).toMatchObject({ generation: 1, position: 0, ts_config: "simple" });
      expect(r.text).toBe(r.own);
    }
    expect(rows[1]?.text).toContain("Total revenue reached 4,500,000 euros");
  });

  it("keep a table apart as rows of its own", async () => {
    const doc = await uploadAndWait(server.url, t.secret, await reportPdf());
    const rows = await passageRows(doc.id);
    const table = rows.find((r) => r.own.startsWith("| Region |"));
    expect(table?.text).toContain("| South | 950 | 7% |");
    expect(table?.text).not.toContain("Revenue grew");
    // The table's passage is indexed with the heading it stands under before its own rows.
    expect(table?.text).toBe(`#### Quarterly Report\n${table?.own}`);
    for (const r of rows) if (r !== table) expect(r.text).toBe(r.own);
    const [hit] = await search("south", [doc.id]);
    expect(hit).toMatchObject({
      documentId: doc.id,
      pageNumber: 1,
      position: table ? rows.indexOf(table) : -1,
    });
  });
});

describe("searchPassages", () => {
  it("finds the page and passage that hold a fact, with offsets into the page markdown", async () => {
    const hits = await search("revenue 2025", [facts], { headline: true });
    expect(pages(hits)).toEqual([`${facts}#2`]);
    const [hit] = hits;
    expect(hit?.text).toContain("4,500,000 euros");
    expect(hit?.rank).toBeGreaterThan(0);
    expect(hit?.rank).toBeLessThan(1);
    expect(hit?.headline).toMatch(/\*\*revenue\*\*/i);
    const page = await call(server.url, "GET", `/v1/documents/${facts}/pages/2`, { key: t.secret });
    expect(
      Array.from(page.body.content as string)
        .slice(hit?.startOffset, hit?.endOffset)
        .join(""),
    ).toBe(hit?.text);
  });

  it("matches the last word as a prefix", async () => {
    expect(pages(await search("moreau partn", [facts]))).toEqual([`${facts}#3`]);
    expect(pages(await search("headquar", [facts]))).toEqual([`${facts}#1`]);
    expect(pages(await search("invoi", [facts]))).toEqual([`${facts}#2`]);
    // Only the last word: "headquar" in the middle must match whole.
    expect(await search("headquar porto", [facts])).toEqual([]);
  });

  it("matches quoted phrases in order, or and -exclusion", async () => {
    expect(pages(await search('"net payment terms"', [facts]))).toEqual([`${facts}#2`]);
    // The same words, not as a phrase: page 3 has them too.
    expect(pages(await search("net payment terms", [facts])).sort()).toEqual([`${facts}#2`, `${facts}#3`]);
    expect(pages(await search("payment -auditors", [facts]))).toEqual([`${facts}#2`]);
    expect(pages(await search("lisbon or auditors", [facts])).sort()).toEqual([`${facts}#1`, `${facts}#3`]);
    expect(pages(await search("lisbon or audit", [facts])).sort()).toEqual([`${facts}#1`, `${facts}#3`]);
    // Nothing an index could look up: no answer, not every passage.
    expect(await search("-lisbon", [facts])).toEqual([]);
    expect(await search('  " ', [facts])).toEqual([]);
    // NUL, which PostgreSQL text cannot hold, reads as a space.
    expect(await search("lisbon\u0000", [facts])).toHaveLength(1);
  });

  it("searches across documents, ranks, limits, and never crosses accounts", async () => {
    const other = await uploadAndWait(
      server.url,
      t.secret,
      await textPdf([["Lisbon, Lisbon and Lisbon again: the Lisbon office closed in 2024."]]),
    );
    const both = await search("lisbon", [facts, other.id, "doc-0000000000000000"]);
    expect(pages(both)).toEqual([`${other.id}#1`, `${facts}#1`]);
    expect((both[0] as PassageHit).rank).toBeGreaterThan((both[1] as PassageHit).rank);
    expect(
      pages(
        await searchPassages(server.services.db, {
          documentIds: [facts, other.id],
          query: "lisbon",
          limit: 1,
        }),
      ),
    ).toEqual([`${other.id}#1`]);
    // Past maxCandidates matches, only that many are ranked.
    expect(
      await searchPassages(server.services.db, {
        documentIds: [facts, other.id],
        query: "lisbon",
        limit: 1,
        maxCandidates: 1,
      }),
    ).toHaveLength(1);
    const stranger = await createTenant(server.url, "stranger");
    expect(
      await searchPassages(server.services.db, {
        accountId: stranger.accountId,
        documentIds: [facts, other.id],
        query: "lisbon",
      }),
    ).toEqual([]);
    expect(await search("lisbon", [])).toEqual([]);
  });

  it("reads only the active generation", async () => {
    // What a reparse in progress writes: passages of a newer generation, not active yet.
    await server.services.db.pool.query(
      `INSERT INTO passages (document_id, generation, page_number, position, start_offset, end_offset, text, ts_config)
       VALUES ($1, 2, 1, 0, 0, 22, 'An unpublished zeppelin', 'simple')`,
      [facts],
    );
    expect(await search("zeppelin", [facts])).toEqual([]);
    await server.services.db.pool.query("DELETE FROM passages WHERE document_id = $1 AND generation = 2", [
      facts,
    ]);
  });
});

describe("a German document", () => {
  it("is indexed with the german configuration after its language is set and it is reparsed; the old passages go", async () => {
    const doc = await uploadAndWait(
      server.url,
      t.secret,
      await textPdf([
        ["Das Haus steht am Marktplatz der Altstadt."],
        ["Die Preise der Wohnungen steigen jedes Jahr."],
      ]),
    );
    // Indexed as "simple" first: no stemming, so the plural does not find the singular.
    expect(await search("Häuser", [doc.id])).toEqual([]);
    expect(pages(await search("Haus", [doc.id]))).toEqual([`${doc.id}#1`]);

    const put = await call(server.url, "PUT", `/v1/documents/${doc.id}/config`, {
      key: t.secret,
      json: { language: "de" },
    });
    expect(put.status, put.text).toBe(200);
    expect(
      (await call(server.url, "POST", `/v1/documents/${doc.id}/reparse`, { key: t.secret })).status,
    ).toBe(202);
    expect((await waitForTerminal(server.url, t.secret, doc.id)).phase).toBe("complete");

    const rows = await passageRows(doc.id);
    expect(rows.map((r) => [r.generation, r.page_number, r.ts_config])).toEqual([
      [2, 1, "german"],
      [2, 2, "german"],
    ]);
    // The german snowball stemmer takes Häuser, Hauses and Haus to one stem, "haus".
    for (const q of ["Häuser", "Hauses", "Haus"])
      expect(pages(await search(q, [doc.id]))).toEqual([`${doc.id}#1`]);
    expect(pages(await search("Wohnung Preis", [doc.id]))).toEqual([`${doc.id}#2`]);
    // German stop words are not searchable on their own.
    expect(await search("der die das", [doc.id])).toEqual([]);
  });
});

describe("deleting a document", () => {
  it("removes its passages", async () => {
    const doc = await uploadAndWait(
      server.url,
      t.secret,
      await textPdf([["Ephemeral content about kumquats."]]),
    );
    expect(pages(await search("kumquats", [doc.id]))).toEqual([`${doc.id}#1`]);
    expect((await call(server.url, "DELETE", `/v1/documents/${doc.id}`, { key: t.secret })).status).toBe(200);
    const { rows } = await server.services.db.pool.query(
      "SELECT count(*)::int AS n FROM passages WHERE document_id = $1",
      [doc.id],
    );
    expect(rows[0].n).toBe(0);
    expect(await search("kumquats", [doc.id])).toEqual([]);
  });
});

describe('searchPassages, match "any"', () => {
  const any = (query: string, documentIds: string[], opts: { limit?: number; maxCandidates?: number } = {}) =>
    searchPassages(server.services.db, { accountId: t.accountId, documentIds, query, match: "any", ...opts });

  it("finds passages holding any word of a question, those holding more distinct words first", async () => {
    const loud = await uploadAndWait(
      server.url,
      t.secret,
      await textPdf([["Lisbon! Lisbon, Lisbon and Lisbon: the word Lisbon fills this Lisbon page."]]),
      "loud.pdf",
    );
    const question = "When was the company founded in Lisbon?";
    // Every word required: no passage has them all.
    expect(await search(question, [facts, loud.id])).toEqual([]);
    const hits = await any(question, [facts, loud.id]);
    expect(pages(hits)).toEqual([`${facts}#1`, `${loud.id}#1`]);
    // company, founded, lisbon; "when", "was", "the" and "in" are English stop words, left out
    // although the documents are indexed with the simple configuration.
    expect(hits.map((h) => h.matched)).toEqual([3, 1]);
    // By ts_rank_cd alone the page saying Lisbon six times would come first.
    expect((hits[1] as PassageHit).rank).toBeGreaterThan((hits[0] as PassageHit).rank);
    // Words in any order, none needing the others.
    expect(pages(await any("auditors headquarters invoice", [facts])).sort()).toEqual(
      [1, 2, 3].map((n) => `${facts}#${n}`),
    );
    expect(pages(await any("auditors headquarters invoice", [facts], { limit: 1 }))).toHaveLength(1);
  });

  it("looks up nothing for a question of stop words only, and reads quotes and backslashes as text", async () => {
    expect(await any("What was it, and where?", [facts])).toEqual([]);
    expect(await any("  ?! ", [facts])).toEqual([]);
    // A one-letter word has no candidates of its own, but does not make the others required.
    expect(pages(await any("Lisbon, x?", [facts]))).toEqual([`${facts}#1`]);
    expect(pages(await any(`O'Brien's "Porto" back\\slash 'x' -y:* & | !`, [facts]))).toEqual([`${facts}#1`]);
  });

  it("has no prefix matching and no operators", async () => {
    expect(await any("headquar", [facts])).toEqual([]);
    // "-lisbon" is the word lisbon, not an exclusion.
    expect(pages(await any("-lisbon", [facts]))).toEqual([`${facts}#1`]);
  });

  it("keeps the passages of a rare word when a common one fills the cap", async () => {
    const harbour = await uploadAndWait(
      server.url,
      t.secret,
      await textPdf([
        ...Array.from({ length: 6 }, (_, i) => [`Ships entered the harbour on day ${i + 1}.`]),
        ["A zeppelin, then a second zeppelin, flew over the town."],
      ]),
    );
    // Four candidates in all: had the words been OR-ed into one scan, the first four harbour
    // pages read would have filled it; the rare word has candidates of its own.
    const hits = await any("Did a zeppelin fly over the harbour?", [harbour.id], {
      maxCandidates: 4,
      limit: 2,
    });
    expect(pages(hits)[0]).toBe(`${harbour.id}#7`);
    expect(hits.map((h) => h.matched)).toEqual([1, 1]);
  });

  it("returns file names and headlines when asked", async () => {
    const doc = await uploadAndWait(
      server.url,
      t.secret,
      await textPdf([["The orchard grows apples and pears."]]),
      "orchard-notes.pdf",
    );
    const [hit] = await searchPassages(server.services.db, {
      documentIds: [doc.id],
      query: "Which fruit does the orchard grow, apples?",
      match: "any",
      fileNames: true,
      headline: true,
    });
    expect(hit).toMatchObject({ fileName: "orchard-notes.pdf", pageNumber: 1, matched: 2 });
    expect(hit?.headline).toMatch(/\*\*orchard\*\*.*\*\*apples\*\*/);
    const [plain] = await search("orchard", [doc.id]);
    expect(plain?.fileName).toBeUndefined();
    expect((await search("orchard", [doc.id], { fileNames: true }))[0]?.fileName).toBe("orchard-notes.pdf");
  });
});

describe("searchPassages in a collection", () => {
  const db = () => server.services.db;
  const addCollection = async (id: string, accountId: string, documentIds: string[]) => {
    await db().pool.query("INSERT INTO collections (id, account_id, name) VALUES ($1, $2, $1)", [
      id,
      accountId,
    ]);
    for (const d of documentIds)
      await db().pool.query("INSERT INTO collection_documents (collection_id, document_id) VALUES ($1, $2)", [
        id,
        d,
      ]);
  };

  it("searches the members of the collection, and nothing of another account", async () => {
    const inside = await uploadAndWait(
      server.url,
      t.secret,
      await textPdf([["The lighthouse keeper logs every storm."], ["Nothing about the sea here."]]),
    );
    const outside = await uploadAndWait(
      server.url,
      t.secret,
      await textPdf([["Another lighthouse stands on the northern cape."]]),
    );
    await addCollection("col_test_light", t.accountId, [inside.id, facts]);
    const inCollection = (
      query: string,
      opts: { accountId?: string; match?: "any" } = {},
      id = "col_test_light",
    ) => searchPassages(db(), { collectionId: id, query, accountId: t.accountId, ...opts });

    expect(pages(await inCollection("lighthouse"))).toEqual([`${inside.id}#1`]);
    expect(pages(await inCollection("Where does the lighthouse keeper live?", { match: "any" }))).toEqual([
      `${inside.id}#1`,
    ]);
    expect(pages(await inCollection("lisbon"))).toEqual([`${facts}#1`]);
    // The document outside the collection is found by id, not through the collection.
    expect(pages(await search("lighthouse", [outside.id]))).toEqual([`${outside.id}#1`]);
    expect(await inCollection("northern cape")).toEqual([]);
    expect(await inCollection("lighthouse", {}, "col_test_missing")).toEqual([]);

    // Another account's key reaches neither this collection nor, through a collection of its own
    // that lists them, this account's documents.
    const stranger = await createTenant(server.url, "collector");
    expect(await inCollection("lighthouse", { accountId: stranger.accountId })).toEqual([]);
    await addCollection("col_test_stranger", stranger.accountId, [inside.id]);
    expect(await inCollection("lighthouse", { accountId: stranger.accountId }, "col_test_stranger")).toEqual(
      [],
    );
    expect(
      await inCollection("lighthouse", { accountId: stranger.accountId, match: "any" }, "col_test_stranger"),
    ).toEqual([]);
    // A document of the stranger's own put in this account's collection is not searched with the
    // stranger's account either: the collection is not theirs.
    const theirs = await uploadAndWait(
      server.url,
      stranger.secret,
      await textPdf([["A lighthouse of the stranger's own."]]),
    );
    await addCollection("col_test_mixed", t.accountId, [theirs.id]);
    expect(await inCollection("lighthouse", { accountId: stranger.accountId }, "col_test_mixed")).toEqual([]);
    expect(await inCollection("lighthouse", { accountId: t.accountId }, "col_test_mixed")).toEqual([]);
    // Without an account (a trusted caller), a collection's members are what is searched.
    expect(
      pages(await searchPassages(db(), { collectionId: "col_test_stranger", query: "lighthouse" })),
    ).toEqual([`${inside.id}#1`]);
  });

  it("takes a list of documents or a collection, not both", async () => {
    await expect(
      searchPassages(db(), {
        documentIds: [facts],
        collectionId: "col_test_light",
        query: "lisbon",
      } as never),
    ).rejects.toThrow(/not both/);
  });
});
