-- Dynamic workflows (private beta, WORKFLOWS_BETA=true): an account's own steps (parse, extract
-- with a JSON Schema, validate with rules, export in formats), run and read like the built-in
-- invoice workflow. A run keeps the steps it was made with, so a workflow changed or deleted
-- later does not change what its runs did.

CREATE TABLE "workflows" (
  "id"          TEXT NOT NULL PRIMARY KEY,
  "account_id"  TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "name"        TEXT NOT NULL CHECK (char_length("name") BETWEEN 1 AND 100),
  "description" TEXT NOT NULL DEFAULT '',
  -- json, not jsonb: jsonb sorts an object's keys, and the order of the extract schema's
  -- properties is the order of the results' columns.
  "steps"       JSON NOT NULL,
  "created_at"  TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at"  TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "workflows_account_id_created_at_idx" ON "workflows"("account_id", "created_at");

ALTER TABLE "runs" ADD COLUMN "definition" JSON;
