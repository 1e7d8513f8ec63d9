/** A point or bar in chart coordinates (y grows downwards, as in SVG). */
export interface Point {
  x: number;
  y: number;
}

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The smallest 1, 2 or 5 × 10^k at or above the largest value, so the axis top is a round number. */
export function niceMax(max: number): number {
  if (!(max > 0) || !Number.isFinite(max)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

const top = (values: readonly number[]): number => niceMax(Math.max(0, ...values));

/** Evenly spread points of a line chart, scaled so the axis top is `niceMax` of the values. */
export function linePoints(values: readonly number[], width: number, height: number): Point[] {
  const max = top(values);
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values.map((v, i) => ({
    x: values.length > 1 ? i * step : width / 2,
    y: height - (Math.max(0, v) / max) * height,
  }));
}

/** The SVG path through the points. */
export const pathOf = (points: readonly Point[]): string =>
  points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(' ');

/** Bars side by side filling the width, a gap of `gapRatio` of each slot between them. */
export function barRects(values: readonly number[], width: number, height: number, gapRatio = 0.3): Bar[] {
  const max = top(values);
  const slot = values.length > 0 ? width / values.length : 0;
  const barWidth = slot * (1 - gapRatio);
  return values.map((v, i) => {
    const h = (Math.max(0, v) / max) * height;
    return { x: i * slot + (slot - barWidth) / 2, y: height - h, width: barWidth, height: h };
  });
}
