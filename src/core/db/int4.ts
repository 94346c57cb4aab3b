/**
 * The largest PostgreSQL integer: page numbers, table indexes, offsets and seqs are stored or
 * compared as such, so a larger one names nothing and must not reach a query (where it fails as
 * out of range). Operations bound such inputs by it, which is also GraphQL's Int maximum.
 */
export const MAX_INT = 2_147_483_647;
