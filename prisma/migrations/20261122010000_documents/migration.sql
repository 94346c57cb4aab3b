-- Documents, their pages and tables per extraction generation, and vendor ingest records.

CREATE TABLE "documents" (
  "id"                 TEXT PRIMARY KEY,
  "account_id"         TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "short_hash"         TEXT NOT NULL,
  "file_name"          TEXT NOT NULL,
  "size_bytes"         BIGINT NOT NULL,
  "sha256"             TEXT NOT NULL,
  "blob_key"           TEXT NOT NULL,
  "phase"              TEXT NOT NULL CHECK ("phase" IN ('queued', 'extracting', 'complete', 'awaiting_review', 'error')),
  "pages_total"        INTEGER,
  "pages_completed"    INTEGER NOT NULL DEFAULT 0,
  "error_reason"       TEXT,
  "active_generation"  INTEGER NOT NULL DEFAULT 1,
  "working_generation" INTEGER NOT NULL DEFAULT 1,
  "strategy"           TEXT NOT NULL DEFAULT 'auto',
  "capabilities"       TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
  "config"             JSONB NOT NULL DEFAULT '{}',
  "access"             JSONB NOT NULL,
  "ingest_seq"         INTEGER NOT NULL DEFAULT 0,
  "created_at"         TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at"         TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "completed_at"       TIMESTAMPTZ(3)
);
CREATE UNIQUE INDEX "documents_account_id_short_hash_key" ON "documents"("account_id", "short_hash");
CREATE INDEX "documents_account_id_created_at_id_idx" ON "documents"("account_id", "created_at" DESC, "id");
CREATE INDEX "documents_short_hash_idx" ON "documents"("short_hash");

CREATE TABLE "pages" (
  "document_id" TEXT NOT NULL REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "generation"  INTEGER NOT NULL,
  "page_number" INTEGER NOT NULL,
  "markdown"    TEXT NOT NULL,
  "text"        TEXT NOT NULL,
  "width"       DOUBLE PRECISION NOT NULL,
  "height"      DOUBLE PRECISION NOT NULL,
  "method"      TEXT NOT NULL,
  "created_at"  TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY ("document_id", "generation", "page_number")
);

CREATE TABLE "document_tables" (
  "document_id" TEXT NOT NULL REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "generation"  INTEGER NOT NULL,
  "table_index" INTEGER NOT NULL,
  "page_number" INTEGER NOT NULL,
  "pages"       INTEGER[] NOT NULL,
  "bbox"        DOUBLE PRECISION[] NOT NULL,
  "cells"       JSONB NOT NULL,
  "markdown"    TEXT NOT NULL,
  PRIMARY KEY ("document_id", "generation", "table_index")
);

CREATE TABLE "ingest_records" (
  "document_id"  TEXT NOT NULL REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "seq"          INTEGER NOT NULL,
  "vendor"       TEXT,
  "payload"      JSONB,
  "pdf_sha256"   TEXT,
  "capabilities" JSONB,
  "created_at"   TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY ("document_id", "seq")
);
