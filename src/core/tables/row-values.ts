import type { TableColumn } from "./table-columns.ts";

// A typed table's columns as a JSON Schema to fill (what the built-in agent extracts when it has
// no output schema of its own), and values read from a document made fit for a column.

const schemaOf: Record<TableColumn["type"], Record<string, unknown>> = {
  text: { type: "string" },
  integer: { type: "integer" },
  numeric: { type: "number" },
  boolean: { type: "boolean" },
  date: { type: "string", format: "date" },
  timestamp: { type: "string", format: "date-time" },
  json: {},
};

export function columnsSchema(columns: readonly TableColumn[]): Record<string, unknown> {
  return {
    type: "object",
    properties: Object.fromEntries(
      columns.map((c) => [
        c.name,
        { ...schemaOf[c.type], ...(c.description ? { description: c.description } : {}) },
      ]),
    ),
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A value as the column takes it, or null when it cannot be one (a word in a numeric column). */
export function columnValue(column: TableColumn, v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  switch (column.type) {
    case "text":
      return typeof v === "object" ? JSON.stringify(v) : String(v);
    case "integer": {
      const n = typeof v === "number" ? v : Number(String(v).replace(/[,\s]/g, ""));
      return Number.isSafeInteger(n) ? n : null;
    }
    case "numeric": {
      const n = typeof v === "number" ? v : Number(String(v).replace(/[,\s]/g, ""));
      return Number.isFinite(n) ? n : null;
    }
    case "boolean":
      return typeof v === "boolean" ? v : v === "true" ? true : v === "false" ? false : null;
    case "date":
      return typeof v === "string" && DATE.test(v) && !Number.isNaN(Date.parse(v)) ? v : null;
    case "timestamp":
      return typeof v === "string" && !Number.isNaN(Date.parse(v)) ? v : null;
    case "json":
      return JSON.stringify(v);
  }
}
