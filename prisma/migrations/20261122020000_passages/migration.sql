-- Passages: every extracted page cut into paragraph-sized pieces for full-text retrieval
-- (src/core/answering/passages.ts cuts them, src/core/answering/search-passages.ts finds them).
-- Written with their page, in the same transaction; older generations are deleted with the
-- older pages when a new extraction completes; the foreign key removes them with the document.

CREATE TABLE "passages" (
  "document_id"  TEXT NOT NULL REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "generation"   INTEGER NOT NULL,
  "page_number"  INTEGER NOT NULL,
  "position"     INTEGER NOT NULL,
  -- [start_offset, end_offset) of the page markdown, in code points (SQL substring() counts the same way).
  "start_offset" INTEGER NOT NULL,
  "end_offset"   INTEGER NOT NULL,
  "text"         TEXT NOT NULL,
  -- The text search configuration, by name: a regconfig column would hold an OID, and pg_upgrade
  -- refuses tables with regconfig columns. Adding a language means a migration that widens this
  -- list and the expression below alike.
  "ts_config"    TEXT NOT NULL CHECK ("ts_config" IN
                   ('simple', 'english', 'german', 'french', 'spanish', 'portuguese', 'italian', 'dutch', 'russian')),
  -- Generated, so every way rows are written (the extractor, bulk loads for benchmarks) indexes
  -- them the same way. The CASE of constants keeps the expression immutable, as a generated
  -- column requires (a cast from text to regconfig is not).
  "tsv"          TSVECTOR GENERATED ALWAYS AS (to_tsvector(
                   CASE "ts_config"
                     WHEN 'english' THEN 'english'::regconfig
                     WHEN 'german' THEN 'german'::regconfig
                     WHEN 'french' THEN 'french'::regconfig
                     WHEN 'spanish' THEN 'spanish'::regconfig
                     WHEN 'portuguese' THEN 'portuguese'::regconfig
                     WHEN 'italian' THEN 'italian'::regconfig
                     WHEN 'dutch' THEN 'dutch'::regconfig
                     WHEN 'russian' THEN 'russian'::regconfig
                     ELSE 'simple'::regconfig
                   END, "text")) STORED,
  PRIMARY KEY ("document_id", "generation", "page_number", "position"),
  CHECK ("start_offset" >= 0 AND "end_offset" >= "start_offset")
) WITH (toast_tuple_target = 128);
-- A search reads the tsvector of every passage it matches (to recheck and rank it) but the text
-- of the few it returns. So the text goes out of line (any row over 128 bytes) and the tsvector
-- stays in the row (MAIN: out of line only when the row would not fit a page): one heap block
-- per match instead of a heap block and a TOAST lookup, twice as fast on a word in 10% of
-- 300,000 passages (bench/search-passages.ts).
ALTER TABLE "passages" ALTER COLUMN "tsv" SET STORAGE MAIN;
CREATE INDEX "passages_tsv_idx" ON "passages" USING GIN ("tsv");
