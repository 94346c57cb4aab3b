-- The doc_sql views, flattened: each joins public.documents itself and reads the account from
-- its setting once per statement (an InitPlan, so the account's index serves it), where the first
-- views read a second barrier view whose filter, an OR over the document list, was evaluated per
-- row and estimated at a few dozen documents (a count over 10,000 documents scanned the table).
-- A run's documents get views of their own, in quire_sql_run, chosen by the transaction's
-- search_path. And passages_matching(tsquery): a full-text search inside the scope, where the GIN
-- index serves it; through the views the @@ (not leakproof) waits above the security barrier, and
-- every passage of the account is read.

DROP VIEW "quire_sql"."passages", "quire_sql"."table_cells", "quire_sql"."tables", "quire_sql"."pages", "quire_sql"."documents";
DROP VIEW "quire_sql_scope"."documents";
DROP SCHEMA "quire_sql_scope";
CREATE SCHEMA "quire_sql_run";

DO $migration$
DECLARE
  s text;
  -- The run's documents: quire.sql_documents, a comma-separated list of ids.
  docs text;
  scope text;
BEGIN
  FOR s, docs IN VALUES
    ('quire_sql', ''),
    ('quire_sql_run', $$ AND d."id" = ANY (string_to_array(current_setting('quire.sql_documents', true), ',')) $$)
  LOOP
    scope := $$d."account_id" = (SELECT current_setting('quire.sql_account', true))$$ || docs;

    EXECUTE format($v$
      CREATE VIEW %I."documents" WITH (security_barrier) AS
        SELECT d."id", d."file_name", d."phase", d."pages_total" AS "page_count", d."size_bytes",
               d."sha256", d."created_at", d."completed_at"
        FROM "public"."documents" d
        WHERE %s $v$, s, scope);

    EXECUTE format($v$
      CREATE VIEW %I."pages" WITH (security_barrier) AS
        SELECT p."document_id", p."page_number", p."markdown", p."text", p."width", p."height", p."method"
        FROM "public"."pages" p
        JOIN "public"."documents" d ON d."id" = p."document_id" AND p."generation" = d."active_generation"
        WHERE %s $v$, s, scope);

    EXECUTE format($v$
      CREATE VIEW %I."tables" WITH (security_barrier) AS
        SELECT t."document_id", t."table_index", t."page_number", t."pages",
               jsonb_array_length(t."cells") AS "row_count",
               COALESCE(jsonb_array_length(t."cells" -> 0), 0) AS "column_count",
               t."markdown"
        FROM "public"."document_tables" t
        JOIN "public"."documents" d ON d."id" = t."document_id" AND t."generation" = d."active_generation"
        WHERE %s $v$, s, scope);

    -- Row 1 is the header row; `header` repeats the header cell's text above each cell;
    -- numeric_value reads figures with thousands separators, a currency or percent sign.
    EXECUTE format($v$
      CREATE VIEW %I."table_cells" WITH (security_barrier) AS
        SELECT t."document_id", t."table_index", r.n::integer AS "row_number", c.n::integer AS "column_number",
               (r.n = 1) AS "is_header",
               COALESCE(t."cells" -> 0 -> (c.n::integer - 1) ->> 'text', '') AS "header",
               c.cell ->> 'text' AS "text",
               CASE WHEN regexp_replace(c.cell ->> 'text', '[\s,$€£¥%%]', '', 'g') ~ '^[-+]?[0-9]+(\.[0-9]+)?$'
                    AND length(regexp_replace(c.cell ->> 'text', '[\s,$€£¥%%]', '', 'g')) <= 30
                    THEN regexp_replace(c.cell ->> 'text', '[\s,$€£¥%%]', '', 'g')::numeric END AS "numeric_value"
        FROM "public"."document_tables" t
        JOIN "public"."documents" d ON d."id" = t."document_id" AND t."generation" = d."active_generation"
        CROSS JOIN LATERAL jsonb_array_elements(t."cells") WITH ORDINALITY AS r(cells, n)
        CROSS JOIN LATERAL jsonb_array_elements(r.cells) WITH ORDINALITY AS c(cell, n)
        WHERE jsonb_typeof(c.cell) = 'object' AND %s $v$, s, scope);

    EXECUTE format($v$
      CREATE VIEW %I."passages" WITH (security_barrier) AS
        SELECT p."document_id", p."page_number", p."position", p."start_offset", p."end_offset", p."text",
               p."ts_config" AS "language", p."tsv"
        FROM "public"."passages" p
        JOIN "public"."documents" d ON d."id" = p."document_id" AND p."generation" = d."active_generation"
        WHERE %s $v$, s, scope);

    -- Not inlined (SECURITY DEFINER): the caller's conditions stay outside, the search inside.
    -- Over the whole account, the passages' GIN index finds the matches and each one's document
    -- is probed by its key; over a run's few documents, their passages are read by key instead.
    IF s = 'quire_sql' THEN
      EXECUTE format($v$
        CREATE FUNCTION %I."passages_matching"(q tsquery)
          RETURNS TABLE ("document_id" text, "page_number" integer, "position" integer, "start_offset" integer,
                         "end_offset" integer, "text" text, "language" text, "tsv" tsvector)
          LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
            SELECT p."document_id", p."page_number", p."position", p."start_offset", p."end_offset", p."text",
                   p."ts_config", p."tsv"
            FROM "public"."passages" p
            CROSS JOIN LATERAL (
              SELECT 1 FROM "public"."documents" d
              WHERE d."id" = p."document_id" AND d."active_generation" = p."generation" AND %s
              LIMIT 1) AS in_scope
            WHERE p."tsv" @@ q
          $f$ $v$, s, scope);
    ELSE
      EXECUTE format($v$
        CREATE FUNCTION %I."passages_matching"(q tsquery)
          RETURNS TABLE ("document_id" text, "page_number" integer, "position" integer, "start_offset" integer,
                         "end_offset" integer, "text" text, "language" text, "tsv" tsvector)
          LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
            SELECT p."document_id", p."page_number", p."position", p."start_offset", p."end_offset", p."text",
                   p."ts_config", p."tsv"
            FROM "public"."documents" d
            JOIN "public"."passages" p ON p."document_id" = d."id" AND p."generation" = d."active_generation"
            WHERE %s AND p."tsv" @@ q
          $f$ $v$, s, scope);
    END IF;
    EXECUTE format('REVOKE ALL ON FUNCTION %I."passages_matching"(tsquery) FROM PUBLIC', s);
    EXECUTE format('GRANT EXECUTE ON FUNCTION %I."passages_matching"(tsquery) TO quire_sql_reader', s);
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO quire_sql_reader', s);
    EXECUTE format('GRANT SELECT ON ALL TABLES IN SCHEMA %I TO quire_sql_reader', s);
  END LOOP;
END
$migration$;
