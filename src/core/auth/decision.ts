import { AppError } from "../errors.ts";
import type { Principal } from "./principal.ts";
import { type RateState, rateHeaders } from "./rate-limit.ts";

// What admitting a request decides, before any face puts it on its wire: REST as a 401/429
// envelope with the X-RateLimit-* headers, GraphQL as a request-level error, MCP as a JSON-RPC
// error (or a tool error), a hosted site as an HTML page.

/** Let in: who the caller is, and the window it was counted in. */
export type Admission = { admitted: true; principal: Principal; rate: RateState };

/** Turned away: why, and the window it was counted in (none when it was refused before counting). */
export type Refusal = {
  admitted: false;
  code: "UNAUTHORIZED" | "RATE_LIMITED" | "FORBIDDEN";
  message: string;
  rate: RateState | null;
};

export type Decision = Admission | Refusal;

export const refused = (code: Refusal["code"], message: string, rate: RateState | null): Refusal => ({
  admitted: false,
  code,
  message,
  rate,
});

/** A refusal as the service's error, carrying its window's headers, for faces that throw errors. */
export const refusalError = (r: Refusal): AppError =>
  new AppError(r.code, r.message, r.rate ? rateHeaders(r.rate) : {});

/** The admission, or the refusal thrown as an error. */
export function admittedOrThrow(d: Decision): Admission {
  if (!d.admitted) throw refusalError(d);
  return d;
}
