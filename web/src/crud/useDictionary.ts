import type { FieldDef } from '@blade/schema';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Language } from '../i18n';
import { type DictItem, dictOptions, fetchDictionary, flagOptions, type Option } from './dictionary';
import { useCrudText } from './i18n';

const NONE: Option[] = [];

/** The query of a field's dictionary (disabled for fields without one). */
export const dictionaryQuery = (field: FieldDef) => ({
  queryKey: ['dictionary', field.dictSource ?? 'system', field.dict],
  queryFn: () => fetchDictionary(field),
  enabled: !!field.dict,
  staleTime: 5 * 60_000,
});

/** A field's options from its dictionary's items (or a bare flag's); empty for other fields. */
export function fieldOptions(field: FieldDef, items: DictItem[] | undefined, language: Language): Option[] {
  if (field.dict) return items ? dictOptions(field, items, language) : NONE;
  return field.type === 'flag' ? flagOptions(language) : NONE;
}

/** Options of a field backed by a dictionary (or a bare flag); empty for other fields. */
export function useDictionary(field: FieldDef): Option[] {
  const { language } = useCrudText();
  const query = useQuery(dictionaryQuery(field));
  return useMemo(() => fieldOptions(field, query.data, language), [field, query.data, language]);
}
