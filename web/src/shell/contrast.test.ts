import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrast, readableOn } from './contrast';

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ffffff')).toBe(1);
    expect(contrast('#409EFF', '#ffffff')).toBeCloseTo(2.78, 2);
  });

  it('darkens the default colour just enough to read on white, keeping its hue', () => {
    const readable = readableOn('#409EFF', '#ffffff');
    expect(readable).toBe('#3178c2');
    expect(contrast(readable, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    // One step lighter would not be enough: the change is the smallest that works.
    expect(contrast('#3279c4', '#ffffff')).toBeLessThan(AA_TEXT);
  });

  it('lightens on a dark background and leaves readable or unknown colours alone', () => {
    const light = readableOn('#1f2d3d', '#20222a');
    expect(contrast(light, '#20222a')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(readableOn('#1f2329', '#ffffff')).toBe('#1f2329');
    expect(readableOn('rgba(0,0,0,0.5)', '#ffffff')).toBe('rgba(0,0,0,0.5)');
  });
});
