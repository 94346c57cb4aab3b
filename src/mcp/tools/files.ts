import type { Services } from "../../core/services.ts";
import { z } from "../../core/zod.ts";
import { listFiles } from "../../resolvers/files/list-files.ts";
import { uploadFile } from "../../resolvers/files/upload-file.ts";
import { inlineBytes, inlineContent } from "../inline-bytes.ts";
import { boundedList, listInput } from "../list.ts";
import { fileJson } from "../records.ts";
import { defineTool, hints, structured, type ToolDefinition } from "../tool.ts";

const fileOut = z.looseObject({ id: z.string(), file_name: z.string(), status: z.string() });

export function fileTools(services: Services): ToolDefinition[] {
  const maxInline = services.config.mcp.maxInlineUploadBytes;
  return [
    defineTool({
      name: "upload_file",
      title: "Store a PDF or an image without parsing it",
      description: `Stores a PDF or an image (JPEG, PNG, TIFF, WebP, GIF) as a private file, not parsed: a PDF for publishing or for upload_document's file_id, an image for convert_images_to_pdf. The bytes come inline, base64, at most ${maxInline} bytes; larger files go through POST /v1/files.`,
      operation: uploadFile,
      input: z.object({
        content_base64: inlineContent(maxInline),
        file_name: uploadFile.input.shape.fileName.describe("The file's name."),
      }),
      output: fileOut,
      annotations: hints.create,
      run: async (call, a) => {
        const f = await uploadFile.invoke(call.ctx, {
          fileName: a.file_name,
          body: inlineBytes("content_base64", a.content_base64, maxInline),
        });
        return structured(fileJson(f));
      },
    }),
    defineTool({
      name: "list_files",
      title: "The account's stored files",
      description: "The account's stored PDF files, newest first (ids for upload_document and publish).",
      operation: listFiles,
      input: listInput(listFiles.input.shape.limit),
      output: z.looseObject({ files: z.array(fileOut), next_cursor: z.string().nullable() }),
      annotations: hints.read,
      run: async (call, a) => {
        const r = await listFiles.invoke(call.ctx, { limit: a.limit, cursor: a.cursor });
        return boundedList("files", r.files, r.nextCursor, fileJson, call.budget);
      },
    }),
  ];
}
