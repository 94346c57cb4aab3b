import type { StatsCounter } from "../core/hosting/stats-counter.ts";
import type { Services } from "../core/services.ts";

/** What every route of a site uses, made once per process. */
export type SiteDeps = {
  services: Services;
  /** Signs access cookies and password-form tokens. */
  secret: string;
  stats: StatsCounter;
};

/** A site's routes are given the namespace its Host named. */
export type SiteEnv = { Bindings: { namespace: string } };

export const nowSeconds = () => Math.floor(Date.now() / 1000);
