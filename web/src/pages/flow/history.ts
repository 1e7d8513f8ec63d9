import type { HistoryEntry } from './flowApi';

/** Units of a duration, largest first, with their length in milliseconds. */
const UNITS = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1000],
] as const;

export type DurationUnit = (typeof UNITS)[number][0];

const NAMES: Record<'zh' | 'en', Record<DurationUnit, string>> = {
  zh: { d: '天', h: '小时', m: '分', s: '秒' },
  en: { d: 'd', h: 'h', m: 'min', s: 's' },
};

/**
 * A duration as a person reads it, at most the two largest units ("1天2小时", "3 min 5 s");
 * under a second reads as "0秒"/"0 s", a missing one as empty.
 */
export function formatDuration(ms: number | null | undefined, language: 'zh' | 'en'): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '';
  const names = NAMES[language];
  const sep = language === 'en' ? ' ' : '';
  const parts: string[] = [];
  let rest = Math.floor(ms);
  for (const [unit, size] of UNITS) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0 || parts.length > 0) parts.push(`${n}${sep}${names[unit]}`);
    if (parts.length === 2) break;
  }
  const shown = parts.filter((p) => !/^0\D/.test(p));
  return shown.length ? shown.join(sep) : `0${sep}${names.s}`;
}

/** The history rows the table shows: activities a person saw (gateways are routing, not steps). */
export const visibleHistory = (entries: readonly HistoryEntry[]): HistoryEntry[] =>
  entries.filter((e) => !/Gateway$/.test(e.activityType ?? ''));

/** The activity's label: its name, else its id. */
export const activityLabel = (entry: Pick<HistoryEntry, 'activityName' | 'activityId'>): string =>
  entry.activityName || entry.activityId;

/** The outcome of a task as the table shows it: approved, rejected or nothing (events, open tasks). */
export function outcomeOf(approved: unknown): 'approved' | 'rejected' | null {
  if (approved === true || approved === 1 || approved === '1') return 'approved';
  if (approved === false || approved === 0 || approved === '0') return 'rejected';
  return null;
}
