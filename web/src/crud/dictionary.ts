import type { FieldDef } from '@blade/schema';
import { getData } from '../api/http';
import type { Language } from '../i18n';
import { isNumeric } from './fields';

/** One item of a dictionary as `dictionary?code=` answers it. */
export interface DictItem {
  dictKey: string;
  dictValue: string;
  /** The English name, where one was given. */
  dictValueEn?: string | null;
}

export interface Option {
  label: string;
  value: string | number;
}

/** The dictionary call of a field: system dictionaries unless the field names the business ones. */
export const dictionaryPath = (field: Pick<FieldDef, 'dictSource'>): string =>
  field.dictSource === 'biz' ? '/blade-system/dict-biz/dictionary' : '/blade-system/dict/dictionary';

export const fetchDictionary = (field: Pick<FieldDef, 'dict' | 'dictSource'>): Promise<DictItem[]> =>
  getData<DictItem[]>(dictionaryPath(field), { params: { code: field.dict } });

const WHOLE = /^-?\d{1,15}$/;

/** An item's name in the person's language (the Chinese one where no English one was given). */
export const itemName = (item: DictItem, language: Language): string =>
  (language === 'en' && item.dictValueEn?.trim()) || item.dictValue;

/**
 * Select options of a dictionary-backed field. A numeric field holds Number(dictKey), so its
 * option values are numbers and match what the server sends; a key that is no whole number
 * cannot be stored in it and is left out (it would otherwise be sent as null).
 */
export function dictOptions(
  field: FieldDef,
  items: readonly DictItem[],
  language: Language = 'zh',
): Option[] {
  const numeric = isNumeric(field);
  return items
    .filter((item) => !numeric || WHOLE.test(String(item.dictKey).trim()))
    .map((item) => ({
      label: itemName(item, language),
      value: numeric ? Number(item.dictKey) : String(item.dictKey),
    }));
}

/** The label of a stored value, or the value itself when the dictionary lacks it. */
export function optionLabel(options: readonly Option[], value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return options.find((o) => String(o.value) === String(value))?.label ?? String(value);
}

/** Yes/no for flags that name no dictionary. */
export const flagOptions = (language: Language): Option[] =>
  language === 'en'
    ? [
        { label: 'No', value: 0 },
        { label: 'Yes', value: 1 },
      ]
    : [
        { label: '否', value: 0 },
        { label: '是', value: 1 },
      ];
