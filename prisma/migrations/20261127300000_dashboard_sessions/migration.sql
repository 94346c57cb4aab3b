-- Dashboard sessions: a secret key pasted once in the browser is exchanged for a session held
-- here; the browser keeps only an HttpOnly cookie with the session's token (this table keeps its
-- SHA-256). The session acts as its key: a revoked or rotated key ends it, and so does deleting it.

CREATE TABLE "dashboard_sessions" (
  "id"           TEXT NOT NULL PRIMARY KEY,
  "token_hash"   TEXT NOT NULL UNIQUE,
  "account_id"   TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "key_id"       TEXT NOT NULL REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  -- Sent by the page in x-csrf-token with every request that changes something.
  "csrf_token"   TEXT NOT NULL,
  "created_at"   TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "expires_at"   TIMESTAMPTZ(3) NOT NULL
);
CREATE INDEX "dashboard_sessions_key_id_idx" ON "dashboard_sessions"("key_id");
CREATE INDEX "dashboard_sessions_account_id_idx" ON "dashboard_sessions"("account_id");
