import { createRun } from "../resolvers/workflows/create-run.ts";
import { getRun } from "../resolvers/workflows/get-run.ts";
import { listRuns, MAX_RUNS_PAGE } from "../resolvers/workflows/list-runs.ts";
import {
  liveRunStatuses,
  type RunDocumentRecord,
  type RunRecord,
  type RunStatus,
  runDocumentStatuses,
  runStatuses,
  runTopic,
} from "../resolvers/workflows/run-record.ts";
import {
  INVOICE_WORKFLOW,
  listWorkflows,
  type WorkflowRecord,
} from "../resolvers/workflows/workflow-catalog.ts";
import { builder } from "./builder.ts";
import { sizedBy } from "./cost.ts";
import { forwardConnection } from "./forward-connection.ts";
import { servedBy } from "./served-by.ts";
import { uploadsOf } from "./uploads.ts";

// Workflows and their runs over GraphQL, the twins of /v1/workflows and /v1/runs. The invoice's
// data, sources and checks are JSON: the same objects as the REST answer's, snake_case inside.

const RunStatusEnum = builder.enumType("RunStatus", { values: runStatuses });
const RunDocumentStatusEnum = builder.enumType("RunDocumentStatus", { values: runDocumentStatuses });

const WorkflowType = builder.objectRef<WorkflowRecord>("Workflow").implement({
  description: "A workflow the account can run (twin of GET /v1/workflows).",
  fields: (t) => ({
    id: t.exposeID("id"),
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
  }),
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

builder.mutationFields((t) => ({
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
    resolve: (_root, args, ctx) =>
      createRun.invoke(ctx, {
        workflow: INVOICE_WORKFLOW,
        uploads: args.files ? uploadsOf(args.files) : undefined,
        documentIds: args.documentIds ? args.documentIds.map(String) : undefined,
        fileIds: args.fileIds ? args.fileIds.map(String) : undefined,
        options: {
          locale: args.options?.locale ?? undefined,
          currency: args.options?.currency ?? undefined,
        },
      }),
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
