-- Accounts, API keys and shared rate-limit windows.

CREATE TABLE "accounts" (
  "id"         TEXT PRIMARY KEY,
  "name"       TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE TABLE "api_keys" (
  "id"          TEXT PRIMARY KEY,
  "account_id"  TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "kind"        TEXT NOT NULL CHECK ("kind" IN ('secret', 'publishable')),
  "name"        TEXT NOT NULL,
  "prefix"      TEXT NOT NULL,
  "secret_hash" TEXT NOT NULL,
  "created_at"  TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "revoked_at"  TIMESTAMPTZ(3),
  "replaced_by" TEXT
);
CREATE UNIQUE INDEX "api_keys_secret_hash_key" ON "api_keys"("secret_hash");
CREATE INDEX "api_keys_account_id_idx" ON "api_keys"("account_id");

-- UNLOGGED: counters are worth nothing after a crash, and skipping the WAL makes the
-- per-request upsert cheaper.
CREATE UNLOGGED TABLE "rate_limit_windows" (
  "bucket"       TEXT NOT NULL,
  "window_start" TIMESTAMPTZ(0) NOT NULL,
  "count"        INTEGER NOT NULL,
  PRIMARY KEY ("bucket", "window_start")
);
