-- Hosted sites: a file or a parsed document published at https://{namespace}.{HOSTED_DOMAIN}.
-- The served document is the source document, or for a file the document parsed from it in the
-- background. A new source makes a new deployment at the same address. Unpublishing keeps the
-- row (and so the namespace) until `released_at`, so a deleted name is not taken over at once.

CREATE TABLE "hosted_sites" (
  "id"                 TEXT NOT NULL PRIMARY KEY,
  "account_id"         TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  -- A DNS label, unique across all accounts (also while held after unpublishing).
  "namespace"          TEXT NOT NULL,
  "title"              TEXT NOT NULL,
  -- {disabled, unlisted, expires_at, allow_download, indexing}; the password is apart.
  "access"             JSONB NOT NULL,
  -- scrypt: "scrypt$N$r$p$salt$hash" (base64url); null without a password.
  "password_hash"      TEXT,
  -- Bumped when the password changes: access cookies carry it, so old ones stop working.
  "password_version"   INTEGER NOT NULL DEFAULT 0,
  "source_kind"        TEXT NOT NULL CHECK ("source_kind" IN ('file', 'document')),
  -- A file that a published site serves cannot be deleted (the service answers 409 naming it);
  -- once the site is unpublished it may be, and the held row forgets it.
  "source_file_id"     TEXT REFERENCES "files"("id") ON DELETE SET NULL ON UPDATE CASCADE,
  "source_document_id" TEXT,
  -- The document served; null once deleted (the address then answers 404).
  "document_id"        TEXT REFERENCES "documents"("id") ON DELETE SET NULL ON UPDATE CASCADE,
  "deployment_id"      TEXT NOT NULL,
  "deployed_at"        TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "created_at"         TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at"         TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "unpublished_at"     TIMESTAMPTZ(3),
  "released_at"        TIMESTAMPTZ(3),
  CHECK ("source_kind" = 'file' OR "source_file_id" IS NULL)
);
CREATE UNIQUE INDEX "hosted_sites_namespace_key" ON "hosted_sites"("namespace");
CREATE INDEX "hosted_sites_account_id_created_at_id_idx" ON "hosted_sites"("account_id", "created_at" DESC, "id");
CREATE INDEX "hosted_sites_source_file_id_idx" ON "hosted_sites"("source_file_id");
CREATE INDEX "hosted_sites_document_id_idx" ON "hosted_sites"("document_id");

-- Counts only: no address, no cookie. `page` 0 is the viewer itself; `kind` says what was served.
CREATE TABLE "hosted_stats" (
  "site_id" TEXT NOT NULL REFERENCES "hosted_sites"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  -- Midnight UTC of the day counted.
  "day"     TIMESTAMPTZ(3) NOT NULL,
  "kind"    TEXT NOT NULL CHECK ("kind" IN ('view', 'page', 'download')),
  "page"    INTEGER NOT NULL DEFAULT 0,
  "count"   BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY ("site_id", "day", "kind", "page")
);
