import type { PrismaClient } from "../../generated/prisma/client.ts";

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === "P2002";

/**
 * Runs `create` for a namespace: first forgets a row that held the name after it was unpublished
 * and whose hold has ended, then inserts. The unique index decides between two claims at once:
 * false when the name is taken.
 */
export async function claimNamespace(
  prisma: PrismaClient,
  namespace: string,
  create: () => Promise<unknown>,
): Promise<boolean> {
  await prisma.hostedSite.deleteMany({ where: { namespace, releasedAt: { lte: new Date() } } });
  try {
    await create();
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Whether a namespace is in use, or held after an unpublish. */
export async function namespaceHeld(prisma: PrismaClient, namespace: string): Promise<boolean> {
  const row = await prisma.hostedSite.findUnique({ where: { namespace }, select: { releasedAt: true } });
  return row !== null && (row.releasedAt === null || row.releasedAt > new Date());
}
