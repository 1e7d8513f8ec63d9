import type { z } from 'zod';
import { AppError } from './errors.js';

/** Parses request input with a zod schema; the first problem becomes a 400 naming the field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.') || 'body';
  const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
  throw missing
    ? new AppError(400, 'requiredField', { field })
    : new AppError(400, 'invalidField', { field, reason: issue.message });
}
