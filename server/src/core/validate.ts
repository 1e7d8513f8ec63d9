import { MD5_HEX } from '@blade/schema';
import { z } from 'zod';
import { AppError } from './errors.js';
import { parseId } from './ids.js';
import { translate } from './messages.js';

/** What is wrong with a value, in both languages, for the common validator findings. */
function reasonOf(issue: z.core.$ZodIssue): { zh: string; en: string } | undefined {
  switch (issue.code) {
    case 'too_big':
      return issue.origin === 'string'
        ? { zh: `不能超过 ${issue.maximum} 个字符`, en: `must be at most ${issue.maximum} characters` }
        : { zh: `不能大于 ${issue.maximum}`, en: `must be at most ${issue.maximum}` };
    case 'too_small':
      return issue.origin === 'string'
        ? { zh: `至少需要 ${issue.minimum} 个字符`, en: `must be at least ${issue.minimum} characters` }
        : { zh: `不能小于 ${issue.minimum}`, en: `must be at least ${issue.minimum}` };
    case 'invalid_type':
      if (issue.expected === 'int') return { zh: '必须是整数', en: 'must be a whole number' };
      if (issue.expected === 'number') return { zh: '必须是数字', en: 'must be a number' };
      return { zh: '格式不正确', en: 'is not in the right form' };
    case 'invalid_value':
      return { zh: '不是可选的值', en: 'is not one of the choices' };
    default:
      return undefined;
  }
}

/**
 * Parses request input with a zod schema; the first problem becomes a 400 naming the field, in
 * words (a validator's own text reaches no one, except a rule's message written for people).
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.') || 'body';
  const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
  if (missing) throw new AppError(400, 'requiredField', { field });
  const reason = reasonOf(issue);
  if (!reason) throw new AppError(400, 'invalidField', { field, reason: issue.message });
  throw new AppError(400, 'worded', {
    zh: translate('invalidField', 'zh', { field, reason: reason.zh }),
    en: translate('invalidField', 'en', { field, reason: reason.en }),
  });
}

/**
 * A text of at most `max` characters that matches `pattern`. The length is checked first and ends
 * the check, so the pattern never runs over an over-long value.
 */
export const patterned = (max: number, pattern: RegExp, message: string) =>
  z.string().max(max, { abort: true }).regex(pattern, message);

/** One id: a text of digits or a number (ids are 64-bit, so clients send them as text). */
export const idSchema = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const parsed = parseId(v);
  if (parsed === undefined) ctx.addIssue({ code: 'custom', message: 'must be an id' });
  return parsed ?? 0;
});

/** The page a hand-written list is asked for (the generic lists read theirs in crud/list-query.ts). */
export const pageQuery = z.object({
  current: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(10),
});

/** An id, or nothing when left out or empty. */
export const optionalId = z
  .union([z.string(), z.number()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return undefined;
    const id = parseId(v);
    if (id === undefined) ctx.addIssue({ code: 'custom', message: 'must be an id' });
    return id;
  });

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
