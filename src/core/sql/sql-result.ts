/** What a statement answered: its columns, its rows as arrays in the columns' order, and how many. */
export type SqlResult = {
  /** SELECT, INSERT, UPDATE or DELETE. */
  command: string;
  columns: string[];
  rows: unknown[][];
  /** Rows returned (or, for INSERT, UPDATE and DELETE without RETURNING, rows affected). */
  rowCount: number;
  /** true when rows were left unread at MAX_RESULT_ROWS or MAX_RESULT_BYTES. */
  truncated: boolean;
};
