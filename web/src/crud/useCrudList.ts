import { DEFAULT_PAGE_SIZE, type ResourceDef } from '@blade/schema';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Params } from '../api/http';
import type { CrudApi, ListAnswer, LoadLevel } from './api';
import type { Row } from './fields';
import { isFiltered, type ListState, listParams } from './listParams';
import { tableTree, withChildren } from './tree';

export interface CrudListOptions {
  resource: ResourceDef;
  api: CrudApi;
  /** Replaces the list call (dictionary children, users of a department). */
  load?: ((params: Params) => Promise<ListAnswer>) | undefined;
  /** Loads a lazy tree level by level (regions by parentCode); tree resources with lazy-list get one. */
  loadLevel?: LoadLevel | undefined;
  /** The page's own query parameters; a change reloads. */
  params?: Params | undefined;
  /** False: show nothing and call nothing (a child table without its parent). */
  enabled?: boolean | undefined;
}

/**
 * The rows of a list page and the state that picks them (paging, search, createTime range, sort).
 * Tree resources answer whole trees; lazy trees answer one level and load the next on expand, until
 * the user searches, when the matches come back from `list`.
 */
export function useCrudList({ resource, api, load, loadLevel, params, enabled = true }: CrudListOptions) {
  const [state, setState] = useState<ListState>({
    current: 1,
    size: DEFAULT_PAGE_SIZE,
    search: {},
    range: null,
    sort: null,
  });
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);

  const lazy = loadLevel ?? (resource.tree && api.has('lazy-list') ? api.lazyList : undefined);
  const filtered = isFiltered(resource, state);
  const lazyNow = !!lazy && !filtered && !load;
  const tree = !!resource.tree || !!lazy;
  const paged = !!load || (!resource.tree && !lazyNow);
  const query = useMemo(() => ({ ...listParams(resource, state), ...params }), [resource, state, params]);
  const queryKey = JSON.stringify(query);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is keyed by its JSON; version forces a reload
  useEffect(() => {
    if (!enabled) {
      setRows([]);
      setTotal(0);
      return;
    }
    let live = true;
    setLoading(true);
    const run = async (): Promise<ListAnswer> => {
      if (load) return load(query);
      if (lazy && lazyNow) {
        const level = await lazy(null, params ?? {});
        return { rows: level, total: level.length };
      }
      return api.list(query);
    };
    run()
      .then((answer) => {
        if (!live) return;
        setRows(tree ? tableTree(answer.rows) : answer.rows);
        setTotal(answer.total);
      })
      .catch(() => {
        if (live) setRows([]);
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [queryKey, version, enabled, lazyNow]);

  const expand = useCallback(
    (row: Row) => {
      if (!lazy || !lazyNow || !row.id || (Array.isArray(row.children) && row.children.length > 0)) return;
      const id = row.id;
      void lazy(row, params ?? {})
        .then((children) => setRows((current) => withChildren(current, id, children)))
        .catch(() => {});
    },
    [lazy, lazyNow, params],
  );

  const reload = useCallback(() => setVersion((v) => v + 1), []);

  return { state, setState, rows, total, loading, paged, tree, expand, reload, query };
}

export type CrudList = ReturnType<typeof useCrudList>;
