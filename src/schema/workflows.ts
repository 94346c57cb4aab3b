import { INVOICE_WORKFLOW, type WorkflowRecord } from "../core/workflows/workflow-catalog.ts";
import { createRun } from "../resolvers/workflows/create-run.ts";
import { getRun } from "../resolvers/workflows/get-run.ts";
import { listRuns, MAX_RUNS_PAGE } from "../resolvers/workflows/list-runs.ts";
import { getWorkflow, listWorkflows } from "../resolvers/workflows/list-workflows.ts";
import {
  liveRunStatuses,
  type RunDocumentRecord,
  type RunRecord,
  type RunStatus,
  runDocumentStatuses,
  runStatuses,
  runTopic,
} from "../resolvers/workflows/run-record.ts";
import { createWorkflow, deleteWorkflow } from "../resolvers/workflows/write-workflow.ts";
import { builder } from "./builder.ts";
import { sizedBy } from "./cost.ts";
import { uploadsOf } from "./files-uploads.ts";
import { forwardConnection } from "./forward-connection.ts";
import { servedBy } from "./served-by.ts";

// Workflows and their runs over GraphQL, the twins of /v1/workflows and /v1/runs. The invoice's
// data, sources and checks are JSON: the same objects as the REST answer's, snake_case inside.

const RunStatusEnum = builder.enumType("RunStatus", { values: runStatuses });
const RunDocumentStatusEnum = builder.enumType("RunDocumentStatus", { values: runDocumentStatuses });

const WorkflowKind = builder.enumType("WorkflowKind", { values: ["built_in", "dynamic"] as const });

const WorkflowType = builder.objectRef<WorkflowRecord>("Workflow").implement({
  description: "A workflow the account can run (twin of GET /v1/workflows/{id}).",
  fields: (t) => ({
    id: t.exposeID("id", { description: "invoice-extraction, or wf_… for a dynamic workflow." }),
    kind: t.field({ type: WorkflowKind, resolve: (w) => w.kind }),
    name: t.exposeString("name"),
    description: t.exposeString("description"),
    input: t.field({ type: "JSON", resolve: (w) => w.input }),
    output: t.field({
      type: "JSON",
      description: "The JSON Schema of one document's data.",
      resolve: (w) => w.output,
    }),
    checks: t.stringList({ resolve: (w) => [...w.checks] }),
    resultFormats: t.stringList({ resolve: (w) => [...w.resultFormats] }),
    steps: t.field({
      type: "JSON",
      nullable: true,
      description: "A dynamic workflow's steps as written (REST's steps); null for a built-in one.",
      resolve: (w) => w.steps,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", nullable: true }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", nullable: true }),
  }),
});

const DeletedWorkflow = builder.objectRef<{ deleted: boolean; id: string }>("DeletedWorkflow").implement({
  fields: (t) => ({ deleted: t.exposeBoolean("deleted"), id: t.exposeID("id") }),
});

const RunDocumentType = builder.objectRef<RunDocumentRecord>("RunDocument").implement({
  fields: (t) => ({
    position: t.exposeInt("position"),
    documentId: t.exposeID("documentId", { nullable: true, description: "null once deleted." }),
    fileId: t.exposeID("fileId", { nullable: true }),
    fileName: t.exposeString("fileName"),
    status: t.field({ type: RunDocumentStatusEnum, resolve: (d) => d.status }),
    data: t.field({
      type: "JSON",
      nullable: true,
      description: "The invoice, as REST's data.",
      resolve: (d) => d.data,
    }),
    sources: t.field({
      type: "JSON",
      nullable: true,
      description: "By JSON Pointer of the value.",
      resolve: (d) => d.sources,
    }),
    checks: t.field({ type: "JSON", nullable: true, resolve: (d) => d.checks }),
    error: t.exposeString("error", { nullable: true }),
  }),
});

export const RunType = builder.objectRef<RunRecord>("Run").implement({
  description: "A run of a workflow over documents (twin of GET /v1/runs/{id}).",
  fields: (t) => ({
    id: t.exposeID("id"),
    workflow: t.exposeString("workflow"),
    status: t.field({ type: RunStatusEnum, resolve: (r) => r.status }),
    options: t.field({ type: "JSON", resolve: (r) => r.options }),
    error: t.exposeString("error", { nullable: true }),
    documents: t.field({ type: [RunDocumentType], resolve: (r) => r.documents }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    finishedAt: t.expose("finishedAt", { type: "DateTime", nullable: true }),
  }),
});

const RunOptionsInput = builder.inputType("RunOptionsInput", {
  fields: (t) => ({
    locale: t.string({ required: false, description: "BCP 47: en-US, de-DE, fr-FR." }),
    currency: t.string({ required: false, description: "ISO 4217, for invoices that name none." }),
  }),
});

builder.queryFields((t) => ({
  workflows: t.field({
    type: [WorkflowType],
    extensions: servedBy(listWorkflows),
    description: "The workflows the account can run. Needs a secret key.",
    resolve: (_root, _args, ctx) => listWorkflows.invoke(ctx, {}),
  }),
  workflow: t.field({
    type: WorkflowType,
    extensions: servedBy(getWorkflow),
    description: "A workflow by id: invoice-extraction or wf_…. Needs a secret key.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getWorkflow.invoke(ctx, { ref: String(args.id) }),
  }),
  run: t.field({
    type: RunType,
    extensions: servedBy(getRun),
    description: "A run by id (run_…). Needs a secret key.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getRun.invoke(ctx, { ref: String(args.id) }),
  }),
  runs: t.connection({
    type: RunType,
    extensions: { ...servedBy(listRuns), ...sizedBy(listRuns.input.shape.limit, "first") },
    description: `The account's runs, newest first, ${MAX_RUNS_PAGE} at most a page; of one workflow when named. Needs a secret key.`,
    args: { workflow: t.arg.string({ required: false }) },
    resolve: (_root, args, ctx) =>
      forwardConnection(args, async (limit, cursor) => {
        const r = await listRuns.invoke(ctx, { limit, cursor, workflow: args.workflow ?? undefined });
        return { items: r.runs, nextCursor: r.nextCursor };
      }),
  }),
}));

type RunArgs = {
  files?: readonly File[] | null | undefined;
  documentIds?: readonly string[] | null | undefined;
  fileIds?: readonly string[] | null | undefined;
  options?: { locale?: string | null | undefined; currency?: string | null | undefined } | null | undefined;
};

/** startRun and startInvoiceRun: the same operation, the workflow named or not. */
const startRunOf = (ctx: Parameters<typeof createRun.invoke>[0], workflow: string, args: RunArgs) =>
  createRun.invoke(ctx, {
    workflow,
    uploads: args.files ? uploadsOf(args.files) : undefined,
    documentIds: args.documentIds ? args.documentIds.map(String) : undefined,
    fileIds: args.fileIds ? args.fileIds.map(String) : undefined,
    options: {
      locale: args.options?.locale ?? undefined,
      currency: args.options?.currency ?? undefined,
    },
  });

builder.mutationFields((t) => ({
  createWorkflow: t.field({
    type: WorkflowType,
    extensions: servedBy(createWorkflow),
    description:
      "Defines a dynamic workflow (twin of POST /v1/workflows; private beta, WORKFLOWS_BETA=true). `steps` as REST takes them: parse, extract {schema, prompt}, validate {rules}, export {formats}.",
    args: {
      name: t.arg.string({ required: true }),
      description: t.arg.string({ required: false }),
      steps: t.arg({ type: "JSON", required: true }),
    },
    resolve: (_root, args, ctx) =>
      createWorkflow.invoke(ctx, {
        name: args.name,
        description: args.description ?? undefined,
        steps: args.steps as never,
      }),
  }),
  deleteWorkflow: t.field({
    type: DeletedWorkflow,
    extensions: servedBy(deleteWorkflow),
    description: "Deletes a dynamic workflow (twin of DELETE /v1/workflows/{id}); its runs stay.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deleteWorkflow.invoke(ctx, { ref: String(args.id) }),
  }),
  startRun: t.field({
    type: RunType,
    extensions: servedBy(createRun),
    description:
      "Runs a workflow, built in or dynamic (twin of POST /v1/workflows/{id}/runs), over uploads (GraphQL multipart request), documents or stored files, one of the three. Each PDF parsed for it counts one expensive operation.",
    args: {
      workflow: t.arg.id({ required: true }),
      files: t.arg({ type: ["File"], required: false }),
      documentIds: t.arg.idList({ required: false }),
      fileIds: t.arg.idList({ required: false }),
      options: t.arg({ type: RunOptionsInput, required: false }),
    },
    resolve: (_root, args, ctx) => startRunOf(ctx, String(args.workflow), args),
  }),
  startInvoiceRun: t.field({
    type: RunType,
    extensions: servedBy(createRun),
    description:
      "Runs the invoice-extraction workflow (twin of POST /v1/workflows/invoice-extraction/runs) over uploads (GraphQL multipart request), documents or stored files, one of the three. Each PDF parsed for it counts one expensive operation.",
    args: {
      files: t.arg({ type: ["File"], required: false }),
      documentIds: t.arg.idList({ required: false }),
      fileIds: t.arg.idList({ required: false }),
      options: t.arg({ type: RunOptionsInput, required: false }),
    },
    resolve: (_root, args, ctx) => startRunOf(ctx, INVOICE_WORKFLOW, args),
  }),
}));

const ended = (s: RunStatus) => !liveRunStatuses.includes(s);

builder.subscriptionField("runProgress", (t) =>
  t.field({
    extensions: servedBy(getRun),
    type: RunType,
    description:
      "The run as it is now, then again after every change (a document parsed or read, the run's status, from any worker process) until it ends.",
    args: { id: t.arg.id({ required: true }) },
    subscribe: async function* (_root, args, ctx) {
      const first = await getRun.invoke(ctx, { ref: String(args.id) });
      const events = await ctx.services.events.subscribe<unknown>(runTopic(first.id), ctx.signal);
      try {
        // Read after subscribing, so a change between the two is not lost.
        let now = await getRun.invoke(ctx, { ref: first.id });
        yield now;
        if (ended(now.status)) return;
        for await (const _ of events) {
          now = await getRun.invoke(ctx, { ref: first.id });
          yield now;
          if (ended(now.status)) return;
        }
      } finally {
        await events.return?.();
      }
    },
    resolve: (r) => r,
  }),
);
