import { columnOf, type FieldDef, patternOf, type ResourceDef, type Text } from '@blade/schema';
import { z } from 'zod';
import { parseId } from '../core/ids.js';
import type { Language } from '../core/messages.js';
import { fromWireTime } from '../core/time.js';
import { idList } from '../core/validate.js';

const id = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const parsed = parseId(v);
  if (parsed === undefined) ctx.addIssue({ code: 'custom', message: 'must be an id' });
  return parsed ?? 0;
});

/** A `refs` field: ids as a list, stored comma-joined. */
const ids = idList.transform((list) => list.join(','));

const DEFAULT_TEXT_MAX = 255;

/**
 * A text of at most `max` characters matching the field's pattern. The length is checked first
 * and ends the check, so a pattern never runs over an over-long value.
 */
function textSchema(field: FieldDef, lang: Language, max: number, trim: boolean): z.ZodType {
  let s = (trim ? z.string().trim() : z.string()).max(max, { abort: true });
  if (field.min) s = s.min(field.min);
  const pattern = patternOf(field);
  if (pattern) s = s.regex(new RegExp(pattern.regex), pattern.message[lang]);
  return s;
}

/** The zod type of one field's value as a client sends it, converted to its column value. */
function fieldSchema(field: FieldDef, lang: Language, timeZone: string): z.ZodType {
  const max = field.max;
  switch (field.type) {
    case 'text':
    case 'image':
    case 'file':
      return textSchema(field, lang, max ?? (field.type === 'text' ? DEFAULT_TEXT_MAX : 1000), true);
    case 'enum':
      return z
        .union([z.string(), z.number()])
        .transform(String)
        .pipe(z.string().max(max ?? 64));
    case 'longtext':
    case 'richtext':
      return textSchema(field, lang, max ?? 65_535, false);
    case 'json':
      return z
        .union([z.string(), z.array(z.unknown()), z.record(z.string(), z.unknown())])
        .transform((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
        .pipe(z.string().max(max ?? 65_535));
    case 'int':
    case 'flag': {
      let n = z.coerce.number().int();
      if (field.type === 'flag') n = n.min(0).max(1);
      if (field.min !== undefined) n = n.min(field.min);
      n = n.max(field.max ?? 2_147_483_647);
      return n;
    }
    case 'money':
      return z.coerce
        .number()
        .int()
        .min(field.min ?? 0)
        .max(field.max ?? Number.MAX_SAFE_INTEGER);
    case 'decimal':
      return z
        .union([z.string(), z.number()])
        .transform(String)
        .pipe(z.string().regex(/^-?\d{1,13}(\.\d{1,4})?$/, 'must be a decimal number'));
    case 'date':
    case 'datetime':
      return z.string().transform((v, ctx) => {
        const t = fromWireTime(v, timeZone);
        if (!t) ctx.addIssue({ code: 'custom', message: 'must be a time like 2026-01-31 08:00:00' });
        return t ?? '';
      });
    case 'parent':
      return z.union([z.literal(0), z.literal('0'), id]).transform(Number);
    case 'ref':
      // As digits: exact in BIGINT columns and stored as text (not as a float) in text ones.
      // 0 names no row (or a built-in one, like the built-in data source), as for parents.
      return z.union([z.literal(0), z.literal('0'), id]).transform(String);
    case 'refs':
      return ids;
  }
}

/** Whether the client may write the field (declared in the form and not managed by the server). */
export const isWritable = (field: FieldDef): boolean => field.form !== false;

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * The body schema of create (`mode: 'add'`) or update (`'edit'`): only declared, writable
 * fields pass (so tenantId, createUser and the like can never be mass-assigned), and values
 * come out as column values. Required fields are checked by `missingRequired` first, so their
 * declared message is what a person sees.
 */
export function bodySchema(resource: ResourceDef, mode: 'add' | 'edit', lang: Language, timeZone: string) {
  // Built once per resource, mode, language and zone: building costs milliseconds every request.
  const key = `${mode}|${lang}|${timeZone}`;
  const built = schemas.get(resource) ?? new Map<string, z.ZodType>();
  schemas.set(resource, built);
  let schema = built.get(key);
  if (!schema) {
    const shape: Record<string, z.ZodType> = {};
    for (const field of writableFields(resource, mode)) {
      shape[field.name] = z.preprocess(emptyToUndefined, fieldSchema(field, lang, timeZone).optional());
    }
    schema = z.object(shape);
    built.set(key, schema);
  }
  return schema;
}

const schemas = new WeakMap<ResourceDef, Map<string, z.ZodType>>();

const writableFields = (resource: ResourceDef, mode: 'add' | 'edit'): FieldDef[] =>
  resource.fields.filter(
    (f) => isWritable(f) && !(mode === 'add' && f.disabledOnAdd) && !(mode === 'edit' && f.disabledOnEdit),
  );

const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The first required field a body leaves out (on create) or empties (on either), or undefined.
 * Fields with a declared default may be left out.
 */
export function missingRequired(
  resource: ResourceDef,
  mode: 'add' | 'edit',
  body: Record<string, unknown>,
): FieldDef | undefined {
  return writableFields(resource, mode).find((f) => {
    if (!f.required) return false;
    const present = Object.hasOwn(body, f.name);
    if (!present) return mode === 'add' && f.default === undefined;
    // A secret left blank in an edit keeps the stored one (it is never sent back to be retyped).
    if (mode === 'edit' && f.secret) return false;
    return isBlank(body[f.name]);
  });
}

/** A message in the request's language, for refusals the declaration words. */
export const say = (text: Text | undefined, lang: Language, fallback: string): string =>
  text?.[lang] ?? fallback;

/** Column values of a parsed body: camelCase keys to snake_case columns, undefined left out. */
export function toColumns(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) if (value !== undefined) out[columnOf(key)] = value;
  return out;
}

export const idSchema = id;
