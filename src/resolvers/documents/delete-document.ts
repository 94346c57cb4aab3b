import { documentBlobPrefix } from "../../core/documents/blob-keys.ts";
import { forgetRendered } from "../../core/extraction/render-page.ts";
import type { OperationContext } from "../context.ts";
import { findDocument } from "./find-document.ts";

/** Removes the document, its pages, tables, ingest records (cascade), images and source (blob prefix). */
export async function deleteDocument(
  ctx: OperationContext,
  input: { ref: string },
): Promise<{ deleted: true; id: string }> {
  const { doc } = await findDocument(ctx, input.ref, "admin");
  // The row first: from here on every path of the id is 404, and a running extraction stops at
  // its next page because its updates match no row.
  await ctx.services.db.prisma.document.delete({ where: { id: doc.id } });
  await ctx.services.blobs.deletePrefix(documentBlobPrefix(doc.id));
  forgetRendered(doc.id);
  return { deleted: true, id: doc.id };
}
