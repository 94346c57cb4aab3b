import type { Principal } from "../core/auth/principal.ts";
import type { RateState } from "../core/auth/rate-limit.ts";

/** Hono context variables set by the shared middleware. */
export type AppEnv = {
  Variables: {
    requestId: string;
    principal: Principal;
    rate: RateState;
    /** Set by routes that speak OpenAI's protocol: their error bodies carry its `type` and `param`. */
    errorDialect?: "openai";
  };
};
