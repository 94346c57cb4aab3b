-- Conversions: one-call flows that turn inputs into a new stored file. The one kind today is
-- image_to_pdf: images (stored files, or uploaded with the request) become one PDF, made by a
-- worker. The result file's id is drawn when the conversion is created, so a worker that dies
-- after storing the result and a retry that stores it again write the same key, not two files.

CREATE TABLE "conversions" (
  "id"             TEXT NOT NULL PRIMARY KEY,
  "account_id"     TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "kind"           TEXT NOT NULL CHECK ("kind" IN ('image_to_pdf')),
  "status"         TEXT NOT NULL CHECK ("status" IN ('queued', 'running', 'succeeded', 'failed')),
  "page_size"      TEXT NOT NULL CHECK ("page_size" IN ('auto', 'A4', 'Letter')),
  -- The name the resulting PDF gets.
  "file_name"      TEXT NOT NULL,
  -- Drawn at creation; a file of this id exists once the conversion succeeded.
  "result_file_id" TEXT NOT NULL,
  "pages"          INTEGER,
  "error_code"     TEXT,
  "error_message"  TEXT,
  -- The input at fault (0-based), when one is.
  "error_input"    INTEGER,
  "created_at"     TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at"     TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
-- The account's list, newest first, paged by (created_at, id).
CREATE INDEX "conversions_account_id_created_at_id_idx" ON "conversions"("account_id", "created_at" DESC, "id");

-- The inputs of a conversion, in order. A stored file's input reads the file's bytes (deleting the
-- file is refused while the conversion is queued or running, and forgets it after); an image sent
-- with the request is kept under the conversion's own blob prefix until the conversion ends.
CREATE TABLE "conversion_inputs" (
  "conversion_id" TEXT NOT NULL REFERENCES "conversions"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "position"      INTEGER NOT NULL,
  "file_id"       TEXT REFERENCES "files"("id") ON DELETE SET NULL ON UPDATE CASCADE,
  "file_name"     TEXT NOT NULL,
  "content_type"  TEXT NOT NULL,
  "blob_key"      TEXT NOT NULL,
  PRIMARY KEY ("conversion_id", "position")
);
-- "Is this file used by a conversion?", asked when a file is deleted.
CREATE INDEX "conversion_inputs_file_id_idx" ON "conversion_inputs"("file_id");
