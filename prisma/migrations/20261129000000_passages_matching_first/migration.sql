-- passages_matching(q, max_rows): the first max_rows matches in scope in reading order (document
-- id, page, position). The one-argument form is a Function Scan that produces every match before
-- the caller's LIMIT applies; with the limit inside, PostgreSQL walks the passages in key order and
-- stops at the last row wanted, as a direct query with ORDER BY ... LIMIT does. At most 1,000 rows,
-- the sandbox's own row cap.

DO $migration$
DECLARE
  s text;
  docs text;
  scope text;
BEGIN
  FOR s, docs IN VALUES
    ('quire_sql', ''),
    ('quire_sql_run', $$ AND d."id" = ANY (string_to_array(current_setting('quire.sql_documents', true), ',')) $$)
  LOOP
    scope := $$d."account_id" = (SELECT current_setting('quire.sql_account', true))$$ || docs;
    -- PL/pgSQL's EXECUTE plans the search with this call's words and limit: a plan made for any
    -- limit and any words (a SQL function's) sorts every match.
    EXECUTE format($v$
      CREATE FUNCTION %I."passages_matching"(q tsquery, max_rows integer)
        RETURNS TABLE ("document_id" text, "page_number" integer, "position" integer, "start_offset" integer,
                       "end_offset" integer, "text" text, "language" text, "tsv" tsvector)
        LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $f$
        BEGIN
          RETURN QUERY EXECUTE $q$
            SELECT p."document_id", p."page_number", p."position", p."start_offset", p."end_offset", p."text",
                   p."ts_config", p."tsv"
            FROM "public"."passages" p
            JOIN "public"."documents" d ON d."id" = p."document_id" AND d."active_generation" = p."generation"
            WHERE %s AND p."tsv" @@ $1
            ORDER BY p."document_id", p."page_number", p."position"
            LIMIT least(greatest($2, 0), 1000) $q$
          USING q, max_rows;
        END
        $f$ $v$, s, scope);
    EXECUTE format('REVOKE ALL ON FUNCTION %I."passages_matching"(tsquery, integer) FROM PUBLIC', s);
    EXECUTE format('GRANT EXECUTE ON FUNCTION %I."passages_matching"(tsquery, integer) TO quire_sql_reader', s);
  END LOOP;
END
$migration$;
