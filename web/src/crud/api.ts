import type { Endpoint, Page, ResourceDef } from '@blade/schema';
import { getData, type Params } from '../api/http';
import type { Row } from './fields';

/** One screenful of a list: rows (tree roots for tree resources) and the total for paging. */
export interface ListAnswer {
  rows: Row[];
  total: number;
}

const has = (resource: ResourceDef, endpoint: Endpoint): boolean => resource.endpoints.includes(endpoint);

const toAnswer = (data: Page<Row> | Row[] | null): ListAnswer =>
  Array.isArray(data)
    ? { rows: data, total: data.length }
    : { rows: data?.records ?? [], total: data?.total ?? 0 };

/** Loads one level of a lazy tree under a row (null: the roots). */
export type LoadLevel = (parent: Row | null, params: Params) => Promise<Row[]>;

/**
 * The typed data layer of a declared resource: every generic call of ARCHITECTURE §4, so pages hold
 * no fetch code of their own for them.
 */
export function crudApi(resource: ResourceDef) {
  const base = resource.path;
  return {
    has: (endpoint: Endpoint) => has(resource, endpoint),
    /** `page` when the resource has it, else `list` (a page, or the whole tree for tree resources). */
    list: async (params: Params): Promise<ListAnswer> =>
      toAnswer(
        await getData<Page<Row> | Row[]>(`${base}/${has(resource, 'page') ? 'page' : 'list'}`, { params }),
      ),
    /** One level of a tree resource with `lazy-list`. */
    lazyList: (parent: Row | null, params: Params): Promise<Row[]> =>
      getData<Row[]>(`${base}/lazy-list`, { params: { ...params, parentId: parent?.id ?? '0' } }),
    detail: (id: string): Promise<Row> => getData<Row>(`${base}/detail`, { params: { id } }),
    /** Insert or update: `submit` unless the resource splits it into `save`/`update`. */
    save: (row: Row, mode: 'add' | 'edit'): Promise<Row> => {
      const endpoint =
        mode === 'edit' && has(resource, 'update')
          ? 'update'
          : has(resource, 'submit')
            ? 'submit'
            : mode === 'add'
              ? 'save'
              : 'update';
      return getData<Row>(`${base}/${endpoint}`, { method: 'POST', body: row });
    },
    remove: (ids: readonly string[]): Promise<unknown> =>
      getData(`${base}/remove`, { method: 'POST', params: { ids: ids.join(',') } }),
  };
}

export type CrudApi = ReturnType<typeof crudApi>;

/** Rows another resource's form picks from: its tree, its select list, or its first page of 500. */
export async function pickerRows(resource: ResourceDef): Promise<Row[]> {
  if (resource.tree && has(resource, 'tree')) return getData<Row[]>(`${resource.path}/tree`);
  if (has(resource, 'select')) return getData<Row[]>(`${resource.path}/select`);
  return (await crudApi(resource).list({ current: 1, size: 500 })).rows;
}
