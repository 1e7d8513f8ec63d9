import { describe, expect, it } from 'vitest';
import { nowIn } from './serverTime';

describe('the time of the server zone', () => {
  const instant = new Date('2026-01-31T20:30:15Z');

  it("gives the zone's wall-clock time, the next day included", () => {
    expect(nowIn('Asia/Shanghai', instant).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-02-01 04:30:15');
    expect(nowIn('UTC', instant).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-01-31 20:30:15');
    expect(nowIn('America/New_York', instant).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-01-31 15:30:15');
  });

  it("falls back to the browser's clock for a zone it does not know", () => {
    expect(nowIn('Nowhere/Else', instant).valueOf()).toBe(instant.valueOf());
  });
});
