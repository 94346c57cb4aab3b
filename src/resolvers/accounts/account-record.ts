import type { Account } from "../../generated/prisma/client.ts";

export type AccountRecord = { id: string; name: string; createdAt: Date };

export function toAccountRecord(a: Account): AccountRecord {
  return { id: a.id, name: a.name, createdAt: a.createdAt };
}
