import { describe, expect, it } from "vitest";
import { checkStatement, type StatementRules } from "../src/core/sql-sandbox/check-statement.ts";
import { SqlRefused } from "../src/core/sql-sandbox/sql-errors.ts";

// Verdicts are remembered per set of rules and statement text: the same text is judged the same
// way each time, and a verdict under one table's rules is never taken for another's.

const rulesFor = (table: string): StatementRules => ({
  mode: "write",
  relations: new Set([table]),
  columns: new Set(["amount"]),
  tool: "table_sql",
});

describe("remembered statement verdicts", () => {
  it("refuses a refused statement every time, with the same reason", async () => {
    const rules = rulesFor("invoices");
    const reasons: string[] = [];
    for (let i = 0; i < 3; i++) {
      const err = await checkStatement("SELECT pg_sleep(10)", rules).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SqlRefused);
      reasons.push((err as Error).message);
    }
    expect(new Set(reasons).size).toBe(1);
    expect(await checkStatement("SELECT amount FROM invoices;", rules)).toBe("SELECT amount FROM invoices");
    expect(await checkStatement("SELECT amount FROM invoices;", rules)).toBe("SELECT amount FROM invoices");
  });

  it("judges the same text under other rules afresh", async () => {
    const sql = "SELECT amount FROM invoices";
    expect(await checkStatement(sql, rulesFor("invoices"))).toBe(sql);
    await expect(checkStatement(sql, rulesFor("orders"))).rejects.toBeInstanceOf(SqlRefused);
    expect(await checkStatement(sql, rulesFor("invoices"))).toBe(sql);
  });
});
