// @vitest-environment jsdom
import type { Page } from '@blade/schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePagedQuery } from './usePagedQuery';

afterEach(cleanup);

/** A server of 25 numbered rows answering the page asked for. */
const asked: [number, number][] = [];
const fetchPage = async (current: number, size: number): Promise<Page<{ id: number }>> => {
  asked.push([current, size]);
  const records = Array.from({ length: 25 }, (_, i) => ({ id: i + 1 })).slice(
    (current - 1) * size,
    current * size,
  );
  return { records, total: 25, size, current, pages: Math.ceil(25 / size) };
};

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('usePagedQuery', () => {
  it('asks for the first page, then the page the table moves to, with its total for the pager', async () => {
    asked.length = 0;
    const { result } = renderHook(() => usePagedQuery(['rows'], fetchPage), { wrapper });
    await waitFor(() => expect(result.current.table.dataSource).toHaveLength(10));
    expect(result.current.table.pagination.total).toBe(25);

    act(() => result.current.table.pagination.onChange(3, 10));
    await waitFor(() =>
      expect(result.current.table.dataSource.map((r) => r.id)).toEqual([21, 22, 23, 24, 25]),
    );
    expect(result.current.page).toEqual({ current: 3, size: 10 });
    expect(asked).toEqual([
      [1, 10],
      [3, 10],
    ]);
  });
});
