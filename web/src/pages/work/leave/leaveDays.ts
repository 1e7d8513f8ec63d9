/** The wire format of leave times. */
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

const parse = (time: string): number => new Date(time.replace(' ', 'T')).getTime();

/**
 * The days a leave covers, as the server counts them: the difference in days rounded, plus one
 * (both ends count), at least one. Undefined while either end is missing, invalid or the end is
 * before the start.
 */
export function leaveDays(start: string | undefined, end: string | undefined): number | undefined {
  if (!start || !end) return undefined;
  const from = parse(start);
  const to = parse(end);
  if (!Number.isFinite(from) || !Number.isFinite(to) || to < from) return undefined;
  return Math.max(1, Math.round((to - from) / 86_400_000) + 1);
}
