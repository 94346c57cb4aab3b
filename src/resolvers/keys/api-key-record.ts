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
