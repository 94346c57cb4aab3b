import { type AuthDeps, authenticate, type Credentials, countMore } from "./authenticate.ts";
import { type Decision, refused } from "./decision.ts";
import { countRequest, type RateClass, SITE_PASSWORD_TRIES_PER_MINUTE } from "./rate-limit.ts";

// The one gate every face calls before it does anything for a caller: REST's middleware, the
// GraphQL server once an operation's cost is known, MCP once its envelope is read, and hosted
// sites at their password form. The face says who calls (the credentials read off its request),
// which budget and class, and how many units; it gets back the decision and translates it to its
// own wire. What a face counts is its own (a REST request is 1 unit, a GraphQL query its cost,
// an MCP request its messages); how it is counted is decided here only.

/** What one request is counted as. */
export type Count =
  /**
   * A request to the API: authenticated, then `units` counted in the caller's budget of
   * `rateClass`, and `standardUnits` more in its standard budget (the rest of a GraphQL query's
   * cost when it holds an expensive field, which is counted once in the expensive class).
   */
  | { budget: "requests"; rateClass: RateClass; units: number; standardUnits?: number }
  /**
   * A wrong password at a hosted site, counted against the caller's address across all sites;
   * 0 units only looks whether the address may try again.
   */
  | { budget: "sitePasswords"; units: 0 | 1 };

export async function admit(deps: AuthDeps, caller: Credentials, count: Count): Promise<Decision> {
  if (count.budget === "sitePasswords") {
    const rate = await countRequest(
      deps.pool,
      `hostpw:${caller.clientAddress}`,
      SITE_PASSWORD_TRIES_PER_MINUTE,
      count.units,
    );
    const principal = { kind: "anonymous" as const, clientAddress: caller.clientAddress };
    return rate.retryAfter === undefined
      ? { admitted: true, principal, rate }
      : refused(
          "RATE_LIMITED",
          `Too many wrong passwords from your address. Try again in ${rate.retryAfter} seconds.`,
          rate,
        );
  }
  const decision = await authenticate(deps, caller, count.rateClass, count.units);
  if (!decision.admitted || !count.standardUnits) return decision;
  const more = await countMore(deps.pool, decision.principal, "standard", count.standardUnits);
  return more.admitted ? decision : more;
}
