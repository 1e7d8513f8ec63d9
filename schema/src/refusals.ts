import type { FieldDef, Text } from './registry.js';

/**
 * How a value is refused, worded once for the server's answers and the web's form rules: a
 * sentence in the person's language naming the field by its label, never a validator's text.
 */
export type Refusal =
  | 'tooLong'
  | 'tooShort'
  | 'tooLarge'
  | 'tooSmall'
  | 'notWhole'
  | 'notNumber'
  | 'notDecimal'
  | 'notCents'
  | 'notTime'
  | 'notChoice'
  | 'tooMany'
  | 'invalid';

const WORDS: Record<Refusal, Text> = {
  tooLong: { zh: '{label}不能超过 {bound} 个字符', en: '{label} must be at most {bound} characters' },
  tooShort: { zh: '{label}至少需要 {bound} 个字符', en: '{label} must be at least {bound} characters' },
  tooLarge: { zh: '{label}不能大于 {bound}', en: '{label} must be at most {bound}' },
  tooSmall: { zh: '{label}不能小于 {bound}', en: '{label} must be at least {bound}' },
  notWhole: { zh: '{label}必须是整数', en: '{label} must be a whole number' },
  notNumber: { zh: '{label}必须是数字', en: '{label} must be a number' },
  notDecimal: {
    zh: '{label}必须是最多 4 位小数的数字',
    en: '{label} must be a number with at most 4 decimals',
  },
  notCents: { zh: '{label}最多保留 2 位小数', en: '{label} has at most 2 decimals' },
  notTime: {
    zh: '{label}必须是形如 2026-01-31 08:00:00 的时间',
    en: '{label} must be a time like 2026-01-31 08:00:00',
  },
  notChoice: { zh: '{label}的取值不在可选范围内', en: '{label} is not one of the choices' },
  tooMany: { zh: '{label}一次最多选择 {bound} 个', en: '{label} takes at most {bound} at a time' },
  invalid: { zh: '{label}的格式不正确', en: '{label} is not valid' },
};

type Lang = keyof Text;

/** Integer cents as yuan with two decimals (money bounds are declared in cents, read in yuan). */
export const centsAsYuan = (cents: number): string => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** A bound as a person reads it: yuan for money, the number itself otherwise. */
export const boundText = (field: Pick<FieldDef, 'type'>, bound: number): string =>
  field.type === 'money' ? `¥${centsAsYuan(bound)}` : String(bound);

/** The sentence refusing a field's value; `bound` is the limit crossed, in the field's own unit. */
export function refusal(
  kind: Refusal,
  field: Pick<FieldDef, 'label' | 'type'>,
  lang: Lang,
  bound?: number,
): string {
  const text =
    bound === undefined
      ? ''
      : kind === 'tooLong' || kind === 'tooShort'
        ? String(bound)
        : boundText(field, bound);
  return WORDS[kind][lang].replace('{label}', field.label[lang]).replace('{bound}', text);
}

/** Where declared bounds are checked: text lengths of these types, number ranges of those. */
export const TEXT_TYPES: ReadonlySet<FieldDef['type']> = new Set([
  'text',
  'longtext',
  'richtext',
  'image',
  'file',
]);
export const NUMBER_TYPES: ReadonlySet<FieldDef['type']> = new Set(['int', 'money']);

/** Types whose wire value is a number. */
export const NUMERIC_TYPES: ReadonlySet<FieldDef['type']> = new Set(['int', 'flag', 'money']);

const INT_MAX = 2_147_483_647;

/**
 * The range a number field takes: its declared one, within what its column holds. Server
 * validation and web form rules both read it, so a value the form lets through is one the
 * server keeps, unchanged.
 */
export function rangeOf(field: Pick<FieldDef, 'type' | 'min' | 'max'>): { min: number; max: number } {
  if (field.type === 'flag') return { min: 0, max: 1 };
  if (field.type === 'money') return { min: field.min ?? 0, max: field.max ?? Number.MAX_SAFE_INTEGER };
  return { min: field.min ?? -INT_MAX - 1, max: field.max ?? INT_MAX };
}

/** The most characters a text field takes: its declared length, else its column's. */
export function lengthOf(field: Pick<FieldDef, 'type' | 'max'>): number {
  if (field.max !== undefined) return field.max;
  switch (field.type) {
    case 'text':
      return 255;
    case 'image':
    case 'file':
      return 1000;
    case 'enum':
      return 64;
    default:
      return 65_535;
  }
}
