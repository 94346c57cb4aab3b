// A PDF through the real service's extraction, as the invoice workflow will read it: uploaded
// over HTTP to an in-process service (API and worker), waited for, and its stored pages and tables
// read back from the database as an InvoiceSourceDocument. Used by bench:invoices and the tests.

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import type { InvoiceSourceDocument } from "../../src/core/invoices/invoice-types.ts";
import type { RunningService } from "../../src/start-service.ts";

export type ServiceSession = { base: string; key: string; service: RunningService; operatorSecret: string };

export async function createAccountKey(base: string, operatorSecret: string): Promise<string> {
  const r = await fetch(`${base}/v1/accounts`, {
    method: "POST",
    headers: { "x-document-agent-secret": operatorSecret, "content-type": "application/json" },
    body: JSON.stringify({ name: "invoices" }),
  });
  if (r.status !== 201) throw new Error(`account not created: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { secret: string }).secret;
}

/** Uploads a PDF and waits until its extraction is complete; the document's id. */
export async function uploadDocument(
  s: Pick<ServiceSession, "base" | "key">,
  bytes: Uint8Array,
  fileName: string,
  timeoutMs = 180_000,
): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), fileName);
  const auth = { authorization: `Bearer ${s.key}` };
  let up = await fetch(`${s.base}/v1/documents`, { method: "POST", headers: auth, body: form });
  // The service limits expensive operations a minute per account: wait as it says, then go on.
  while (up.status === 429) {
    await new Promise((res) => setTimeout(res, 1000 * Number(up.headers.get("retry-after") ?? 10)));
    up = await fetch(`${s.base}/v1/documents`, { method: "POST", headers: auth, body: form });
  }
  if (up.status !== 202) throw new Error(`upload refused: ${up.status} ${await up.text()}`);
  const { id } = (await up.json()) as { id: string };
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await fetch(`${s.base}/v1/documents/${id}`, { headers: auth });
    const body = (await r.json()) as { phase: string };
    if (body.phase === "complete" || body.phase === "awaiting_review") return id;
    if (body.phase === "error") throw new Error(`extraction failed for ${fileName}`);
    if (Date.now() > until) throw new Error(`extraction of ${fileName} timed out`);
    await new Promise((res) => setTimeout(res, 150));
  }
}

export async function extractDocument(
  s: ServiceSession,
  bytes: Uint8Array,
  fileName: string,
  timeoutMs = 180_000,
): Promise<InvoiceSourceDocument> {
  const id = await uploadDocument(s, bytes, fileName, timeoutMs);
  return readExtracted(s.service.services.db.pool, id);
}

/** A document's stored pages and tables (its active generation), as the invoice reader takes them. */
export async function readExtracted(pool: pg.Pool, id: string): Promise<InvoiceSourceDocument> {
  const pages = await pool.query(
    `SELECT p.page_number, p.markdown, p.text, p.width, p.height, p.method FROM pages p
       JOIN documents d ON d.id = p.document_id AND p.generation = d.active_generation
      WHERE p.document_id = $1 ORDER BY p.page_number`,
    [id],
  );
  const tables = await pool.query(
    `SELECT t.page_number, t.pages, t.bbox, t.cells, t.markdown FROM document_tables t
       JOIN documents d ON d.id = t.document_id AND t.generation = d.active_generation
      WHERE t.document_id = $1 ORDER BY t.table_index`,
    [id],
  );
  return {
    pages: pages.rows.map((p) => ({
      pageNumber: p.page_number,
      markdown: p.markdown,
      text: p.text,
      width: p.width,
      height: p.height,
      method: p.method,
    })),
    tables: tables.rows.map((t) => ({
      pageNumber: t.page_number,
      pages: t.pages,
      bbox: t.bbox,
      cells: t.cells,
      markdown: t.markdown,
    })),
  };
}

/**
 * Writes an extracted document as `--dump <dir>` does: <name>.json (what readExtracted returns,
 * for bench/invoices/redump.ts and sdk-redump.ts) and <name>.md (its pages' markdown, to read).
 */
export function writeDump(dir: string, file: string, doc: InvoiceSourceDocument): void {
  mkdirSync(dir, { recursive: true });
  const base = path.join(dir, file.replace(/\.pdf$/, ""));
  writeFileSync(`${base}.json`, JSON.stringify(doc, null, 1));
  writeFileSync(
    `${base}.md`,
    doc.pages.map((p) => `<!-- page ${p.pageNumber} -->\n${p.markdown}`).join("\n\n"),
  );
}
