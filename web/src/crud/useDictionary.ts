import type { FieldDef } from '@blade/schema';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { dictOptions, fetchDictionary, flagOptions, type Option } from './dictionary';
import { useCrudText } from './i18n';

const NONE: Option[] = [];

/** Options of a field backed by a dictionary (or a bare flag); empty for other fields. */
export function useDictionary(field: FieldDef): Option[] {
  const { language } = useCrudText();
  const query = useQuery({
    queryKey: ['dictionary', field.dictSource ?? 'system', field.dict],
    queryFn: () => fetchDictionary(field),
    enabled: !!field.dict,
    staleTime: 5 * 60_000,
  });
  return useMemo(() => {
    if (field.dict) return query.data ? dictOptions(field, query.data, language) : NONE;
    return field.type === 'flag' ? flagOptions(language) : NONE;
  }, [field, query.data, language]);
}
