/** One line of a chart: its name in the legend, its colour and a value per point. */
export interface ChartSeries {
  name: string;
  color: string;
  values: readonly number[];
}

const WIDTH = 600;
const HEIGHT = 160;
const GRID_LINES = 4;

/** A top of the scale a person reads easily (1, 2 or 5 times a power of ten) at or above `max`. */
export function niceTop(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** The points of a line over the chart's box, oldest on the left. */
export function linePoints(values: readonly number[], top: number, count: number): string {
  const step = count > 1 ? WIDTH / (count - 1) : 0;
  const offset = count - values.length;
  return values
    .map(
      (v, i) =>
        `${((offset + i) * step).toFixed(1)},${(HEIGHT - (Math.min(v, top) / top) * HEIGHT).toFixed(1)}`,
    )
    .join(' ');
}

/**
 * A small line chart drawn in SVG (no chart library): lines over a light grid, the scale's top and
 * the time span as text beside it. The lines stretch with the width; the text does not.
 */
export function LineChart({
  series,
  format,
  from,
  to,
  label,
}: {
  series: readonly ChartSeries[];
  /** How a value on the scale reads (units included). */
  format: (value: number) => string;
  /** Times of the first and last points, as shown. */
  from: string;
  to: string;
  /** What the chart shows, for screen readers. */
  label: string;
}) {
  const count = Math.max(...series.map((s) => s.values.length), 0);
  const top = niceTop(Math.max(...series.flatMap((s) => s.values), 0));
  return (
    <figure className="monitor-chart" aria-label={label}>
      <div className="monitor-chart-legend">
        {series.map((s) => (
          <span key={s.name} className="monitor-chart-key">
            <i style={{ background: s.color }} />
            {s.name} <b>{format(s.values.at(-1) ?? 0)}</b>
          </span>
        ))}
      </div>
      <div className="monitor-chart-body">
        <span className="monitor-chart-top">{format(top)}</span>
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" role="img" aria-label={label}>
          {Array.from({ length: GRID_LINES + 1 }, (_, i) => (
            <line
              // biome-ignore lint/suspicious/noArrayIndexKey: the grid's lines are fixed positions
              key={i}
              x1={0}
              x2={WIDTH}
              y1={(HEIGHT / GRID_LINES) * i}
              y2={(HEIGHT / GRID_LINES) * i}
              className="monitor-chart-grid"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {series.map((s) => (
            <polyline
              key={s.name}
              points={linePoints(s.values, top, count)}
              fill="none"
              stroke={s.color}
              strokeWidth={2}
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          ))}
        </svg>
      </div>
      <figcaption className="monitor-chart-span">
        <span>{from}</span>
        <span>{to}</span>
      </figcaption>
    </figure>
  );
}
