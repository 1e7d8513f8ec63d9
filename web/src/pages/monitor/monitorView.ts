import type { Translate } from '../../i18n';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** Bytes in the largest unit that keeps the number at least 1, one decimal beyond bytes. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${Math.round(value)} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** Milliseconds with the precision a person reads: two decimals below 10, whole ones above. */
export const formatMs = (ms: number): string => `${ms < 10 ? ms.toFixed(2) : Math.round(ms)} ms`;

/** A rate per second: whole above 10, two decimals below (a quiet server shows 0.05/s, not 0). */
export const formatRate = (perSecond: number): string =>
  perSecond >= 10 ? String(Math.round(perSecond)) : perSecond.toFixed(2);

export const formatPercent = (ratio: number): string => `${(ratio * 100).toFixed(ratio < 0.1 ? 2 : 1)}%`;

/** Uptime in its two largest units: days and hours, hours and minutes, or minutes and seconds. */
export function formatUptime(seconds: number, t: Translate): string {
  const parts = {
    days: Math.floor(seconds / 86_400),
    hours: Math.floor((seconds % 86_400) / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
    seconds: Math.floor(seconds % 60),
  };
  if (parts.days) return t('monitor.uptimeDays', parts);
  return t(parts.hours ? 'monitor.uptimeHours' : 'monitor.uptimeMinutes', parts);
}
