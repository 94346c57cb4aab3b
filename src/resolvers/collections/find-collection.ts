import { requireAccount } from "../../core/auth/authorize.ts";
import { AppError } from "../../core/errors.ts";
import type { Collection } from "../../generated/prisma/client.ts";
import type { OperationContext } from "../context.ts";

export const collectionIdPattern = /^col-[a-z0-9]{16}$/;
export const MAX_COLLECTION_NAME = 100;

/**
 * Collections belong to an account and are used with its secret keys only: a collection spans
 * documents whose grants differ, and a publishable key lives in a browser, where it could read
 * across all of them. The answer is the same for every collection operation, so it comes before
 * any lookup.
 */
export function requireCollectionsAccess(ctx: OperationContext): string {
  if (ctx.principal.kind === "key" && ctx.principal.keyKind === "publishable") {
    throw new AppError(
      "FORBIDDEN",
      "Collections need a secret key (svc_sk_); publishable keys read single documents they are granted.",
    );
  }
  return requireAccount(ctx.principal, "manage");
}

/** A name as stored: trimmed, 1 to 100 characters, no control characters, not shaped like an id. */
export function collectionName(raw: string): string {
  const name = raw.trim();
  const length = Array.from(name).length;
  if (length === 0 || length > MAX_COLLECTION_NAME)
    throw new AppError("BAD_REQUEST", `A collection name must be 1 to ${MAX_COLLECTION_NAME} characters.`);
  if (/\p{Cc}/u.test(name))
    throw new AppError("BAD_REQUEST", "A collection name must not contain control characters.");
  // Paths accept a name in place of the id: a name that reads as an id would be unreachable.
  if (collectionIdPattern.test(name))
    throw new AppError("BAD_REQUEST", "A collection name must not have the form of a collection id (col-…).");
  return name;
}

/** The rows a ref names among the account's collections: by id (`col-…`) or by name. */
export const collectionWhere = (accountId: string, ref: string) =>
  collectionIdPattern.test(ref) ? { id: ref, accountId } : { accountId, name: ref.trim() };

export const collectionNotFound = (ref: string) =>
  new AppError("NOT_FOUND", `Collection ${JSON.stringify(ref)} was not found.`);

/** The caller's collection named by id (`col-…`) or by name; another account's is NOT_FOUND. */
export async function findCollection(ctx: OperationContext, ref: string): Promise<Collection> {
  const accountId = requireCollectionsAccess(ctx);
  const found = await ctx.services.db.prisma.collection.findFirst({ where: collectionWhere(accountId, ref) });
  if (!found) throw collectionNotFound(ref);
  return found;
}

/** Prisma's unique-constraint failure (P2002), raised by a name already taken in the account. */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: unknown })?.code === "P2002";
}

export const nameTaken = (name: string) =>
  new AppError("CONFLICT", `A collection named ${JSON.stringify(name)} already exists in this account.`);
