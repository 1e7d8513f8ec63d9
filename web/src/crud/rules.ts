import { type FieldDef, patternOf } from '@blade/schema';
import type { RuleObject } from 'antd/es/form';
import type { Language } from '../i18n';
import { crudText } from './i18n';

const TEXT_TYPES = new Set<FieldDef['type']>(['text', 'longtext', 'richtext', 'image', 'file']);
const NUMBER_TYPES = new Set<FieldDef['type']>(['int', 'money']);

/**
 * antd Form rules of a field, from its declaration: required with the declared message, text
 * length and number bounds, and the declared pattern (or its type's) with its message. The server checks the same
 * declaration, so a form that passes these is not refused for them.
 */
export function fieldRules(field: FieldDef, language: Language): RuleObject[] {
  const label = field.label[language];
  const rules: RuleObject[] = [];
  if (field.required) {
    rules.push({
      required: true,
      message: field.required[language],
      ...(TEXT_TYPES.has(field.type) ? { whitespace: true } : {}),
    });
  }
  if (TEXT_TYPES.has(field.type)) {
    if (field.max !== undefined)
      rules.push({
        type: 'string',
        max: field.max,
        message: crudText(language, 'tooLong', { label, max: field.max }),
      });
    if (field.min !== undefined)
      rules.push({
        type: 'string',
        min: field.min,
        message: crudText(language, 'tooShort', { label, min: field.min }),
      });
  }
  if (NUMBER_TYPES.has(field.type)) {
    if (field.max !== undefined)
      rules.push({
        type: 'number',
        max: field.max,
        message: crudText(language, 'tooLarge', { label, max: field.max }),
      });
    if (field.min !== undefined)
      rules.push({
        type: 'number',
        min: field.min,
        message: crudText(language, 'tooSmall', { label, min: field.min }),
      });
  }
  const pattern = patternOf(field);
  if (pattern) rules.push({ pattern: new RegExp(pattern.regex), message: pattern.message[language] });
  return rules;
}
