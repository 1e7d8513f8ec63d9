import type { FieldDef, ResourceDef } from '@blade/schema';
import { type QueryClient, useQueries } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { readValue } from './FieldText';
import { useCrudText } from './i18n';
import { dictionaryQuery, fieldOptions } from './useDictionary';
import { refOptionsOf, refQuery, refTarget } from './useRefOptions';

export type ReadCell = (value: unknown) => ReactNode;

/** Each query once, however many fields share it. */
function unique<Q extends { queryKey: readonly unknown[] }>(queries: Q[]): Q[] {
  return [...new Map(queries.map((q) => [JSON.stringify(q.queryKey), q])).values()];
}

/** The queries of the listed fields' dictionaries and ref names, each once. */
function columnQueries(resource: ResourceDef, fields: readonly FieldDef[]) {
  return {
    dicts: unique(fields.filter((f) => f.dict).map(dictionaryQuery)),
    refs: unique(fields.filter((f) => refTarget(f, resource)).map((f) => refQuery(f, resource))),
  };
}

/** Starts loading the columns' dictionaries and ref names before their page shows. */
export function prefetchColumns(
  client: QueryClient,
  resource: ResourceDef,
  fields: readonly FieldDef[],
): void {
  const { dicts, refs } = columnQueries(resource, fields);
  for (const query of dicts) void client.prefetchQuery(query);
  for (const query of refs) void client.prefetchQuery(query);
}

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
  const { dicts, refs } = columnQueries(resource, fields);
  const queries = [...dicts, ...refs];
  const data = useQueries({ queries, combine: (results) => results.map((r) => r.data) });
  const keys = queries.map((q) => JSON.stringify(q.queryKey));
  // Keyed on the loaded data items (stable while unchanged), not on the arrays holding them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  return useMemo(() => {
    const byKey = new Map(keys.map((k, i) => [k, data[i]]));
    const readers: Record<string, ReadCell> = {};
    for (const field of fields) {
      const dict = field.dict ? byKey.get(JSON.stringify(dictionaryQuery(field).queryKey)) : undefined;
      const refs = refTarget(field, resource)
        ? byKey.get(JSON.stringify(refQuery(field, resource).queryKey))
        : undefined;
      const read = {
        options: fieldOptions(field, dict as Parameters<typeof fieldOptions>[1], language),
        refs: refOptionsOf(field, resource, undefined, refs as Parameters<typeof refOptionsOf>[3]),
        label,
      };
      readers[field.name] = (value) => readValue(field, value, read);
    }
    return readers;
  }, [resource, fields, language, label, ...keys, ...data]);
}
