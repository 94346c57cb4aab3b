import type pg from "pg";
import { admittedOrThrow, type Decision, type Refusal, refused } from "./decision.ts";
import { keyCheckBatch } from "./key-check-batch.ts";
import type { Principal } from "./principal.ts";
import { countRequest, type RateClass, type RateState, rateLimits, rateState } from "./rate-limit.ts";
import { hashKeySecret, kindOfSecret, safeEqual } from "./secrets.ts";
import { CSRF_HEADER, liveSession } from "./sessions.ts";

/** The credential headers of a request, already read off it by the face. */
export type Credentials = {
  authorization?: string | undefined;
  apiKey?: string | undefined;
  operatorSecret?: string | undefined;
  /** With the operator secret: the account the operator acts for. */
  accountId?: string | undefined;
  clientAddress: string;
  /** A dashboard session's cookie, used when no other credential is sent. */
  session?:
    | {
        token: string;
        /** The x-csrf-token header, which every request but a read (GET, HEAD) must carry. */
        csrfToken: string | undefined;
        isRead: boolean;
      }
    | undefined;
};

export type AuthDeps = {
  pool: pg.Pool;
  operatorSecret: string | undefined;
  /** Failed authentications a client address may make a minute (AUTH_FAILURES_PER_MINUTE). */
  failureLimit: number;
};

const failuresBucket = (clientAddress: string) => `authfail:${clientAddress}`;

/**
 * A credential that did not authenticate: counted against the caller's address, so guessing keys
 * or the operator secret is throttled. Past the limit the answer is 429 with the time to wait.
 */
async function refuse(deps: AuthDeps, creds: Credentials, cls: RateClass, message: string): Promise<Refusal> {
  const failures = await countRequest(deps.pool, failuresBucket(creds.clientAddress), deps.failureLimit);
  if (failures.retryAfter !== undefined) return throttled(failures);
  return refused("UNAUTHORIZED", message, await countAnonymous(deps.pool, creds.clientAddress, cls, 1));
}

const throttled = (failures: RateState): Refusal =>
  refused(
    "RATE_LIMITED",
    `Too many failed authentications from this address (more than ${failures.limit} a minute); retry in ${failures.retryAfter} s.`,
    failures,
  );

/** Refuses any credential, even a valid one, from an address over its failed-authentication limit. */
async function throttledNow(deps: AuthDeps, clientAddress: string): Promise<Refusal | null> {
  const { rows } = await deps.pool.query<{ count: number; window_start: string; now: string }>(
    `SELECT count, extract(epoch FROM window_start)::bigint AS window_start, extract(epoch FROM now()) AS now
       FROM rate_limit_windows WHERE bucket = $1 AND window_start = date_trunc('minute', now())`,
    [failuresBucket(clientAddress)],
  );
  const row = rows[0];
  const limit = deps.failureLimit;
  // The count as it would stand with this request: at the limit already means over it.
  if (row && row.count >= limit)
    return throttled(rateState(limit, row.count + 1, Number(row.window_start), Number(row.now)));
  return null;
}

const countAnonymous = (pool: pg.Pool, clientAddress: string, cls: RateClass, points: number) =>
  countRequest(
    pool,
    bucketOf({ kind: "anonymous", clientAddress }, cls),
    rateLimits.unauthenticated[cls],
    points,
  );

function bearerToken(authorization: string): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  return m ? (m[1] as string) : null;
}

/** The decision on a caller whose request was counted in `rate`: past the budget it is refused. */
const withinBudget = (principal: Principal, rate: RateState): Decision =>
  rate.retryAfter === undefined
    ? { admitted: true, principal, rate }
    : refused("RATE_LIMITED", rateMessage(rate), rate);

/**
 * Establishes who calls and counts the request in its rate-limit class, `points` deep. Refuses
 * with UNAUTHORIZED a credential that is present but not valid (never falls back to anonymous: a
 * client that sends a key means to use it), and with RATE_LIMITED past the budget; both carry the
 * window they were counted in. Faces call it through admit (admit.ts).
 */
export async function authenticate(
  deps: AuthDeps,
  creds: Credentials,
  cls: RateClass,
  points: number,
): Promise<Decision> {
  const { pool } = deps;

  if (creds.operatorSecret !== undefined) {
    const throttledAddress = await throttledNow(deps, creds.clientAddress);
    if (throttledAddress) return throttledAddress;
    if (!deps.operatorSecret || !safeEqual(creds.operatorSecret, deps.operatorSecret))
      return refuse(deps, creds, cls, "The x-document-agent-secret header is not valid.");
    const accountId = creds.accountId ?? null;
    if (accountId !== null) {
      const { rowCount } = await pool.query("SELECT 1 FROM accounts WHERE id = $1", [accountId]);
      if (!rowCount) return refuse(deps, creds, cls, `No account ${accountId} exists for x-account-id.`);
    }
    const principal: Principal = { kind: "operator", accountId };
    return withinBudget(principal, await countPrincipal(pool, principal, cls, points));
  }

  if (creds.session && creds.authorization === undefined && creds.apiKey === undefined)
    return sessionAuthenticated(deps, creds, creds.session, cls, points);

  let secret: string | null = null;
  if (creds.authorization !== undefined) {
    secret = bearerToken(creds.authorization);
    if (secret === null)
      return refuse(deps, creds, cls, "The Authorization header must be 'Bearer <API key>'.");
  } else if (creds.apiKey !== undefined) {
    secret = creds.apiKey.trim();
  }

  if (secret === null) {
    const principal: Principal = { kind: "anonymous", clientAddress: creds.clientAddress };
    return withinBudget(principal, await countAnonymous(pool, creds.clientAddress, cls, points));
  }

  if (kindOfSecret(secret) === null) {
    return (
      (await throttledNow(deps, creds.clientAddress)) ??
      refuse(
        deps,
        creds,
        cls,
        "The API key is malformed: keys start with svc_sk_ (secret) or svc_pk_ (publishable).",
      )
    );
  }
  // Looked up and counted in one statement with the other requests of the moment (key-check-batch.ts).
  const checked = await keyCheckBatch(pool).check({
    secretHash: hashKeySecret(secret),
    cls,
    failuresBucket: failuresBucket(creds.clientAddress),
    points,
  });
  // An address over its failed-authentication limit is refused whatever key it sends, or a
  // guesser would still learn which of its guesses is valid.
  if (checked.failures >= deps.failureLimit) {
    const throttledAddress = await throttledNow(deps, creds.clientAddress);
    if (throttledAddress) return throttledAddress;
  }
  const key = checked.key;
  if (!key)
    return refuse(
      deps,
      creds,
      cls,
      "The API key is not valid: it does not exist, or it was revoked or rotated.",
    );
  return withinBudget(
    { kind: "key", accountId: key.accountId, keyId: key.id, keyKind: key.kind },
    rateState(rateLimits.authenticated[cls], key.count, key.windowStart, checked.now),
  );
}

/**
 * A dashboard session stands for its key: counted in the key's budget. A request that changes
 * something must repeat the session's CSRF token in a header, which a page of another site
 * cannot read or set.
 */
async function sessionAuthenticated(
  deps: AuthDeps,
  creds: Credentials,
  session: NonNullable<Credentials["session"]>,
  cls: RateClass,
  points: number,
): Promise<Decision> {
  const throttledAddress = await throttledNow(deps, creds.clientAddress);
  if (throttledAddress) return throttledAddress;
  const live = await liveSession(deps.pool, session.token);
  if (!live)
    return refuse(
      deps,
      creds,
      cls,
      "The dashboard session has ended (signed out, expired, or its key revoked): sign in again.",
    );
  if (!session.isRead && !safeEqual(session.csrfToken ?? "", live.csrfToken))
    return refused(
      "FORBIDDEN",
      `The request carries no valid ${CSRF_HEADER} header: a dashboard session changes nothing without it.`,
      null,
    );
  const principal: Principal = {
    kind: "key",
    accountId: live.accountId,
    keyId: live.keyId,
    keyKind: live.keyKind,
  };
  return withinBudget(principal, await countPrincipal(deps.pool, principal, cls, points));
}

function rateMessage(rate: RateState): string {
  return `Rate limit of ${rate.limit} a minute exceeded (a REST request counts 1, a GraphQL query its cost); retry in ${rate.retryAfter} s.`;
}

/** The bucket a principal's requests of a class are counted in. */
function bucketOf(p: Principal, cls: RateClass): string {
  switch (p.kind) {
    case "anonymous":
      return `ip:${p.clientAddress}:${cls}`;
    case "operator":
      return `internal:${p.accountId ?? "-"}:${cls}`;
    case "key":
      return `key:${p.keyId}:${cls}`;
  }
}

/** Counts `points` in a known caller's budget of a class. */
function countPrincipal(pool: pg.Pool, p: Principal, cls: RateClass, points: number): Promise<RateState> {
  const limit = rateLimits[p.kind === "anonymous" ? "unauthenticated" : "authenticated"][cls];
  return countRequest(pool, bucketOf(p, cls), limit, points);
}

/**
 * Counts more points in a known caller's budget of a class: a GraphQL query holding an expensive
 * field counts the rest of its cost in the standard class, as the same reads over REST would be.
 * `counted` says how the points were counted, for the message past the limit.
 */
export async function countMore(
  pool: pg.Pool,
  p: Principal,
  cls: RateClass,
  points: number,
  counted?: string,
): Promise<Decision> {
  const rate = await countPrincipal(pool, p, cls, points);
  if (rate.retryAfter === undefined) return { admitted: true, principal: p, rate };
  return refused(
    "RATE_LIMITED",
    counted
      ? `Rate limit of ${rate.limit} ${cls} operations a minute exceeded (${counted}); retry in ${rate.retryAfter} s.`
      : rateMessage(rate),
    rate,
  );
}

/**
 * Counts more points in a caller's budget of a class: an operation whose one request does the
 * work of several (a conversion of many images, each an upload's worth) counts the rest here, as
 * does an MCP tool call counted as it runs. Throws RATE_LIMITED past the budget.
 */
export async function charge(
  pool: pg.Pool,
  p: Principal,
  cls: RateClass,
  points: number,
  /** How the points were counted, for the message past the limit. */
  counted?: string,
): Promise<RateState> {
  return admittedOrThrow(await countMore(pool, p, cls, points, counted)).rate;
}
