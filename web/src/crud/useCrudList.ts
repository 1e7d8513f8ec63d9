import { DEFAULT_PAGE_SIZE, type ResourceDef } from '@blade/schema';
import {
  hashKey,
  keepPreviousData,
  type Query,
  type QueryClient,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Params } from '../api/http';
import type { CrudApi, ListAnswer, LoadLevel } from './api';
import type { Row } from './fields';
import { isFiltered, type ListState, listParams } from './listParams';
import { listQueryKey } from './listQueries';
import { findRow, tableTree, withChildren } from './tree';

export interface CrudListOptions {
  resource: ResourceDef;
  api: CrudApi;
  /** Replaces the list call (dictionary children, users of a department); keep it stable. */
  load?: ((params: Params) => Promise<ListAnswer>) | undefined;
  /** Loads a lazy tree level by level (regions by parentCode); tree resources with lazy-list get one. */
  loadLevel?: LoadLevel | undefined;
  /** The page's own query parameters (deptId, parentId); a change reloads. */
  params?: Params | undefined;
  /** False: show nothing and call nothing (a child table before its parent is chosen). */
  enabled?: boolean | undefined;
}

/**
 * A page's own loader named by a number, so the query key tells two lists of one resource apart
 * (the dictionary's parents and children) without holding the function itself.
 */
const loaderIds = new WeakMap<object, number>();
let lastLoaderId = 0;
function loaderId(loader: object): number {
  const known = loaderIds.get(loader);
  if (known !== undefined) return known;
  lastLoaderId += 1;
  loaderIds.set(loader, lastLoaderId);
  return lastLoaderId;
}

/** The roots of a lazy tree with the levels the reader opened read afresh under them. */
async function lazyTree(lazy: LoadLevel, params: Params, opened: readonly string[]): Promise<Row[]> {
  let rows = tableTree(await lazy(null, params));
  for (const id of opened) {
    const row = findRow(rows, id);
    if (!row || !Array.isArray(row.children)) continue;
    const children = await lazy(row, params).catch(() => null);
    if (children) rows = withChildren(rows, id, children);
  }
  return rows;
}

/** The list's controls before the reader touches them: the first page, no search, no sort. */
const FIRST_STATE: ListState = { current: 1, size: DEFAULT_PAGE_SIZE, search: {}, range: null, sort: null };

type ListSource = Pick<CrudListOptions, 'resource' | 'api' | 'load' | 'loadLevel' | 'params'>;

/**
 * The query of a list's rows in a state: its key and how it loads, and what kind of list that is.
 * One builder for the page and for the rows fetched ahead of it, so both use the same key.
 */
function listQuery(
  { resource, api, load, loadLevel, params }: ListSource,
  state: ListState,
  opened: () => readonly string[],
) {
  const lazy = loadLevel ?? (resource.tree && api.has('lazy-list') ? api.lazyList : undefined);
  const lazyNow = !!lazy && !isFiltered(resource, state) && !load;
  const tree = !!resource.tree || !!lazy;
  const query = { ...listParams(resource, state), ...params };
  const source = load ? `load-${loaderId(load)}` : lazyNow ? `level-${loaderId(lazy)}` : 'list';
  return {
    lazy,
    lazyNow,
    tree,
    paged: !!load || (!resource.tree && !lazyNow),
    query,
    // Keys are compared by their hash, so a new but equal `query` object reads the same cache entry.
    queryKey: [...listQueryKey(resource.name), source, query],
    queryFn: async (): Promise<ListAnswer> => {
      if (lazy && lazyNow) {
        const rows = await lazyTree(lazy, params ?? {}, opened());
        return { rows, total: rows.length };
      }
      const answer = await (load ? load(query) : api.list(query));
      return tree ? { rows: tableTree(answer.rows), total: answer.total } : answer;
    },
  };
}

/** Rows fetched ahead of their page's first showing, by query hash, with when they arrived. */
const fetchedAhead = new Map<string, number>();

/**
 * Starts loading the first page of a list before the page shows (a signed-in direct load starts it
 * with the page's code), so the page's first render has its rows. The page takes them as fresh.
 */
export function prefetchCrudList(client: QueryClient, source: ListSource): void {
  const { queryKey, queryFn } = listQuery(source, FIRST_STATE, () => []);
  void client.prefetchQuery({ queryKey, queryFn }).then(() => {
    const query = client.getQueryCache().find({ queryKey, exact: true });
    if (query?.state.status === 'success') fetchedAhead.set(query.queryHash, query.state.dataUpdatedAt);
  });
}

/** Rows fetched ahead a moment ago for this showing are not read again when the list mounts. */
const AHEAD_FRESH_MS = 30_000;
function readOnMount(query: Query<ListAnswer, Error, ListAnswer, readonly unknown[]>): boolean {
  const at = fetchedAhead.get(query.queryHash);
  return !(at === query.state.dataUpdatedAt && Date.now() - at < AHEAD_FRESH_MS);
}

/**
 * The rows of a list page and the state that picks them (paging, search, createTime range, sort).
 * Tree resources answer whole trees; lazy trees answer one level and load the next on expand, until
 * the user searches, when the matches come back from `list`. The rows are a query under the
 * resource's list key, so a change to the resource (see resourceChanged) refreshes every open list,
 * reading the levels the reader opened again.
 */
export function useCrudList({ resource, api, load, loadLevel, params, enabled = true }: CrudListOptions) {
  const [state, setState] = useState<ListState>(FIRST_STATE);
  const queries = useQueryClient();
  /** Lazy rows the reader opened, in order; a reload reads their levels again. */
  const opened = useRef<string[]>([]);

  const { lazy, lazyNow, tree, paged, query, queryKey, queryFn } = useMemo(
    () => listQuery({ resource, api, load, loadLevel, params }, state, () => opened.current),
    [resource, api, load, loadLevel, params, state],
  );

  const list = useQuery({
    queryKey,
    queryFn,
    enabled,
    // the next page replaces the last one when it arrives, so the table does not flash empty
    placeholderData: keepPreviousData,
    // a reopened list reads the server again (showing the cached rows meanwhile), except for the
    // rows fetched ahead for this very showing
    staleTime: 0,
    refetchOnMount: readOnMount,
  });
  // This showing has taken the rows fetched ahead; showing the list again later reads them afresh.
  useEffect(() => {
    fetchedAhead.delete(hashKey(queryKey));
  }, [queryKey]);
  // A failed call leaves no data: the table empties (the http layer has shown the message).
  const rows = enabled ? (list.data?.rows ?? []) : [];
  const total = enabled ? (list.data?.total ?? 0) : 0;

  const expand = useCallback(
    (row: Row) => {
      if (!lazy || !lazyNow || !row.id || (Array.isArray(row.children) && row.children.length > 0)) return;
      const id = String(row.id);
      if (!opened.current.includes(id)) opened.current.push(id);
      void lazy(row, params ?? {})
        .then((children) =>
          queries.setQueryData<ListAnswer>(queryKey, (old) =>
            old ? { ...old, rows: withChildren(old.rows, id, children) } : old,
          ),
        )
        .catch(() => {});
    },
    [lazy, lazyNow, params, queries, queryKey],
  );

  return {
    state,
    setState,
    rows,
    total,
    loading: enabled && list.isFetching,
    paged,
    tree,
    expand,
    query,
  };
}

export type CrudList = ReturnType<typeof useCrudList>;
