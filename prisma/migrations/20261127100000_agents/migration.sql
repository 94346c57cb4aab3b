-- Agents: JSON-configured document agents. An agent is its latest version; every version stays
-- readable (agent_versions) and a run records the version it used. A run's steps (each tool call
-- with its SQL, rows and error) are rows of their own, appended as the run goes.

CREATE TABLE "agents" (
  "id"            TEXT NOT NULL PRIMARY KEY,
  "account_id"    TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "name"          TEXT NOT NULL CHECK (char_length("name") BETWEEN 1 AND 200),
  "model"         TEXT NOT NULL DEFAULT 'default',
  "system"        TEXT NOT NULL DEFAULT '',
  -- A bound table cannot be deleted while an agent names it.
  "table_id"      TEXT REFERENCES "typed_tables"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
  -- json, not jsonb: a schema's property order is kept as written.
  "output_schema" JSON,
  "version"       INTEGER NOT NULL DEFAULT 1 CHECK ("version" >= 1),
  "created_at"    TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at"    TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX "agents_account_id_created_at_idx" ON "agents"("account_id", "created_at");
CREATE INDEX "agents_table_id_idx" ON "agents"("table_id");

CREATE TABLE "agent_versions" (
  "agent_id"      TEXT NOT NULL REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "version"       INTEGER NOT NULL,
  "name"          TEXT NOT NULL,
  "model"         TEXT NOT NULL,
  "system"        TEXT NOT NULL,
  -- As it was: the table may be gone since.
  "table_id"      TEXT,
  "output_schema" JSON,
  "created_at"    TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY ("agent_id", "version")
);

CREATE TABLE "agent_runs" (
  "id"            TEXT NOT NULL PRIMARY KEY,
  "account_id"    TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  -- Runs outlive their agent: the id stays, the link goes.
  "agent_id"      TEXT NOT NULL,
  "agent_version" INTEGER NOT NULL,
  "status"        TEXT NOT NULL CHECK ("status" IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  "input"         TEXT NOT NULL,
  -- The documents the run may read; empty for every document of the account.
  "document_ids"  TEXT[] NOT NULL DEFAULT '{}',
  "output"        JSONB,
  "usage"         JSONB NOT NULL DEFAULT '{}',
  "error"         TEXT,
  "created_at"    TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at"    TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "finished_at"   TIMESTAMPTZ(3)
);
CREATE INDEX "agent_runs_account_id_created_at_id_idx" ON "agent_runs"("account_id", "created_at" DESC, "id");
CREATE INDEX "agent_runs_agent_id_idx" ON "agent_runs"("agent_id");

CREATE TABLE "agent_run_steps" (
  "run_id"      TEXT NOT NULL REFERENCES "agent_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "position"    INTEGER NOT NULL,
  -- tool (a doc_sql or table_sql call), extract (the built-in engine's reading of a document), or
  -- answer (the model's final answer).
  "kind"        TEXT NOT NULL CHECK ("kind" IN ('tool', 'extract', 'answer')),
  "tool"        TEXT,
  "sql"         TEXT,
  "params"      JSONB,
  "document_id" TEXT,
  -- A tool's result (columns, rows, row_count, truncated) or an extraction.
  "result"      JSONB,
  "error"       TEXT,
  "started_at"  TIMESTAMPTZ(3) NOT NULL,
  "ended_at"    TIMESTAMPTZ(3) NOT NULL,
  PRIMARY KEY ("run_id", "position")
);
