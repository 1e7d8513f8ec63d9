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

export { checkPhone, type PhoneProblem } from '@blade/schema/rules';

export function isExternalUrl(path: string): boolean {
  return /^https?:\/\//i.test(path);
}
