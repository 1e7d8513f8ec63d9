import { barRects, linePoints, niceMax, pathOf } from './chartScale';

export interface ChartDatum {
  label: string;
  value: number;
}

interface ChartProps {
  data: readonly ChartDatum[];
  kind: 'line' | 'bar';
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

/** A small SVG line or bar chart over labelled values, with the axis top and the first and last labels. */
export function Chart({ data, kind, format = plainNumber, color = '#409EFF', title }: ChartProps) {
  const values = data.map((d) => d.value);
  const width = W - PAD.left - PAD.right;
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
      <g transform={`translate(${PAD.left},${PAD.top})`}>
        <line x1={0} y1={height} x2={width} y2={height} stroke="#dcdfe6" />
        <line x1={0} y1={0} x2={width} y2={0} stroke="#f0f0f0" strokeDasharray="4 4" />
        <text x={-6} y={4} textAnchor="end" fontSize={11} fill="#909399">
          {format(niceMax(Math.max(0, ...values)))}
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
