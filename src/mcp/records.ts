import type { WorkflowRecord } from "../core/workflows/workflow-catalog.ts";
import { type AgentRecord, agentWire } from "../resolvers/agents/agent-record.ts";
import { type AgentRunRecord, agentRunWire } from "../resolvers/agents/agent-run-record.ts";
import { type CollectionRecord, collectionWire } from "../resolvers/collections/collection-record.ts";
import { type ConversionRecord, conversionWire } from "../resolvers/conversions/conversion-record.ts";
import { type DocumentRecord, documentWire } from "../resolvers/documents/document-record.ts";
import { type FileRecord, fileWire } from "../resolvers/files/file-record.ts";
import { type SiteRecord, type SiteWire, siteWire } from "../resolvers/hosting/site-record.ts";
import { type RunRecord, runWire } from "../resolvers/workflows/run-record.ts";
import { workflowWire } from "../resolvers/workflows/workflow-record.ts";

// Records as tools give them: each one's wire form, the one REST answers (made beside the record),
// cut to what a model needs to choose its next call (a document's phase and progress, a
// collection's size) and nothing internal. A tool adds or renames nothing, except where noted:
// a document's and a file's fields are snake_case here where REST's keep the names SPEC 2 and the
// File schema publish, and a site gives its address at the top (`url`), where a model looks first.

export const documentJson = (d: DocumentRecord) => {
  const w = documentWire(d);
  return {
    id: w.id,
    short_hash: w.shortHash,
    status: w.status,
    phase: w.phase,
    file_name: w.fileName,
    pages_total: w.pagesTotal,
    pages_completed: w.pagesCompleted,
    size_bytes: w.sizeBytes,
    error: w.error,
    created_at: w.createdAt,
    completed_at: w.completedAt,
  };
};

export const fileJson = (f: FileRecord) => {
  const w = fileWire(f);
  return {
    id: w.id,
    file_name: w.fileName,
    size_bytes: w.size,
    pages: w.pages,
    status: w.status,
    created_at: w.created_at,
  };
};

export const collectionJson = (c: CollectionRecord) => {
  const { updated_at: _, ...shown } = collectionWire(c);
  return shown;
};

const siteShown = (w: SiteWire) => {
  const { url, ...deployment } = w.deployment;
  return { namespace: w.namespace, url, title: w.title, access: w.access, source: w.source, deployment };
};

export const siteJson = (s: SiteRecord, url: string) => siteShown(siteWire(s, url));

export const conversionJson = (c: ConversionRecord, siteUrl: (namespace: string) => string) => {
  const { kind: _, page_size: __, updated_at: ___, deployment, ...shown } = conversionWire(c, siteUrl);
  return { ...shown, deployment: deployment && siteShown(deployment) };
};

/** An agent as list_agents gives it: what choosing one needs. */
export const agentJson = (a: AgentRecord) => {
  const { model: _, created_at: __, updated_at: ___, ...shown } = agentWire(a);
  return shown;
};

/** An agent's run as a tool gives it: the answer, and each step's tool, SQL, rows counted and error. */
export const agentRunJson = (r: AgentRunRecord) => {
  const w = agentRunWire(r);
  return {
    id: w.id,
    kind: w.kind,
    agent_id: w.agent_id,
    agent_version: w.agent_version,
    status: w.status,
    output: w.output,
    steps: w.steps.map((s) => ({
      kind: s.kind,
      tool: s.tool,
      sql: s.sql,
      document_id: s.document_id,
      row_count: s.row_count,
      error: s.error,
    })),
    usage: w.usage,
    error: w.error,
    finished_at: w.finished_at,
  };
};

/**
 * A workflow's run as a tool gives it: each document's data and the checks that failed (its
 * sources and passed checks stay with the REST record).
 */
export const runJson = (r: RunRecord) => {
  const w = runWire(r);
  return {
    id: w.id,
    workflow: w.workflow,
    status: w.status,
    finished_at: w.finished_at,
    documents: w.documents.map((d) => ({
      document_id: d.document_id,
      file_name: d.file_name,
      status: d.status,
      data: d.data,
      failed_checks: (d.checks ?? []).filter((c) => c.status === "failed"),
      error: d.error,
    })),
  };
};

/** A workflow as list_workflows gives it: what choosing one and reading its results need. */
export const workflowJson = (wf: WorkflowRecord) => {
  const { input: _, steps: __, created_at: ___, updated_at: ____, ...shown } = workflowWire(wf);
  return shown;
};
