import { ApiError } from '../api/http';

/**
 * The form field a server refusal names (the envelope's `field`) with its message, when that field
 * is one of the form's; the form then shows the message under it, not only in a toast.
 */
export function refusedField(
  error: unknown,
  names: readonly string[],
): { name: string; message: string } | undefined {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return undefined;
  const field = (error.body as { field?: unknown }).field;
  if (typeof field !== 'string' || !names.includes(field)) return undefined;
  return { name: field, message: error.message };
}
