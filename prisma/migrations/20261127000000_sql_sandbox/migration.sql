-- SQL for agents and people: doc_sql reads the caller's documents through read-only views,
-- table_sql reads and writes one typed table. Model-written SQL never runs as the service's own
-- role: it runs as one of two roles made here, neither owning anything, neither superuser nor
-- BYPASSRLS, neither able to log in. What they may see is keyed by settings the service sets
-- in the transaction (quire.sql_account, quire.sql_documents, quire.sql_table) and that the
-- statement checker refuses to let a statement change.

-- Roles belong to the cluster, not the database: several databases (or test databases made at
-- once) may run this; the second to arrive finds the role made.
DO $$
BEGIN
  CREATE ROLE quire_sql_reader NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOBYPASSRLS NOREPLICATION;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
DO $$
BEGIN
  CREATE ROLE quire_table_writer NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOBYPASSRLS NOREPLICATION;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
-- The service switches to them with SET LOCAL ROLE, which needs membership.
DO $$
BEGIN
  EXECUTE format('GRANT quire_sql_reader, quire_table_writer TO %I', current_user);
EXCEPTION WHEN others THEN NULL;
END $$;

-- The views doc_sql reads. Everything else (the base tables, other schemas, the catalogs) is
-- refused by the statement checker before it reaches the database, and the role has no
-- privilege on any base table besides.
CREATE SCHEMA "quire_sql";
-- Internal: the documents in scope. The reader has no USAGE on this schema; the views below
-- reach it with their owner's rights. quire.sql_documents is '*' for every document of the
-- account or a comma-separated list of ids (a run's documents); unset or empty, nothing.
CREATE SCHEMA "quire_sql_scope";
CREATE VIEW "quire_sql_scope"."documents" WITH (security_barrier) AS
  SELECT d.*
  FROM "public"."documents" d
  WHERE d."account_id" = current_setting('quire.sql_account', true)
    AND (current_setting('quire.sql_documents', true) = '*'
         OR d."id" = ANY (string_to_array(current_setting('quire.sql_documents', true), ',')));

CREATE VIEW "quire_sql"."documents" WITH (security_barrier) AS
  SELECT d."id", d."file_name", d."phase", d."pages_total" AS "page_count", d."size_bytes",
         d."sha256", d."created_at", d."completed_at"
  FROM "quire_sql_scope"."documents" d;

CREATE VIEW "quire_sql"."pages" WITH (security_barrier) AS
  SELECT p."document_id", p."page_number", p."markdown", p."text", p."width", p."height", p."method"
  FROM "public"."pages" p
  JOIN "quire_sql_scope"."documents" d ON d."id" = p."document_id" AND p."generation" = d."active_generation";

CREATE VIEW "quire_sql"."tables" WITH (security_barrier) AS
  SELECT t."document_id", t."table_index", t."page_number", t."pages",
         jsonb_array_length(t."cells") AS "row_count",
         COALESCE(jsonb_array_length(t."cells" -> 0), 0) AS "column_count",
         t."markdown"
  FROM "public"."document_tables" t
  JOIN "quire_sql_scope"."documents" d ON d."id" = t."document_id" AND t."generation" = d."active_generation";

-- One row per cell: row 1 is the table's header row, and `header` repeats the text of the header
-- cell above each cell so a column can be found by its name. numeric_value reads figures written
-- with thousands separators, a currency sign or a percent sign; anything else is null.
CREATE VIEW "quire_sql"."table_cells" WITH (security_barrier) AS
  SELECT t."document_id", t."table_index", r.n::integer AS "row_number", c.n::integer AS "column_number",
         (r.n = 1) AS "is_header",
         COALESCE(t."cells" -> 0 -> (c.n::integer - 1) ->> 'text', '') AS "header",
         c.cell ->> 'text' AS "text",
         CASE WHEN regexp_replace(c.cell ->> 'text', '[\s,$€£¥%]', '', 'g') ~ '^[-+]?[0-9]+(\.[0-9]+)?$'
              AND length(regexp_replace(c.cell ->> 'text', '[\s,$€£¥%]', '', 'g')) <= 30
              THEN regexp_replace(c.cell ->> 'text', '[\s,$€£¥%]', '', 'g')::numeric END AS "numeric_value"
  FROM "public"."document_tables" t
  JOIN "quire_sql_scope"."documents" d ON d."id" = t."document_id" AND t."generation" = d."active_generation"
  CROSS JOIN LATERAL jsonb_array_elements(t."cells") WITH ORDINALITY AS r(cells, n)
  CROSS JOIN LATERAL jsonb_array_elements(r.cells) WITH ORDINALITY AS c(cell, n)
  WHERE jsonb_typeof(c.cell) = 'object';

-- tsv is built with the passage's language (simple when none was recognised): a search names it,
-- as in tsv @@ websearch_to_tsquery('simple', 'revenue grew').
CREATE VIEW "quire_sql"."passages" WITH (security_barrier) AS
  SELECT p."document_id", p."page_number", p."position", p."start_offset", p."end_offset", p."text",
         p."ts_config" AS "language", p."tsv"
  FROM "public"."passages" p
  JOIN "quire_sql_scope"."documents" d ON d."id" = p."document_id" AND p."generation" = d."active_generation";

GRANT USAGE ON SCHEMA "quire_sql" TO quire_sql_reader;
GRANT SELECT ON ALL TABLES IN SCHEMA "quire_sql" TO quire_sql_reader;

-- Typed tables: each is a real table in its account's own schema (qt_<account id>), made and
-- dropped by the service. This registry keeps its columns as declared, in their order.
CREATE TABLE "typed_tables" (
  "id"          TEXT NOT NULL PRIMARY KEY,
  "account_id"  TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  "name"        TEXT NOT NULL CHECK ("name" ~ '^[a-z][a-z0-9_]{0,62}$'),
  "description" TEXT NOT NULL DEFAULT '',
  -- json, not jsonb: the columns' order is the table's.
  "columns"     JSON NOT NULL,
  "created_at"  TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at"  TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE UNIQUE INDEX "typed_tables_account_id_name_key" ON "typed_tables"("account_id", "name");
