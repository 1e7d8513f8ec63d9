// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSettings } from '../../store/settings';
import LoginPage from './LoginPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useSettings.setState({ multiTenant: false });
  localStorage.clear();
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const ASKED = '该账号登录失败次数过多，请输入验证码';

describe('LoginPage', () => {
  it('shows the captcha field when the server asks for one, though captcha mode is off, and sends it', async () => {
    const tokenCalls: Array<{ url: string; headers: Record<string, string> }> = [];
    vi.stubGlobal('fetch', async (url: string, init: { headers: Record<string, string> }) => {
      if (url.includes('/blade-auth/oauth/captcha'))
        return json({ code: 200, success: true, data: { key: 'k1', image: 'data:image/svg+xml;base64,AA' } });
      if (url.includes('/blade-auth/oauth/token')) {
        tokenCalls.push({ url, headers: init.headers });
        return json(
          {
            code: 400,
            success: false,
            msg: ASKED,
            error_code: 400,
            error_description: ASKED,
            captcha_required: true,
          },
          400,
        );
      }
      return json({ code: 200, success: true, data: null });
    });
    const router = createMemoryRouter([{ path: '/login', element: <LoginPage /> }], {
      initialEntries: ['/login'],
    });
    render(<RouterProvider router={router} />);
    expect(screen.queryByLabelText('验证码')).toBeNull();

    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'admin' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '登 录' })));
    expect(await screen.findByText(ASKED)).toBeTruthy();
    const code = (await screen.findByLabelText('验证码')) as HTMLInputElement;
    expect(await screen.findByAltText('验证码')).toBeTruthy();

    // The field is required now, and the next attempt carries the captcha.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '登 录' })));
    expect(await screen.findByText('请输入验证码')).toBeTruthy();
    expect(tokenCalls).toHaveLength(1);
    fireEvent.change(code, { target: { value: 'ab12' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '登 录' })));
    await vi.waitFor(() => expect(tokenCalls).toHaveLength(2));
    expect(tokenCalls[1]!.headers).toMatchObject({ 'Captcha-Key': 'k1', 'Captcha-Code': 'ab12' });
    expect(tokenCalls[1]!.url).toContain('grant_type=captcha');
  });

  it('asks for the tenant when another tenant exists, though tenant mode is off, and remembers it', async () => {
    const tokenCalls: Array<{ url: string; headers: Record<string, string> }> = [];
    vi.stubGlobal('fetch', async (url: string, init: { headers: Record<string, string> }) => {
      if (url.includes('/blade-auth/oauth/token')) {
        tokenCalls.push({ url, headers: init.headers });
        // A new tenant's administrator signs in with the one-time password: asked to change it.
        return json({
          access_token: 'a',
          refresh_token: 'r',
          user_id: '1',
          tenant_id: '993091',
          password_change_required: true,
        });
      }
      return json({ code: 200, success: true, data: null });
    });
    const show = () =>
      render(
        <RouterProvider
          router={createMemoryRouter([{ path: '/login', element: <LoginPage /> }], {
            initialEntries: ['/login'],
          })}
        />,
      );
    useSettings.setState({ multiTenant: true });
    show();
    const tenant = screen.getByLabelText('租户编号') as HTMLInputElement;
    expect(tenant.value).toBe('000000');
    fireEvent.change(tenant, { target: { value: '993091' } });
    fireEvent.change(screen.getByLabelText('账号'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'secret' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '登 录' })));
    await vi.waitFor(() => expect(tokenCalls).toHaveLength(1));
    expect(tokenCalls[0]!.url).toContain('tenantId=993091');
    expect(tokenCalls[0]!.headers).toMatchObject({ 'Tenant-Id': '993091' });
    expect(await screen.findByText('修改初始密码')).toBeTruthy();

    // The next visit starts with the tenant typed last.
    cleanup();
    show();
    expect((screen.getByLabelText('租户编号') as HTMLInputElement).value).toBe('993091');
  });
});
