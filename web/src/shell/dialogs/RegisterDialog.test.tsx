// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareAntdInJsdom } from '../../testing/antdInJsdom';
import RegisterDialog from './RegisterDialog';

beforeAll(prepareAntdInJsdom);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交' }));

describe('RegisterDialog', () => {
  it('checks in the spec order, then submits, alerts and logs out', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify({ code: 200, success: true, data: null, msg: '' }));
    });
    const onDone = vi.fn();
    render(<RegisterDialog oauthId="o1" token="tk" tenantId="" tenantFromAddress={false} onDone={onDone} />);
    expect(screen.getByText('账号注册')).toBeTruthy();

    submit();
    expect(await screen.findByText('请先输入租户编号')).toBeTruthy();
    type('租户编号', '000000');
    submit();
    expect(await screen.findByText('请先输入账号名称')).toBeTruthy();
    type('账号名称', 'guest');
    type('密码', 'pw');
    submit();
    expect(await screen.findByText('请先输入密码')).toBeTruthy();
    type('确认密码', 'other');
    submit();
    expect(await screen.findByText('两次密码输入不一致')).toBeTruthy();
    type('确认密码', 'pw');
    await act(async () => submit());

    expect(await screen.findByText('注册申请已提交，请耐心等待管理员审核通过后再登录')).toBeTruthy();
    const register = calls.find((u) => u.includes('/api/blade-user/register-guest')) ?? '';
    expect(register).toContain('tenantId=000000');
    expect(register).toContain('account=guest');
    expect(register).toContain('oauthId=o1');
    expect(register).not.toContain('password=pw');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确定' })));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.some((u) => u.includes('/api/blade-auth/oauth/logout'))).toBe(true);
  });

  it('shows the server message when the registration is refused, and hides the tenant field when known', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ code: 400, success: false, data: null, msg: '账号已存在' }), {
          status: 400,
        }),
    );
    render(<RegisterDialog oauthId="o1" token="tk" tenantId="000000" tenantFromAddress onDone={() => {}} />);
    expect(screen.queryByLabelText('租户编号')).toBeNull();
    type('账号名称', 'guest');
    type('密码', 'pw');
    type('确认密码', 'pw');
    await act(async () => submit());
    expect(await screen.findByText('账号已存在')).toBeTruthy();
  });
});
