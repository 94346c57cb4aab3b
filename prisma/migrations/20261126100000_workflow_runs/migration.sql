-- Runs of a workflow over documents (the built-in invoice-extraction one today). A run is
-- created with its documents (uploaded with it, reused, or parsed from stored files), then read
-- by a worker once each document is parsed. Each document of a run keeps what was read from it:
-- the data, where each value was read (sources) and the arithmetic checks.

CREATE TABLE "runs" (
  "id"          TEXT NOT NULL PRIMARY KEY,
  "account_id"  TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "workflow"    TEXT NOT NULL,
  "status"      TEXT NOT NULL CHECK ("status" IN ('queued', 'running', 'succeeded', 'needs_review', 'failed')),
  -- The run's options as given: {locale, currency}.
  "options"     JSONB NOT NULL DEFAULT '{}',
  "error"       TEXT,
  "created_at"  TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at"  TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "finished_at" TIMESTAMPTZ(3)
);
-- The account's list, newest first, paged by (created_at, id).
CREATE INDEX "runs_account_id_created_at_id_idx" ON "runs"("account_id", "created_at" DESC, "id");

CREATE TABLE "run_documents" (
  "run_id"      TEXT NOT NULL REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "position"    INTEGER NOT NULL,
  -- The document read; null once deleted (what was read from it stays).
  "document_id" TEXT REFERENCES "documents"("id") ON DELETE SET NULL ON UPDATE CASCADE,
  -- The stored file it was parsed from, when the run was given file ids.
  "file_id"     TEXT REFERENCES "files"("id") ON DELETE SET NULL ON UPDATE CASCADE,
  "file_name"   TEXT NOT NULL,
  "status"      TEXT NOT NULL CHECK ("status" IN ('queued', 'parsing', 'succeeded', 'needs_review', 'failed')),
  "data"        JSONB,
  "sources"     JSONB,
  "checks"      JSONB,
  "error"       TEXT,
  PRIMARY KEY ("run_id", "position")
);
-- "Is this document or file used by a live run?", asked when one is deleted.
CREATE INDEX "run_documents_document_id_idx" ON "run_documents"("document_id");
CREATE INDEX "run_documents_file_id_idx" ON "run_documents"("file_id");
