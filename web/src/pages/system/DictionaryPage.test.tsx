// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resourceNamed } from '../../crud/registry';
import { AntProvider } from '../../shell/AntProvider';
import { clearSession, setPermission } from '../../store/session';
import { prepareAntdInJsdom } from '../../testing/antdInJsdom';
import { DictionaryPage } from './DictionaryPage';

const dict = resourceNamed('dict');
const parents = [
  { id: '21', code: 'walk', dictValue: '走查字典', dictKey: '-1', parentId: '0', isSealed: 0, remark: '' },
  { id: '22', code: 'sex', dictValue: '性别', dictKey: '-1', parentId: '0', isSealed: 0, remark: '' },
];

let calls: string[] = [];
/** The stubbed server's parents: a remove takes them out, as the server does. */
let listed = parents;

beforeAll(prepareAntdInJsdom);

beforeEach(() => {
  calls = [];
  listed = parents;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      calls.push(`${url.pathname}${url.search}`);
      const page = (records: unknown[]) => ({
        records,
        total: records.length,
        size: 10,
        current: 1,
        pages: 1,
      });
      const path = url.pathname.replace('/api/blade-system/dict/', '');
      let data: unknown = null;
      let status = 200;
      if (path === 'parent-list') data = page(listed);
      else if (path === 'child-list') data = page([]);
      else if (path === 'remove') {
        const ids = (url.searchParams.get('ids') ?? '').split(',');
        listed = listed.filter((p) => !ids.includes(p.id));
      } else if (path === 'detail') {
        const found = listed.find((p) => p.id === url.searchParams.get('id'));
        data = found ?? null;
        status = found ? 200 : 404;
      } else status = 404;
      return new Response(JSON.stringify({ code: status, success: status === 200, data, msg: '' }), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('DictionaryPage', { timeout: 60_000 }, () => {
  it('drops a deleted chosen dictionary without asking the server for it', async () => {
    setPermission(['dict', 'dict_delete', 'dict_edit']);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AntProvider>
          <DictionaryPage resource={dict} layout="vertical" />
        </AntProvider>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByText('走查字典'));
    expect(await screen.findByText('走查字典 的字典项')).toBeTruthy();

    const row = screen.getByText('walk').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '删除' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: /确\s?定/ }));
    await waitFor(() => expect(calls.some((c) => c.startsWith('/api/blade-system/dict/remove'))).toBe(true));

    expect(await screen.findByText('请先在上方选择一个字典')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('走查字典')).toBeNull());
    expect(calls.filter((c) => c.startsWith('/api/blade-system/dict/detail'))).toEqual([]);
  });
});
