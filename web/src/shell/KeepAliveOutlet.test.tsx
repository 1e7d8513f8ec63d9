// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearPageCache } from '../store/layout';
import { homeTab } from '../store/tabs';
import { openTab, resetTabs } from '../store/tabsStore';
import { KeepAliveOutlet } from './KeepAliveOutlet';

function Counter({ name }: { name: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {name}:{n}
    </button>
  );
}

const tab = (value: string, keepAlive: boolean) => ({
  ...homeTab,
  label: value,
  value,
  meta: keepAlive ? { keepAlive: true } : {},
  close: true,
});

function setup() {
  const router = createMemoryRouter(
    [
      {
        element: <KeepAliveOutlet />,
        children: [
          { path: '/kept', element: <Counter name="kept" /> },
          { path: '/plain', element: <Counter name="plain" /> },
          { path: '/other', element: <p>other</p> },
        ],
      },
    ],
    { initialEntries: ['/kept'] },
  );
  openTab(tab('/kept', true));
  openTab(tab('/plain', false));
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  cleanup();
  resetTabs();
});

describe('KeepAliveOutlet', () => {
  it('keeps the state of keep-alive pages across navigation and drops it on clear cache', async () => {
    const router = setup();
    fireEvent.click(screen.getByText('kept:0'));
    expect(screen.getByText('kept:1')).toBeTruthy();
    await act(() => router.navigate('/other'));
    expect(screen.getByText('other')).toBeTruthy();
    await act(() => router.navigate('/kept'));
    expect(screen.getByText('kept:1')).toBeTruthy();

    await act(() => router.navigate('/other'));
    act(() => clearPageCache());
    await act(() => router.navigate('/kept'));
    expect(screen.getByText('kept:0')).toBeTruthy();
  });

  it('remounts pages without the flag', async () => {
    const router = setup();
    await act(() => router.navigate('/plain'));
    fireEvent.click(screen.getByText('plain:0'));
    await act(() => router.navigate('/other'));
    await act(() => router.navigate('/plain'));
    expect(screen.getByText('plain:0')).toBeTruthy();
  });
});
