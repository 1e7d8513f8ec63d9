import { describe, expect, it } from 'vitest';
import { fromWireTime, toWireTime } from './time.js';

describe('times', () => {
  it('store UTC and show the configured zone', () => {
    expect(toWireTime('2026-01-31 16:30:00.000', 'Asia/Shanghai')).toBe('2026-02-01 00:30:00');
    expect(toWireTime('2026-07-01 12:00:00', 'Europe/Berlin')).toBe('2026-07-01 14:00:00');
  });

  it('read wire times in the configured zone', () => {
    expect(fromWireTime('2026-02-01 00:30:00', 'Asia/Shanghai')).toBe('2026-01-31 16:30:00.000');
    expect(fromWireTime('2026-02-01', 'Asia/Shanghai')).toBe('2026-01-31 16:00:00.000');
    expect(fromWireTime('yesterday', 'Asia/Shanghai')).toBeUndefined();
  });
});
