import { describe, expect, it } from 'vitest';
import { leaveDays } from './leaveDays';

describe('leaveDays', () => {
  it('counts both ends, like the server', () => {
    expect(leaveDays('2026-12-01 09:00:00', '2026-12-01 18:00:00')).toBe(1);
    expect(leaveDays('2026-12-01 09:00:00', '2026-12-03 18:00:00')).toBe(3);
    expect(leaveDays('2026-12-01 00:00:00', '2026-12-05 00:00:00')).toBe(5);
  });

  it('rounds partial days as the server does', () => {
    // 1.6 days apart rounds to 2, plus one
    expect(leaveDays('2026-12-01 08:00:00', '2026-12-02 22:24:00')).toBe(3);
    // 1.4 days apart rounds to 1, plus one
    expect(leaveDays('2026-12-01 08:00:00', '2026-12-02 17:36:00')).toBe(2);
  });

  it('has no answer until both ends are valid and in order', () => {
    expect(leaveDays(undefined, '2026-12-01 09:00:00')).toBeUndefined();
    expect(leaveDays('2026-12-01 09:00:00', '')).toBeUndefined();
    expect(leaveDays('2026-12-03 09:00:00', '2026-12-01 09:00:00')).toBeUndefined();
    expect(leaveDays('soon', '2026-12-01 09:00:00')).toBeUndefined();
  });
});
