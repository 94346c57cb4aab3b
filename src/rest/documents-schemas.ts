import { z } from "@hono/zod-openapi";
import { documentRef } from "../resolvers/documents/document-record.ts";
import { getPage } from "../resolvers/documents/read-pages.ts";
import { integerParameter } from "./shared-schemas.ts";

export const DocRefParam = z.object({
  id: documentRef.openapi({
    param: { name: "id", in: "path" },
    description: "The document id (`doc-…`) or its 6-character short hash.",
    example: "doc-k3v9x0m2q7a1c5ze",
  }),
});

export const PageParams = DocRefParam.extend({
  page_number: integerParameter(getPage.input.shape.page).openapi({
    param: { name: "page_number", in: "path", required: true },
    description:
      "1-based page number. Any whole number is read: one outside 1..pagesTotal (0 and negatives included) is 404.",
    example: 1,
  }),
});

export const DocumentSchema = z
  .object({
    id: z.string().openapi({ example: "doc-k3v9x0m2q7a1c5ze" }),
    shortHash: z
      .string()
      .openapi({ description: "Accepted in paths in place of the id.", example: "k3v9x0" }),
    status: z.enum(["queued", "processing", "done", "failed"]).openapi({
      description:
        "Coarse state: queued; processing (extracting); done (complete or awaiting_review); failed (error).",
    }),
    phase: z.enum(["queued", "extracting", "complete", "awaiting_review", "error"]).openapi({
      description: "See the README's state machine. Terminal: complete, awaiting_review, error.",
    }),
    fileName: z.string(),
    pagesTotal: z.number().int().nullable().openapi({ description: "Known once the PDF has been opened." }),
    pagesCompleted: z.number().int(),
    sizeBytes: z.number().int(),
    sha256: z.string(),
    error: z.string().nullable().openapi({ description: "Why the document is in error or awaiting review." }),
    strategy: z.string(),
    capabilities: z.array(z.string()),
    createdAt: z.string().openapi({ format: "date-time" }),
    updatedAt: z.string().openapi({ format: "date-time" }),
    completedAt: z
      .string()
      .nullable()
      .openapi({ format: "date-time", description: "When an extraction last completed." }),
  })
  .openapi("Document");
