import type { Principal } from "../core/auth/principal.ts";
import type { Services } from "../core/services.ts";

/** What every operation receives: who calls, and the services to act with. */
export type OperationContext = {
  principal: Principal;
  services: Services;
  /** Aborts when the client goes away: work done only for its answer stops with it. */
  signal?: AbortSignal | undefined;
};
