import type { FieldDef, ResourceDef } from '@blade/schema';
import { useQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { readValue } from './FieldText';
import { useCrudText } from './i18n';
import { dictionaryQuery, fieldOptions } from './useDictionary';
import { refOptionsOf, refQuery } from './useRefOptions';

export type ReadCell = (value: unknown) => ReactNode;

/**
 * For each listed field, how its cells read (as FieldText reads one value), with the field's
 * dictionary and ref names looked up once for the whole column: a page of 200 rows then renders
 * plain text instead of two query subscriptions per cell.
 */
export function useColumnReaders(
  resource: ResourceDef,
  fields: readonly FieldDef[],
): Record<string, ReadCell> {
  const { language, label } = useCrudText();
  const dictionaries = useQueries({ queries: fields.map(dictionaryQuery) });
  const refs = useQueries({ queries: fields.map((f) => refQuery(f, resource)) });
  const dictData = dictionaries.map((q) => q.data);
  const refData = refs.map((q) => q.data);
  // The query results are new arrays each render; their data keep their identity while unchanged.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the data items, not the arrays
  return useMemo(() => {
    const readers: Record<string, ReadCell> = {};
    fields.forEach((field, i) => {
      const read = {
        options: fieldOptions(field, dictData[i], language),
        refs: refOptionsOf(field, resource, undefined, refData[i]),
        label,
      };
      readers[field.name] = (value) => readValue(field, value, read);
    });
    return readers;
  }, [resource, fields, language, label, ...dictData, ...refData]);
}
