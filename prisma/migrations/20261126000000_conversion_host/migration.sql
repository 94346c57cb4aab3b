-- A conversion's `host` option: the checked publish request (namespace, title, access, password
-- hash) is kept until the PDF exists, then the site is created and linked here. A publish that
-- fails then (the namespace was taken meanwhile) leaves the conversion succeeded, its file kept,
-- and says why in host_error_*.

ALTER TABLE "conversions"
  ADD COLUMN "host_plan"          JSONB,
  ADD COLUMN "site_id"            TEXT REFERENCES "hosted_sites"("id") ON DELETE SET NULL ON UPDATE CASCADE,
  ADD COLUMN "host_error_code"    TEXT,
  ADD COLUMN "host_error_message" TEXT;
