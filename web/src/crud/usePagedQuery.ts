import { PAGE_SIZES, type Page } from '@blade/schema';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { useState } from 'react';

export interface PageState {
  current: number;
  size: number;
}

type Refetch<T> = UseQueryOptions<Page<T>, Error, Page<T>, QueryKey>['refetchInterval'];

/**
 * One page of a paged list from the server, with the page the reader is on and the props a table
 * needs to show it and move between pages (the shared page sizes, sideways scroll). The page is
 * part of the query key, so each page is cached on its own.
 */
export function usePagedQuery<T>(
  key: QueryKey,
  fetch: (current: number, size: number) => Promise<Page<T>>,
  options: { refetchInterval?: Refetch<T> } = {},
) {
  const [page, setPage] = useState<PageState>({ current: 1, size: 10 });
  const query = useQuery({
    queryKey: [...key, page.current, page.size],
    queryFn: () => fetch(page.current, page.size),
    ...(options.refetchInterval === undefined ? {} : { refetchInterval: options.refetchInterval }),
  });
  const table = {
    loading: query.isLoading,
    dataSource: query.data?.records ?? [],
    scroll: { x: 'max-content' },
    pagination: {
      current: page.current,
      pageSize: page.size,
      total: query.data?.total ?? 0,
      pageSizeOptions: PAGE_SIZES.map(String),
      showSizeChanger: true,
      onChange: (current: number, size: number) => setPage({ current, size }),
    },
  } satisfies TableProps<T>;
  return { query, page, setPage, table };
}
