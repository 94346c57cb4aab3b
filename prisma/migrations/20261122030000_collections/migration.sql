-- Collections: named groups of an account's documents, queried and exported together.
-- A document may sit in many collections; deleting either side removes the membership only.

CREATE TABLE "collections" (
  "id"          TEXT NOT NULL PRIMARY KEY,
  "account_id"  TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "name"        TEXT NOT NULL,
  "description" TEXT,
  "visibility"  TEXT NOT NULL DEFAULT 'private' CHECK ("visibility" IN ('private')),
  "created_at"  TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at"  TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
-- Names are unique within an account (a path may name a collection by its name).
CREATE UNIQUE INDEX "collections_account_id_name_key" ON "collections"("account_id", "name");
-- The account's list, newest first, paged by (created_at, id).
CREATE INDEX "collections_account_id_created_at_id_idx" ON "collections"("account_id", "created_at" DESC, "id");

CREATE TABLE "collection_documents" (
  "collection_id" TEXT NOT NULL REFERENCES "collections"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "document_id"   TEXT NOT NULL REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "added_at"      TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY ("collection_id", "document_id")
);
-- Deleting a document removes its memberships through this index.
CREATE INDEX "collection_documents_document_id_idx" ON "collection_documents"("document_id");
