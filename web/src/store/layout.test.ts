import { describe, expect, it } from 'vitest';
import { screenClass } from './layout';

describe('screenClass', () => {
  it('follows the 768/992/1200 breakpoints', () => {
    expect(screenClass(1600)).toBe(3);
    expect(screenClass(1200)).toBe(3);
    expect(screenClass(1199)).toBe(2);
    expect(screenClass(992)).toBe(2);
    expect(screenClass(991)).toBe(1);
    expect(screenClass(768)).toBe(1);
    expect(screenClass(767)).toBe(0);
  });
});
