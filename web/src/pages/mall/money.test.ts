import { describe, expect, it } from 'vitest';
import { formatCents } from './money';

describe('formatCents', () => {
  it('shows integer cents as yuan with two decimals', () => {
    expect(formatCents(0)).toBe('¥0.00');
    expect(formatCents(5)).toBe('¥0.05');
    expect(formatCents(1999)).toBe('¥19.99');
    expect(formatCents(123456789)).toBe('¥1,234,567.89');
    expect(formatCents(-250)).toBe('-¥2.50');
    expect(formatCents('1000')).toBe('¥10.00');
  });

  it('shows nothing for what is not an integer amount', () => {
    expect(formatCents(null)).toBe('');
    expect(formatCents('')).toBe('');
    expect(formatCents(1.5)).toBe('');
  });
});
