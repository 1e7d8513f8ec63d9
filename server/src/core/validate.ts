import { MD5_HEX } from '@blade/schema';
import { z } from 'zod';
import { AppError } from './errors.js';
import { parseId } from './ids.js';

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

/**
 * A text of at most `max` characters that matches `pattern`. The length is checked first and ends
 * the check, so the pattern never runs over an over-long value.
 */
export const patterned = (max: number, pattern: RegExp, message: string) =>
  z.string().max(max, { abort: true }).regex(pattern, message);

/** What clients send for a password: its md5 hex digest, in either case. */
export const md5Hex = patterned(32, new RegExp(MD5_HEX, 'i'), 'must be the md5 hex digest of the password');

/**
 * Most ids one call takes (removals, grants, resets): every id costs statements inside one
 * transaction, so a call stays short however many ids a client sends.
 */
export const MAX_IDS = 1000;
/** The problem of a list of more ids than that (refusals word it with the field's label). */
export const TOO_MANY_IDS = `at most ${MAX_IDS} at a time`;

/** Ids sent as "1,2,3", as an array, or left out (empty); at most MAX_IDS of them. */
export const idList = z
  .union([z.string(), z.array(z.union([z.string(), z.number()])), z.number()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return [];
    // Counted before anything is parsed; a text is measured before it is split.
    if ((Array.isArray(value) ? value.length : String(value).length / 18) > MAX_IDS) {
      ctx.addIssue({ code: 'custom', message: TOO_MANY_IDS });
      return [];
    }
    const parts = (Array.isArray(value) ? value : String(value).split(','))
      .map((part) => String(part).trim())
      .filter(Boolean);
    if (parts.length > MAX_IDS) {
      ctx.addIssue({ code: 'custom', message: TOO_MANY_IDS });
      return [];
    }
    const out: number[] = [];
    for (const part of parts) {
      const id = parseId(part);
      if (id === undefined) {
        ctx.addIssue({ code: 'custom', message: 'must be ids separated by commas' });
        return [];
      }
      out.push(id);
    }
    return out;
  });

/** The fields of a request: query parameters over a JSON or form body. */
export function inputOf(request: { query: unknown; body: unknown }): Record<string, unknown> {
  const body =
    typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body)
      ? request.body
      : {};
  return { ...(body as Record<string, unknown>), ...(request.query as Record<string, unknown>) };
}
