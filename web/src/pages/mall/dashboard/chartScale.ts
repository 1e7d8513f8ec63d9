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

/** One slice of a pie: its SVG path and its share of the whole (0–1). */
export interface Slice {
  path: string;
  share: number;
}

const polar = (cx: number, cy: number, r: number, turn: number): string => {
  const angle = turn * 2 * Math.PI - Math.PI / 2;
  return `${(cx + r * Math.cos(angle)).toFixed(2)} ${(cy + r * Math.sin(angle)).toFixed(2)}`;
};

/**
 * Pie slices clockwise from twelve o'clock; negative values count as none. A slice of the whole
 * pie is drawn as two half arcs, since an SVG arc cannot end where it starts.
 */
export function pieSlices(values: readonly number[], cx: number, cy: number, r: number): Slice[] {
  const clean = values.map((v) => (Number.isFinite(v) && v > 0 ? v : 0));
  const total = clean.reduce((sum, v) => sum + v, 0);
  let start = 0;
  return clean.map((v) => {
    const share = total > 0 ? v / total : 0;
    const end = start + share;
    let path = '';
    if (share >= 1)
      path = `M${polar(cx, cy, r, 0)} A${r} ${r} 0 1 1 ${polar(cx, cy, r, 0.5)} A${r} ${r} 0 1 1 ${polar(cx, cy, r, 0)} Z`;
    else if (share > 0)
      path = `M${cx} ${cy} L${polar(cx, cy, r, start)} A${r} ${r} 0 ${share > 0.5 ? 1 : 0} 1 ${polar(cx, cy, r, end)} Z`;
    start = end;
    return { path, share };
  });
}

/** A safe estimate of a label's width in px: CJK characters a full em, others about two thirds. */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const ch of text) em += /[\u2e80-\uffff]/.test(ch) ? 1 : 0.65;
  return Math.ceil(em * fontSize);
}
