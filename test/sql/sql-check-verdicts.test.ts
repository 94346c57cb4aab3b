import { describe, expect, it } from "vitest";
import { checkStatement, type StatementRules } from "../../src/core/sql/check-statement.ts";
import { SqlRefused } from "../../src/core/sql/sql-errors.ts";

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
    const refusals: unknown[] = [];
    for (let i = 0; i < 3; i++) {
      const err = await checkStatement("SELECT pg_sleep(10)", rules).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SqlRefused);
      refusals.push(err);
    }
    // The remembered verdict itself, not the statement parsed and judged again.
    expect(refusals[1]).toBe(refusals[0]);
    expect(refusals[2]).toBe(refusals[0]);
    expect(await checkStatement("SELECT amount FROM invoices;", rules)).toBe("SELECT amount FROM invoices");
    expect(await checkStatement("SELECT amount FROM invoices;", rules)).toBe("SELECT amount FROM invoices");
  });

  it("judges a statement afresh when its text is too long to remember", async () => {
    const rules = rulesFor("invoices");
    const long = `SELECT pg_sleep(10) -- ${"x".repeat(5000)}`;
    const first = await checkStatement(long, rules).catch((e: unknown) => e);
    const second = await checkStatement(long, rules).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(SqlRefused);
    expect(second).toBeInstanceOf(SqlRefused);
    expect(second).not.toBe(first);
    expect((second as Error).message).toBe((first as Error).message);
  });

  it("remembers a verdict for rules made anew with the same table and columns, as each table_sql call makes them", async () => {
    const first = await checkStatement("SELECT pg_sleep(1)", rulesFor("ledger")).catch((e: unknown) => e);
    const again = await checkStatement("SELECT pg_sleep(1)", rulesFor("ledger")).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(SqlRefused);
    expect(again).toBe(first);
  });

  it("judges the same text under other rules afresh", async () => {
    const sql = "SELECT amount FROM invoices";
    expect(await checkStatement(sql, rulesFor("invoices"))).toBe(sql);
    await expect(checkStatement(sql, rulesFor("orders"))).rejects.toBeInstanceOf(SqlRefused);
    expect(await checkStatement(sql, rulesFor("invoices"))).toBe(sql);
  });
});
