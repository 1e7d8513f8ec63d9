import { barRects, linePoints, niceMax, pathOf, pieSlices, textWidth } from './chartScale';

export interface ChartDatum {
  label: string;
  value: number;
}

interface ChartProps {
  data: readonly ChartDatum[];
  kind: 'line' | 'bar' | 'pie';
  /** Shows an axis value or a point's value (yuan from cents, say). */
  format?: (value: number) => string;
  color?: string;
  /** Accessible name of the figure. */
  title: string;
}

const W = 560;
const H = 180;
const PAD = { left: 56, right: 12, top: 12, bottom: 28 };
const plainNumber = (v: number) => String(v);

/** Slice colours of a pie, the chart's own colour first. */
const PALETTE = ['#67C23A', '#E6A23C', '#F56C6C', '#909399', '#9B59B6', '#1ABC9C', '#34495E', '#D35400'];

/** A pie with a legend of labels, values and shares beside it. */
function Pie({ data, format, color, title }: Required<Omit<ChartProps, 'kind'>>) {
  const r = (H - 16) / 2;
  const slices = pieSlices(
    data.map((d) => d.value),
    r + 8,
    H / 2,
    r,
  );
  const colors = [color, ...PALETTE];
  const legendX = 2 * r + 40;
  const rowHeight = Math.min(20, (H - 8) / Math.max(1, data.length));
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={title} className="chart chart-pie">
      <title>{title}</title>
      {slices.map((slice, i) =>
        slice.path ? (
          <path
            key={data[i]?.label ?? i}
            className="chart-slice"
            d={slice.path}
            fill={colors[i % colors.length]}
            stroke="#fff"
          >
            <title>{`${data[i]?.label ?? ''}: ${format(data[i]?.value ?? 0)}`}</title>
          </path>
        ) : null,
      )}
      {data.map((d, i) => (
        <g key={d.label} transform={`translate(${legendX},${4 + i * rowHeight})`}>
          <rect width={10} height={10} y={2} fill={colors[i % colors.length]} />
          <text x={16} y={11} fontSize={11} fill="#606266">
            {`${d.label}: ${format(d.value)} (${Math.round((slices[i]?.share ?? 0) * 1000) / 10}%)`}
          </text>
        </g>
      ))}
    </svg>
  );
}

/**
 * A small SVG chart over labelled values: a line or bars with the axis top and the first and last
 * labels, or a pie with a legend.
 */
export function Chart({ data, kind, format = plainNumber, color = '#409EFF', title }: ChartProps) {
  if (kind === 'pie') return <Pie data={data} format={format} color={color} title={title} />;
  const values = data.map((d) => d.value);
  const top = format(niceMax(Math.max(0, ...values)));
  // The axis labels sit left of the plot: room for the longest (money takes more than counts).
  const left = Math.max(PAD.left, textWidth(top, 11) + 10);
  const width = W - left - PAD.right;
  const height = H - PAD.top - PAD.bottom;
  const first = data[0]?.label ?? '';
  const last = data[data.length - 1]?.label ?? '';
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      role="img"
      aria-label={title}
      className={`chart chart-${kind}`}
    >
      <title>{title}</title>
      <g transform={`translate(${left},${PAD.top})`}>
        <line x1={0} y1={height} x2={width} y2={height} stroke="#dcdfe6" />
        <line x1={0} y1={0} x2={width} y2={0} stroke="#f0f0f0" strokeDasharray="4 4" />
        <text x={-6} y={4} textAnchor="end" fontSize={11} fill="#909399">
          {top}
        </text>
        <text x={-6} y={height + 4} textAnchor="end" fontSize={11} fill="#909399">
          {format(0)}
        </text>
        {kind === 'line' ? (
          <>
            <path d={pathOf(linePoints(values, width, height))} fill="none" stroke={color} strokeWidth={2} />
            {linePoints(values, width, height).map((p, i) => (
              <circle key={data[i]?.label ?? i} cx={p.x} cy={p.y} r={2.5} fill={color}>
                <title>{`${data[i]?.label ?? ''}: ${format(values[i] ?? 0)}`}</title>
              </circle>
            ))}
          </>
        ) : (
          barRects(values, width, height).map((b, i) => (
            <rect key={data[i]?.label ?? i} x={b.x} y={b.y} width={b.width} height={b.height} fill={color}>
              <title>{`${data[i]?.label ?? ''}: ${format(values[i] ?? 0)}`}</title>
            </rect>
          ))
        )}
        <text x={0} y={height + 18} fontSize={11} fill="#909399">
          {first}
        </text>
        <text x={width} y={height + 18} textAnchor="end" fontSize={11} fill="#909399">
          {last}
        </text>
      </g>
    </svg>
  );
}
