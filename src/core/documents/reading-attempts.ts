import type { PrismaClient } from "../../generated/prisma/client.ts";

/**
 * Attempts that may reach the same page and die there (their worker killed, out of memory)
 * before the page is skipped: the next attempt records it as failed and goes on after it.
 */
export const POISON_ATTEMPTS = 2;

/**
 * The page attempts of this generation have reached without writing it, and how many did. Each
 * page written moves it to the next page (writePage); each attempt that begins counts itself.
 */
type ReadingAttempt = { generation: number; page: number; attempts: number };

/**
 * Notes that an attempt begins at `page`; returns that page when POISON_ATTEMPTS attempts reached
 * it before and died there (so this one skips it), else null.
 */
export async function beginAttempt(
  prisma: PrismaClient,
  a: { id: string; generation: number; page: number; last: unknown },
): Promise<number | null> {
  const last = a.last as ReadingAttempt | null;
  const died = last?.generation === a.generation && last.page === a.page ? last.attempts : 0;
  const poisoned = died >= POISON_ATTEMPTS;
  const mark: ReadingAttempt = {
    generation: a.generation,
    page: poisoned ? a.page + 1 : a.page,
    attempts: poisoned ? 1 : died + 1,
  };
  await prisma.document.updateMany({
    where: { id: a.id, workingGeneration: a.generation },
    data: { readingAttempt: mark },
  });
  return poisoned ? a.page : null;
}
