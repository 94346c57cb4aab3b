import { pageSizes } from "../core/conversions/page-size.ts";
import {
  type ConversionRecord,
  conversionErrorCodes,
  conversionKinds,
  conversionStatuses,
  hostErrorCodes,
} from "../resolvers/conversions/conversion-record.ts";
import { createConversion, MAX_CONVERSION_INPUTS } from "../resolvers/conversions/create-conversion.ts";
import { getConversion } from "../resolvers/conversions/get-conversion.ts";
import { listConversions, MAX_CONVERSIONS_PAGE } from "../resolvers/conversions/list-conversions.ts";
import { builder } from "./builder.ts";
import { sizedBy } from "./cost.ts";
import { uploadsOf } from "./files-uploads.ts";
import { forwardConnection } from "./forward-connection.ts";
import { DeploymentType, HostInputType, hostOf } from "./hosting.ts";
import { servedBy } from "./served-by.ts";

// Conversions over GraphQL, the twins of /v1/conversions.

const ConversionKind = builder.enumType("ConversionKind", { values: conversionKinds });
const ConversionStatus = builder.enumType("ConversionStatus", { values: conversionStatuses });
const ConversionErrorCode = builder.enumType("ConversionErrorCode", { values: conversionErrorCodes });
const PageSize = builder.enumType("PageSize", { values: pageSizes });

type Input = ConversionRecord["inputs"][number];
type Failure = NonNullable<ConversionRecord["error"]>;

const ConversionInput = builder.objectRef<Input>("ConversionInput").implement({
  fields: (t) => ({
    fileId: t.exposeID("fileId", {
      nullable: true,
      description:
        "The stored file it came from; null for an image sent with the request, or a file since deleted.",
    }),
    fileName: t.exposeString("fileName"),
  }),
});

const ConversionError = builder.objectRef<Failure>("ConversionError").implement({
  fields: (t) => ({
    code: t.field({ type: ConversionErrorCode, resolve: (e) => e.code }),
    message: t.exposeString("message", { description: "What went wrong, naming the input." }),
    input: t.exposeInt("input", { nullable: true, description: "The input at fault, 0-based, when one is." }),
  }),
});

const HostErrorCode = builder.enumType("ConversionHostErrorCode", { values: hostErrorCodes });

const ConversionHostError = builder
  .objectRef<NonNullable<ConversionRecord["hostError"]>>("ConversionHostError")
  .implement({
    fields: (t) => ({
      code: t.field({
        type: HostErrorCode,
        description: "NAMESPACE_TAKEN (taken since the request) or PUBLISH_FAILED.",
        resolve: (e) => e.code,
      }),
      message: t.exposeString("message"),
    }),
  });

export const ConversionType = builder.objectRef<ConversionRecord>("Conversion").implement({
  description: "Images into one PDF, run by a worker (twin of GET /v1/conversions/{id}).",
  fields: (t) => ({
    id: t.exposeID("id"),
    kind: t.field({ type: ConversionKind, resolve: (c) => c.kind }),
    status: t.field({
      type: ConversionStatus,
      description: "queued, running, then succeeded (fileId names the PDF) or failed (error says why).",
      resolve: (c) => c.status,
    }),
    inputs: t.field({ type: [ConversionInput], description: "In page order.", resolve: (c) => c.inputs }),
    pageSize: t.field({ type: PageSize, resolve: (c) => c.pageSize }),
    fileName: t.exposeString("fileName", { description: "The name the resulting PDF gets." }),
    fileId: t.exposeID("fileId", {
      nullable: true,
      description: "The resulting PDF (a StoredFile), once succeeded.",
    }),
    pages: t.exposeInt("pages", { nullable: true }),
    error: t.field({ type: ConversionError, nullable: true, resolve: (c) => c.error }),
    hostRequested: t.exposeBoolean("hostRequested", {
      description: "Whether the request asked for the PDF to be published (`host`).",
    }),
    deployment: t.field({
      type: DeploymentType,
      nullable: true,
      description:
        "With `host`: the site the PDF is published at, once the conversion succeeded; null before, without `host`, when publishing failed (hostError) and once unpublished.",
      resolve: (c) => c.deployment,
    }),
    hostError: t.field({
      type: ConversionHostError,
      nullable: true,
      description: "Why the `host` option's publish failed (the PDF is kept; publish it with `publish`).",
      resolve: (c) => c.hostError,
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

builder.queryFields((t) => ({
  conversion: t.field({
    type: ConversionType,
    extensions: servedBy(getConversion),
    description: "A conversion by id (conv_…). Needs a secret key.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getConversion.invoke(ctx, { ref: String(args.id) }),
  }),
  conversions: t.connection({
    type: ConversionType,
    extensions: { ...servedBy(listConversions), ...sizedBy(listConversions.input.shape.limit, "first") },
    description: `The account's conversions, newest first, ${MAX_CONVERSIONS_PAGE} at most a page. Needs a secret key.`,
    resolve: (_root, args, ctx) =>
      forwardConnection(args, async (limit, cursor) => {
        const r = await listConversions.invoke(ctx, { limit, cursor });
        return { items: r.conversions, nextCursor: r.nextCursor };
      }),
  }),
}));

builder.mutationFields((t) => ({
  convertImages: t.field({
    type: ConversionType,
    extensions: servedBy(createConversion),
    description: `Starts a conversion of images into one PDF (twin of POST /v1/conversions): uploads (GraphQL multipart request) or stored image files' ids, one of the two, 1 to ${MAX_CONVERSION_INPUTS}. Counts as one expensive operation, and each image after the first as one standard request.`,
    args: {
      kind: t.arg({ type: ConversionKind, required: true }),
      files: t.arg({ type: ["File"], required: false, description: "The images, in page order." }),
      fileIds: t.arg.idList({ required: false, description: "Stored image files, in page order." }),
      pageSize: t.arg({ type: PageSize, required: false, description: "auto (default), A4 or Letter." }),
      fileName: t.arg.string({ required: false, description: "The resulting PDF's name." }),
      host: t.arg({
        type: HostInputType,
        required: false,
        description:
          "Publish the PDF once it exists (checked at once: a taken namespace fails the mutation); parsing it for the site counts one expensive operation more.",
      }),
    },
    resolve: (_root, args, ctx) =>
      createConversion.invoke(ctx, {
        kind: args.kind,
        pageSize: args.pageSize ?? undefined,
        fileName: args.fileName ?? undefined,
        fileIds: args.fileIds ? args.fileIds.map(String) : undefined,
        uploads: args.files ? uploadsOf(args.files) : undefined,
        host: args.host ? hostOf(args.host) : undefined,
      }),
  }),
}));
