import type { Prisma } from "../../generated/prisma/client.ts";
import type { Services } from "../services.ts";
import { splitPassages, textSearchConfigOfDocument } from "./passages.ts";

// Documents extracted before passages existed (or whose passages were lost) cannot be asked
// until their pages are cut into passages. Workers do that at start-up, in the background, a
// batch of pages at a time; extractions in progress write their own, so only documents whose
// extraction has completed are looked at. One process at a time does it (an advisory lock), and
// rows already there are skipped, so running it twice is harmless.

const LOCK_KEY = 0x51756972; // "Quir": the lock this task holds while it runs.
const BATCH = 200;

type MissingPage = {
  document_id: string;
  generation: number;
  page_number: number;
  markdown: string;
  config: unknown;
};

/** Cuts every completed document's pages that have no passages into passages. Returns the pages done. */
export async function backfillPassages(services: Pick<Services, "db" | "log">): Promise<number> {
  const { pool, prisma } = services.db;
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [
      LOCK_KEY,
    ]);
    if (!rows[0]?.locked) return 0;
    try {
      let done = 0;
      // Walked in (document, page) order from where the last batch ended, so a page that yields
      // no passage is passed once, not met again in every batch.
      let after: [string, number] = ["", 0];
      for (;;) {
        const batch = await client.query<MissingPage>(
          `SELECT p.document_id, p.generation, p.page_number, p.markdown, d.config
           FROM documents d
           JOIN pages p ON p.document_id = d.id AND p.generation = d.active_generation
           WHERE d.completed_at IS NOT NULL AND btrim(p.markdown) <> ''
             AND (p.document_id, p.page_number) > ($2, $3)
             AND NOT EXISTS (SELECT 1 FROM passages s WHERE s.document_id = p.document_id
                               AND s.generation = p.generation AND s.page_number = p.page_number)
           ORDER BY p.document_id, p.page_number
           LIMIT $1`,
          [BATCH, after[0], after[1]],
        );
        const fresh = batch.rows;
        const last = fresh[fresh.length - 1];
        if (!last) break;
        after = [last.document_id, last.page_number];
        const data: Prisma.PassageCreateManyInput[] = [];
        for (const r of fresh) {
          const tsConfig = textSearchConfigOfDocument(r.config);
          for (const p of splitPassages(r.markdown)) {
            data.push({
              documentId: r.document_id,
              generation: r.generation,
              pageNumber: r.page_number,
              position: p.position,
              startOffset: p.start,
              endOffset: p.end,
              text: p.text,
              tsConfig,
            });
          }
        }
        // A document deleted meanwhile makes its rows fail the foreign key: skipped, not fatal.
        await prisma.passage.createMany({ data, skipDuplicates: true }).catch(async () => {
          for (const row of data)
            await prisma.passage.createMany({ data: [row], skipDuplicates: true }).catch(() => undefined);
        });
        done += fresh.length;
      }
      if (done) services.log.info("passages backfilled", { pages: done });
      return done;
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
