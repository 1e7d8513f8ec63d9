// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMenu, type ServerMenu } from '../app/menu';
import { clearSession, setMenu } from '../store/session';
import { AntProvider } from './AntProvider';
import { Sidebar } from './Sidebar';

/** 25 groups × 19 pages: 500 menu items. */
const big: ServerMenu[] = Array.from({ length: 25 }, (_, i) => ({
  id: `g${i}`,
  name: `目录${i}`,
  alias: `Group ${i}`,
  path: `/g${i}`,
  children: Array.from({ length: 19 }, (_, j) => ({
    id: `g${i}p${j}`,
    name: `页面${i}-${j}`,
    alias: `Page ${i}-${j}`,
    path: `/g${i}/p${j}`,
  })),
}));

afterEach(() => {
  cleanup();
  clearSession();
});

describe('Sidebar', () => {
  it('renders a 500-item menu, keeps one submenu open and navigates', async () => {
    setMenu(formatMenu(big, []), '');
    const router = createMemoryRouter([{ path: '*', element: <Sidebar collapsed={false} /> }], {
      initialEntries: ['/g3/p4/index'],
    });
    // How fast it renders is the web benchmark's to measure (bench/web.ts), not a timed unit test.
    render(
      <AntProvider>
        <RouterProvider router={router} />
      </AntProvider>,
    );
    // the active page's group is open
    expect(screen.getByText('页面3-4')).toBeTruthy();

    fireEvent.click(screen.getByText('目录7'));
    expect(await screen.findByText('页面7-0')).toBeTruthy();
    const open = document.querySelectorAll('.ant-menu-submenu-open');
    expect(open).toHaveLength(1);

    await act(async () => {
      fireEvent.click(screen.getByText('页面7-2'));
    });
    expect(router.state.location.pathname).toBe('/g7/p2/index');
  });
});
