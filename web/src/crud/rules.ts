import {
  type FieldDef,
  lengthOf,
  NUMBER_TYPES,
  patternOf,
  rangeOf,
  refusal,
  TEXT_TYPES,
} from '@blade/schema';
import type { FormRule } from 'antd';
import type { RuleObject } from 'antd/es/form';
import dayjs from 'dayjs';
import type { Language } from '../i18n';

/** A number as a money input holds it: yuan (the wire and the declaration speak cents). */
const inputUnit = (field: FieldDef, cents: number): number => (field.type === 'money' ? cents / 100 : cents);

/** Whether a number has at most `places` decimals. */
const hasPlaces = (value: number, places: number): boolean =>
  Math.abs(Math.round(value * 10 ** places) - value * 10 ** places) < 1e-6;

/**
 * antd Form rules of a field, from its declaration: required with the declared message, the
 * declared (or column) text length and number range, whole numbers (cents for money), and the
 * declared pattern (or its type's) with its message. The words are the server's (schema
 * refusals), and the server checks the same declaration, so what passes here is kept unchanged.
 */
export function fieldRules(field: FieldDef, language: Language): RuleObject[] {
  const rules: RuleObject[] = [];
  if (field.required) {
    rules.push({
      required: true,
      message: field.required[language],
      ...(TEXT_TYPES.has(field.type) ? { whitespace: true } : {}),
    });
  }
  if (TEXT_TYPES.has(field.type)) {
    const max = lengthOf(field);
    rules.push({ type: 'string', max, message: refusal('tooLong', field, language, max) });
    if (field.min !== undefined)
      rules.push({
        type: 'string',
        min: field.min,
        message: refusal('tooShort', field, language, field.min),
      });
  }
  if (NUMBER_TYPES.has(field.type)) {
    const { min, max } = rangeOf(field);
    rules.push({
      type: 'number',
      min: inputUnit(field, min),
      message: refusal('tooSmall', field, language, min),
    });
    rules.push({
      type: 'number',
      max: inputUnit(field, max),
      message: refusal('tooLarge', field, language, max),
    });
    const places = field.type === 'money' ? 2 : 0;
    rules.push({
      validator: async (_rule, value: unknown) => {
        if (typeof value === 'number' && !hasPlaces(value, places))
          throw new Error(refusal(places ? 'notCents' : 'notWhole', field, language));
      },
    });
  }
  const pattern = patternOf(field);
  if (pattern) rules.push({ pattern: new RegExp(pattern.regex), message: pattern.message[language] });
  return rules;
}

/** A form time as comparable milliseconds, or undefined when empty. */
const millis = (value: unknown): number | undefined => {
  if (value === undefined || value === null || value === '') return undefined;
  const t = dayjs(value as dayjs.ConfigType);
  return t.isValid() ? t.valueOf() : undefined;
};

/**
 * The declared time order of a field (an end not before its start, sign-up closing by the start)
 * as rules reading the other field, and the fields whose change re-checks it.
 */
export function orderRules(
  field: FieldDef,
  language: Language,
): { rules: FormRule[]; dependencies: string[] } {
  const rules: FormRule[] = [];
  const dependencies: string[] = [];
  const check = (other: string, message: string, broken: (self: number, other: number) => boolean) => {
    dependencies.push(other);
    rules.push(({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        const self = millis(value);
        const that = millis(getFieldValue(other));
        if (self !== undefined && that !== undefined && broken(self, that)) throw new Error(message);
      },
    }));
  };
  if (field.notBefore) check(field.notBefore.field, field.notBefore.message[language], (a, b) => a < b);
  if (field.notAfter) check(field.notAfter.field, field.notAfter.message[language], (a, b) => a > b);
  return { rules, dependencies };
}
