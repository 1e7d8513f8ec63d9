// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage, useLanguageStore } from '../../i18n';
import { prepareAntdInJsdom } from '../../testing/antdInJsdom';
import { MenuTreeCheck } from './MenuTreeCheck';

beforeAll(prepareAntdInJsdom);
afterEach(() => {
  cleanup();
  act(() => useLanguageStore.getState().setLanguage('zh'));
});

// Two menus as the grant trees answer them; the second has no English alias.
const menus = [
  {
    id: '1',
    title: '系统管理',
    alias: 'System',
    children: [
      { id: '2', title: '用户管理', alias: 'Users' },
      { id: '3', title: '自建菜单', alias: '' },
    ],
  },
];

describe('MenuTreeCheck', () => {
  it('names the menus in Chinese by default', () => {
    render(<MenuTreeCheck menus={menus} value={[]} />);
    expect(screen.getByText('系统管理')).toBeTruthy();
    expect(screen.getByText('用户管理')).toBeTruthy();
    expect(screen.queryByText('Users')).toBeNull();
  });

  it('names them by their English alias in English, and by name where there is none', async () => {
    // the store switches once the English catalog has loaded
    await act(async () => useLanguageStore.getState().setLanguage('en'));
    await act(() => loadLanguage('en'));
    render(<MenuTreeCheck menus={menus} value={['2']} />);
    expect(screen.getByText('System')).toBeTruthy();
    expect(screen.getByText('Users')).toBeTruthy();
    expect(screen.queryByText('用户管理')).toBeNull();
    expect(screen.getByText('自建菜单')).toBeTruthy();
  });
});
