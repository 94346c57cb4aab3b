/**
 * A statement the sandbox would not run, or that failed in the database: its message is written
 * for whoever wrote the SQL (a person or a model) and is the tool's result, never a 500.
 */
export class SqlRefused extends Error {
  constructor(
    message: string,
    /** timeout: the statement ran past its budget; the others are the writer's to fix. */
    readonly kind: "refused" | "failed" | "timeout" = "refused",
  ) {
    super(message);
    this.name = "SqlRefused";
  }
}
