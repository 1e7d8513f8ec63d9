import type { ResourceDef } from '@blade/schema';
import type { Params } from '../api/http';

export type SortOrder = 'ascend' | 'descend';

/** What the list page's controls hold; `range` is the createTime filter as wire times. */
export interface ListState {
  current: number;
  size: number;
  search: Record<string, unknown>;
  range?: readonly [string, string] | null;
  sort?: { field: string; order: SortOrder } | null;
}

/** Fields a list may be sorted by: the declared sortable ones and the audit time. */
export const isSortable = (resource: ResourceDef, name: string): boolean =>
  name === 'createTime' || resource.fields.some((f) => f.name === name && f.sortable);

/** Search values worth sending: trimmed text and numbers, nothing empty. */
export function searchValues(resource: ResourceDef, search: Record<string, unknown>): Params {
  const out: Params = {};
  for (const field of resource.fields) {
    if (!field.search) continue;
    const value = search[field.name];
    if (typeof value === 'number' && Number.isFinite(value)) out[field.name] = value;
    else if (typeof value === 'string' && value.trim() !== '') out[field.name] = value.trim();
  }
  return out;
}

/**
 * The query of a list call (BladeX conventions): current and size, search fields by name, the
 * createTime range as createTime_dategt/createTime_datelt, and the sort as ascs or descs.
 */
export function listParams(resource: ResourceDef, state: ListState): Params {
  const params: Params = {
    current: state.current,
    size: state.size,
    ...searchValues(resource, state.search),
  };
  if (state.range) {
    params.createTime_dategt = state.range[0];
    params.createTime_datelt = state.range[1];
  }
  if (state.sort && isSortable(resource, state.sort.field)) {
    params[state.sort.order === 'ascend' ? 'ascs' : 'descs'] = state.sort.field;
  }
  return params;
}

/** Whether the user has narrowed the list (a tree then answers matches, not one level). */
export const isFiltered = (resource: ResourceDef, state: Pick<ListState, 'search' | 'range'>): boolean =>
  Object.keys(searchValues(resource, state.search)).length > 0 || !!state.range;
