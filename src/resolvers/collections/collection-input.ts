import { AppError } from "../../core/errors.ts";
import { controlCharacters } from "../../core/text-rules.ts";
import { z } from "../../core/zod.ts";

export const collectionIdPattern = /^col-[a-z0-9]{16}$/;
export const MAX_COLLECTION_NAME = 100;
export const MAX_COLLECTION_DESCRIPTION = 10_000;

const controlCharacter = new RegExp(`[${controlCharacters}]`, "u");

/**
 * The name rules as one JSON Schema pattern over the name as sent (before trimming): something
 * besides white space, no control character, and not an id once trimmed. With the length bounds
 * it is what the refinements below accept, for clients that validate before sending.
 */
const namePattern = `^(?!\\s*${collectionIdPattern.source.slice(1, -1)}\\s*$)(?=[\\s\\S]*\\S)[^${controlCharacters}]*$`;

/**
 * A name as stored: trimmed, 1 to 100 characters, no control characters, not shaped like an id.
 * Collections are used with secret keys only (every collection operation's caller rule): a
 * collection spans documents whose grants differ, and a publishable key lives in a browser.
 */
export const collectionName = z
  .string()
  .trim()
  .refine((n) => Array.from(n).length >= 1 && Array.from(n).length <= MAX_COLLECTION_NAME, {
    message: `must be 1 to ${MAX_COLLECTION_NAME} characters`,
  })
  .refine((n) => !controlCharacter.test(n), { message: "must not contain control characters" })
  // Paths accept a name in place of the id: a name that reads as an id would be unreachable.
  .refine((n) => !collectionIdPattern.test(n), {
    message: "must not have the form of a collection id (col-…)",
  })
  // JSON Schema counts characters (code points) as the refinement does; it sees the name
  // untrimmed, so its bound holds for the name sent, a little stricter than the trimmed one.
  .openapi({
    minLength: 1,
    maxLength: MAX_COLLECTION_NAME,
    pattern: namePattern,
    description: `1 to ${MAX_COLLECTION_NAME} characters once surrounding white space is trimmed; no control characters; not of the form of a collection id (col- and 16 lowercase letters or digits). Unique within the account.`,
  });

/** Prisma's unique-constraint failure (P2002), raised by a name already taken in the account. */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: unknown })?.code === "P2002";
}

export const nameTaken = (name: string) =>
  new AppError("CONFLICT", `A collection named ${JSON.stringify(name)} already exists in this account.`);
