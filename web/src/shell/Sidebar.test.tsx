// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
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

  it("paints the active page's group open in its first render, so nothing below it moves after", () => {
    setMenu(formatMenu(big, []), '');
    const firstPaint: string[] = [];
    /** Rendered after the sidebar: its layout effect sees the sidebar's first committed DOM. */
    function FirstPaint() {
      useLayoutEffect(() => {
        for (const open of document.querySelectorAll('.ant-menu-submenu-open'))
          firstPaint.push(open.querySelector('.ant-menu-title-content')?.textContent ?? '');
      }, []);
      return null;
    }
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              <Sidebar collapsed={false} />
              <FirstPaint />
            </>
          ),
        },
      ],
      { initialEntries: ['/g3/p4/index'] },
    );
    render(
      <AntProvider>
        <RouterProvider router={router} />
      </AntProvider>,
    );
    expect(firstPaint).toEqual(['目录3']);
  });
});
