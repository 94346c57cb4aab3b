import type { Workflow } from "../../generated/prisma/client.ts";
import { checkRules } from "../invoices/invoice-checks.ts";
import { invoiceSchema } from "../invoices/invoice-schema.ts";
import { SCHEMA_CHECK } from "./data-checks.ts";
import { definitionOf, ruleLabel, type WorkflowStep } from "./workflow-steps.ts";

export const INVOICE_WORKFLOW = "invoice-extraction";
export const resultFormats = ["json", "csv", "xlsx", "xml"] as const;
export type ResultFormat = (typeof resultFormats)[number];

/** A workflow an account can run: a built-in one, or (in the beta) one of its own. */
export type WorkflowRecord = {
  id: string;
  kind: "built_in" | "dynamic";
  name: string;
  description: string;
  /** What a run takes. */
  input: { documents: { min: number; max: number }; options: Record<string, string> };
  /** The JSON Schema of one document's data. */
  output: Record<string, unknown>;
  /** The checks each document's data goes through, by name. */
  checks: readonly string[];
  resultFormats: readonly ResultFormat[];
  /** A dynamic workflow's steps as written; null for a built-in one. */
  steps: WorkflowStep[] | null;
  createdAt: Date | null;
  updatedAt: Date | null;
};

/** PDFs one run takes at most. */
export const MAX_RUN_DOCUMENTS = 50;

const runInput = (options: Record<string, string>) => ({
  documents: { min: 1, max: MAX_RUN_DOCUMENTS },
  options,
});

export const invoiceWorkflow: WorkflowRecord = {
  id: INVOICE_WORKFLOW,
  kind: "built_in",
  name: "Invoice extraction",
  description:
    "Reads invoices (any layout; English, German, French; born-digital or scanned) into Azure's prebuilt invoice fields, with the page and text each value was read from, and checks the arithmetic: a document whose figures do not add up needs review.",
  input: runInput({
    locale:
      "BCP 47 (en-US, de-DE, fr-FR): how to read 03/05/2026 and 1.234,56 when the invoice does not tell.",
    currency: "ISO 4217, for invoices that name none.",
  }),
  output: invoiceSchema as unknown as Record<string, unknown>,
  checks: checkRules,
  resultFormats,
  steps: null,
  createdAt: null,
  updatedAt: null,
};

export function toWorkflowRecord(row: Workflow): WorkflowRecord {
  // Stored only after workflowSteps admitted them.
  const steps = row.steps as WorkflowStep[];
  const def = definitionOf(steps);
  return {
    id: row.id,
    kind: "dynamic",
    name: row.name,
    description: row.description,
    input: runInput({
      locale: "BCP 47 (en-US, de-DE, fr-FR): how to read dates and numbers when the document does not tell.",
    }),
    output: def.extract.schema,
    checks: [SCHEMA_CHECK, ...def.rules.map(ruleLabel)],
    resultFormats: def.formats,
    steps,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
