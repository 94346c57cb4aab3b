import type { OperationContext } from "../context.ts";
import { type DocumentRecord, toDocumentRecord } from "./document-record.ts";
import { findDocument } from "./find-document.ts";

export async function getDocument(
  ctx: OperationContext,
  input: { ref: string },
): Promise<{ document: DocumentRecord; viaPublic: boolean }> {
  const { doc, viaPublic } = await findDocument(ctx, input.ref, "read_metadata");
  return { document: toDocumentRecord(doc), viaPublic };
}
