import { checkRules } from "../../core/invoices/invoice-checks.ts";
import { invoiceSchema } from "../../core/invoices/invoice-schema.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";

export const INVOICE_WORKFLOW = "invoice-extraction";
export const resultFormats = ["json", "csv", "xlsx", "xml"] as const;
export type ResultFormat = (typeof resultFormats)[number];

/** A workflow an account can run. */
export type WorkflowRecord = {
  id: string;
  name: string;
  description: string;
  /** What a run takes. */
  input: { documents: { min: number; max: number }; options: Record<string, string> };
  /** The JSON Schema of one document's data. */
  output: Record<string, unknown>;
  checks: readonly string[];
  resultFormats: readonly ResultFormat[];
};

/** PDFs one run takes at most. */
export const MAX_RUN_DOCUMENTS = 50;

export const invoiceWorkflow: WorkflowRecord = {
  id: INVOICE_WORKFLOW,
  name: "Invoice extraction",
  description:
    "Reads invoices (any layout; English, German, French; born-digital or scanned) into Azure's prebuilt invoice fields, with the page and text each value was read from, and checks the arithmetic: a document whose figures do not add up needs review.",
  input: {
    documents: { min: 1, max: MAX_RUN_DOCUMENTS },
    options: {
      locale:
        "BCP 47 (en-US, de-DE, fr-FR): how to read 03/05/2026 and 1.234,56 when the invoice does not tell.",
      currency: "ISO 4217, for invoices that name none.",
    },
  },
  output: invoiceSchema as unknown as Record<string, unknown>,
  checks: checkRules,
  resultFormats,
};

/** The workflows an account can run: the built-in ones. */
export const listWorkflows = defineOperation({
  name: "listWorkflows",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({}),
  run: async (): Promise<WorkflowRecord[]> => [invoiceWorkflow],
});
