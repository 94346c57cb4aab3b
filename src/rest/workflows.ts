import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { AppError } from "../core/errors.ts";
import { checkRules } from "../core/invoices/invoice-checks.ts";
import { INVOICE_WORKFLOW, MAX_RUN_DOCUMENTS, resultFormats } from "../core/workflows/workflow-catalog.ts";
import { documentRef } from "../resolvers/documents/document-record.ts";
import { fileRef } from "../resolvers/files/file-record.ts";
import { createRun, runOptionsInput } from "../resolvers/workflows/create-run.ts";
import { getRun } from "../resolvers/workflows/get-run.ts";
import { listRuns, MAX_RUNS_PAGE } from "../resolvers/workflows/list-runs.ts";
import { getWorkflow, listWorkflows } from "../resolvers/workflows/list-workflows.ts";
import {
  type RunRecord,
  runDocumentStatuses,
  runRef,
  runStatuses,
  runWire,
} from "../resolvers/workflows/run-record.ts";
import { runResults } from "../resolvers/workflows/run-results.ts";
import { workflowWire } from "../resolvers/workflows/workflow-record.ts";
import { createWorkflow, deleteWorkflow, MAX_WORKFLOWS } from "../resolvers/workflows/write-workflow.ts";
import type { AppEnv } from "../web/env.ts";
import { streamUploads } from "../web/multipart-stream.ts";
import type { RestFace } from "./bind-route.ts";
import { checked, jsonSchemaOf, jsonTextField } from "./body-parts.ts";
import { XLSX_TYPE } from "./downloads.ts";
import {
  errorResponses,
  jsonBody,
  jsonResponse,
  mediaResponse,
  pageOf,
  pageQuery,
} from "./shared-schemas.ts";

const tags = ["Workflows"];

const nullableString = z.string().nullable();
const nullableNumber = z.number().nullable();

const InvoiceItemSchema = z
  .object({
    description: nullableString,
    quantity: nullableNumber,
    unit: nullableString,
    unit_price: nullableNumber,
    tax_rate: nullableNumber.openapi({ description: "Percent (20 for 20 %)." }),
    amount: nullableNumber,
    product_code: nullableString,
  })
  .openapi("InvoiceItem");

const InvoiceDataSchema = z
  .object({
    invoice_id: nullableString,
    invoice_date: nullableString.openapi({ format: "date", description: "ISO 8601 (YYYY-MM-DD)." }),
    due_date: nullableString.openapi({ format: "date" }),
    purchase_order: nullableString,
    vendor_name: nullableString,
    vendor_address: nullableString,
    vendor_tax_id: nullableString,
    customer_name: nullableString,
    customer_address: nullableString,
    customer_id: nullableString,
    currency: nullableString.openapi({ description: "ISO 4217." }),
    subtotal: nullableNumber,
    total_discount: nullableNumber,
    shipping: nullableNumber,
    total_tax: nullableNumber,
    invoice_total: nullableNumber,
    amount_paid: nullableNumber.openapi({ description: "Deposits or payments already made." }),
    amount_due: nullableNumber,
    payment_terms: nullableString,
    items: z.array(InvoiceItemSchema),
  })
  .openapi("InvoiceData", {
    description:
      "Azure Document Intelligence's prebuilt invoice fields in snake_case (plus shipping and amount_paid); a field not on the invoice is null; amounts in the invoice's currency.",
  });

const FieldSourceSchema = z
  .object({
    page: z.number().int(),
    quote: z.string().openapi({ description: "The text the value was read from." }),
    bbox: z
      .array(z.number())
      .length(4)
      .nullable()
      .openapi({ description: "[x0, y0, x1, y1] in PDF points, origin top-left; null when not known." }),
    confidence: z.number().min(0).max(1).nullable().openapi({
      description: "How sure the reader is; null when it gives no figure (a dynamic workflow's values).",
    }),
  })
  .openapi("InvoiceFieldSource");

const CheckSchema = z
  .object({
    rule: z.string().openapi({
      description: `The invoice workflow's rules (${checkRules.join(", ")}); for a dynamic workflow, schema_valid and the validate step's rules by name (or kind:field).`,
    }),
    status: z.enum(["passed", "failed", "skipped"]),
    message: z.string().openapi({ description: "What was compared, with the figures." }),
  })
  .openapi("InvoiceCheck");

const RunDocumentSchema = z
  .object({
    document_id: z.string().nullable().openapi({ description: "null once the document was deleted." }),
    file_id: z.string().nullable().openapi({ description: "The stored file it was parsed from, if any." }),
    file_name: z.string(),
    status: z.enum(runDocumentStatuses).openapi({
      description:
        "queued, parsing (its document is being parsed), then succeeded, needs_review (a check failed, or the parse awaits review) or failed (error says why).",
    }),
    data: z
      .union([InvoiceDataSchema, z.record(z.string(), z.unknown())])
      .nullable()
      .openapi({
        description:
          "The invoice for invoice-extraction; for a dynamic workflow, an object of its extract schema.",
      }),
    sources: z.record(z.string(), FieldSourceSchema).nullable().openapi({
      description:
        "Where each value was read, by the value's JSON Pointer in data (`/invoice_total`, `/items/0/amount`).",
    }),
    checks: z.array(CheckSchema).nullable(),
    error: z.string().nullable(),
  })
  .openapi("RunDocument");

export const RunSchema = z
  .object({
    id: z.string().openapi({ example: "run_4f8a0c2k9m1x7q3z" }),
    kind: z.literal("workflow").openapi({ description: "A workflow's run (an agent's run has kind agent)." }),
    workflow: z.string().openapi({ example: INVOICE_WORKFLOW }),
    status: z.enum(runStatuses).openapi({
      description:
        "queued, running, then succeeded (every document read and its checks passed), needs_review (a document failed or needs review) or failed (every document failed).",
    }),
    options: z.object({ locale: z.string().optional(), currency: z.string().optional() }),
    error: z.string().nullable(),
    documents: z.array(RunDocumentSchema),
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
    finished_at: z.string().nullable().openapi({ format: "date-time" }),
  })
  .openapi("Run");

const WorkflowSchema = z
  .object({
    id: z.string().openapi({ description: "invoice-extraction, or wf_… for a dynamic workflow." }),
    kind: z.enum(["built_in", "dynamic"]),
    name: z.string(),
    description: z.string(),
    input: z.object({
      documents: z.object({ min: z.number().int(), max: z.number().int() }),
      options: z.record(z.string(), z.string()),
    }),
    output: z
      .record(z.string(), z.unknown())
      .openapi({ description: "The JSON Schema of one document's data." }),
    checks: z.array(z.string()),
    result_formats: z.array(z.enum(resultFormats)),
    // The same schema the steps are written with (POST /v1/workflows).
    steps: createWorkflow.input.shape.steps
      .nullable()
      .openapi({ description: "A dynamic workflow's steps as written; null for a built-in one." }),
    created_at: z.string().nullable().openapi({ format: "date-time" }),
    updated_at: z.string().nullable().openapi({ format: "date-time" }),
  })
  .openapi("Workflow");

const betaNote =
  "Dynamic workflows are a private beta: with WORKFLOWS_BETA unset on the server, writing or naming one is 403.";

const WorkflowParam = z.object({
  workflow_id: z
    .string()
    .max(100)
    .openapi({
      param: { name: "workflow_id", in: "path" },
      description: "The workflow: `invoice-extraction` (built in) or a dynamic workflow's id (`wf_…`).",
      example: INVOICE_WORKFLOW,
    }),
});
const RunParam = z.object({
  run_id: runRef.openapi({ param: { name: "run_id", in: "path" }, example: "run_4f8a0c2k9m1x7q3z" }),
});

/** The JSON form as the document describes it: document ids or file ids, one of the two. */
const RunFromIdsDescribed = z.union(
  [
    z
      .object({
        document_ids: z.array(documentRef).min(1).max(MAX_RUN_DOCUMENTS),
        options: runOptionsInput.optional(),
      })
      .strict(),
    z
      .object({
        file_ids: z.array(fileRef).min(1).max(MAX_RUN_DOCUMENTS),
        options: runOptionsInput.optional(),
      })
      .strict(),
  ],
  {
    error: `give document_ids or file_ids, one of the two, each with 1 to ${MAX_RUN_DOCUMENTS} ids (and options, if any)`,
  },
);

/**
 * The same form as the handler checks it: one object, so that a bad id or option is named by its
 * field rather than lost in "no branch of the union matched".
 */
const RunFromIds = z
  .object({
    document_ids: z.array(documentRef).min(1).max(MAX_RUN_DOCUMENTS).optional(),
    file_ids: z.array(fileRef).min(1).max(MAX_RUN_DOCUMENTS).optional(),
    options: runOptionsInput.optional(),
  })
  .strict()
  .refine((b) => (b.document_ids === undefined) !== (b.file_ids === undefined), {
    message: "give document_ids or file_ids, one of the two",
  });

const optionsField = jsonTextField(runOptionsInput, "{locale, currency}");
const RunFields = z.object({ options: optionsField.optional() }).strict();

const optionsDescription =
  "`locale` (BCP 47: en-US, de-DE, fr-FR; how to read 03/05/2026 and 1.234,56 when the invoice does not tell) and `currency` (ISO 4217, for invoices that name none).";

const list = createRoute({
  method: "get",
  path: "/v1/workflows",
  tags,
  summary: "The workflows the account can run",
  responses: {
    200: jsonResponse(z.object({ data: z.array(WorkflowSchema) }).openapi("WorkflowList"), "The workflows."),
    ...errorResponses("FORBIDDEN"),
  },
});

const createDynamic = createRoute({
  method: "post",
  path: "/v1/workflows",
  tags,
  summary: "Define a workflow of your own (private beta)",
  description: `Steps, each type at most once and in this order: \`parse\` (optional: documents are always parsed first), \`extract\` (required: \`schema\`, a JSON Schema with an object at its root, and an optional \`prompt\`; filled by the same engine as POST /v1/documents/{id}/structured-output), \`validate\` (optional: \`rules\`), \`export\` (optional: \`formats\` of json, csv, xlsx; all three without it). Runs check the data against the schema (check schema_valid) and by each rule; a failed check sends the document to review. Refused with 400 naming the step and field: a schema that does not compile, a rule naming a field the schema lacks, steps out of order. An account keeps at most ${MAX_WORKFLOWS} workflows (409 past it). ${betaNote}`,
  request: jsonBody(
    z
      .object({
        name: createWorkflow.input.shape.name,
        description: createWorkflow.input.shape.description.optional(),
        steps: createWorkflow.input.shape.steps,
      })
      .strict()
      .openapi("WorkflowCreate"),
  ),
  responses: {
    201: jsonResponse(WorkflowSchema, "Created. Location names it."),
    ...errorResponses("FORBIDDEN", "CONFLICT", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"),
  },
});

const getOne = createRoute({
  method: "get",
  path: "/v1/workflows/{workflow_id}",
  tags,
  summary: "One workflow: built in or the account's own",
  description: betaNote,
  request: { params: WorkflowParam },
  responses: {
    200: jsonResponse(WorkflowSchema, "The workflow."),
    ...errorResponses("FORBIDDEN", "NOT_FOUND"),
  },
});

const deleteOne = createRoute({
  method: "delete",
  path: "/v1/workflows/{workflow_id}",
  tags,
  summary: "Delete a workflow of the account's (its runs stay, with the steps they ran)",
  description: `The built-in workflow cannot be deleted (403). ${betaNote}`,
  request: { params: WorkflowParam },
  responses: {
    200: jsonResponse(
      z.object({ id: z.string(), deleted: z.literal(true) }).openapi("WorkflowDeleted"),
      "Deleted.",
    ),
    ...errorResponses("FORBIDDEN", "NOT_FOUND", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"),
  },
});

const create = createRoute({
  method: "post",
  path: "/v1/workflows/{workflow_id}/runs",
  tags,
  summary: "Run a workflow over PDFs (read in the background)",
  description: `Either multipart form data with an optional text field \`options\` (JSON) first and then 1 to ${MAX_RUN_DOCUMENTS} PDFs, each in a part named \`file\` (each streamed and parsed as POST /v1/documents would), or JSON \`{document_ids}\` (documents of the account, parsed or being parsed) or \`{file_ids}\` (stored files: the document parsed from one before is reused, else it is parsed), with \`options\`: ${optionsDescription} Answers 202 with the run queued; poll GET /v1/runs/{run_id} (or follow the runProgress subscription) until it is succeeded, needs_review or failed, then download the results. Each PDF parsed for the run counts one expensive operation (the first with the request), so a run of new PDFs takes at most the expensive budget (30 a minute); documents already parsed cost nothing more. Refused, with nothing kept (documents parsed for the request are removed): no PDF or more than ${MAX_RUN_DOCUMENTS} (400), a part that is not a PDF (415, naming it), a document or file of another account or none (404, naming it), bad options (400).`,
  request: {
    params: WorkflowParam,
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            required: ["file"],
            properties: {
              options: {
                type: "string",
                contentMediaType: "application/json",
                description: optionsDescription,
              },
              file: {
                type: "array",
                minItems: 1,
                maxItems: MAX_RUN_DOCUMENTS,
                items: { type: "string", format: "binary" },
                description: "The PDFs, one part each.",
              },
            },
          },
        },
        // Validated by the handler: a route validator would also run on the multipart form.
        "application/json": { schema: jsonSchemaOf(RunFromIdsDescribed) },
      },
    },
  },
  responses: {
    202: jsonResponse(RunSchema, "Accepted: the run is queued. Location names it."),
    ...errorResponses(
      "FORBIDDEN",
      "NOT_FOUND",
      "CONFLICT",
      "PAYLOAD_TOO_LARGE",
      "UNSUPPORTED_MEDIA_TYPE",
      "STORAGE_UNAVAILABLE",
    ),
  },
});

const listQuery = z.object(pageQuery(listRuns.input.shape.limit, `At most ${MAX_RUNS_PAGE}.`));
export const RunList = pageOf(RunSchema, "RunList");

const listOfWorkflow = createRoute({
  method: "get",
  path: "/v1/workflows/{workflow_id}/runs",
  operationId: "listWorkflowRuns",
  tags,
  summary: "A workflow's runs, newest first",
  request: { params: WorkflowParam, query: listQuery },
  responses: { 200: jsonResponse(RunList, "A page of runs."), ...errorResponses("FORBIDDEN", "NOT_FOUND") },
});

const getOfWorkflow = createRoute({
  method: "get",
  path: "/v1/workflows/{workflow_id}/runs/{run_id}",
  operationId: "getWorkflowRun",
  tags,
  summary: "A run with what was read from each document",
  request: { params: WorkflowParam.merge(RunParam) },
  responses: { 200: jsonResponse(RunSchema, "The run."), ...errorResponses("FORBIDDEN", "NOT_FOUND") },
});

const ResultsJsonSchema = z
  .object({
    run_id: z.string(),
    workflow: z.string(),
    status: z.enum(runStatuses),
    finished_at: z.string().nullable().openapi({ format: "date-time" }),
    documents: z.array(
      RunDocumentSchema.pick({
        document_id: true,
        file_name: true,
        status: true,
        data: true,
        checks: true,
        error: true,
      }),
    ),
  })
  .openapi("RunResults");

const resultFiles = resultFormats.map((f) => `results.${f}` as const);

const binary = { schema: { type: "string", format: "binary" } };

const results = createRoute({
  method: "get",
  path: "/v1/workflows/{workflow_id}/runs/{run_id}/{results_file}",
  tags,
  summary: "A finished run's results as JSON, CSV, XLSX or XML",
  description:
    "`results.json`: the run's documents with their data, checks and errors. `results.csv` (RFC 4180, UTF-8): one row per line item, the document's columns (document_id, file_name, status, failed_checks, error) and the invoice's fields repeated on each, then item and item_* columns; a document without items has one row. `results.xlsx`: sheets `invoices` (a row per document) and `items` (a row per line item). `results.xml`: UBL 2.1 invoices (see docs/api.md). 409 while the run is queued or running.",
  request: {
    params: WorkflowParam.merge(RunParam).extend({
      results_file: z
        .enum(resultFiles)
        .openapi({ param: { name: "results_file", in: "path" }, description: "The format, as a file name." }),
    }),
  },
  responses: {
    200: mediaResponse(
      {
        "application/json": { schema: ResultsJsonSchema },
        "text/csv": binary,
        [XLSX_TYPE]: binary,
        "application/xml": binary,
      },
      "The results, as an attachment.",
    ),
    ...errorResponses("FORBIDDEN", "NOT_FOUND", "CONFLICT"),
  },
});

export function registerWorkflowRoutes(app: OpenAPIHono<AppEnv>, { ctxOf, bind }: RestFace) {
  app.openapi(bind(list, listWorkflows), async (c) => {
    const r = await listWorkflows.invoke(ctxOf(c), {});
    return c.json({ data: r.map(workflowWire) }, 200);
  });
  app.openapi(bind(createDynamic, createWorkflow), async (c) => {
    const b = c.req.valid("json");
    const w = await createWorkflow.invoke(ctxOf(c), b);
    c.header("Location", `/v1/workflows/${w.id}`);
    return c.json(workflowWire(w), 201);
  });
  app.openapi(bind(getOne, getWorkflow), async (c) =>
    c.json(workflowWire(await getWorkflow.invoke(ctxOf(c), { ref: c.req.valid("param").workflow_id })), 200),
  );
  app.openapi(bind(deleteOne, deleteWorkflow), async (c) =>
    c.json(await deleteWorkflow.invoke(ctxOf(c), { ref: c.req.valid("param").workflow_id }), 200),
  );
  app.openapi(bind(create, createRun), async (c) => {
    const workflow = c.req.valid("param").workflow_id;
    const json = (c.req.header("content-type") ?? "").toLowerCase().startsWith("application/json");
    let r: RunRecord;
    if (json) {
      const raw = await c.req.json().catch(() => {
        throw new AppError("BAD_REQUEST", "The body is not valid JSON.");
      });
      const b = checked(RunFromIds, raw, "body");
      r = await createRun.invoke(ctxOf(c), {
        workflow,
        documentIds: b.document_ids,
        fileIds: b.file_ids,
        options: b.options,
      });
    } else {
      const { fields, files } = await streamUploads(c.req.raw, "file", { maxFiles: MAX_RUN_DOCUMENTS });
      const f = checked(RunFields, fields, "form field");
      r = await createRun.invoke(ctxOf(c), {
        workflow,
        uploads: (async function* () {
          for await (const part of files) yield { fileName: part.fileName, body: part.body };
        })(),
        options: f.options,
      });
    }
    c.header("Location", `/v1/runs/${r.id}`);
    return c.json(runWire(r), 202);
  });
  const listed = (r: { runs: RunRecord[]; nextCursor: string | null }) => ({
    data: r.runs.map(runWire),
    next_cursor: r.nextCursor,
  });
  app.openapi(bind(listOfWorkflow, listRuns), async (c) => {
    const workflow = c.req.valid("param").workflow_id;
    const q = c.req.valid("query");
    return c.json(
      listed(await listRuns.invoke(ctxOf(c), { limit: q.limit, cursor: q.cursor, workflow })),
      200,
    );
  });
  app.openapi(bind(getOfWorkflow, getRun), async (c) => {
    const p = c.req.valid("param");
    const workflow = p.workflow_id;
    return c.json(runWire(await getRun.invoke(ctxOf(c), { ref: p.run_id, workflow })), 200);
  });
  app.openapi(bind(results, runResults), async (c) => {
    const p = c.req.valid("param");
    const workflow = p.workflow_id;
    const format = p.results_file.slice("results.".length) as (typeof resultFormats)[number];
    const r = await runResults.invoke(ctxOf(c), { ref: p.run_id, workflow, format });
    return c.body(typeof r.body === "string" ? r.body : new Uint8Array(r.body), 200, {
      "Content-Type": r.contentType,
      "Content-Disposition": `attachment; filename="${r.fileName}"`,
      "Cache-Control": "private, no-cache",
    }) as never;
  });
}
