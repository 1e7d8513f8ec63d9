import { type FieldDef, type ResourceDef, resources } from '@blade/schema';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { pickerRows } from './api';
import { labelFieldOf } from './fields';
import { pickerQueryKey } from './listQueries';
import { flattenTree, splitIds, type TreeOption, treeOptions } from './tree';

/** Replaces where a ref field's options come from (e.g. the grant tree for package menus). */
export interface OptionsSource {
  key: readonly unknown[];
  load: () => Promise<TreeOption[]>;
}

export interface RefOptions {
  /** The target is a tree (dept, role, menu): pick with a tree select. */
  tree: boolean;
  options: TreeOption[];
  /** Names of the ids a value holds (one id or a comma-joined list). */
  labelOf: (value: unknown) => string;
}

/** The resource whose rows a field points at: its `ref`, or the resource itself for a tree parent. */
export function refTarget(field: FieldDef, self: ResourceDef): ResourceDef | undefined {
  if (field.type === 'parent') return self.tree && self.endpoints.includes('tree') ? self : undefined;
  if (field.type !== 'ref' && field.type !== 'refs') return undefined;
  return field.ref ? resources[field.ref] : undefined;
}

/** The rows of a resource as a tree of names, for other forms' pickers (and the user page's tree). */
export const pickerQuery = (target: ResourceDef) => ({
  queryKey: pickerQueryKey(target.name),
  queryFn: async (): Promise<TreeOption[]> => treeOptions(await pickerRows(target), labelFieldOf(target)),
  staleTime: 30_000,
});

/** The query of a ref field's options (disabled for other fields). */
export function refQuery(field: FieldDef, self: ResourceDef, source?: OptionsSource) {
  const target = refTarget(field, self);
  return {
    queryKey: source?.key ?? pickerQueryKey(target?.name),
    queryFn: async (): Promise<TreeOption[]> =>
      source ? source.load() : target ? pickerQuery(target).queryFn() : [],
    enabled: !!source || !!target,
    staleTime: 30_000,
  };
}

/** A ref field's options and names from the loaded options; null for other fields. */
export function refOptionsOf(
  field: FieldDef,
  self: ResourceDef,
  source: OptionsSource | undefined,
  data: TreeOption[] | undefined,
): RefOptions | null {
  const target = refTarget(field, self);
  if (!source && !target) return null;
  const options = data ?? [];
  const names = new Map(flattenTree(options).map((o) => [o.value, o.title]));
  return {
    tree: !!source || !!target?.tree,
    options,
    labelOf: (value: unknown) =>
      splitIds(typeof value === 'number' ? String(value) : value)
        .map((id) => names.get(id) ?? id)
        .join(', '),
  };
}

/** Options of a ref, refs or tree-parent field, loaded once per target resource; null for other fields. */
export function useRefOptions(field: FieldDef, self: ResourceDef, source?: OptionsSource): RefOptions | null {
  const query = useQuery(refQuery(field, self, source));
  return useMemo(() => refOptionsOf(field, self, source, query.data), [field, self, source, query.data]);
}
