-- Stored files: PDFs an account keeps for hosting, conversion or a workflow. Storing one starts
-- no parsing. A presigned upload is a file in status 'pending' (with its upload id and expiry)
-- until it is finalized ('ready'); pending ones past their expiry are swept with their bytes.

CREATE TABLE "files" (
  "id"           TEXT NOT NULL PRIMARY KEY,
  "account_id"   TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "file_name"    TEXT NOT NULL,
  "content_type" TEXT NOT NULL,
  "size_bytes"   BIGINT NOT NULL,
  "sha256"       TEXT NOT NULL,
  "pages"        INTEGER,
  "status"       TEXT NOT NULL CHECK ("status" IN ('pending', 'ready')),
  "blob_key"     TEXT NOT NULL,
  "upload_id"    TEXT,
  -- The local store's upload URL carries a secret token; only its SHA-256 is kept. Cleared once
  -- the bytes have arrived, so the URL serves one upload.
  "upload_token_hash" TEXT,
  "expires_at"   TIMESTAMPTZ(3),
  "created_at"   TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at"   TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "files_upload_id_key" ON "files"("upload_id");
-- The account's list, newest first, paged by (created_at, id).
CREATE INDEX "files_account_id_created_at_id_idx" ON "files"("account_id", "created_at" DESC, "id");
-- The sweep of expired pending uploads.
CREATE INDEX "files_status_expires_at_idx" ON "files"("status", "expires_at");

-- A document parsed from a stored file records it; deleting the file leaves the document (it
-- keeps its own copy of the bytes).
ALTER TABLE "documents" ADD COLUMN "source_file_id" TEXT REFERENCES "files"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "documents_source_file_id_idx" ON "documents"("source_file_id");
