// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearLock } from '../store/lock';
import { lockScreen } from '../store/lockPassword';
import { clearSession, setMenu, useSession } from '../store/session';
import { resetTabs, useTabs } from '../store/tabsStore';
import { getCookie, setCookie } from '../util/storage';
import { formatMenu, type ServerMenu } from './menu';
import { Root } from './Root';

const tree: ServerMenu[] = [
  {
    id: '1',
    name: '系统管理',
    alias: 'System',
    path: '/system',
    children: [{ id: '11', name: '用户管理', alias: 'Users', path: '/system/user' }],
  },
];

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Root />,
        children: [
          { path: '/', element: <p>root</p> },
          { path: '/login', element: <p>login page</p> },
          { path: '/lock', element: <p>lock page</p> },
          { path: '/404', element: <p>not found page</p> },
          { path: '/wel/index', element: <p>home page</p> },
          { path: '*', element: <p>menu page</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function signIn(): void {
  setCookie('access-token', 'tok');
  useSession.setState({ token: 'tok' });
}

beforeEach(() => {
  clearSession();
  clearLock();
  resetTabs();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Root route guard', () => {
  it('sends a signed-out user to /login with the target as redirect', async () => {
    const router = renderAt('/wel/index');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/login?redirect=%2Fwel%2Findex',
    );
    expect(document.title).toBe('登录-商城学习平台管理系统');
  });

  it('forces a locked user to /lock', async () => {
    signIn();
    lockScreen('pw');
    const router = renderAt('/wel/index');
    expect(await screen.findByText('lock page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/lock');
  });

  it('logs out locally when the cookie remains but the stored token is gone', async () => {
    setCookie('access-token', 'stale');
    const router = renderAt('/wel/index');
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(getCookie('access-token')).toBe('');
  });

  it('opens a menu page as a tab and titles the page with its label', async () => {
    signIn();
    setMenu(formatMenu(tree, []), '');
    renderAt('/system/user/index');
    expect(await screen.findByText('menu page')).toBeTruthy();
    expect(useTabs.getState().list.map((t) => t.label)).toEqual(['首页', '用户管理']);
    expect(useTabs.getState().active).toBe('/system/user/index');
    expect(document.title).toBe('用户管理-商城学习平台管理系统');
  });

  it('fetches the menu before deciding on an unknown path, then shows the menu page', async () => {
    signIn();
    const fetchMock = vi.fn(
      async (_url: string) => new Response(JSON.stringify({ code: 200, success: true, data: tree, msg: '' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/system/user/index');
    expect(await screen.findByText('menu page')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toContain('/api/blade-system/menu/routes');
  });

  it('sends an unknown path to /404 once the menu is known', async () => {
    signIn();
    await act(async () => setMenu(formatMenu(tree, []), ''));
    const router = renderAt('/nowhere');
    expect(await screen.findByText('not found page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/404');
    expect(document.title).toBe('页面不存在-商城学习平台管理系统');
  });
});
