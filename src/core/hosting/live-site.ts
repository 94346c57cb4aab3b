import type pg from "pg";
import type { Document, HostedSite } from "../../generated/prisma/client.ts";

/** What a hosted request needs of its site. */
export type LiveSite = Pick<
  HostedSite,
  "id" | "title" | "access" | "passwordHash" | "passwordVersion" | "deploymentId" | "updatedAt"
> & { document: SiteDocument | null };

/** What a hosted request needs of the site's document. */
export type SiteDocument = Pick<
  Document,
  | "id"
  | "phase"
  | "pagesTotal"
  | "pagesCompleted"
  | "activeGeneration"
  | "sizeBytes"
  | "sha256"
  | "completedAt"
>;

// Every request to a site (each page image a reader turns to) starts here, so it is one
// statement, one round trip, prepared once per connection, and only the columns used; through
// Prisma it was two queries and several times the CPU.
const liveSiteSql = `
  SELECT h.id, h.title, h.access, h.password_hash, h.password_version, h.deployment_id, h.updated_at,
         d.id AS doc_id, d.phase, d.pages_total, d.pages_completed, d.active_generation,
         d.size_bytes, d.sha256, d.completed_at
    FROM hosted_sites h LEFT JOIN documents d ON d.id = h.document_id
   WHERE h.namespace = $1 AND h.unpublished_at IS NULL`;

type Row = {
  id: string;
  title: string;
  access: HostedSite["access"];
  password_hash: string | null;
  password_version: number;
  deployment_id: string;
  updated_at: Date;
  doc_id: string | null;
  phase: string;
  pages_total: number | null;
  pages_completed: number;
  active_generation: number;
  size_bytes: string;
  sha256: string;
  completed_at: Date | null;
};

/** The published (not unpublished) site at `namespace`, with its document if it still exists. */
export async function findLiveSite(pool: pg.Pool, namespace: string): Promise<LiveSite | null> {
  const { rows } = await pool.query<Row>({ name: "live-site", text: liveSiteSql, values: [namespace] });
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    title: r.title,
    access: r.access,
    passwordHash: r.password_hash,
    passwordVersion: r.password_version,
    deploymentId: r.deployment_id,
    updatedAt: r.updated_at,
    document:
      r.doc_id === null
        ? null
        : {
            id: r.doc_id,
            phase: r.phase,
            pagesTotal: r.pages_total,
            pagesCompleted: r.pages_completed,
            activeGeneration: r.active_generation,
            sizeBytes: BigInt(r.size_bytes),
            sha256: r.sha256,
            completedAt: r.completed_at,
          },
  };
}
