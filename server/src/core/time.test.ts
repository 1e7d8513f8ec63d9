import { describe, expect, it } from 'vitest';
import { fromWireTime, toWireTime, withMilliseconds } from './time.js';

describe('times', () => {
  it('read back from PostgreSQL as written, with three digits of milliseconds', () => {
    expect(withMilliseconds('2026-01-02 03:04:05.1')).toBe('2026-01-02 03:04:05.100');
    expect(withMilliseconds('2026-01-02 03:04:05.12')).toBe('2026-01-02 03:04:05.120');
    expect(withMilliseconds('2026-01-02 03:04:05')).toBe('2026-01-02 03:04:05.000');
    expect(withMilliseconds('2026-01-02 03:04:05.123')).toBe('2026-01-02 03:04:05.123');
    expect(withMilliseconds('2026-01-02 03:04:05.123456')).toBe('2026-01-02 03:04:05.123456');
    expect(withMilliseconds('infinity')).toBe('infinity');
  });

  it('store UTC and show the configured zone', () => {
    expect(toWireTime('2026-01-31 16:30:00.000', 'Asia/Shanghai')).toBe('2026-02-01 00:30:00');
    expect(toWireTime('2026-07-01 12:00:00', 'Europe/Berlin')).toBe('2026-07-01 14:00:00');
  });

  it('show every instant as Intl does, across offset changes', () => {
    // An independent reading: Swedish dates are written year-month-day hour:minute:second.
    const intl = (ms: number, timeZone: string) => new Date(ms).toLocaleString('sv-SE', { timeZone });
    const zones = [
      'Asia/Shanghai',
      'Europe/Berlin',
      'America/New_York',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'UTC',
    ];
    // Seconds either side of Berlin's and New York's changes in 2026, then instants spread over 1970–2100.
    const instants = [
      Date.UTC(2026, 2, 29, 0, 59, 59),
      Date.UTC(2026, 2, 29, 1, 0, 0),
      Date.UTC(2026, 9, 25, 0, 59, 59),
      Date.UTC(2026, 9, 25, 1, 0, 0),
      Date.UTC(2026, 2, 8, 6, 59, 59),
      Date.UTC(2026, 2, 8, 7, 0, 0),
      Date.UTC(2026, 10, 1, 5, 59, 59),
      Date.UTC(2026, 10, 1, 6, 0, 0),
    ];
    for (let i = 0; i < 2000; i++)
      instants.push(Math.floor(((i * 7919) % 2000) * 2_048_000_000 + i * 1234567));
    for (const zone of zones)
      for (const ms of instants) expect(toWireTime(new Date(ms), zone), `${zone} ${ms}`).toBe(intl(ms, zone));
  });

  it('show stored texts as Intl does, again and past the bound of remembered texts', () => {
    const intl = (ms: number, timeZone: string) => new Date(ms).toLocaleString('sv-SE', { timeZone });
    const stored = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
    const instants = Array.from({ length: 12_000 }, (_, i) => Date.UTC(2026, 0, 1) + i * 3_601_000);
    for (const round of [1, 2])
      for (const zone of ['Asia/Shanghai', 'America/New_York'])
        for (const ms of instants.filter((_, i) => round === 1 || i % 7 === 0))
          expect(toWireTime(stored(ms), zone), `${zone} ${ms}`).toBe(intl(ms, zone));
  });

  it('read wire times in the configured zone', () => {
    expect(fromWireTime('2026-02-01 00:30:00', 'Asia/Shanghai')).toBe('2026-01-31 16:30:00.000');
    expect(fromWireTime('2026-02-01', 'Asia/Shanghai')).toBe('2026-01-31 16:00:00.000');
    expect(fromWireTime('yesterday', 'Asia/Shanghai')).toBeUndefined();
  });
});
