import { z } from "../../core/zod.ts";
import type { Document } from "../../generated/prisma/client.ts";
import { defineOperation } from "../operation.ts";
import { type DocumentRecord, toDocumentRecord } from "./document-record.ts";
import { documentRef, findDocument } from "./find-document.ts";

export const getDocument = defineOperation({
  name: "getDocument",
  rateClass: "standard",
  caller: "anyone",
  input: z.object({ ref: documentRef }),
  run: async (ctx, input): Promise<{ document: DocumentRecord; row: Document; viaPublic: boolean }> => {
    const { doc, viaPublic } = await findDocument(ctx, input.ref, "read_metadata");
    return { document: toDocumentRecord(doc), row: doc, viaPublic };
  },
});
