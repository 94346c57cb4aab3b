import { randomBytes } from "node:crypto";
import type pg from "pg";
import { newId } from "../ids.ts";
import { touchKeySql } from "./key-last-used.ts";
import { hashKeySecret } from "./secrets.ts";

// Dashboard sessions: a secret key pasted once is exchanged for a session, kept here by the hash
// of its token; the browser holds the token in an HttpOnly cookie and never the key. A session
// acts as its key and ends with it (revoked or rotated), when signed out, after SESSION_IDLE_MS
// without a request, or SESSION_MAX_MS after it began. Documented in docs/dashboard.md.

export const SESSION_COOKIE = "quire_session";
export const CSRF_HEADER = "x-csrf-token";
/** A session no request used for this long has ended. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** A session ends this long after it began, however busy. */
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;

const token = () => randomBytes(32).toString("base64url");

export type NewSession = { token: string; csrfToken: string; expiresAt: Date };

export async function createSession(pool: pg.Pool, accountId: string, keyId: string): Promise<NewSession> {
  const t = token();
  const csrfToken = token();
  const expiresAt = new Date(Date.now() + SESSION_MAX_MS);
  await pool.query(
    `INSERT INTO dashboard_sessions (id, token_hash, account_id, key_id, csrf_token, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [newId("sess_"), hashKeySecret(t), accountId, keyId, csrfToken, expiresAt],
  );
  return { token: t, csrfToken, expiresAt };
}

export type LiveSession = {
  accountId: string;
  keyId: string;
  keyKind: "secret" | "publishable";
  csrfToken: string;
};

/**
 * The session of a token while it lives (its key unrevoked, within both expiries), marked as used
 * now; null when there is none. One statement: this runs on every request of the dashboard.
 */
export async function liveSession(pool: pg.Pool, sessionToken: string): Promise<LiveSession | null> {
  const { rows } = await pool.query<{
    account_id: string;
    key_id: string;
    kind: "secret" | "publishable";
    csrf_token: string;
  }>(
    `WITH s AS (
       UPDATE dashboard_sessions s SET last_seen_at = now()
       FROM api_keys k
       WHERE s.token_hash = $1 AND k.id = s.key_id AND k.revoked_at IS NULL
         AND s.expires_at > now() AND s.last_seen_at > now() - make_interval(secs => $2)
       RETURNING s.account_id, s.key_id, k.kind, s.csrf_token
     ), u AS (${touchKeySql("SELECT key_id FROM s")})
     SELECT * FROM s`,
    [hashKeySecret(sessionToken), SESSION_IDLE_MS / 1000],
  );
  const r = rows[0];
  return r ? { accountId: r.account_id, keyId: r.key_id, keyKind: r.kind, csrfToken: r.csrf_token } : null;
}

export async function endSession(pool: pg.Pool, sessionToken: string): Promise<void> {
  await pool.query("DELETE FROM dashboard_sessions WHERE token_hash = $1", [hashKeySecret(sessionToken)]);
}
