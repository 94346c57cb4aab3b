import type { WorkflowRecord } from "../../core/workflows/workflow-catalog.ts";

// A workflow's record is made in the catalog (core/workflows/workflow-catalog.ts), which the
// engines read too; the wire form the faces share lives here with the family's other records.

/** A workflow on the wire (REST's Workflow). */
export const workflowWire = (w: WorkflowRecord) => ({
  id: w.id,
  kind: w.kind,
  name: w.name,
  description: w.description,
  input: w.input,
  output: w.output,
  checks: [...w.checks],
  result_formats: [...w.resultFormats],
  steps: w.steps,
  created_at: w.createdAt?.toISOString() ?? null,
  updated_at: w.updatedAt?.toISOString() ?? null,
});
