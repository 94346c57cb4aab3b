import { documentBlobPrefix } from "../../core/documents/blob-keys.ts";
import { forgetPageImages } from "../../core/documents/page-images.ts";
import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { documentRef, findDocument } from "./document-record.ts";

/** Removes the document, its pages, tables, ingest records (cascade), images and source (blob prefix). */
export const deleteDocument = defineOperation({
  name: "deleteDocument",
  rateClass: "standard",
  caller: "secretKey",
  input: z.object({ ref: documentRef }),
  run: async (ctx, input): Promise<{ deleted: true; id: string }> => {
    const { doc } = await findDocument(ctx, input.ref, "admin");
    // The row first: from here on every path of the id is 404, and a running extraction stops at
    // its next page because its updates match no row.
    await ctx.services.db.prisma.document.delete({ where: { id: doc.id } });
    // Closed first, so a render starting now must read the source, which is about to go; renders
    // under way (or queued ahead of a reader) are let finish or dropped, or they would store their
    // images after the prefix is emptied.
    ctx.services.renderer.forget(doc.id);
    await forgetPageImages(doc.id);
    await ctx.services.blobs.deletePrefix(documentBlobPrefix(doc.id));
    // A source stored under the id first drawn (its short hash was taken) lies elsewhere.
    if (!doc.blobKey.startsWith(documentBlobPrefix(doc.id))) await ctx.services.blobs.delete(doc.blobKey);
    return { deleted: true, id: doc.id };
  },
});
