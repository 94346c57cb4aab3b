import { MAX_AGENT_RUN_DOCUMENTS } from "../../../core/agents/agent-limits.ts";
import { structuredSource } from "../../../core/answering/structured-source.ts";
import type { SqlParam } from "../../../core/sql/run-sandboxed.ts";
import { columnsSchema, columnValue } from "../../../core/tables/row-values.ts";
import type { TableColumn } from "../../../core/tables/table-columns.ts";
import type { AgentJob } from "./agent-engine.ts";
import { callTool } from "./agent-tools.ts";

// The built-in engine: no model, a plan written down as a model's steps would be. It lists the
// documents in scope with doc_sql, reads each with the structured extractor (the agent's output
// schema, or the bound table's columns as one), and writes what it read into the bound table with
// table_sql: a row per document, or a row per item when what it read holds an array of objects.

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** The items of the first array of objects in what was read, if there is one. */
function itemsOf(data: Json): Json[] | null {
  for (const v of Object.values(data)) if (Array.isArray(v) && v.length && v.every(isObj)) return v as Json[];
  return null;
}

/** The rows a document's reading makes: its fields, or each item's fields with the document's beside them. */
export function rowsOf(
  data: Json,
  doc: { id: string; fileName: string },
  columns: readonly TableColumn[],
): SqlParam[][] {
  const base: Json = { document_id: doc.id, file_name: doc.fileName, ...data };
  const items = itemsOf(data);
  const sources = items ? items.map((item) => ({ ...base, ...item })) : [base];
  return sources.map((src) => columns.map((c) => columnValue(c, src[c.name])));
}

export async function runBuiltinAgent(job: AgentJob): Promise<unknown> {
  const { services, agent, table, scope, log } = job;
  const columns = (table?.columns ?? []) as unknown as TableColumn[];
  const schema = (agent.outputSchema as Json | null) ?? (table ? columnsSchema(columns) : null);
  const listed = await callTool(
    services,
    scope,
    log,
    "doc_sql",
    JSON.stringify({
      query: `SELECT id, file_name FROM documents WHERE phase IN ('complete', 'awaiting_review') ORDER BY created_at, id LIMIT ${MAX_AGENT_RUN_DOCUMENTS}`,
    }),
  );
  if (!listed.ok) throw new Error(`The documents could not be listed: ${listed.text}`);
  const docs = listed.result.rows.map(([id, fileName]) => ({ id: String(id), fileName: String(fileName) }));
  const documents: Json[] = [];
  let rowsInserted = 0;
  for (const d of docs) {
    if (job.signal.aborted) break;
    if (await log.cancelled()) break;
    const startedAt = new Date();
    const doc = await services.db.prisma.document.findUnique({ where: { id: d.id } });
    if (!doc) continue;
    if (!schema) {
      // Nothing to extract: the run lists what it would read.
      documents.push({ document_id: d.id, file_name: d.fileName });
      continue;
    }
    const source = await structuredSource(services, doc);
    const provider = services.answers;
    const read = await provider.extract({
      ...source,
      prompt: [agent.system, job.run.input].filter(Boolean).join("\n\n"),
      schema,
      model: agent.model,
      signal: job.signal,
    });
    const data = isObj(read.data) ? read.data : {};
    await log.step({
      kind: "extract",
      documentId: d.id,
      result: { data, valid: read.valid, missing: read.missing },
      startedAt,
    });
    documents.push({ document_id: d.id, file_name: d.fileName, data, valid: read.valid });
    if (!table) continue;
    const names = columns.map((c) => `"${c.name}"`).join(", ");
    const marks = columns.map((_, i) => `$${i + 1}`).join(", ");
    for (const params of rowsOf(data, d, columns)) {
      if (params.every((p) => p === null)) continue;
      const wrote = await callTool(
        services,
        scope,
        log,
        "table_sql",
        JSON.stringify({ query: `INSERT INTO "${table.name}" (${names}) VALUES (${marks})`, params }),
      );
      if (wrote.ok) rowsInserted += wrote.result.rowCount;
    }
  }
  return { rows_inserted: rowsInserted, documents };
}
