import type { PageSize } from "../../core/conversions/page-size.ts";
import { byId, ownedRef } from "../../core/db/owned-ref.ts";
import type { Conversion, ConversionInput } from "../../generated/prisma/client.ts";
import {
  type SiteRecord,
  type SiteRow,
  siteInclude,
  siteWire,
  toSiteRecord,
} from "../hosting/site-record.ts";

export const conversionKinds = ["image_to_pdf"] as const;
export type ConversionKind = (typeof conversionKinds)[number];

export const conversionStatuses = ["queued", "running", "succeeded", "failed"] as const;
export type ConversionStatus = (typeof conversionStatuses)[number];

/** Statuses in which a conversion still reads its inputs: their files may not be deleted. */
export const activeStatuses: ConversionStatus[] = ["queued", "running"];

/**
 * Why a conversion failed: an input the worker could not read (IMAGE_UNREADABLE), too large by
 * its header (IMAGE_TOO_LARGE), over its time budget (IMAGE_TIME_BUDGET), gone from the store
 * (INPUT_MISSING), past MAX_PAGES (TOO_MANY_PAGES), or every attempt failed (CONVERSION_FAILED).
 */
export const conversionErrorCodes = [
  "IMAGE_UNREADABLE",
  "IMAGE_TOO_LARGE",
  "IMAGE_TIME_BUDGET",
  "INPUT_MISSING",
  "TOO_MANY_PAGES",
  "CONVERSION_FAILED",
] as const;
export type ConversionErrorCode = (typeof conversionErrorCodes)[number];

/**
 * Why the `host` option's publish failed once the PDF existed: the namespace was taken meanwhile
 * (NAMESPACE_TAKEN), or something else went wrong (PUBLISH_FAILED). The PDF is kept either way.
 */
export const hostErrorCodes = ["NAMESPACE_TAKEN", "PUBLISH_FAILED"] as const;
export type HostErrorCode = (typeof hostErrorCodes)[number];

/** A conversion as every face shows it. */
export type ConversionRecord = {
  id: string;
  kind: ConversionKind;
  status: ConversionStatus;
  /** In order; fileId is the stored file an input came from (null for an image sent with the request, or a file since deleted). */
  inputs: { fileId: string | null; fileName: string }[];
  pageSize: PageSize;
  /** The name the resulting PDF gets. */
  fileName: string;
  /** The resulting stored file, once succeeded. */
  fileId: string | null;
  pages: number | null;
  /** `input` is the 0-based index of the input at fault, when one is. */
  error: { code: ConversionErrorCode; message: string; input: number | null } | null;
  /** Whether the request asked for the PDF to be published (the `host` option). */
  hostRequested: boolean;
  /** The site the PDF is published at, once published (null again once unpublished). */
  deployment: SiteRecord | null;
  /** Why publishing the PDF failed; null unless it did. */
  hostError: { code: HostErrorCode; message: string } | null;
  createdAt: Date;
  updatedAt: Date;
};

export type ConversionRow = Conversion & { inputs: ConversionInput[]; site: SiteRow | null };

/** What a query must include for toConversionRecord. */
export const conversionInclude = { inputs: true, site: { include: siteInclude } } as const;

export function toConversionRecord(c: ConversionRow): ConversionRecord {
  // The database's CHECK constraints admit only the values of these unions.
  const status = c.status as ConversionStatus;
  return {
    id: c.id,
    kind: c.kind as ConversionKind,
    status,
    inputs: [...c.inputs]
      .sort((a, b) => a.position - b.position)
      .map((i) => ({ fileId: i.fileId, fileName: i.fileName })),
    pageSize: c.pageSize as PageSize,
    fileName: c.fileName,
    fileId: status === "succeeded" ? c.resultFileId : null,
    pages: c.pages,
    error:
      status === "failed"
        ? {
            code: (c.errorCode ?? "CONVERSION_FAILED") as ConversionErrorCode,
            message: c.errorMessage ?? "The conversion failed.",
            input: c.errorInput,
          }
        : null,
    hostRequested: c.hostPlan !== null,
    deployment: c.site && c.site.unpublishedAt === null ? toSiteRecord(c.site) : null,
    hostError:
      c.hostErrorCode === null
        ? null
        : { code: c.hostErrorCode as HostErrorCode, message: c.hostErrorMessage ?? "Publishing failed." },
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/** Images sent with a conversion live under its prefix until it ends. */
export const conversionBlobPrefix = (id: string) => `conversions/${id}/`;
export const conversionInputKey = (id: string, position: number) =>
  `${conversionBlobPrefix(id)}inputs/${position}`;

export const conversionIdPattern = /^conv_[a-z0-9]{16}$/;

/** The account's own conversion, named in a path by its id. */
export const conversions = ownedRef({
  selects: byId(conversionIdPattern),
  read: (prisma, where) => prisma.conversion.findFirst({ where, include: conversionInclude }),
  notFound: (ref) => `Conversion ${ref} was not found.`,
});
export const { ref: conversionRef, find: findConversion } = conversions;
/** A conversion on the wire (REST's Conversion); `urlOf` gives a published site's address. */
export const conversionWire = (c: ConversionRecord, urlOf: (namespace: string) => string) => ({
  id: c.id,
  kind: c.kind,
  status: c.status,
  inputs: c.inputs.map((i) => ({ file_id: i.fileId, file_name: i.fileName })),
  page_size: c.pageSize,
  file_name: c.fileName,
  file_id: c.fileId,
  pages: c.pages,
  error: c.error,
  host_requested: c.hostRequested,
  deployment: c.deployment && siteWire(c.deployment, urlOf(c.deployment.namespace)),
  host_error: c.hostError,
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
});
export type ConversionWire = ReturnType<typeof conversionWire>;
