// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatCents } from '../money';
import { Chart } from './Chart';

const data = [
  { label: '11-01', value: 120 },
  { label: '11-02', value: 380 },
  { label: '11-03', value: 0 },
];

afterEach(cleanup);

describe('Chart', () => {
  it('draws one bar per value, the tallest reaching the round axis top', () => {
    const { container } = render(<Chart kind="bar" data={data} title="每日订单" />);
    const bars = container.querySelectorAll('rect');
    expect(bars).toHaveLength(3);
    const heights = [...bars].map((b) => Number(b.getAttribute('height')));
    expect(heights[1]).toBeGreaterThan(heights[0] ?? 0);
    expect(heights[2]).toBe(0);
    expect(screen.getByRole('img', { name: '每日订单' })).toBeTruthy();
    expect(screen.getByText('500')).toBeTruthy();
    expect(screen.getByText('11-01')).toBeTruthy();
    expect(screen.getByText('11-03')).toBeTruthy();
  });

  it('draws a line with a point per value and formats the axis', () => {
    const { container } = render(<Chart kind="line" data={data} title="成交额" format={formatCents} />);
    expect(container.querySelectorAll('circle')).toHaveLength(3);
    expect(container.querySelector('path')?.getAttribute('d')).toMatch(/^M0\.0 /);
    expect(screen.getByText('¥5.00')).toBeTruthy();
    expect(screen.getByText('11-02: ¥3.80')).toBeTruthy();
  });

  it('draws a pie with a slice and a legend line per value', () => {
    const { container } = render(<Chart kind="pie" data={data} title="占比" />);
    // the zero value gets a legend line but no slice
    expect(container.querySelectorAll('path.chart-slice')).toHaveLength(2);
    expect(screen.getByRole('img', { name: '占比' })).toBeTruthy();
    expect(screen.getByText('11-02: 380 (76%)')).toBeTruthy();
    expect(screen.getByText('11-03: 0 (0%)')).toBeTruthy();
    expect(screen.getByText('11-01: 120')).toBeTruthy();
  });
});
