import { ownedRef } from "../../core/db/owned-ref.ts";
import type { ApiKey } from "../../generated/prisma/client.ts";

/** An API key as the API shows it: never the secret, never its digest. */
export type ApiKeyRecord = {
  id: string;
  name: string;
  kind: "secret" | "publishable";
  prefix: string;
  createdAt: Date;
  revokedAt: Date | null;
  /** The minute of the latest request made with the key (or its dashboard session); null if never. */
  lastUsedAt: Date | null;
  replacedBy: string | null;
};

export function toApiKeyRecord(k: ApiKey): ApiKeyRecord {
  return {
    id: k.id,
    name: k.name,
    kind: k.kind as ApiKeyRecord["kind"],
    prefix: k.prefix,
    createdAt: k.createdAt,
    revokedAt: k.revokedAt,
    lastUsedAt: k.lastUsedAt,
    replacedBy: k.replacedBy,
  };
}

/**
 * A key of the caller's account, named by its id; another account's is NOT_FOUND. Any id is looked
 * up, whatever its shape: one the database cannot hold (a NUL) is then a BAD_REQUEST, as the
 * contract says.
 */
export const apiKeys = ownedRef({
  selects: (ref) => ({ id: ref }),
  read: (prisma, where) => prisma.apiKey.findFirst({ where }),
  notFound: (ref) => `API key ${ref} was not found.`,
});
export const findOwnKey = apiKeys.find;
/** An API key on the wire (REST's ApiKey). */
export const apiKeyWire = (k: ApiKeyRecord) => ({
  id: k.id,
  name: k.name,
  kind: k.kind,
  prefix: k.prefix,
  created_at: k.createdAt.toISOString(),
  revoked_at: k.revokedAt?.toISOString() ?? null,
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
  replaced_by: k.replacedBy,
});
