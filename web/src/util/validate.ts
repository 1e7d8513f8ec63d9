/** Spec §5 emptiness: null/undefined, 'null', 'undefined', '', [] and {} are empty; numbers and booleans never are. */
export function isEmpty(value: unknown): boolean {
  if (typeof value === 'number' || typeof value === 'boolean') return false;
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value === '' || value === 'null' || value === 'undefined';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') {
    if (value instanceof Date) return false;
    return Object.keys(value).length === 0;
  }
  return false;
}

/** Mainland mobile numbers: 11 digits, starting 1 then 3-9. */
const MOBILE = /^1[3-9]\d{9}$/;

export type PhoneProblem = 'empty' | 'length' | 'format';

/**
 * Spec §5 phone check with the intended (not the inverted) logic.
 * Returns the problem found, or null when the number is a valid mainland mobile.
 */
export function checkPhone(value: string | null | undefined): PhoneProblem | null {
  const phone = (value ?? '').trim();
  if (phone === '') return 'empty';
  if (phone.length !== 11) return 'length';
  if (!MOBILE.test(phone)) return 'format';
  return null;
}

export function isExternalUrl(path: string): boolean {
  return /^https?:\/\//i.test(path);
}
