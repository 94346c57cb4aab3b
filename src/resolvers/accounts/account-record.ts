import type { Account } from "../../generated/prisma/client.ts";

export type AccountRecord = { id: string; name: string; createdAt: Date };

export function toAccountRecord(a: Account): AccountRecord {
  return { id: a.id, name: a.name, createdAt: a.createdAt };
}

/** An account on the wire (REST's Account). */
export const accountWire = (a: AccountRecord) => ({
  id: a.id,
  name: a.name,
  created_at: a.createdAt.toISOString(),
});
