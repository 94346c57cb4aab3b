import { useEffect, useState } from "preact/hooks";
import { DashboardUsageDocument, type DashboardUsageQuery } from "../../../operations/generated.ts";
import { gql } from "./api.ts";
import { BarChart } from "./bar-chart.tsx";
import { Alert } from "./list-table.tsx";

type Usage = DashboardUsageQuery["usage"];

const minuteLabel = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

/** How often the page asks again: the current minute's bar grows while it is open. */
const REFRESH_MS = 15_000;

/**
 * Usage: each key's requests a minute over the last 30 minutes against the rate limits, one chart
 * per class (their limits differ twentyfold, so one scale would hide the expensive bars).
 */
export function UsagePage() {
  const [usage, setUsage] = useState<Usage | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const load = () =>
      gql(DashboardUsageDocument, { minutes: 30 }).then(
        (d) => {
          setUsage(d.usage);
          setError(null);
        },
        (e: Error) => setError(e.message),
      );
    void load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <section aria-labelledby="usage-title">
      <h1 id="usage-title">Usage</h1>
      <p class="hint">
        Requests a minute per key, counted as the rate limit counts them (a REST request 1, a GraphQL query
        its cost). Each key may make {usage?.limits.standard ?? "…"} standard and{" "}
        {usage?.limits.expensive ?? "…"} expensive requests a minute.
      </p>
      <Alert message={error} />
      {usage === null ? (
        <p class="loading">Loading…</p>
      ) : (
        usage.keys.map((k) => {
          const now = k.minutes.at(-1);
          return (
            <section key={k.keyId} aria-label={`Usage of ${k.name}`} data-key-id={k.keyId}>
              <h2>
                {k.name} <code class="hint">{k.prefix}</code>
                {k.revokedAt && <span class="hint"> (revoked)</span>}
              </h2>
              <p data-testid="this-minute">
                This minute: {now?.standard ?? 0} of {usage.limits.standard} standard, {now?.expensive ?? 0}{" "}
                of {usage.limits.expensive} expensive.
              </p>
              {k.minutes.every((m) => m.standard === 0 && m.expensive === 0) ? (
                <p class="hint">No requests in the last {k.minutes.length} minutes.</p>
              ) : (
                <>
                  <BarChart
                    label={`Standard requests a minute of ${k.name}`}
                    bars={k.minutes.map((m) => ({ label: minuteLabel(m.start), values: [m.standard] }))}
                    series={["standard"]}
                    limit={usage.limits.standard}
                  />
                  <BarChart
                    label={`Expensive requests a minute of ${k.name}`}
                    bars={k.minutes.map((m) => ({ label: minuteLabel(m.start), values: [m.expensive] }))}
                    series={["expensive"]}
                    limit={usage.limits.expensive}
                  />
                </>
              )}
            </section>
          );
        })
      )}
    </section>
  );
}
