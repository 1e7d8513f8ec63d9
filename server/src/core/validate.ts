import { z } from 'zod';
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

/** Ids sent as "1,2,3", as an array, or left out (empty). */
export const idList = z
  .union([z.string().max(20_000), z.array(z.union([z.string(), z.number()])).max(2000), z.number()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === '') return [];
    const parts = Array.isArray(value) ? value : String(value).split(',');
    const out: number[] = [];
    for (const part of parts) {
      const text = String(part).trim();
      if (!text) continue;
      const id = /^[1-9]\d{0,15}$/.test(text) ? Number(text) : Number.NaN;
      if (!Number.isSafeInteger(id)) {
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
