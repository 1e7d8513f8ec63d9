import { describe, expect, it } from 'vitest';
import type { Translate } from '../../i18n';
import { formatBytes, formatMs, formatPercent, formatRate, formatUptime } from './monitorView';

describe('monitor figures', () => {
  it('reads as a person would write them', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
    expect(formatMs(1.234)).toBe('1.23 ms');
    expect(formatMs(123.4)).toBe('123 ms');
    expect(formatRate(0.05)).toBe('0.05');
    expect(formatRate(42.4)).toBe('42');
    expect(formatPercent(0.0123)).toBe('1.23%');
    expect(formatPercent(0.5)).toBe('50.0%');
    const t: Translate = (key, vars) => `${key} ${JSON.stringify(vars)}`;
    expect(formatUptime(90_061, t)).toMatch(/^monitor.uptimeDays .*"days":1,"hours":1/);
    expect(formatUptime(3_725, t)).toMatch(/^monitor.uptimeHours .*"hours":1,"minutes":2/);
    expect(formatUptime(65, t)).toMatch(/^monitor.uptimeMinutes .*"minutes":1,"seconds":5/);
  });
});
