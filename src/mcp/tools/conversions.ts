import { pageSizes } from "../../core/conversions/page-size.ts";
import { hostedUrl } from "../../core/hosting/hosted-url.ts";
import type { Services } from "../../core/services.ts";
import { z } from "../../core/zod.ts";
import type { ConversionRecord } from "../../resolvers/conversions/conversion-record.ts";
import { createConversion, MAX_CONVERSION_INPUTS } from "../../resolvers/conversions/create-conversion.ts";
import { getConversion } from "../../resolvers/conversions/get-conversion.ts";
import { publishSite } from "../../resolvers/hosting/publish-site.ts";
import { base64Length, inlineBytes } from "../inline-bytes.ts";
import { conversionJson } from "../records.ts";
import { badArgument, defineTool, hints, structured, type ToolCall, type ToolDefinition } from "../tool.ts";
import { MAX_WAIT_SECONDS, waitFor, waitSecondsArg } from "../wait.ts";
import { accessArg, accessIn } from "./hosting.ts";

/** How long get_conversion may wait for the end, at most. */
const POLL_MS = 250;

const conversionOut = z.looseObject({ id: z.string(), status: z.string(), file_id: z.string().nullable() });

const terminal = (c: ConversionRecord) => c.status === "succeeded" || c.status === "failed";

export function conversionTools(services: Services): ToolDefinition[] {
  const maxInline = services.config.mcp.maxInlineUploadBytes;
  const json = (call: ToolCall) => (c: ConversionRecord) =>
    conversionJson(c, (ns) => hostedUrl(ns, services.config, call.requestOrigin));
  return [
    defineTool({
      name: "convert_images_to_pdf",
      title: "Make one PDF of images, and publish it if asked",
      description: `Makes one PDF of images (JPEG, PNG, TIFF, WebP, GIF), a page each in the order given, stored as a new file; runs in the background: call get_conversion with wait_seconds for the result. Images are stored files (file_ids, from upload_file) or inline base64 (at most ${maxInline} bytes in all). With host, the PDF is also published at its own address once made (as publish does), and get_conversion answers its url.`,
      operation: createConversion,
      input: z.object({
        file_ids: z
          .array(z.string().min(1).max(100))
          .min(1)
          .max(MAX_CONVERSION_INPUTS)
          .optional()
          .describe("Stored image files (file_…), in page order."),
        images: z
          .array(
            z.strictObject({
              file_name: z.string().min(1).max(255).describe("The image's name, e.g. receipt.jpg."),
              content_base64: z
                .string()
                .min(1)
                .max(base64Length(maxInline) + 1024)
                .describe("The image's bytes, base64."),
            }),
          )
          .min(1)
          .max(MAX_CONVERSION_INPUTS)
          .optional()
          .describe("Images sent inline, in page order (instead of file_ids)."),
        page_size: z
          .enum(pageSizes)
          .optional()
          .describe("auto (default: the image's own size), A4 or Letter (the image fitted and centred)."),
        file_name: z
          .string()
          .min(1)
          .max(255)
          .optional()
          .describe("The PDF's name; the first image's by default."),
        host: z
          .strictObject({
            namespace: publishSite.input.shape.namespace.describe(
              "The address's first label (3-63 of a-z, 0-9, '-'); generated when left out.",
            ),
            title: publishSite.input.shape.title.describe("The site's title; the PDF's name by default."),
            access: accessArg.optional(),
          })
          .optional()
          .describe("Publish the PDF once made; a taken namespace is refused at once."),
      }),
      output: conversionOut,
      annotations: hints.create,
      run: async (call, a) => {
        if ((a.file_ids === undefined) === (a.images === undefined))
          throw badArgument("file_ids", "give file_ids or images, exactly one of the two.");
        let uploads: AsyncIterable<{ fileName: string; body: AsyncIterable<Uint8Array> }> | undefined;
        if (a.images) {
          const total = a.images.reduce((n, i) => n + i.content_base64.length, 0);
          if (total > base64Length(maxInline) + 1024)
            throw badArgument(
              "images",
              `${total} characters of base64 in all, over the inline limit of ${maxInline} bytes; store the images first with upload_file and pass file_ids.`,
            );
          const images = a.images.map((img, i) => ({
            fileName: img.file_name,
            body: inlineBytes(`images[${i}].content_base64`, img.content_base64, maxInline),
          }));
          uploads = (async function* () {
            yield* images;
          })();
        }
        const c = await createConversion.invoke(call.ctx, {
          kind: "image_to_pdf",
          pageSize: a.page_size,
          fileName: a.file_name,
          fileIds: a.file_ids,
          uploads,
          host: a.host && {
            namespace: a.host.namespace,
            title: a.host.title,
            access: accessIn(a.host.access),
          },
        });
        return structured(json(call)(c));
      },
    }),
    defineTool({
      name: "get_conversion",
      title: "A conversion's status and result",
      description: `A conversion's status (queued, running, succeeded, failed), its PDF's file_id once succeeded, why it failed, and with host the published site. wait_seconds (up to ${MAX_WAIT_SECONDS}) waits for it to end first.`,
      operation: getConversion,
      input: z.object({
        conversion_id: z.string().min(1).max(100).describe("The conversion (conv_…)."),
        wait_seconds: waitSecondsArg("it to succeed or fail"),
      }),
      output: conversionOut,
      annotations: hints.read,
      run: async (call, a) => {
        const c = await waitFor(() => getConversion.invoke(call.ctx, { ref: a.conversion_id }), terminal, {
          seconds: a.wait_seconds ?? 0,
          pollMs: POLL_MS,
          signal: call.ctx.signal,
        });
        return structured(json(call)(c));
      },
    }),
  ];
}
