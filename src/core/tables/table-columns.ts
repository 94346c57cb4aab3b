import { z } from "../zod.ts";

// A typed table's columns as a client declares them, and the PostgreSQL each becomes. Names are
// plain lower-case identifiers (they are written into SQL, always quoted as well), and `row_id`,
// the key every typed table has, is taken.

export const columnTypes = ["text", "integer", "numeric", "boolean", "date", "timestamp", "json"] as const;
export type ColumnType = (typeof columnTypes)[number];

/** The PostgreSQL type of each declared type: integers are 64-bit, instants keep their zone. */
export const pgTypeOf: Record<ColumnType, string> = {
  text: "text",
  integer: "bigint",
  numeric: "numeric",
  boolean: "boolean",
  date: "date",
  timestamp: "timestamptz",
  json: "jsonb",
};

export const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/;
/** The key column of every typed table, in insertion order. */
export const ROW_ID = "row_id";
/** Columns of one table at most. */
export const MAX_COLUMNS = 100;

const identifier = z
  .string()
  .regex(
    IDENTIFIER,
    "must start with a lower-case letter and hold only a-z, 0-9 and _ (at most 63 characters)",
  );

export const tableName = identifier;

export const tableColumn = z.strictObject({
  name: identifier.refine(
    (n) => n !== ROW_ID,
    `${ROW_ID} is the key every typed table has: choose another name`,
  ),
  type: z.enum(columnTypes, `must be one of ${columnTypes.join(", ")}`),
  nullable: z.boolean().default(true),
  description: z.string().max(1000).default(""),
});
export type TableColumn = z.output<typeof tableColumn>;

export const tableColumns = z
  .array(tableColumn)
  .min(1)
  .max(MAX_COLUMNS)
  .refine((cols) => new Set(cols.map((c) => c.name)).size === cols.length, "column names must be unique");

const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** The statements that make a typed table: its columns, the sandbox role's rights and the row-level policy keyed by its id. */
export function createTableSql(
  schema: string,
  name: string,
  tableId: string,
  columns: readonly TableColumn[],
): string[] {
  const target = `${quote(schema)}.${quote(name)}`;
  const cols = columns.map((c) => `${quote(c.name)} ${pgTypeOf[c.type]}${c.nullable ? "" : " NOT NULL"}`);
  // The id is [a-z0-9_] only (tbl_ and base-36), so it is safe inside the literal.
  const scoped = `current_setting('quire.sql_table', true) = '${tableId.replace(/[^a-z0-9_]/g, "")}'`;
  return [
    `CREATE SCHEMA IF NOT EXISTS ${quote(schema)}`,
    `GRANT USAGE ON SCHEMA ${quote(schema)} TO quire_table_writer`,
    `CREATE TABLE ${target} (${quote(ROW_ID)} bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, ${cols.join(", ")})`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ${target} TO quire_table_writer`,
    `ALTER TABLE ${target} ENABLE ROW LEVEL SECURITY`,
    `CREATE POLICY "bound_table" ON ${target} TO quire_table_writer USING (${scoped}) WITH CHECK (${scoped})`,
  ];
}

export const qualifiedTable = (schema: string, name: string) => `${quote(schema)}.${quote(name)}`;

/** The names a statement may give a typed table's columns: row_id and the declared ones. */
export const columnNames = (table: { columns: unknown }): string[] => [
  ROW_ID,
  ...(table.columns as TableColumn[]).map((c) => c.name),
];
