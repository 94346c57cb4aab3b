import { createHash } from "node:crypto";
import { AppError } from "../../core/errors.ts";
import { z } from "../../core/zod.ts";
import type { StoredFile } from "../../generated/prisma/client.ts";
import type { OperationContext } from "../context.ts";
import { fileBlobPrefix } from "./file-record.ts";

// A presigned upload is a pending file: its upload id (upl_…) names the session to finalize, and
// on the local store a secret token in the upload URL (only its hash kept) lets the bytes in.

export const uploadIdPattern = /^upl_[a-z0-9]{16}$/;
export const uploadIdInput = z
  .string()
  .regex(uploadIdPattern, "must be an upload id (upl_ and 16 characters)");

/** A SHA-256 as clients write it: 64 hexadecimal characters, either case. */
export const sha256Input = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, "must be a SHA-256 digest: 64 hexadecimal characters")
  .transform((s) => s.toLowerCase());

export const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** Refuses a session past its expiry (410), removing what was uploaded for it. */
export async function assertNotExpired(ctx: OperationContext, file: StoredFile): Promise<void> {
  if (file.status !== "pending" || !file.expiresAt || file.expiresAt.getTime() > Date.now()) return;
  await ctx.services.blobs.deletePrefix(fileBlobPrefix(file.id)).catch(() => undefined);
  await ctx.services.db.prisma.storedFile.deleteMany({ where: { id: file.id, status: "pending" } });
  throw new AppError(
    "GONE",
    `The upload session of file ${file.id} expired at ${file.expiresAt.toISOString()}; presign a new upload.`,
  );
}
