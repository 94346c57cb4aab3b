import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { pageSizes } from "../core/conversions/page-size.ts";
import { AppError } from "../core/errors.ts";
import { hostedUrl } from "../core/hosting/hosted-url.ts";
import {
  type ConversionRecord,
  conversionErrorCodes,
  conversionKinds,
  conversionRef,
  conversionStatuses,
  conversionWire,
  hostErrorCodes,
} from "../resolvers/conversions/conversion-record.ts";
import { createConversion, MAX_CONVERSION_INPUTS } from "../resolvers/conversions/create-conversion.ts";
import { getConversion } from "../resolvers/conversions/get-conversion.ts";
import { listConversions, MAX_CONVERSIONS_PAGE } from "../resolvers/conversions/list-conversions.ts";
import { fileRef } from "../resolvers/files/file-record.ts";
import type { AppEnv } from "../web/env.ts";
import { streamUploads } from "../web/multipart-stream.ts";
import type { RestFace } from "./bind-route.ts";
import { checked, jsonSchemaOf, jsonTextField } from "./body-parts.ts";
import { HostRequest, hostIn, SiteSchema } from "./hosting.ts";
import { errorResponses, jsonResponse, pageOf, pageQuery } from "./shared-schemas.ts";

const tags = ["Conversions"];

export const ConversionSchema = z
  .object({
    id: z.string().openapi({ example: "conv_4f8a0c2k9m1x7q3z" }),
    kind: z.enum(conversionKinds).openapi({ description: "image_to_pdf: images into one PDF, a page each." }),
    status: z.enum(conversionStatuses).openapi({
      description:
        "queued, then running on a worker, then succeeded (file_id names the PDF) or failed (error says why). Poll until succeeded or failed.",
    }),
    inputs: z
      .array(
        z.object({
          file_id: z.string().nullable().openapi({
            description:
              "The stored file the input came from; null for an image sent with the request (kept only until the conversion ends), or a file since deleted.",
          }),
          file_name: z.string(),
        }),
      )
      .openapi({ description: "The images, in page order." }),
    page_size: z.enum(pageSizes).openapi({
      description:
        "auto: each page the image's size at its recorded resolution (72 dpi when it records none); A4 or Letter: the image fitted and centred, the sheet turned to the image's orientation.",
    }),
    file_name: z.string().openapi({ description: "The name the resulting PDF gets." }),
    file_id: z.string().nullable().openapi({
      description:
        "The resulting PDF, a stored file (GET /v1/files/{id}), once succeeded; null before, and when failed.",
    }),
    pages: z.number().int().nullable().openapi({ description: "Pages of the PDF, once succeeded." }),
    error: z
      .object({
        code: z.enum(conversionErrorCodes).openapi({
          description:
            "IMAGE_UNREADABLE (broken or not an image), IMAGE_TOO_LARGE (over CONVERSION_MAX_MEGAPIXELS by its header), IMAGE_TIME_BUDGET (over CONVERSION_IMAGE_SECONDS), INPUT_MISSING (its bytes are gone), TOO_MANY_PAGES (past MAX_PAGES), CONVERSION_FAILED (every attempt failed).",
        }),
        message: z.string().openapi({ description: "What went wrong, naming the input." }),
        input: z
          .number()
          .int()
          .nullable()
          .openapi({ description: "The input at fault, 0-based, when one is." }),
      })
      .nullable()
      .openapi({ description: "Why the conversion failed; null unless failed." }),
    host_requested: z
      .boolean()
      .openapi({ description: "Whether the request asked for the PDF to be published (`host`)." }),
    // A union, not .nullable(): the generator drops nullable from a named schema's $ref.
    deployment: z.union([SiteSchema, z.null()]).openapi({
      description:
        "With `host`: the site the PDF is published at (as GET /v1/host/{namespace} answers it), set when the conversion succeeds; null before, without `host`, when publishing failed (host_error says why), and once unpublished.",
    }),
    host_error: z
      .object({
        code: z.enum(hostErrorCodes).openapi({
          description:
            "NAMESPACE_TAKEN: the namespace was taken between the request and the PDF's making; PUBLISH_FAILED: the PDF could not be published (the message says why).",
        }),
        message: z.string(),
      })
      .nullable()
      .openapi({
        description:
          "Why the `host` option's publish failed; the conversion still succeeded and file_id names the PDF, which can be published with POST /v1/host. null otherwise.",
      }),
    created_at: z.string().openapi({ format: "date-time" }),
    updated_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("Conversion");

const options = createConversion.input.shape;

/** The JSON form: stored image files by id. */
const ConversionFromFiles = z
  .object({
    kind: options.kind,
    file_ids: z.array(fileRef).min(1).max(MAX_CONVERSION_INPUTS),
    page_size: options.pageSize.optional(),
    fileName: z.string().min(1).max(10_000).optional(),
    host: HostRequest.optional(),
  })
  .strict();

/** `host` in a form: the same object, as JSON text. */
const hostField = jsonTextField(HostRequest, "the host settings");

/** The text fields of the multipart form, sent before the file parts. */
const ConversionFields = ConversionFromFiles.omit({ file_ids: true, host: true })
  .extend({ host: hostField.optional() })
  .strict();

const kindDescription = "The conversion: image_to_pdf (the one kind).";
const pageSizeDescription =
  "auto (default): each page the image's size at its recorded resolution, 72 dpi when it records none; A4 or Letter: the image fitted and centred, the sheet turned to the image's orientation.";
const fileNameDescription =
  "The resulting PDF's name (.pdf added when missing); by default the first image's name with .pdf.";

const hostDescription =
  "Publish the PDF once it exists, as POST /v1/host would with the PDF as its source: `namespace`, `title` and `access` as there (the title defaults to the PDF's name). Checked at once: a bad setting is 400 and a taken namespace 409 before any image is read. The PDF is parsed for the site's text and search, one expensive operation more. The conversion's `deployment` answers the site once it succeeded; a publish that fails then (the namespace taken meanwhile) leaves the PDF stored and says why in `host_error`.";

const fromFilesSchema = {
  ...jsonSchemaOf(ConversionFromFiles),
  properties: {
    kind: { ...jsonSchemaOf(options.kind), description: kindDescription },
    file_ids: {
      ...jsonSchemaOf(ConversionFromFiles.shape.file_ids),
      description: `Stored image files of the account (POST /v1/files), 1 to ${MAX_CONVERSION_INPUTS}, in page order; one may be named twice.`,
    },
    page_size: { ...jsonSchemaOf(options.pageSize.unwrap()), description: pageSizeDescription },
    fileName: {
      ...jsonSchemaOf(ConversionFromFiles.shape.fileName.unwrap()),
      description: fileNameDescription,
    },
    host: { ...jsonSchemaOf(HostRequest), description: hostDescription },
  },
};

const accepted = jsonResponse(ConversionSchema, "Accepted: the conversion is queued. Location names it.");

const create = createRoute({
  method: "post",
  path: "/v1/conversions",
  tags,
  summary: "Convert images into one PDF (runs in the background)",
  description: `Either multipart form data with the text fields \`kind\`, \`page_size\` and \`fileName\` first and then one to ${MAX_CONVERSION_INPUTS} images, each in a part named \`file\` (streamed to the store one after the other as they arrive), or JSON \`{kind, file_ids, page_size, fileName}\` naming stored image files of the account. Images are JPEG (embedded as they are, losslessly, turned by their EXIF orientation), PNG (transparency kept), TIFF (every page), WebP and GIF (first frame), told by their first bytes; each becomes one page (a TIFF one per page) in the order given. Answers 202 at once with the conversion queued; poll GET /v1/conversions/{id} until it succeeded (file_id names the PDF, a stored file) or failed (error names the input at fault: an unreadable image, one over CONVERSION_MAX_MEGAPIXELS by its header, one over CONVERSION_IMAGE_SECONDS). Refused: no image, or more than ${MAX_CONVERSION_INPUTS} (400); an empty image (400); a PDF, a HEIC/HEIF (convert it to JPEG first) or anything not an accepted image (415); an image over MAX_UPLOAD_BYTES or a body over it (413); a file id of another account or none (404); a pending file (409). A refused or interrupted request leaves nothing behind. Counts as one expensive operation, and each image after the first as one standard request.`,
  request: {
    body: {
      required: true,
      content: {
        // Described, not validated here: the parts are streamed by the handler.
        "multipart/form-data": {
          schema: {
            type: "object",
            required: ["kind", "file"],
            properties: {
              kind: { type: "string", enum: [...conversionKinds], description: kindDescription },
              page_size: { type: "string", enum: [...pageSizes], description: pageSizeDescription },
              fileName: { type: "string", minLength: 1, maxLength: 10_000, description: fileNameDescription },
              host: {
                type: "string",
                contentMediaType: "application/json",
                description: `${hostDescription} In a form, the object as JSON text.`,
              },
              file: {
                type: "array",
                minItems: 1,
                maxItems: MAX_CONVERSION_INPUTS,
                items: { type: "string", format: "binary" },
                description: "The images, one part each, in page order.",
              },
            },
          },
        },
        // Validated by the handler: a route validator would also run on the multipart form.
        "application/json": { schema: fromFilesSchema },
      },
    },
  },
  responses: {
    202: {
      ...accepted,
      headers: {
        ...accepted.headers,
        Location: {
          schema: { type: "string" as const },
          description: "The conversion's path, /v1/conversions/{id}.",
        },
      },
    },
    ...errorResponses(
      "FORBIDDEN",
      "NOT_FOUND",
      "CONFLICT",
      "PAYLOAD_TOO_LARGE",
      "UNSUPPORTED_MEDIA_TYPE",
      "STORAGE_UNAVAILABLE",
    ),
  },
});

const list = createRoute({
  method: "get",
  path: "/v1/conversions",
  tags,
  summary: "The account's conversions, newest first, with cursor pagination",
  request: {
    query: z.object(pageQuery(listConversions.input.shape.limit, `At most ${MAX_CONVERSIONS_PAGE}.`)),
  },
  responses: {
    200: jsonResponse(
      pageOf(ConversionSchema, "ConversionList"),
      "A page of conversions; next_cursor is null on the last page.",
    ),
    ...errorResponses("FORBIDDEN"),
  },
});

const get = createRoute({
  method: "get",
  path: "/v1/conversions/{id}",
  tags,
  summary: "A conversion's record; poll until it succeeded or failed",
  request: {
    params: z.object({
      id: conversionRef.openapi({
        param: { name: "id", in: "path" },
        description: "The conversion id (`conv_…`).",
        example: "conv_4f8a0c2k9m1x7q3z",
      }),
    }),
  },
  responses: {
    200: jsonResponse(ConversionSchema, "The conversion."),
    ...errorResponses("FORBIDDEN", "NOT_FOUND"),
  },
});

export function registerConversionRoutes(app: OpenAPIHono<AppEnv>, { ctxOf, bind, services }: RestFace) {
  // Sites' addresses as the request reached the API (BASE_URL decides when set).
  const sitesOf = (requestUrl: string) => (namespace: string) =>
    hostedUrl(namespace, services.config, new URL(requestUrl).origin);
  app.openapi(bind(create, createConversion), async (c) => {
    const json = (c.req.header("content-type") ?? "").toLowerCase().startsWith("application/json");
    let r: ConversionRecord;
    if (json) {
      const raw = await c.req.json().catch(() => {
        throw new AppError("BAD_REQUEST", "The body is not valid JSON.");
      });
      const b = checked(ConversionFromFiles, raw, "body");
      r = await createConversion.invoke(ctxOf(c), {
        kind: b.kind,
        pageSize: b.page_size,
        fileName: b.fileName,
        fileIds: b.file_ids,
        host: b.host && hostIn(b.host),
      });
    } else {
      const { fields, files } = await streamUploads(c.req.raw, "file", { maxFiles: MAX_CONVERSION_INPUTS });
      const f = checked(ConversionFields, fields, "form field");
      r = await createConversion.invoke(ctxOf(c), {
        kind: f.kind,
        pageSize: f.page_size,
        fileName: f.fileName,
        uploads: files,
        host: f.host && hostIn(f.host),
      });
    }
    c.header("Location", `/v1/conversions/${r.id}`);
    return c.json(conversionWire(r, sitesOf(c.req.url)), 202);
  });
  app.openapi(bind(list, listConversions), async (c) => {
    const q = c.req.valid("query");
    const r = await listConversions.invoke(ctxOf(c), { limit: q.limit, cursor: q.cursor });
    return c.json(
      { data: r.conversions.map((x) => conversionWire(x, sitesOf(c.req.url))), next_cursor: r.nextCursor },
      200,
    );
  });
  app.openapi(bind(get, getConversion), async (c) =>
    c.json(
      conversionWire(
        await getConversion.invoke(ctxOf(c), { ref: c.req.valid("param").id }),
        sitesOf(c.req.url),
      ),
      200,
    ),
  );
}
