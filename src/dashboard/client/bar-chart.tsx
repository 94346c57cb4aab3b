/** One bar group of a chart: its label and a value per series. */
export type Bar = { label: string; values: number[] };

const W = 600;
const H = 120;
const colours = ["#1d4ed8", "#b45309"];

/**
 * A bar chart drawn as SVG (no chart library: the dashboard ships nothing it does not need), with
 * the numbers as a table for screen readers and for whoever wants them exactly. `limit` draws a
 * line at the budget the bars are measured against.
 */
export function BarChart({
  label,
  bars,
  series,
  limit,
}: {
  label: string;
  bars: Bar[];
  series: string[];
  limit?: number;
}) {
  const peak = Math.max(1, ...bars.flatMap((b) => b.values));
  // Drawn to the limit's scale when the bars come within a tenth of it; far below it, to their
  // own, or they would all be one pixel tall.
  const top = limit !== undefined && peak >= limit / 10 ? Math.max(limit, peak) : peak * 1.25;
  const limitShown = limit !== undefined && limit <= top;
  const slot = W / Math.max(1, bars.length);
  const width = Math.max(1, (slot * 0.8) / series.length);
  const y = (v: number) => H - (v / top) * (H - 4);
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} preserveAspectRatio="none">
        {bars.map((b, i) =>
          b.values.map((v, s) => (
            <rect
              key={`${i}-${s}`}
              x={i * slot + slot * 0.1 + s * width}
              y={y(v)}
              width={width}
              height={H - y(v)}
              fill={colours[s % colours.length]}
            >
              <title>{`${b.label}: ${v} ${series[s] ?? ""}`}</title>
            </rect>
          )),
        )}
        {limitShown && (
          <line x1={0} x2={W} y1={y(limit)} y2={y(limit)} stroke="#b42318" stroke-dasharray="6 4" />
        )}
      </svg>
      <figcaption class="hint">
        {label}
        {limitShown && ` (dashed line: the limit, ${limit} a minute)`}
        {limit !== undefined && !limitShown && ` (well under the limit of ${limit} a minute)`}
        {series.length > 1 && (
          <span>
            {" "}
            {series.map((s, i) => (
              <span key={s} class={`legend legend-${i % colours.length}`}>
                {s}
              </span>
            ))}
          </span>
        )}
      </figcaption>
      <details>
        <summary>Numbers</summary>
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">When</th>
                {series.map((s) => (
                  <th scope="col" key={s}>
                    {s}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {bars.map((b) => (
                <tr key={b.label}>
                  <td>{b.label}</td>
                  {b.values.map((v, s) => (
                    <td key={s}>{v}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
