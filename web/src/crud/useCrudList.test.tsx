// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Params } from '../api/http';
import { crudApi, type ListAnswer, type LoadLevel } from './api';
import type { Row } from './fields';
import { resourceChanged } from './listQueries';
import { resourceNamed } from './registry';
import { type CrudListOptions, prefetchCrudList, useCrudList } from './useCrudList';

afterEach(cleanup);

const param = resourceNamed('param');
const region = resourceNamed('region');

/** A server of 25 numbered params, counting its calls; `hold` keeps the next answers back. */
let asked: Params[] = [];
let edition = 1;
let held: (() => void)[] = [];
let hold = false;
const server = async (params: Params): Promise<ListAnswer> => {
  asked.push(params);
  if (hold) await new Promise<void>((resolve) => held.push(resolve));
  const current = Number(params.current);
  const size = Number(params.size);
  const rows = Array.from({ length: 25 }, (_, i) => ({
    id: String(i + 1),
    paramName: `p${i + 1}v${edition}`,
  }));
  return { rows: rows.slice((current - 1) * size, current * size), total: 25 };
};
/** The generic api of params, its list answered by the counting server. */
const api = { ...crudApi(param), list: server };

beforeEach(() => {
  asked = [];
  edition = 1;
  held = [];
  hold = false;
});

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function setup(
  initial: Omit<CrudListOptions, 'resource' | 'api'> & { resource?: CrudListOptions['resource'] },
  client = newClient(),
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook((props: typeof initial) => useCrudList({ resource: param, api, ...props }), {
    wrapper,
    initialProps: initial,
  });
  return { client, ...hook };
}

const names = (rows: Row[]) => rows.map((r) => r.paramName);
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

describe('useCrudList', () => {
  it('calls once per query, not again on renders with equal parameters, and keeps the page while the next loads', async () => {
    const { result, rerender } = setup({ params: { tenant: 'a' } });
    await waitFor(() => expect(result.current.rows).toHaveLength(10));
    expect(result.current.total).toBe(25);
    for (let i = 0; i < 5; i++) rerender({ params: { tenant: 'a' } });
    await settle();
    expect(asked).toEqual([{ current: 1, size: 10, tenant: 'a' }]);

    hold = true;
    act(() => result.current.setState((s) => ({ ...s, current: 3 })));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(result.current.loading).toBe(true);
    expect(names(result.current.rows)[0]).toBe('p1v1');
    for (const release of held) release();
    await waitFor(() =>
      expect(names(result.current.rows)).toEqual(['p21v1', 'p22v1', 'p23v1', 'p24v1', 'p25v1']),
    );
    expect(result.current.loading).toBe(false);
    await settle();
    expect(asked).toHaveLength(2);
  });

  it('rows fetched ahead of the page show at its first render without a second call; a later showing reads afresh', async () => {
    const client = newClient();
    prefetchCrudList(client, { resource: param, api });
    await settle();
    expect(asked).toEqual([{ current: 1, size: 10 }]);

    const first = setup({}, client);
    expect(first.result.current.rows).toHaveLength(10);
    await settle();
    expect(asked).toHaveLength(1);
    first.unmount();

    edition = 2;
    const again = setup({}, client);
    await waitFor(() => expect(names(again.result.current.rows)[0]).toBe('p1v2'));
    expect(asked).toHaveLength(2);
  });

  it('a page that shows while its rows are still on the way takes that call instead of making another', async () => {
    const client = newClient();
    hold = true;
    prefetchCrudList(client, { resource: param, api });
    const { result } = setup({}, client);
    await settle();
    expect(result.current.loading).toBe(true);
    for (const release of held) release();
    await waitFor(() => expect(result.current.rows).toHaveLength(10));
    await settle();
    expect(asked).toHaveLength(1);
  });

  it('disabled calls nothing and shows nothing, even when the same query is cached', async () => {
    const { client, result, rerender } = setup({ enabled: false });
    await settle();
    expect(asked).toEqual([]);
    expect(result.current.rows).toEqual([]);
    expect(result.current.total).toBe(0);
    await act(() => resourceChanged(client, 'param'));
    await settle();
    expect(asked).toEqual([]);

    rerender({ enabled: true });
    await waitFor(() => expect(result.current.rows).toHaveLength(10));
    rerender({ enabled: false });
    expect(result.current.rows).toEqual([]);
    expect(result.current.total).toBe(0);
    await settle();
    expect(asked).toHaveLength(1);
  });

  it("a page's own loader is a source of its own, and a change to the resource reloads every open list of it", async () => {
    const client = newClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const load = (params: Params) => server({ ...params, own: 'yes' });
    const { result } = renderHook(
      () => ({
        generic: useCrudList({ resource: param, api }),
        own: useCrudList({ resource: param, api, load }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.generic.rows).toHaveLength(10));
    await waitFor(() => expect(result.current.own.rows).toHaveLength(10));
    expect(asked).toEqual([
      { current: 1, size: 10 },
      { current: 1, size: 10, own: 'yes' },
    ]);

    edition = 2;
    await act(() => resourceChanged(client, 'param'));
    await waitFor(() => expect(names(result.current.generic.rows)[0]).toBe('p1v2'));
    await waitFor(() => expect(names(result.current.own.rows)[0]).toBe('p1v2'));
    await settle();
    expect(asked).toHaveLength(4);
  });

  it('a lazy tree loads a level on expand and a change to the resource reads the roots and the opened level afresh', async () => {
    const levels: string[] = [];
    let label = 'old';
    const loadLevel: LoadLevel = async (parent) => {
      const code = parent ? String(parent.code) : '00';
      levels.push(code);
      if (code === '00') return [{ id: '11', code: '11', name: `北京 ${label}`, hasChildren: true }];
      if (code === '11') return [{ id: '1101', code: '1101', name: `市辖区 ${label}`, hasChildren: false }];
      return [];
    };
    const { client, result } = setup({ resource: region, loadLevel });
    await waitFor(() => expect(result.current.rows).toHaveLength(1));
    expect(result.current.tree).toBe(true);
    expect(result.current.paged).toBe(false);
    expect(result.current.rows[0]?.children).toEqual([]);

    act(() => result.current.expand(result.current.rows[0] as Row));
    await waitFor(() => expect(result.current.rows[0]?.children).toHaveLength(1));
    expect(levels).toEqual(['00', '11']);

    label = 'new';
    await act(() => resourceChanged(client, 'region'));
    await waitFor(() => expect((result.current.rows[0]?.children as Row[])[0]?.name).toBe('市辖区 new'));
    expect(result.current.rows[0]?.name).toBe('北京 new');
    expect(levels).toEqual(['00', '11', '00', '11']);
  });
});
