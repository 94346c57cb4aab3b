-- The page an extraction attempt began at, and how many attempts began there: an attempt whose
-- worker died leaves it behind, and a page that several attempts began but none finished is
-- skipped (recorded as failed) instead of killing worker after worker.
-- {"generation": int, "page": int, "attempts": int}
ALTER TABLE "documents" ADD COLUMN "reading_attempt" JSONB;
