import type { FieldDef } from '@blade/schema';
import { getData } from '../api/http';
import type { Language } from '../i18n';
import { isNumeric } from './fields';

/** One item of a dictionary as `dictionary?code=` answers it. */
export interface DictItem {
  dictKey: string;
  dictValue: string;
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

/** Select options of a dictionary-backed field; numeric fields hold Number(dictKey). */
export function dictOptions(field: FieldDef, items: readonly DictItem[]): Option[] {
  return items.map((item) => ({
    label: item.dictValue,
    value: isNumeric(field) ? Number(item.dictKey) : String(item.dictKey),
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
