// The budget of one statement of doc_sql or table_sql, whoever wrote it. Documented in docs/sql.md.

/** PostgreSQL cancels a statement running longer (statement_timeout). */
export const STATEMENT_TIMEOUT_MS = 5_000;
/** A statement waiting this long for a lock gives up (lock_timeout): a writer cannot hold others up. */
export const LOCK_TIMEOUT_MS = 1_000;
/** The client gives up on the database this long after the statement's own timeout, and cancels it. */
export const CLIENT_GRACE_MS = 5_000;
/** Rows a result carries; the rest are left unread and the result says it was truncated. */
export const MAX_RESULT_ROWS = 1_000;
/** Bytes of JSON a result carries, whatever its rows. */
export const MAX_RESULT_BYTES = 1_048_576;
/** Characters of one statement. */
export const MAX_SQL_CHARS = 20_000;
/** Bound parameters ($1, $2...) of one statement. */
export const MAX_SQL_PARAMS = 100;
/** Memory a sort or hash of one statement may use before it spills (work_mem). */
export const WORK_MEM = "16MB";
