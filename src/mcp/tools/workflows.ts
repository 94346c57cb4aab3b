import type { Services } from "../../core/services.ts";
import { INVOICE_WORKFLOW, MAX_RUN_DOCUMENTS } from "../../core/workflows/workflow-catalog.ts";
import { z } from "../../core/zod.ts";
import { endedAgentRunStatuses } from "../../resolvers/agents/agent-run-record.ts";
import { type AnyRun, getAnyRun } from "../../resolvers/runs/any-run.ts";
import { createRun, runOptionsInput } from "../../resolvers/workflows/create-run.ts";
import { listWorkflows } from "../../resolvers/workflows/list-workflows.ts";
import { agentRunJson, runJson, workflowJson } from "../records.ts";
import {
  badArgument,
  boundedStructured,
  defineTool,
  hints,
  structured,
  type ToolDefinition,
} from "../tool.ts";
import { MAX_WAIT_SECONDS, waitFor, waitSecondsArg } from "../wait.ts";

/** How long get_run may wait for the end, at most. */
const POLL_MS = 500;

const runOut = z.looseObject({ id: z.string(), status: z.string() });

const ended = (r: AnyRun) =>
  r.kind === "agent"
    ? endedAgentRunStatuses.includes(r.run.status)
    : r.run.status !== "queued" && r.run.status !== "running";

/** The PDFs a run reads: documents or stored files, one of the two. */
const runSources = {
  document_ids: z
    .array(z.string().min(1).max(100))
    .min(1)
    .max(MAX_RUN_DOCUMENTS)
    .optional()
    .describe("Documents of the account (doc-…)."),
  file_ids: z
    .array(z.string().min(1).max(100))
    .min(1)
    .max(MAX_RUN_DOCUMENTS)
    .optional()
    .describe("Stored PDF files (file_…); each is parsed unless it was before."),
};

const oneSource = (a: { document_ids?: string[] | undefined; file_ids?: string[] | undefined }) => {
  if ((a.document_ids === undefined) === (a.file_ids === undefined))
    throw badArgument("document_ids", "give document_ids or file_ids, exactly one of the two.");
};

const workflowsOut = z.object({
  workflows: z.array(z.looseObject({ id: z.string(), name: z.string() })),
  truncated: z.boolean(),
});

export function workflowTools(_services: Services): ToolDefinition[] {
  return [
    defineTool({
      name: "list_workflows",
      title: "The workflows the account can run",
      description:
        "The workflows run_workflow can run: the built-in invoice-extraction, and the account's own (defined with POST /v1/workflows, where the server allows them), each with the fields it reads (output, a JSON Schema), its checks and its result formats.",
      operation: listWorkflows,
      input: z.object({}),
      output: workflowsOut,
      annotations: hints.read,
      run: async (call) => {
        const all = await listWorkflows.invoke(call.ctx, {});
        return boundedStructured(
          {
            workflows: all.map(workflowJson),
          },
          call.budget,
          "read one workflow with GET /v1/workflows/{id}",
        );
      },
    }),
    defineTool({
      name: "run_workflow",
      title: "Run a workflow over documents",
      description: `Runs a workflow (its id from list_workflows: invoice-extraction or wf_…) over 1 to ${MAX_RUN_DOCUMENTS} PDFs (parsed documents by document_ids, or stored PDF files by file_ids): each is read into the workflow's fields and checked. Runs in the background: call get_run with wait_seconds for the result.`,
      operation: createRun,
      input: z.object({
        workflow: z
          .string()
          .min(1)
          .max(100)
          .describe("invoice-extraction, or a workflow id (wf_…) from list_workflows."),
        ...runSources,
        locale: runOptionsInput
          .unwrap()
          .shape.locale.describe(
            "en-US, de-DE, fr-FR: how to read dates and numbers the documents do not explain.",
          ),
      }),
      output: runOut,
      annotations: hints.create,
      run: async (call, a) => {
        oneSource(a);
        const run = await createRun.invoke(call.ctx, {
          workflow: a.workflow,
          documentIds: a.document_ids,
          fileIds: a.file_ids,
          options: { locale: a.locale },
        });
        return structured(runJson(run));
      },
    }),
    defineTool({
      name: "run_invoice_workflow",
      title: "Read invoices into fields and check them",
      description: `Runs the invoice-extraction workflow over 1 to ${MAX_RUN_DOCUMENTS} invoices (parsed documents by document_ids, or stored PDF files by file_ids): each is read into invoice fields (number, dates, parties, currency, subtotal, tax, total, amount due, line items) and its arithmetic checked. Runs in the background: call get_run with wait_seconds for the result.`,
      operation: createRun,
      input: z.object({
        ...runSources,
        locale: runOptionsInput
          .unwrap()
          .shape.locale.describe("en-US, de-DE, fr-FR: how to read 03/05/2026 and 1.234,56."),
        currency: runOptionsInput.unwrap().shape.currency.describe("ISO 4217, for invoices that name none."),
      }),
      output: runOut,
      annotations: hints.create,
      run: async (call, a) => {
        oneSource(a);
        const run = await createRun.invoke(call.ctx, {
          workflow: INVOICE_WORKFLOW,
          documentIds: a.document_ids,
          fileIds: a.file_ids,
          options: { locale: a.locale, currency: a.currency },
        });
        return structured(runJson(run));
      },
    }),
    defineTool({
      name: "get_run",
      title: "A run's status and results, of a workflow or an agent",
      description: `A run's status and results. A workflow's run (queued, running, succeeded, needs_review, failed): per document, the fields read and the checks that failed (with the figures). An agent's run (queued, running, succeeded, failed, cancelled): its output, and each step's tool, SQL, rows counted and error. wait_seconds (up to ${MAX_WAIT_SECONDS}) waits for the run to end first.`,
      operation: getAnyRun,
      input: z.object({
        run_id: z.string().min(1).max(100).describe("The run (run_…)."),
        wait_seconds: waitSecondsArg("it to end"),
      }),
      output: runOut,
      annotations: hints.read,
      run: async (call, a) => {
        const found = await waitFor(() => getAnyRun.invoke(call.ctx, { ref: a.run_id }), ended, {
          seconds: a.wait_seconds ?? 0,
          pollMs: POLL_MS,
          signal: call.ctx.signal,
        });
        if (found.kind === "agent")
          return boundedStructured(
            agentRunJson(found.run),
            call.budget,
            `read the whole run with GET /v1/runs/${found.run.id}`,
          );
        const run = found.run;
        return boundedStructured(
          runJson(run),
          call.budget,
          `download the whole results with GET /v1/workflows/${run.workflow}/runs/${run.id}/results.json`,
        );
      },
    }),
  ];
}
