import type { Document, Prisma, PrismaClient } from "../../generated/prisma/client.ts";
import { newId } from "../ids.ts";
import { sourceBlobKey } from "./blob-keys.ts";
import { initialPhase } from "./phases.ts";

export const shortHashOf = (id: string) => id.slice(4, 10);

const isShortHashClash = (err: unknown) => {
  const e = err as {
    code?: string;
    meta?: { target?: unknown; driverAdapterError?: { cause?: { constraint?: { fields?: string[] } } } };
  };
  if (e?.code !== "P2002") return false;
  const text = JSON.stringify(e.meta ?? {});
  return text.includes("short_hash") || text.includes("shortHash");
};

/**
 * Inserts a document under a fresh id whose short hash (its first six characters after `doc-`)
 * is not yet used in the account. The unique index on (account, short hash) decides; on a clash
 * a new id is drawn, so within an account a short hash always names one document. The blob key
 * follows from the id unless given. The row starts in the state machine's first phase: the one
 * place besides phases.ts that writes a phase.
 */
export async function createDocumentRow(
  prisma: PrismaClient,
  data: Omit<Prisma.DocumentUncheckedCreateInput, "id" | "shortHash" | "blobKey" | "phase"> & {
    blobKey?: string;
  },
  ids: () => string = () => newId("doc-"),
): Promise<Document> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const id = ids();
    try {
      return await prisma.document.create({
        data: { blobKey: sourceBlobKey(id), ...data, id, shortHash: shortHashOf(id), phase: initialPhase },
      });
    } catch (err) {
      if (!isShortHashClash(err)) throw err;
    }
  }
  throw new Error("could not find a free short hash after 8 attempts");
}
