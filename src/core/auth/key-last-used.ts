/**
 * The statement that marks keys as used now, for a CTE beside the request's own statement. It
 * writes only when the key's mark is from an earlier minute, so a busy key costs one write a
 * minute rather than one a request; "last used" is therefore exact to the minute. A key row that
 * another transaction holds (a rotation, an account being deleted) is skipped, not waited for:
 * the mark is written by a later request, and the requests checked with it are not held up.
 */
export const touchKeySql = (keyIds: string) => `
  UPDATE api_keys SET last_used_at = now()
  WHERE id IN (
    SELECT id FROM api_keys
    WHERE id IN (${keyIds})
      AND (last_used_at IS NULL OR last_used_at < date_trunc('minute', now()))
    FOR UPDATE SKIP LOCKED
  )`;
