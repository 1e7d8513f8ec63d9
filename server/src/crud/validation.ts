import {
  columnOf,
  type FieldDef,
  lengthOf,
  patternOf,
  type Refusal,
  type ResourceDef,
  rangeOf,
  refusal,
  SECRET_MASK,
  type Text,
} from '@blade/schema';
import { z } from 'zod';
import { AppError } from '../core/errors.js';
import type { Language } from '../core/messages.js';
import { fromWireTime, toDbTime } from '../core/time.js';
import { idList, idSchema, MAX_IDS, TOO_MANY_IDS } from '../core/validate.js';

/** A `refs` field: ids as a list, stored comma-joined. */
const ids = idList.transform((list) => list.join(','));

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
  switch (field.type) {
    case 'text':
      // SpringBlade's clients send number inputs as numbers (Saber's dictionary key): taken as their digits.
      return z.preprocess(
        (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v),
        textSchema(field, lang, lengthOf(field), true),
      );
    case 'image':
    case 'file':
      return textSchema(field, lang, lengthOf(field), true);
    case 'enum':
      return z
        .union([z.string(), z.number()])
        .transform(String)
        .pipe(z.string().max(lengthOf(field)));
    case 'longtext':
    case 'richtext':
      return textSchema(field, lang, lengthOf(field), false);
    case 'json':
      return z
        .union([z.string(), z.array(z.unknown()), z.record(z.string(), z.unknown())])
        .transform((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
        .pipe(z.string().max(lengthOf(field)));
    case 'int':
    case 'flag':
    case 'money': {
      // Out-of-range numbers are refused, never clamped: the range is checked before the
      // integer check, so 99999999999999999999 reads "at most 100000000", not a precision note.
      const { min, max } = rangeOf(field);
      return z.coerce.number().min(min).max(max).int();
    }
    case 'decimal':
      return z
        .union([z.string(), z.number()])
        .transform(String)
        .pipe(z.string().regex(/^-?\d{1,13}(\.\d{1,4})?$/, 'notDecimal'));
    case 'date':
    case 'datetime':
      return z.string().transform((v, ctx) => {
        const t = fromWireTime(v, timeZone);
        if (!t) ctx.addIssue({ code: 'custom', message: 'notTime' });
        return t ?? '';
      });
    case 'parent':
      return z.union([z.literal(0), z.literal('0'), idSchema]).transform(Number);
    case 'ref':
      // As digits: exact in BIGINT columns and stored as text (not as a float) in text ones.
      // 0 names no row (or a built-in one, like the built-in data source), as for parents.
      return z.union([z.literal(0), z.literal('0'), idSchema]).transform(String);
    case 'refs':
      return ids;
  }
}

/**
 * The sentence a person reads for a value the body schema refused: the declared pattern's message
 * where it has one, else what is wrong worded with the field's label (never the validator's text).
 */
export function refusalOf(resource: ResourceDef, issue: z.core.$ZodIssue, lang: Language): string {
  const name = String(issue.path[0] ?? '');
  const field = resource.fields.find((f) => f.name === name);
  if (!field) return refusal('invalid', { label: { zh: name, en: name }, type: 'text' }, lang);
  switch (issue.code) {
    case 'too_big':
      return issue.origin === 'string'
        ? refusal('tooLong', field, lang, lengthOf(field))
        : refusal('tooLarge', field, lang, rangeOf(field).max);
    case 'too_small':
      return issue.origin === 'string'
        ? refusal('tooShort', field, lang, Number(issue.minimum))
        : refusal('tooSmall', field, lang, rangeOf(field).min);
    case 'invalid_type':
      if (issue.expected === 'int') return refusal('notWhole', field, lang);
      return refusal(issue.expected === 'number' ? 'notNumber' : 'invalid', field, lang);
    case 'invalid_format':
      return patternOf(field)?.message[lang] ?? refusal('invalid', field, lang);
    case 'custom':
      if (field.type === 'refs' && issue.message === TOO_MANY_IDS)
        return refusal('tooMany', field, lang, MAX_IDS);
      return issue.message === 'notTime' || issue.message === 'notDecimal'
        ? refusal(issue.message, field, lang)
        : refusal('invalid', field, lang);
    default:
      if (issue.message === 'notDecimal') return refusal('notDecimal', field, lang);
      return refusal('invalid', field, lang);
  }
}

/** A 400 refusing a field's value, worded in both languages (the answer picks the caller's). */
export const refuseField = (kind: Refusal, field: FieldDef, bound?: number): AppError =>
  new AppError(400, 'worded', {
    zh: refusal(kind, field, 'zh', bound),
    en: refusal(kind, field, 'en', bound),
  });

/** A body parsed by the resource's body schema; the first problem is refused in words. */
export function parseFields(
  resource: ResourceDef,
  schema: z.ZodType,
  body: Record<string, unknown>,
  lang: Language,
): Record<string, unknown> {
  const result = schema.safeParse(body);
  if (result.success) return result.data as Record<string, unknown>;
  const issue = result.error.issues[0]!;
  throw new AppError(400, 'declared', { text: refusalOf(resource, issue, lang) }, { field: issue.path[0] });
}

/**
 * The first declared time order a body breaks (an end before its start, sign-up closing after
 * the start): the field to fix and its message; `stored` fills in the times an update leaves out.
 */
export function timeOrderProblem(
  resource: ResourceDef,
  values: Record<string, unknown>,
  lang: Language,
  stored: Record<string, unknown> = {},
): { field: string; message: string } | undefined {
  const at = (name: string): string | undefined => {
    const column = columnOf(name);
    const v = column in values ? values[column] : stored[column];
    if (v instanceof Date) return toDbTime(v);
    return typeof v === 'string' && v !== '' ? v : undefined;
  };
  for (const field of resource.fields) {
    const self = at(field.name);
    if (!self) continue;
    const before = field.notBefore && at(field.notBefore.field);
    if (field.notBefore && before && self < before)
      return { field: field.name, message: field.notBefore.message[lang] };
    const after = field.notAfter && at(field.notAfter.field);
    if (field.notAfter && after && self > after)
      return { field: field.name, message: field.notAfter.message[lang] };
  }
  return undefined;
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

/**
 * The body without the masks a form sent back for its masked secrets: such a field is then
 * absent, so an edit keeps the stored secret and an add asks for one.
 */
export function withoutMasks(resource: ResourceDef, body: Record<string, unknown>): Record<string, unknown> {
  const masked = resource.fields.filter((f) => f.masked && body[f.name] === SECRET_MASK);
  if (!masked.length) return body;
  const out = { ...body };
  for (const f of masked) delete out[f.name];
  return out;
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
