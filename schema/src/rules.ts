/**
 * Rules the server and the web both apply, written once. Patterns are strings so declarations
 * (which are data) can carry them too.
 */

/** Mainland mobile numbers: 11 digits, starting 1 then 3-9. */
export const MAINLAND_MOBILE = '^1[3-9]\\d{9}$';

/** What clients send for a password: the md5 hex digest (spec §3). */
export const MD5_HEX = '^[a-f0-9]{32}$';

export type PhoneProblem = 'empty' | 'length' | 'format';

/**
 * Spec §5 phone check with its intent (not the inverted logic it notes): the problem found, or
 * null for a valid mainland mobile number.
 */
export function checkPhone(value: string | null | undefined): PhoneProblem | null {
  const phone = (value ?? '').trim();
  if (phone === '') return 'empty';
  if (phone.length !== 11) return 'length';
  return new RegExp(MAINLAND_MOBILE).test(phone) ? null : 'format';
}

/**
 * The days a leave covers: the difference in days rounded, plus one (both ends count), at least
 * one. Undefined when either end is missing or invalid, or the end is before the start.
 */
export function leaveDays(start: string | undefined, end: string | undefined): number | undefined {
  if (!start || !end) return undefined;
  const from = new Date(start.replace(' ', 'T')).getTime();
  const to = new Date(end.replace(' ', 'T')).getTime();
  if (!Number.isFinite(from) || !Number.isFinite(to) || to < from) return undefined;
  return Math.max(1, Math.round((to - from) / 86_400_000) + 1);
}
