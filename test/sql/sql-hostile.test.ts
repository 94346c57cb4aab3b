import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadAndWait } from "../support/documents.ts";
import { type FakeOpenAI, startFakeOpenAI } from "../support/fake-openai-server.ts";
import { call, type Reply } from "../support/http.ts";
import { reportPdf, textPdf } from "../support/pdfs.ts";
import { resetRateBudgets, startTestServer, type TestServer } from "../support/server.ts";
import { createTenant, type Tenant } from "../support/tenant.ts";

// Hostile SQL through the two sandboxed tools, as a real tenant sends it to the real server:
// doc_sql (POST /v1/sql) and table_sql (POST /v1/tables/{id}/sql, bound to the attacker's table
// `scratch`). A second tenant is seeded first (a document, two typed tables with rows) and the
// attacker has a second typed table (`vault`) that table_sql bound to `scratch` must not reach.
// Every statement must be refused (400 BAD_REQUEST, or 422 UNPROCESSABLE when cancelled at its
// budget) with a message in the tool's words: never a 200, never a 500. The few that are allowed
// SQL aimed at someone else's data must answer 200 with no rows. No answer may carry a byte of the
// other tenant's data, of `vault`, or of the catalogs. Afterwards the database and the service
// are checked for harm: tables, columns, rows, functions, roles, policies, running backends, the
// sandbox connections' session settings, and an ordinary query.

type Tool = "doc_sql" | "table_sql";
type Param = string | number | boolean | null;
/** refused: 400/422 with the tool's message. empty: allowed SQL, answered 200 with zero rows. */
type Expectation = "refused" | "empty";
type HostileCase = [tool: Tool, sql: string, params: Param[], expectation: Expectation];

// Strings only the victims hold: none of them may appear in any answer to the attacker.
const OTHER_TABLE_SECRET = "kestrel-7731-confidential";
const OTHER_SCRATCH_SECRET = "kestrel-scratch-8812";
const OTHER_DOC_WORD = "Zephyrmerger";
const VAULT_SECRET = "vault-sentinel-4411";
const leakMarkers = [
  OTHER_TABLE_SECRET,
  OTHER_SCRATCH_SECRET,
  OTHER_DOC_WORD,
  VAULT_SECRET,
  "SCRAM-SHA-256$",
];

/** `n` copies of table_cells in one FROM: the attacker's dozen cells to the n-th power. */
const cellsJoin = (n: number) => Array.from({ length: n }, (_, i) => `table_cells c${i}`).join(", ");

// Placeholders filled in once the tenants exist: {otherDoc}, {otherAccount}, {otherSchema},
// {ownSchema}, {vaultId}.
// biome-ignore format: a table, one statement a line
const cases: HostileCase[] = [
  // --- Escapes: a second statement after COMMIT or `;`, hidden by comments or dollar quotes,
  // relation names spelt with unicode escapes. Nested comments and quoted strings that only look
  // like a second statement are one harmless statement, and answer nothing.
  ["doc_sql", "COMMIT; SELECT rolname, rolpassword FROM pg_authid", [], "refused"],
  ["doc_sql", "SELECT 1; DROP TABLE documents", [], "refused"],
  ["doc_sql", "SELECT id FROM documents; SET ROLE postgres", [], "refused"],
  ["doc_sql", "SELECT 1 /* a comment */; /* hides */ DELETE FROM documents", [], "refused"],
  ["doc_sql", "SELECT 1 -- a line comment\n; RESET ROLE", [], "refused"],
  ["doc_sql", "SELECT $$; DROP TABLE pages; $$; SELECT 2", [], "refused"],
  ["doc_sql", "SELECT $a$ $$ ; $a$ ; TRUNCATE pages", [], "refused"],
  ["doc_sql", "ROLLBACK; BEGIN; SET LOCAL ROLE NONE; SELECT * FROM pg_authid", [], "refused"],
  ["doc_sql", "SELECT 1 /* /* nested */ ; DROP TABLE documents; */ ; VACUUM", [], "refused"],
  ["doc_sql", "DO $$ BEGIN EXECUTE 'DROP TABLE documents'; END $$", [], "refused"],
  ["doc_sql", 'SELECT * FROM U&"pg_\\0061uthid"', [], "refused"],
  ["doc_sql", "SELECT * FROM U&\"!0070g_shadow\" UESCAPE '!'", [], "refused"],
  ["doc_sql", 'SELECT * FROM U&"\\0071uire_sql_scope".documents', [], "refused"],
  ["doc_sql", "SELECT id FROM documents WHERE false /* /* */ ; DROP TABLE documents; /* */ */", [], "empty"],
  ["doc_sql", "SELECT id FROM documents WHERE file_name = $$'; DROP TABLE documents; --$$", [], "empty"],
  ["doc_sql", "SELECT id FROM documents WHERE file_name = E'\\'; DROP TABLE documents; --'", [], "empty"],
  ["doc_sql", "SELECT id FROM documents WHERE file_name = U&'\\0027; DROP TABLE documents; --'", [], "empty"],
  ["table_sql", "COMMIT; DELETE FROM vault", [], "refused"],
  ["table_sql", "INSERT INTO scratch (note) VALUES ('a'); DELETE FROM vault", [], "refused"],
  ["table_sql", 'END; DROP SCHEMA "{ownSchema}" CASCADE', [], "refused"],
  ["table_sql", "SELECT * FROM scratch /* ; */ ; TRUNCATE vault", [], "refused"],
  ["table_sql", "DO $$ BEGIN DELETE FROM vault; END $$", [], "refused"],
  ["table_sql", "UPDATE U&\"v\\0061ult\" SET note = 'x'", [], "refused"],

  // --- Cross-account reads: the other tenant's document id guessed into allowed views (nothing
  // comes back), and its schema, tables and the base tables named outright (refused).
  ["doc_sql", "SELECT * FROM documents WHERE id = $1", ["{otherDoc}"], "empty"],
  ["doc_sql", "SELECT document_id, text FROM pages WHERE document_id = '{otherDoc}'", [], "empty"],
  ["doc_sql", "SELECT * FROM passages WHERE document_id = $1", ["{otherDoc}"], "empty"],
  ["doc_sql", "SELECT * FROM table_cells WHERE document_id = $1", ["{otherDoc}"], "empty"],
  ["doc_sql", "SELECT markdown FROM tables WHERE document_id = $1", ["{otherDoc}"], "empty"],
  ["doc_sql", "SELECT document_id, text FROM pages WHERE text ILIKE $1", ["%Zephyr%"], "empty"],
  ["doc_sql", "SELECT row_to_json(d) FROM documents d WHERE d.id = $1", ["{otherDoc}"], "empty"],
  ["doc_sql", "SELECT * FROM public.documents WHERE id = $1", ["{otherDoc}"], "refused"],
  ["doc_sql", "SELECT * FROM public.pages WHERE document_id = $1", ["{otherDoc}"], "refused"],
  ["doc_sql", "SELECT * FROM quire_sql_scope.documents", [], "refused"],
  ["doc_sql", "SELECT * FROM quire_sql.documents", [], "refused"],
  ["doc_sql", 'SELECT * FROM "{otherSchema}".ledger', [], "refused"],
  ["doc_sql", 'SELECT * FROM documents d JOIN LATERAL (SELECT * FROM "public"."passages" p WHERE p.document_id = d.id) x ON true', [], "refused"],
  ["doc_sql", "SELECT * FROM typed_tables", [], "refused"],
  ["doc_sql", "SELECT id, name FROM accounts", [], "refused"],
  ["doc_sql", "SELECT * FROM api_keys", [], "refused"],
  ["table_sql", 'SELECT * FROM "{otherSchema}".scratch', [], "refused"],
  ["table_sql", "SELECT * FROM {otherSchema}.ledger", [], "refused"],
  ["table_sql", "SELECT * FROM ledger", [], "refused"],
  ["table_sql", "SELECT * FROM vault", [], "refused"],
  ["table_sql", "SELECT s.*, v.* FROM scratch s, vault v", [], "refused"],
  ["table_sql", 'SELECT * FROM scratch WHERE note IN (SELECT note FROM "{otherSchema}".ledger)', [], "refused"],
  ["table_sql", 'SELECT row_id, note FROM scratch UNION ALL SELECT row_id, note FROM "{otherSchema}".scratch', [], "refused"],
  ["table_sql", "SELECT row_to_json(v) FROM vault v", [], "refused"],
  ["table_sql", 'SELECT row_to_json(l) FROM "{otherSchema}".ledger l', [], "refused"],

  // --- Catalog reads: roles and passwords, settings, sessions, the schema of everything.
  ["doc_sql", "SELECT rolname, rolpassword FROM pg_authid", [], "refused"],
  ["doc_sql", "SELECT * FROM pg_catalog.pg_authid", [], "refused"],
  ["doc_sql", "SELECT usename, passwd FROM pg_shadow", [], "refused"],
  ["doc_sql", "SELECT name, setting FROM pg_settings", [], "refused"],
  ["doc_sql", "SELECT rolname, rolsuper FROM pg_roles", [], "refused"],
  ["doc_sql", "SELECT pid, usename, query FROM pg_stat_activity", [], "refused"],
  ["doc_sql", "SELECT table_schema, table_name FROM information_schema.tables", [], "refused"],
  ["doc_sql", "SELECT relname FROM pg_catalog.pg_class", [], "refused"],
  ["doc_sql", "SELECT relname FROM pg_class", [], "refused"],
  ["doc_sql", "SELECT nspname FROM pg_namespace WHERE nspname LIKE 'qt%'", [], "refused"],
  ["doc_sql", "TABLE pg_authid", [], "refused"],
  ["doc_sql", "SELECT (SELECT count(*) FROM pg_class) AS n FROM documents", [], "refused"],
  ["doc_sql", "WITH x AS (SELECT * FROM pg_roles) SELECT * FROM x", [], "refused"],
  ["doc_sql", "WITH RECURSIVE pg_roles AS (SELECT * FROM pg_roles) SELECT * FROM pg_roles", [], "refused"],
  ["doc_sql", "(WITH pg_roles AS (SELECT 1) SELECT * FROM pg_roles) UNION ALL SELECT 1 FROM pg_roles", [], "refused"],
  ["doc_sql", "SELECT row_to_json(a) FROM pg_authid a", [], "refused"],
  ["table_sql", "SELECT datname FROM pg_database", [], "refused"],
  ["table_sql", "SELECT * FROM pg_file_settings", [], "refused"],
  ["table_sql", "SELECT * FROM pg_settings WHERE name = 'role'", [], "refused"],
  ["table_sql", "SELECT column_name FROM information_schema.columns WHERE table_schema = '{otherSchema}'", [], "refused"],
  ["table_sql", "SELECT * FROM pg_policies", [], "refused"],
  ["table_sql", "SELECT * FROM scratch, pg_catalog.pg_user", [], "refused"],
  ["table_sql", "SELECT rolname, rolpassword FROM pg_authid", [], "refused"],

  // --- Settings and roles: reading or moving the scope the service set (quire.sql_account,
  // quire.sql_documents, quire.sql_table), or the role, the path, the budget.
  ["doc_sql", "SELECT current_setting('quire.sql_account')", [], "refused"],
  ["doc_sql", "SELECT pg_catalog.current_setting('quire.sql_documents', true)", [], "refused"],
  ["doc_sql", "SELECT set_config('quire.sql_account', $1, true)", ["{otherAccount}"], "refused"],
  ["doc_sql", "SELECT * FROM documents WHERE set_config('quire.sql_documents', '*', true) IS NOT NULL", [], "refused"],
  ["doc_sql", "SET quire.sql_account = '{otherAccount}'", [], "refused"],
  ["doc_sql", "SET LOCAL quire.sql_documents = '*'", [], "refused"],
  ["doc_sql", "SET ROLE postgres", [], "refused"],
  ["doc_sql", "RESET ROLE", [], "refused"],
  ["doc_sql", "RESET ALL", [], "refused"],
  ["doc_sql", "SET SESSION AUTHORIZATION postgres", [], "refused"],
  ["doc_sql", "SET search_path = public, pg_catalog", [], "refused"],
  ["doc_sql", "SET statement_timeout = 0", [], "refused"],
  ["doc_sql", "SHOW quire.sql_account", [], "refused"],
  ["doc_sql", "SET TRANSACTION READ WRITE", [], "refused"],
  ["table_sql", "SELECT set_config('quire.sql_table', $1, false)", ["{vaultId}"], "refused"],
  ["table_sql", "UPDATE scratch SET note = current_setting('quire.sql_table')", [], "refused"],
  ["table_sql", "SELECT set_config('role', 'postgres', true), * FROM scratch", [], "refused"],
  ["table_sql", "SET ROLE NONE", [], "refused"],
  ["table_sql", "SET row_security = off", [], "refused"],
  ["table_sql", "RESET SESSION AUTHORIZATION", [], "refused"],

  // --- Who and where: value functions other than the clock, version(), server facts.
  ["doc_sql", "SELECT current_user", [], "refused"],
  ["doc_sql", "SELECT session_user", [], "refused"],
  ["doc_sql", "SELECT current_role", [], "refused"],
  ["doc_sql", "SELECT user", [], "refused"],
  ["doc_sql", "SELECT current_catalog", [], "refused"],
  ["doc_sql", "SELECT current_schema", [], "refused"],
  ["doc_sql", "SELECT system_user", [], "refused"],
  ["doc_sql", "SELECT version()", [], "refused"],
  ["doc_sql", "SELECT pg_catalog.version()", [], "refused"],
  ["table_sql", "SELECT current_schemas(true)", [], "refused"],
  ["doc_sql", "SELECT pg_backend_pid()", [], "refused"],
  ["table_sql", "SELECT inet_server_addr(), inet_server_port() FROM scratch", [], "refused"],
  ["table_sql", "INSERT INTO scratch (note) VALUES (session_user) RETURNING note", [], "refused"],
  ["table_sql", "UPDATE scratch SET note = version() RETURNING note", [], "refused"],
  ["table_sql", "SELECT version()", [], "refused"],

  // --- DDL: tables, views, functions, roles, extensions, grants, policies, the schema itself.
  ["doc_sql", "CREATE TABLE public.evil (a int)", [], "refused"],
  ["doc_sql", "CREATE TEMP TABLE evil AS SELECT * FROM documents", [], "refused"],
  ["doc_sql", "DROP TABLE documents", [], "refused"],
  ["doc_sql", "ALTER TABLE documents ADD COLUMN evil int", [], "refused"],
  ["doc_sql", "GRANT SELECT ON ALL TABLES IN SCHEMA public TO quire_sql_reader", [], "refused"],
  ["doc_sql", "TRUNCATE documents", [], "refused"],
  ["doc_sql", "CREATE FUNCTION public.evil() RETURNS int LANGUAGE sql AS 'SELECT 1'", [], "refused"],
  ["doc_sql", "CREATE FUNCTION pg_temp.lower(text) RETURNS text LANGUAGE sql AS $$SELECT 'x'$$", [], "refused"],
  ["doc_sql", "CREATE ROLE evil SUPERUSER LOGIN", [], "refused"],
  ["doc_sql", "ALTER ROLE quire_sql_reader SUPERUSER", [], "refused"],
  ["doc_sql", "CREATE EXTENSION IF NOT EXISTS dblink", [], "refused"],
  ["table_sql", "CREATE SCHEMA evil", [], "refused"],
  ["doc_sql", "CREATE VIEW evil AS SELECT * FROM documents", [], "refused"],
  ["doc_sql", "ALTER SYSTEM SET statement_timeout = 0", [], "refused"],
  ["doc_sql", "DO LANGUAGE plpgsql $$ BEGIN RAISE NOTICE 'x'; END $$", [], "refused"],
  ["table_sql", "DROP TABLE vault", [], "refused"],
  ["table_sql", "DROP POLICY bound_table ON scratch", [], "refused"],
  ["table_sql", "ALTER TABLE scratch DISABLE ROW LEVEL SECURITY", [], "refused"],
  ["table_sql", "GRANT ALL ON vault TO PUBLIC", [], "refused"],
  ["table_sql", "TRUNCATE scratch", [], "refused"],
  ["table_sql", "TRUNCATE vault", [], "refused"],
  ["table_sql", "CREATE INDEX ON scratch (note)", [], "refused"],
  ["table_sql", 'DROP SCHEMA "{otherSchema}" CASCADE', [], "refused"],
  ["table_sql", 'CREATE POLICY open ON "{otherSchema}".ledger USING (true)', [], "refused"],
  ["table_sql", "CREATE RULE r AS ON INSERT TO scratch DO INSTEAD DELETE FROM vault", [], "refused"],
  ["table_sql", "CREATE FUNCTION evil() RETURNS trigger LANGUAGE plpgsql AS $$BEGIN DELETE FROM vault; RETURN NEW; END$$", [], "refused"],

  // --- table_sql writing anywhere but its own table: the account's other table, the other
  // account's tables, the service's tables; by name, by schema, through FROM/USING/SELECT, ON
  // CONFLICT, OVERRIDING, MERGE.
  ["table_sql", "INSERT INTO vault (note) VALUES ('pwned')", [], "refused"],
  ["table_sql", "UPDATE vault SET note = 'pwned'", [], "refused"],
  ["table_sql", "DELETE FROM vault", [], "refused"],
  ["table_sql", "INSERT INTO \"{ownSchema}\".vault (note) VALUES ('pwned')", [], "refused"],
  ["table_sql", "INSERT INTO \"{otherSchema}\".ledger (note) VALUES ('pwned')", [], "refused"],
  ["table_sql", "UPDATE \"{otherSchema}\".scratch SET note = 'pwned'", [], "refused"],
  ["table_sql", 'DELETE FROM "{otherSchema}".ledger', [], "refused"],
  ["table_sql", "DELETE FROM public.documents", [], "refused"],
  ["table_sql", "INSERT INTO public.typed_tables (id, account_id, name, columns) VALUES ('tbl_x', '{otherAccount}', 'x', '[]')", [], "refused"],
  ["table_sql", "UPDATE scratch SET note = v.note FROM vault v", [], "refused"],
  ["table_sql", 'DELETE FROM scratch USING "{otherSchema}".ledger l WHERE l.note = scratch.note', [], "refused"],
  ["table_sql", "INSERT INTO scratch (note) SELECT note FROM vault", [], "refused"],
  ["table_sql", 'INSERT INTO scratch (note) SELECT note FROM "{otherSchema}".ledger', [], "refused"],
  ["table_sql", "INSERT INTO scratch (note) VALUES ('x') ON CONFLICT (row_id) DO UPDATE SET note = (SELECT note FROM vault LIMIT 1)", [], "refused"],
  ["table_sql", 'INSERT INTO scratch (note) VALUES (\'x\') ON CONFLICT DO NOTHING RETURNING (SELECT count(*) FROM "{otherSchema}".ledger)', [], "refused"],
  ["table_sql", "INSERT INTO vault (note) VALUES ('x') ON CONFLICT DO NOTHING", [], "refused"],
  ["table_sql", "WITH w AS (DELETE FROM scratch RETURNING *) INSERT INTO vault (note) SELECT note FROM w", [], "refused"],
  ["table_sql", "INSERT INTO scratch (row_id, note) OVERRIDING SYSTEM VALUE VALUES (999, 'x')", [], "refused"],
  ["table_sql", "MERGE INTO scratch s USING vault v ON true WHEN MATCHED THEN DELETE", [], "refused"],
  ["table_sql", "MERGE INTO vault v USING scratch s ON true WHEN MATCHED THEN UPDATE SET note = 'pwned'", [], "refused"],
  // A CTE named like another relation, so the relation check lets the name through, with the
  // statement's target being that relation: PostgreSQL never resolves an INSERT, UPDATE or
  // DELETE target to a CTE.
  ["table_sql", "WITH vault AS (SELECT 1) DELETE FROM vault", [], "refused"],
  ["table_sql", "WITH vault AS (SELECT 1) UPDATE vault SET note = 'pwned' RETURNING *", [], "refused"],
  ["table_sql", "WITH vault AS (SELECT 1) INSERT INTO vault (note) VALUES ('pwned')", [], "refused"],
  ["table_sql", "WITH vault AS (SELECT 1), gone AS (DELETE FROM vault RETURNING *) SELECT count(*) FROM gone", [], "refused"],
  ["table_sql", "WITH ledger AS (SELECT 1) DELETE FROM ledger", [], "refused"],
  ["table_sql", "WITH documents AS (SELECT 1) DELETE FROM documents", [], "refused"],
  ["table_sql", "WITH pg_authid AS (SELECT 1) UPDATE pg_authid SET rolsuper = true WHERE rolname = 'quire_table_writer'", [], "refused"],

  // --- doc_sql writing: data-modifying CTEs, MERGE, plain INSERT/UPDATE/DELETE on the views.
  ["doc_sql", "WITH gone AS (DELETE FROM documents RETURNING *) SELECT * FROM gone", [], "refused"],
  ["doc_sql", "WITH w AS (UPDATE pages SET text = '' RETURNING 1) SELECT count(*) FROM w", [], "refused"],
  ["doc_sql", "WITH w AS (INSERT INTO documents (id) VALUES ('x') RETURNING id) SELECT * FROM w", [], "refused"],
  ["doc_sql", "MERGE INTO documents d USING pages p ON false WHEN NOT MATCHED THEN DO NOTHING", [], "refused"],
  ["doc_sql", "INSERT INTO documents (id) VALUES ('x')", [], "refused"],
  ["doc_sql", "UPDATE documents SET file_name = 'x'", [], "refused"],
  ["doc_sql", "DELETE FROM pages", [], "refused"],

  // --- Time, locks, signals, session state: sleeping, advisory locks, cancelling or ending other
  // backends, LOCK, LISTEN/NOTIFY, prepared statements and cursors, maintenance, EXPLAIN, CALL,
  // SELECT INTO, FOR UPDATE, TABLESAMPLE.
  ["doc_sql", "SELECT pg_sleep(10)", [], "refused"],
  ["doc_sql", "SELECT pg_catalog.pg_sleep(10)", [], "refused"],
  ["doc_sql", "SELECT pg_sleep_for('10 seconds')", [], "refused"],
  ["doc_sql", "SELECT pg_advisory_lock(42)", [], "refused"],
  ["doc_sql", "SELECT pg_try_advisory_xact_lock(42)", [], "refused"],
  ["doc_sql", "SELECT pg_cancel_backend(pid) FROM pg_stat_activity", [], "refused"],
  ["table_sql", "SELECT pg_terminate_backend(1)", [], "refused"],
  ["doc_sql", "LOCK TABLE documents IN ACCESS EXCLUSIVE MODE", [], "refused"],
  ["table_sql", "LISTEN quire", [], "refused"],
  ["doc_sql", "NOTIFY quire, 'x'", [], "refused"],
  ["table_sql", "SELECT pg_notify('quire', note) FROM scratch", [], "refused"],
  ["doc_sql", "PREPARE p AS SELECT * FROM pg_authid", [], "refused"],
  ["doc_sql", "EXECUTE p", [], "refused"],
  ["doc_sql", "DEALLOCATE ALL", [], "refused"],
  ["doc_sql", "DECLARE c CURSOR WITH HOLD FOR SELECT * FROM documents", [], "refused"],
  ["doc_sql", "VACUUM FULL", [], "refused"],
  ["table_sql", "ANALYZE vault", [], "refused"],
  ["doc_sql", "EXPLAIN ANALYZE SELECT * FROM documents", [], "refused"],
  ["doc_sql", "EXPLAIN SELECT * FROM pg_authid", [], "refused"],
  ["doc_sql", "CALL evil()", [], "refused"],
  ["table_sql", "DISCARD ALL", [], "refused"],
  ["table_sql", "LOAD 'auto_explain'", [], "refused"],
  ["doc_sql", "SELECT * FROM documents FOR UPDATE", [], "refused"],
  ["doc_sql", "SELECT * FROM documents FOR SHARE SKIP LOCKED", [], "refused"],
  ["doc_sql", "SELECT * INTO evil FROM documents", [], "refused"],
  ["doc_sql", "SELECT * FROM documents TABLESAMPLE BERNOULLI (50)", [], "refused"],
  ["table_sql", "LOCK TABLE scratch IN ACCESS EXCLUSIVE MODE", [], "refused"],
  ["table_sql", "LOCK TABLE vault", [], "refused"],
  ["table_sql", "SELECT pg_sleep(10) FROM scratch", [], "refused"],
  ["table_sql", "SELECT * FROM scratch FOR UPDATE", [], "refused"],
  ["table_sql", "SELECT * FROM scratch FOR NO KEY UPDATE NOWAIT", [], "refused"],
  ["table_sql", "SELECT * INTO scratch_copy FROM scratch", [], "refused"],
  ["table_sql", "SELECT * FROM scratch TABLESAMPLE SYSTEM (50)", [], "refused"],
  ["table_sql", "VACUUM scratch", [], "refused"],
  ["table_sql", "EXPLAIN ANALYZE DELETE FROM vault", [], "refused"],
  ["table_sql", "PREPARE q AS DELETE FROM vault", [], "refused"],
  ["table_sql", "SELECT pg_advisory_xact_lock(1) FROM scratch", [], "refused"],
  ["table_sql", "DELETE FROM scratch WHERE CURRENT OF c", [], "refused"],

  // --- Files, large objects, programs, other databases.
  ["doc_sql", "SELECT pg_read_file('/etc/passwd')", [], "refused"],
  ["doc_sql", "SELECT pg_catalog.pg_read_file('postgresql.conf')", [], "refused"],
  ["doc_sql", "SELECT pg_read_binary_file('/etc/hostname')", [], "refused"],
  ["doc_sql", "SELECT * FROM pg_ls_dir('.')", [], "refused"],
  ["doc_sql", "SELECT pg_stat_file('postgresql.conf')", [], "refused"],
  ["doc_sql", "SELECT lo_import('/etc/passwd')", [], "refused"],
  ["doc_sql", "SELECT lo_export(1, '/tmp/quire-evil')", [], "refused"],
  ["doc_sql", "SELECT * FROM dblink('dbname=postgres', 'SELECT rolname FROM pg_authid') AS t(r text)", [], "refused"],
  ["doc_sql", "SELECT dblink_exec('dbname=postgres', 'DROP DATABASE postgres')", [], "refused"],
  ["doc_sql", "COPY documents TO STDOUT", [], "refused"],
  ["doc_sql", "COPY (SELECT 1) TO PROGRAM 'id'", [], "refused"],
  ["table_sql", "SELECT pg_reload_conf()", [], "refused"],
  ["table_sql", "COPY scratch FROM PROGRAM 'cat /etc/passwd'", [], "refused"],
  ["table_sql", "COPY scratch TO '/tmp/quire-evil.csv'", [], "refused"],
  ["table_sql", "INSERT INTO scratch (note) SELECT pg_read_file('/etc/passwd')", [], "refused"],
  ["table_sql", "INSERT INTO scratch (note) VALUES (lo_import('/etc/passwd')::text)", [], "refused"],

  // --- XML and other functions that run SQL given as text.
  ["doc_sql", "SELECT xmlparse(document '<a/>')", [], "refused"],
  ["doc_sql", "SELECT query_to_xml('SELECT * FROM pg_authid', true, false, '')", [], "refused"],
  ["doc_sql", "SELECT table_to_xml('public.documents', true, false, '')", [], "refused"],
  ["doc_sql", "SELECT schema_to_xml('public', true, false, '')", [], "refused"],
  ["doc_sql", "SELECT * FROM XMLTABLE('/a' PASSING '<a/>' COLUMNS x text)", [], "refused"],
  ["doc_sql", "SELECT xmlelement(name a, 'x')", [], "refused"],
  ["doc_sql", "SELECT * FROM ts_stat('SELECT tsv FROM public.passages')", [], "refused"],
  ["table_sql", "SELECT query_to_xml('SELECT * FROM \"{otherSchema}\".ledger', true, false, '')", [], "refused"],
  ["table_sql", "INSERT INTO scratch (note) SELECT table_to_xml('vault', true, false, '')::text", [], "refused"],

  // --- Casts that look things up in the catalog (reg*, oid) or name other relations' row types.
  ["doc_sql", "SELECT 'pg_authid'::regclass", [], "refused"],
  ["doc_sql", "SELECT 'pg_sleep'::regproc", [], "refused"],
  ["doc_sql", "SELECT 'postgres'::regrole", [], "refused"],
  ["table_sql", "SELECT 'public'::regnamespace", [], "refused"],
  ["doc_sql", "SELECT 1259::oid", [], "refused"],
  ["doc_sql", "SELECT CAST('pg_authid' AS pg_catalog.regclass)", [], "refused"],
  ["doc_sql", "SELECT '{pg_authid,pg_shadow}'::regclass[]", [], "refused"],
  ["doc_sql", "SELECT $1::regclass", ["pg_authid"], "refused"],
  ["doc_sql", "SELECT '<a/>'::xml", [], "refused"],
  ["doc_sql", "SELECT ROW('x')::\"{otherSchema}\".ledger", [], "refused"],
  ["table_sql", "SELECT row_id::oid FROM scratch", [], "refused"],
  ["table_sql", "SELECT 'vault'::regclass::oid", [], "refused"],

  // --- Functions off the allowlist however they are named: pg_catalog-qualified, other schemas,
  // qualified operators and collations, and the attribute notation (x.f for f(x)).
  ["doc_sql", "SELECT pg_catalog.has_table_privilege('pg_authid', 'SELECT')", [], "refused"],
  ["doc_sql", "SELECT pg_catalog.to_regclass('pg_authid')", [], "refused"],
  ["doc_sql", "SELECT pg_get_viewdef('quire_sql.documents')", [], "refused"],
  ["doc_sql", "SELECT public.lower('x')", [], "refused"],
  ["doc_sql", "SELECT 1 OPERATOR(pg_catalog.+) 1", [], "refused"],
  ["doc_sql", "SELECT file_name COLLATE pg_catalog.\"C\" FROM documents", [], "refused"],
  ["table_sql", "SELECT pg_relation_size('vault')", [], "refused"],
  ["table_sql", "SELECT txid_current()", [], "refused"],
  ["doc_sql", "SELECT d.pg_typeof, d.record_out FROM documents d", [], "refused"],
  ["table_sql", "SELECT s.pg_column_size FROM scratch s", [], "refused"],

  // --- Size bombs: values whose size the statement chooses. The doubling CTE spends seconds at a
  // time where PostgreSQL does not look at a cancel, so it reaches the client's own deadline too.
  ["doc_sql", "SELECT repeat('x', 1000000000)", [], "refused"],
  ["doc_sql", "SELECT length(lpad('', 1000000000, 'x'))", [], "refused"],
  ["doc_sql", "SELECT rpad('x', 500000000)", [], "refused"],
  ["doc_sql", "SELECT count(*) FROM generate_series(1, 10000000000)", [], "refused"],
  ["doc_sql", "SELECT array_fill(0, ARRAY[100000000])", [], "refused"],
  ["doc_sql", `SELECT length(string_agg(c0.text || c1.text, ',')) FROM ${cellsJoin(8)}`, [], "refused"],
  ["doc_sql", "SELECT length(format('%100000000s', 'x'))", [], "refused"],
  ["doc_sql", "WITH RECURSIVE r(s) AS (SELECT 'x'::text UNION ALL SELECT s || s FROM r) SELECT max(length(s)) FROM r", [], "refused"],
  ["table_sql", "INSERT INTO scratch (note) SELECT repeat('x', 100000000)", [], "refused"],
  ["table_sql", "INSERT INTO scratch (note) SELECT 'x' FROM generate_series(1, 100000000)", [], "refused"],
  ["table_sql", "UPDATE scratch SET note = lpad(note, 100000000, note)", [], "refused"],

  // --- Time bombs: huge cross joins, recursive CTEs without end, window and aggregate abuse,
  // all forced to run to the end; cancelled at the budget.
  ["doc_sql", `SELECT count(*) FROM ${cellsJoin(9)}`, [], "refused"],
  ["doc_sql", "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r", [], "refused"],
  ["doc_sql", "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT r.n + 1 FROM r, table_cells) SELECT max(n) FROM r", [], "refused"],
  ["doc_sql", `SELECT max(rn) FROM (SELECT row_number() OVER (ORDER BY c0.text, c1.text DESC) AS rn FROM ${cellsJoin(8)}) x`, [], "refused"],
  ["doc_sql", `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY c0.column_number * c1.row_number) FROM ${cellsJoin(8)}`, [], "refused"],
  ["doc_sql", `SELECT count(DISTINCT c0.text || c1.text || c2.text || c3.text) FROM ${cellsJoin(8)}`, [], "refused"],
  ["table_sql", "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r", [], "refused"],
  ["table_sql", "UPDATE scratch SET n = (WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT count(*) FROM r)", [], "refused"],
  ["table_sql", "INSERT INTO scratch (n) WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r) SELECT x FROM r", [], "refused"],

  // --- Parse trees deep enough to exhaust a recursive checker: the answer is still the tool's.
  ["doc_sql", `SELECT 1${"+1".repeat(6000)}`, [], "refused"],
  ["doc_sql", `SELECT ${"NOT ".repeat(4500)}true`, [], "refused"],
  ["doc_sql", `SELECT ${"(SELECT ".repeat(1500)}1${")".repeat(1500)}`, [], "refused"],
  ["table_sql", `SELECT n${"+n".repeat(6000)} FROM scratch`, [], "refused"],

  // --- Session state (last: they would change the pooled connection for what follows). pg_settings
  // is writable by PUBLIC and its UPDATE rule calls set_config(name, value, false): through the CTE
  // name trick above, table_sql would set a setting for the connection's whole session (DateStyle:
  // the next tenant's dates; standard_conforming_strings: how the server reads strings). The last
  // statement is one harmless SELECT answering nothing where the server reads strings as the
  // checker does; with standard_conforming_strings off, the server reads as code what the checker
  // read as a string (set_config of the role, query_to_xml of the victim's table), then turns the
  // setting back on. Sent one after the other, they meet on one connection: the pool hands the
  // connection just released to the next statement.
  ["table_sql", "WITH pg_settings AS (SELECT 1) UPDATE pg_settings SET setting = 'SQL, DMY' WHERE name = 'DateStyle'", [], "refused"],
  ["table_sql", "WITH pg_settings AS (SELECT 1) UPDATE pg_settings SET setting = 'off' WHERE name = 'standard_conforming_strings'", [], "refused"],
  ["doc_sql", "SELECT file_name FROM documents WHERE file_name = 'x\\' || ' UNION ALL SELECT set_config($q$role$q$, $q$postgres$q$, true) UNION ALL SELECT query_to_xml($q$SELECT note FROM \"{otherSchema}\".ledger$q$, true, false, $q$$q$)::text UNION ALL SELECT set_config($q$standard_conforming_strings$q$, $q$on$q$, false) -- '", [], "empty"],
];

/** Counts of what a statement could have made: relations, functions, roles, schemas, policies. */
const inventorySql = `
  SELECT
    (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' OR n.nspname LIKE 'qt\\_%' OR n.nspname LIKE 'quire\\_%')::int AS relations,
    (SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema'))::int AS functions,
    (SELECT count(*) FROM pg_roles)::int AS roles,
    (SELECT count(*) FROM pg_namespace)::int AS schemas,
    (SELECT count(*) FROM pg_policy)::int AS policies,
    (SELECT count(*) FROM pg_largeobject_metadata)::int AS large_objects,
    (SELECT count(*) FROM pg_extension)::int AS extensions`;

describe("hostile SQL through doc_sql and table_sql", () => {
  let server: TestServer;
  let attacker: Tenant;
  let other: Tenant;
  let attackerDoc: string;
  let otherDoc: string;
  let scratchId: string;
  let vaultId: string;
  let inventoryBefore: Record<string, number>;
  const outcomes: { i: number; tool: Tool; status: number; message: string }[] = [];

  const post = (path: string, json: unknown, key: string) => call(server.url, "POST", path, { key, json });
  const makeTable = async (key: string, name: string, columns: { name: string; type: string }[]) => {
    const r = await post("/v1/tables", { name, columns }, key);
    expect(r.status, r.text).toBe(201);
    return r.body.id as string;
  };
  const tableSql = async (key: string, id: string, query: string, params: Param[] = []) => {
    const r = await post(`/v1/tables/${id}/sql`, { query, params }, key);
    expect(r.status, r.text).toBe(200);
    return r;
  };
  const fill = (s: string) =>
    s
      .replaceAll("{otherDoc}", otherDoc)
      .replaceAll("{otherAccount}", other.accountId)
      .replaceAll("{otherSchema}", `qt_${other.accountId}`)
      .replaceAll("{ownSchema}", `qt_${attacker.accountId}`)
      .replaceAll("{vaultId}", vaultId);
  const rowsOf = async (schema: string, table: string) =>
    (await server.services.db.pool.query(`SELECT * FROM "${schema}"."${table}" ORDER BY row_id`)).rows;

  let fake: FakeOpenAI;
  beforeAll(async () => {
    // A model on loopback, for the pass of a scripted agent sending the same statements as tool calls.
    fake = await startFakeOpenAI();
    server = await startTestServer({
      ANSWER_PROVIDER: "openai",
      OPENAI_BASE_URL: `${fake.url}/v1`,
      OPENAI_API_KEY: "sk-test-hostile-agent",
      OPENAI_MODELS: "default=fake-small",
      PROVIDER_MAX_RETRIES: "0",
    });
    attacker = await createTenant(server.url, "attacker");
    other = await createTenant(server.url, "victim");
    // The victim: a document only it has words of, and two typed tables, one named like the attacker's.
    otherDoc = (
      await uploadAndWait(
        server.url,
        other.secret,
        await textPdf([[`${OTHER_DOC_WORD} acquisition plan`, "Board eyes only"]]),
        "zephyr-plan.pdf",
      )
    ).id;
    const ledger = await makeTable(other.secret, "ledger", [
      { name: "note", type: "text" },
      { name: "amount", type: "numeric" },
    ]);
    await tableSql(other.secret, ledger, "INSERT INTO ledger (note, amount) VALUES ($1, 1), ($1, 2)", [
      OTHER_TABLE_SECRET,
    ]);
    const otherScratch = await makeTable(other.secret, "scratch", [
      { name: "note", type: "text" },
      { name: "n", type: "integer" },
    ]);
    await tableSql(other.secret, otherScratch, "INSERT INTO scratch (note) VALUES ($1)", [
      OTHER_SCRATCH_SECRET,
    ]);
    // The attacker: a document of its own, the table its table_sql is bound to, and another.
    attackerDoc = (await uploadAndWait(server.url, attacker.secret, await reportPdf(), "report.pdf")).id;
    scratchId = await makeTable(attacker.secret, "scratch", [
      { name: "note", type: "text" },
      { name: "n", type: "integer" },
    ]);
    await tableSql(
      attacker.secret,
      scratchId,
      "INSERT INTO scratch (note, n) VALUES ('mine', 1), ('also mine', 2)",
    );
    vaultId = await makeTable(attacker.secret, "vault", [{ name: "note", type: "text" }]);
    await tableSql(attacker.secret, vaultId, "INSERT INTO vault (note) VALUES ($1)", [VAULT_SECRET]);
    // The victim's words really are in the database, so their absence from every answer means something.
    const { rows: victimPages } = await server.services.db.pool.query(
      "SELECT text FROM pages WHERE document_id = $1",
      [otherDoc],
    );
    expect(victimPages.map((p) => p.text).join(" ")).toContain(OTHER_DOC_WORD);
    inventoryBefore = (await server.services.db.pool.query(inventorySql)).rows[0];
    await resetRateBudgets(server);
  });
  afterAll(async () => {
    if (outcomes.length) {
      const byStatus = new Map<number, number>();
      for (const o of outcomes) byStatus.set(o.status, (byStatus.get(o.status) ?? 0) + 1);
      console.log(
        `hostile SQL: ${outcomes.length} statements, by status ${JSON.stringify(Object.fromEntries(byStatus))}`,
      );
    }
    await server?.close();
    await fake?.close();
  });

  it("holds at least 100 hostile statements, about 60/40 between doc_sql and table_sql", () => {
    expect(cases.length).toBeGreaterThanOrEqual(100);
    const docShare = cases.filter(([tool]) => tool === "doc_sql").length / cases.length;
    expect(docShare).toBeGreaterThan(0.5);
    expect(docShare).toBeLessThan(0.7);
  });

  cases.forEach(([tool, sql, params, expectation], i) => {
    const title = sql.length > 90 ? `${sql.slice(0, 87)}...` : sql;
    it(`#${i} ${tool} ${expectation}: ${title}`, async () => {
      if (i % 30 === 0) await resetRateBudgets(server);
      const json = { query: fill(sql), params: params.map((p) => (typeof p === "string" ? fill(p) : p)) };
      const path = tool === "doc_sql" ? "/v1/sql" : `/v1/tables/${scratchId}/sql`;
      const r: Reply = await post(path, json, attacker.secret);
      outcomes.push({
        i,
        tool,
        status: r.status,
        message: String(r.body?.error?.message ?? "").slice(0, 160),
      });
      // Nothing of the victim, of the other table or of the catalogs' secrets, whatever the answer.
      for (const marker of leakMarkers) expect(r.text, `leaked ${marker}`).not.toContain(marker);
      if (expectation === "empty") {
        expect(r.status, r.text).toBe(200);
        expect(r.body.rows, r.text).toEqual([]);
        return;
      }
      expect([400, 422], r.text).toContain(r.status);
      expect(r.body?.error?.code, r.text).toBe(r.status === 400 ? "BAD_REQUEST" : "UNPROCESSABLE");
      expect(r.body.error.message, r.text).toMatch(new RegExp(`^${tool}(: | runs )`));
    });
  });

  it("refuses the same statements when a scripted agent sends them as tool calls", async () => {
    // The statements that ran to their time budget over REST are left out here: they were shown
    // to be cancelled, and twenty more seconds each would prove nothing new.
    const fast = cases.filter(([, sql]) => !/RECURSIVE|table_cells c1|passages p2|cross join/i.test(sql));
    expect(fast.length).toBeGreaterThanOrEqual(100);
    const agent = await post("/v1/agents", { name: "Hostile", table_id: scratchId }, attacker.secret);
    expect(agent.status, agent.text).toBe(201);
    const BATCH = 25;
    let checked = 0;
    for (let from = 0; from < fast.length; from += BATCH) {
      const batch = fast.slice(from, from + BATCH);
      fake.script(
        {
          kind: "reply",
          toolCalls: batch.map(([tool, sql, params], j) => ({
            id: `h${from + j}`,
            name: tool,
            arguments: JSON.stringify({
              query: fill(sql),
              params: params.map((p) => (typeof p === "string" ? fill(p) : p)),
            }),
          })),
        },
        { kind: "reply", text: "Done." },
      );
      await resetRateBudgets(server);
      const started = await post(
        `/v1/agents/${agent.body.id}/runs`,
        { input: "Try these." },
        attacker.secret,
      );
      expect(started.status, started.text).toBe(202);
      let run: Reply | undefined;
      for (let i = 0; i < 600; i++) {
        run = await call(server.url, "GET", `/v1/runs/${started.body.id}`, { key: attacker.secret });
        if (["succeeded", "failed", "cancelled"].includes(run.body.status)) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(run?.body.status, run?.text).toBe("succeeded");
      for (const marker of leakMarkers) expect(run?.text, `leaked ${marker}`).not.toContain(marker);
      const steps = (run?.body.steps ?? []).filter((st: { kind: string }) => st.kind === "tool");
      expect(steps).toHaveLength(batch.length);
      batch.forEach(([tool, sql, , expectation], j) => {
        const st = steps[j];
        if (expectation === "empty") expect(st.rows, `${tool}: ${sql}`).toEqual([]);
        else expect(st.error, `${tool}: ${sql}`).toMatch(new RegExp(`^${tool}(: | runs )`));
        checked++;
      });
    }
    expect(checked).toBe(fast.length);
  }, 600_000);

  it("answers another account's table id with NOT_FOUND, whatever the statement", async () => {
    const { rows } = await server.services.db.pool.query(
      "SELECT id FROM typed_tables WHERE account_id = $1 ORDER BY name",
      [other.accountId],
    );
    for (const { id } of rows) {
      const r = await post(`/v1/tables/${id}/sql`, { query: "SELECT * FROM ledger" }, attacker.secret);
      expect(r.status, r.text).toBe(404);
      expect(r.body.error.code).toBe("NOT_FOUND");
      for (const marker of leakMarkers) expect(r.text).not.toContain(marker);
    }
  });

  it("leaves every typed table with its columns and rows: the victim's, the vault, the bound table", async () => {
    const otherSchema = `qt_${other.accountId}`;
    const { rows: columns } = await server.services.db.pool.query(
      `SELECT table_name, column_name, data_type FROM information_schema.columns
        WHERE table_schema = $1 ORDER BY table_name, ordinal_position`,
      [otherSchema],
    );
    expect(columns.map((c) => `${c.table_name}.${c.column_name}:${c.data_type}`)).toEqual([
      "ledger.row_id:bigint",
      "ledger.note:text",
      "ledger.amount:numeric",
      "scratch.row_id:bigint",
      "scratch.note:text",
      "scratch.n:bigint",
    ]);
    expect((await rowsOf(otherSchema, "ledger")).map((r) => [r.note, Number(r.amount)])).toEqual([
      [OTHER_TABLE_SECRET, 1],
      [OTHER_TABLE_SECRET, 2],
    ]);
    expect((await rowsOf(otherSchema, "scratch")).map((r) => r.note)).toEqual([OTHER_SCRATCH_SECRET]);
    const ownSchema = `qt_${attacker.accountId}`;
    expect((await rowsOf(ownSchema, "vault")).map((r) => r.note)).toEqual([VAULT_SECRET]);
    expect((await rowsOf(ownSchema, "scratch")).map((r) => [r.note, Number(r.n)])).toEqual([
      ["mine", 1],
      ["also mine", 2],
    ]);
    // Row-level security is still on for every typed table, and both sandbox roles are powerless.
    const { rows: rls } = await server.services.db.pool.query(
      `SELECT n.nspname, c.relname, c.relrowsecurity FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname IN ($1, $2) AND c.relkind = 'r' ORDER BY 1, 2`,
      [otherSchema, ownSchema],
    );
    expect(rls).toHaveLength(4);
    expect(rls.every((r) => r.relrowsecurity)).toBe(true);
    const { rows: roles } = await server.services.db.pool.query(
      `SELECT rolname, rolsuper, rolbypassrls, rolcanlogin, rolcreaterole, rolcreatedb FROM pg_roles
        WHERE rolname IN ('quire_sql_reader', 'quire_table_writer') ORDER BY 1`,
    );
    expect(roles).toEqual(
      ["quire_sql_reader", "quire_table_writer"].map((rolname) => ({
        rolname,
        rolsuper: false,
        rolbypassrls: false,
        rolcanlogin: false,
        rolcreaterole: false,
        rolcreatedb: false,
      })),
    );
  });

  it("made no table, function, role, schema, policy, large object or extension", async () => {
    const after = (await server.services.db.pool.query(inventorySql)).rows[0];
    expect(after).toEqual(inventoryBefore);
  });

  it("leaves no sandbox connection with a setting a statement changed for its session", async () => {
    for (const pool of [server.services.db.sql.read, server.services.db.sql.write]) {
      const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
      try {
        expect(clients.length).toBeGreaterThan(0);
        for (const c of clients) {
          const { rows } = await c.query(
            "SELECT name, setting FROM pg_settings WHERE source = 'session' ORDER BY name",
          );
          expect(rows, `connection ${(c as unknown as { processID: number }).processID}`).toEqual([]);
        }
      } finally {
        for (const c of clients) c.release();
      }
    }
  });

  it("leaves no statement running once the budget has passed", async () => {
    const activeSql = `SELECT pid, state, left(query, 120) AS query FROM pg_stat_activity
      WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()
        AND query NOT LIKE '%pg_stat_activity%'`;
    let active: unknown[] = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      active = (await server.services.db.pool.query(activeSql)).rows;
      if (active.length === 0) break;
      await new Promise((res) => setTimeout(res, 500));
    }
    expect(active).toEqual([]);
  });

  it("still answers an ordinary doc_sql query", async () => {
    await resetRateBudgets(server);
    const started = performance.now();
    const r = await post(
      "/v1/sql",
      {
        query: "SELECT page_number, text FROM pages WHERE document_id = $1 ORDER BY page_number LIMIT 1",
        params: [attackerDoc],
      },
      attacker.secret,
    );
    const ms = Math.round(performance.now() - started);
    console.log(`after the hostile suite, an ordinary doc_sql query answered ${r.status} in ${ms} ms`);
    expect(r.status, r.text).toBe(200);
    expect(r.body.rows[0][0]).toBe(1);
    expect(r.body.rows[0][1]).toContain("Quarterly Report");
  });
});
