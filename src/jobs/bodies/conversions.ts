import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { ConversionStepError } from "../../core/conversions/conversion-process.ts";
import { convertImagesToPdf, InputFailure } from "../../core/conversions/convert-images.ts";
import type { PageSize } from "../../core/conversions/page-size.ts";
import { AppError } from "../../core/errors.ts";
import type { ConversionJob } from "../../core/job-queue.ts";
import type { Services } from "../../core/services.ts";
import type { Conversion } from "../../generated/prisma/client.ts";
import {
  activeStatuses,
  type ConversionErrorCode,
  conversionBlobPrefix,
  type HostErrorCode,
} from "../../resolvers/conversions/conversion-record.ts";
import { fileBlobKey, fileBlobPrefix } from "../../resolvers/files/file-record.ts";
import { createSite, planFromJson, planToJson } from "../../resolvers/hosting/site-plan-record.ts";
import { resolveSource } from "../../resolvers/hosting/source-input.ts";

// A conversion, as a worker runs it: the inputs are copied from the store to a scratch folder (a
// stream each, so the worker never holds an image whole), converted in a process of their own,
// and the PDF is stored as a new ready file under the id drawn when the conversion was created.
// A worker that dies part-way leaves the conversion `running`; the job comes back after its
// heartbeat and another worker starts it again from the inputs, writing the same key.

/** Ends a conversion as failed, naming the input at fault when there is one. */
async function fail(
  services: Services,
  id: string,
  error: { code: ConversionErrorCode; message: string; input?: number | undefined },
): Promise<void> {
  await services.db.prisma.conversion.updateMany({
    where: { id, status: { in: activeStatuses } },
    data: {
      status: "failed",
      errorCode: error.code,
      errorMessage: error.message,
      errorInput: error.input ?? null,
    },
  });
  await services.blobs.deletePrefix(conversionBlobPrefix(id)).catch(() => undefined);
}

export async function runConversion(services: Services, job: ConversionJob): Promise<void> {
  const { db, blobs, config, log } = services;
  const conv = await db.prisma.conversion.findUnique({
    where: { id: job.conversionId },
    include: { inputs: { orderBy: { position: "asc" } } },
  });
  if (!conv || (conv.status !== "queued" && conv.status !== "running")) return;
  await db.prisma.conversion.update({ where: { id: conv.id }, data: { status: "running" } });
  const scratch = await mkdtemp(path.join(os.tmpdir(), "quire-conversion-"));
  try {
    const files: { path: string; name: string }[] = [];
    for (const input of conv.inputs) {
      const read = await blobs.getStream(input.blobKey);
      if (!read) {
        await fail(services, conv.id, {
          code: "INPUT_MISSING",
          message: `Input ${input.position + 1} (${input.fileName}): its bytes are missing from the store.`,
          input: input.position,
        });
        return;
      }
      const file = path.join(scratch, `input-${input.position}`);
      await pipeline(read.body, createWriteStream(file));
      files.push({ path: file, name: input.fileName });
    }
    const out = path.join(scratch, "result.pdf");
    let pages: number;
    try {
      ({ pages } = await convertImagesToPdf(files, out, {
        pageSize: conv.pageSize as PageSize,
        maxPixels: config.conversionMaxPixels,
        stepBudgetMs: config.conversionImageSeconds * 1000,
        maxPages: config.maxPages,
      }));
    } catch (err) {
      if (err instanceof InputFailure) {
        log.info("a conversion failed on an input", { conversionId: conv.id, error: err.message });
        await fail(services, conv.id, { code: err.code, message: err.message, input: err.input });
        return;
      }
      if (err instanceof ConversionStepError) {
        await fail(services, conv.id, { code: err.code, message: `Writing the PDF failed: ${err.message}.` });
        return;
      }
      throw err;
    }
    const key = fileBlobKey(conv.resultFileId);
    const stored = await blobs.putStream(key, createReadStream(out), { maxBytes: Number.MAX_SAFE_INTEGER });
    try {
      await db.prisma.$transaction([
        db.prisma.storedFile.upsert({
          where: { id: conv.resultFileId },
          create: {
            id: conv.resultFileId,
            accountId: conv.accountId,
            fileName: conv.fileName,
            contentType: "application/pdf",
            sizeBytes: BigInt(stored.size),
            sha256: stored.sha256,
            pages,
            status: "ready",
            blobKey: key,
          },
          update: { sizeBytes: BigInt(stored.size), sha256: stored.sha256, pages },
        }),
        db.prisma.conversion.update({ where: { id: conv.id }, data: { pages } }),
      ]);
    } catch (err) {
      await blobs.deletePrefix(fileBlobPrefix(conv.resultFileId)).catch(() => undefined);
      throw err;
    }
    const hosted = conv.hostPlan === null ? {} : await publishResult(services, conv);
    await db.prisma.conversion.update({ where: { id: conv.id }, data: { status: "succeeded", ...hosted } });
    // The images sent with the request served their purpose; stored files stay the account's.
    await blobs.deletePrefix(conversionBlobPrefix(conv.id)).catch(() => undefined);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * The `host` option: publishes the PDF as the account would with POST /v1/host (parsed in the
 * background; the parse was counted when the conversion was asked for). A site of the PDF made by
 * an earlier attempt (its worker died before recording it) is the one kept. A publish the request
 * could not have foreseen failing (the namespace was taken meanwhile, the PDF refused for parsing)
 * is recorded on the conversion, which still succeeds; any other failure is retried with the job.
 */
async function publishResult(
  services: Services,
  conv: Conversion,
): Promise<
  { siteId: string; hostPlan: object } | { hostErrorCode: HostErrorCode; hostErrorMessage: string }
> {
  const { accountId } = conv;
  const plan = planFromJson(conv.hostPlan);
  // The site has its own copy of the password hash from now on.
  const done = (siteId: string) => ({ siteId, hostPlan: planToJson({ ...plan, passwordHash: null }) });
  const earlier = await services.db.prisma.hostedSite.findFirst({
    where: { accountId, sourceFileId: conv.resultFileId },
    select: { id: true },
  });
  if (earlier) return done(earlier.id);
  const ctx = { principal: { kind: "operator" as const, accountId }, services, accountId };
  try {
    const source = await resolveSource(ctx, { fileId: conv.resultFileId }, { parseCounted: true });
    return done((await createSite(services, accountId, plan, source)).id);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    services.log.info("a conversion's PDF could not be published", {
      conversionId: conv.id,
      error: err.message,
    });
    return {
      hostErrorCode: err.code === "CONFLICT" ? "NAMESPACE_TAKEN" : "PUBLISH_FAILED",
      hostErrorMessage: err.message,
    };
  }
}

/** An attempt failed for a reason other than its inputs (the store, the database): kept for giving up. */
export async function recordConversionAttempt(
  services: Services,
  job: ConversionJob,
  err: unknown,
): Promise<string> {
  const reason = (err as Error)?.message ?? String(err);
  await services.db.prisma.conversion
    .updateMany({ where: { id: job.conversionId, status: "running" }, data: { errorMessage: reason } })
    .catch(() => undefined);
  return reason;
}

/** Every attempt failed, or the worker stopped responding on the last: the conversion ends failed. */
export async function giveUpConversion(services: Services, job: ConversionJob): Promise<void> {
  const conv = await services.db.prisma.conversion.findUnique({ where: { id: job.conversionId } });
  if (!conv) return;
  await fail(services, conv.id, {
    code: "CONVERSION_FAILED",
    message: `The conversion failed on every attempt: ${conv.errorMessage ?? "the worker stopped responding"}.`,
  });
}
