import { describe, expect, it } from 'vitest';
import { barRects, linePoints, niceMax, pathOf, pieSlices, textWidth } from './chartScale';

describe('chart scaling', () => {
  it('rounds the axis top up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(10)).toBe(10);
    expect(niceMax(11)).toBe(20);
    expect(niceMax(380)).toBe(500);
    expect(niceMax(0.3)).toBe(0.5);
  });

  it('spreads line points over the width with the largest value under the top', () => {
    const points = linePoints([0, 5, 10], 100, 50);
    expect(points).toEqual([
      { x: 0, y: 50 },
      { x: 50, y: 25 },
      { x: 100, y: 0 },
    ]);
    expect(pathOf(points)).toBe('M0.0 50.0 L50.0 25.0 L100.0 0.0');
    expect(linePoints([3], 100, 50)[0]?.x).toBe(50);
  });

  it('draws bars from the bottom, side by side', () => {
    const bars = barRects([2, 1], 100, 40, 0.5);
    expect(bars[0]).toEqual({ x: 12.5, y: 0, width: 25, height: 40 });
    expect(bars[1]).toEqual({ x: 62.5, y: 20, width: 25, height: 20 });
    expect(barRects([], 100, 40)).toEqual([]);
  });

  it('cuts a pie into slices by share, clockwise from the top', () => {
    const slices = pieSlices([1, 3, -2], 50, 50, 40);
    expect(slices.map((s) => s.share)).toEqual([0.25, 0.75, 0]);
    // a quarter from twelve to three o'clock, then the larger arc flag for three quarters
    expect(slices[0]?.path).toBe('M50 50 L50.00 10.00 A40 40 0 0 1 90.00 50.00 Z');
    expect(slices[1]?.path).toContain('A40 40 0 1 1 50.00 10.00');
    expect(slices[2]?.path).toBe('');
    expect(pieSlices([5], 50, 50, 40)[0]?.path).toContain('A40 40 0 1 1 50.00 90.00');
    expect(pieSlices([0, 0], 50, 50, 40).map((s) => s.share)).toEqual([0, 0]);
  });

  it('estimates label widths generously, so axis labels get room', () => {
    expect(textWidth('20', 11)).toBeGreaterThanOrEqual(13);
    expect(textWidth('¥50,000.00', 11)).toBeGreaterThanOrEqual(68);
    expect(textWidth('订单', 11)).toBe(22);
  });
});
