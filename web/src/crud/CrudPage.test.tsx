// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AntProvider } from '../shell/AntProvider';
import { clearSession, setPermission } from '../store/session';
import { prepareAntdInJsdom } from '../testing/antdInJsdom';
import { CrudPage, type CrudPageProps } from './CrudPage';
import { pickerQueryKey } from './listQueries';
import { resourceNamed } from './registry';

const param = resourceNamed('param');
const rows = [
  { id: '11', paramName: '站点名称', paramKey: 'site.name', paramValue: 'Mall', remark: '' },
  { id: '12', paramName: '初始密码', paramKey: 'account.initPassword', paramValue: '123456', remark: '' },
];

interface Call {
  url: string;
  method: string;
  body: unknown;
}

let calls: Call[] = [];
/** Answers of the stubbed server by path; a function may refuse. */
let answers: Record<string, (call: Call) => { status: number; data: unknown; msg?: string }> = {};

const ok = (data: unknown) => () => ({ status: 200, data });

beforeAll(prepareAntdInJsdom);

beforeEach(() => {
  calls = [];
  answers = {
    '/api/blade-system/param/list': ok({ records: rows, total: 2, size: 10, current: 1, pages: 1 }),
    '/api/blade-system/param/submit': ok({ id: '13' }),
    '/api/blade-system/param/detail': ok(rows[0]),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const call: Call = {
        url: `${url.pathname}${url.search}`,
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
      };
      calls.push(call);
      const answer = answers[url.pathname]?.(call) ?? { status: 404, data: null, msg: 'no such call' };
      return new Response(
        JSON.stringify({
          code: answer.status,
          success: answer.status === 200,
          data: answer.data,
          msg: answer.msg ?? '',
        }),
        { status: answer.status, headers: { 'Content-Type': 'application/json' } },
      );
    }),
  );
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

function renderPage(props: Partial<CrudPageProps> = {}): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntProvider>
        <CrudPage resource={param} {...props} />
      </AntProvider>
    </QueryClientProvider>,
  );
  return client;
}

const toolbar = () => document.querySelector('.crud-toolbar') as HTMLElement;
/** The states of the mutations the page ran through its query client. */
const mutations = (client: QueryClient) =>
  client
    .getMutationCache()
    .getAll()
    .map((m) => m.state.status);

// antd dialogs in jsdom take a few seconds each
describe('CrudPage', { timeout: 30_000 }, () => {
  it('lists rows with an index column and shows only the buttons whose codes are held', async () => {
    setPermission(['param', 'param_add', 'param_view']);
    renderPage();
    expect(await screen.findByText('站点名称')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/blade-system/param/list?current=1&size=10');
    expect(within(toolbar()).getByRole('button', { name: /新增/ })).toBeTruthy();
    expect(within(toolbar()).queryByRole('button', { name: /删除/ })).toBeNull();
    const row = screen.getByText('site.name').closest('tr') as HTMLElement;
    expect(within(row).getByText('1')).toBeTruthy();
    expect(within(row).getByRole('button', { name: '查看' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(within(row).queryByRole('button', { name: '删除' })).toBeNull();
  });

  it('warns 请选择至少一条数据 on a batch delete with nothing selected', async () => {
    setPermission(['param', 'param_delete']);
    renderPage();
    await screen.findByText('站点名称');
    fireEvent.click(within(toolbar()).getByRole('button', { name: /删除/ }));
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/remove'))).toBe(false);
  });

  it('checks the declared messages, then saves, says 新增成功 and reads the list again', async () => {
    setPermission(['param', 'param_add']);
    const client = renderPage();
    await screen.findByText('站点名称');
    fireEvent.click(within(toolbar()).getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByText('请输入参数名称')).toBeTruthy();
    expect(within(dialog).getByText('请输入参数键名')).toBeTruthy();
    expect(within(dialog).getByText('请输入参数键值')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('参数名称'), { target: { value: '版权' } });
    fireEvent.change(within(dialog).getByLabelText('参数键名'), { target: { value: 'site.copyright' } });
    fireEvent.change(within(dialog).getByLabelText('参数键值'), { target: { value: '© 2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    const saved = calls.find((c) => c.url === '/api/blade-system/param/submit');
    expect(saved).toMatchObject({
      method: 'POST',
      body: { paramName: '版权', paramKey: 'site.copyright', paramValue: '© 2026' },
    });
    // the save is a mutation of the page's query client
    expect(mutations(client)).toEqual(['success']);
    // the save refreshes the list once
    const listCalls = () => calls.filter((c) => c.url.startsWith('/api/blade-system/param/list'));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listCalls()).toHaveLength(2);
  });

  it('keeps the dialog open and releases its loading when the server refuses', async () => {
    setPermission(['param', 'param_add']);
    answers['/api/blade-system/param/submit'] = () => ({ status: 409, data: null, msg: '参数键名已存在' });
    const client = renderPage();
    await screen.findByText('站点名称');
    fireEvent.click(within(toolbar()).getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('参数名称'), { target: { value: '站点' } });
    fireEvent.change(within(dialog).getByLabelText('参数键名'), { target: { value: 'site.name' } });
    fireEvent.change(within(dialog).getByLabelText('参数键值'), { target: { value: 'x' } });
    const submit = within(dialog).getByRole('button', { name: '提交' });
    await act(async () => {
      fireEvent.click(submit);
    });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/blade-system/param/submit')).toBe(true));
    await waitFor(() => expect(submit.className).not.toContain('ant-btn-loading'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByText('新增成功')).toBeNull();
    expect(mutations(client)).toEqual(['error']);
  });

  it("a page's own button that changed rows refreshes every list and picker of the resource, as a save does", async () => {
    setPermission(['param']);
    const onChanged = vi.fn();
    const client = renderPage({
      onChanged,
      table: {
        toolbar: ({ reload }) => (
          <button type="button" onClick={reload}>
            启用
          </button>
        ),
      },
    });
    client.setQueryData(pickerQueryKey('param'), []);
    await screen.findByText('站点名称');
    const listCalls = () => calls.filter((c) => c.url.startsWith('/api/blade-system/param/list'));
    expect(listCalls()).toHaveLength(1);

    fireEvent.click(within(toolbar()).getByRole('button', { name: '启用' }));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(client.getQueryState(pickerQueryKey('param'))?.isInvalidated).toBe(true);
  });

  it('a page that adds its own way shows its button in place of 新增, and no 导入', async () => {
    setPermission(['param', 'param_add', 'log_change_import']);
    renderPage();
    await screen.findByText('站点名称');
    expect(within(toolbar()).getByRole('button', { name: /导入/ })).toBeTruthy();
    cleanup();

    renderPage({ table: { add: () => <button type="button">上传附件</button> } });
    await screen.findByText('站点名称');
    expect(within(toolbar()).getByRole('button', { name: '上传附件' })).toBeTruthy();
    expect(within(toolbar()).queryByRole('button', { name: /新增/ })).toBeNull();
    expect(within(toolbar()).queryByRole('button', { name: /导入/ })).toBeNull();
  });

  it("shows a field's hint under its control while the field can be typed in", async () => {
    setPermission(['param', 'param_add', 'param_edit']);
    const hinted = {
      ...param,
      fields: param.fields.map((f) =>
        f.name === 'paramKey'
          ? { ...f, disabledOnEdit: true, hint: { zh: '保存后不能修改', en: 'Fixed once saved' } }
          : f,
      ),
    };
    renderPage({ resource: hinted });
    await screen.findByText('站点名称');
    fireEvent.click(within(toolbar()).getByRole('button', { name: /新增/ }));
    expect(await within(await screen.findByRole('dialog')).findByText('保存后不能修改')).toBeTruthy();
  });
});
