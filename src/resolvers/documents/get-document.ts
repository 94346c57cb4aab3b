import { z } from "../../core/zod.ts";
import { defineOperation } from "../operation.ts";
import { type DocumentRecord, documentRef, findDocument, toDocumentRecord } from "./document-record.ts";

export const getDocument = defineOperation({
  name: "getDocument",
  rateClass: "standard",
  caller: "anyone",
  input: z.object({ ref: documentRef }),
  run: async (ctx, input): Promise<{ document: DocumentRecord; viaPublic: boolean }> => {
    const { doc, viaPublic } = await findDocument(ctx, input.ref, "read_metadata");
    return { document: toDocumentRecord(doc), viaPublic };
  },
});
