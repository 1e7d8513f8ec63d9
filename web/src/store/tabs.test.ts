import { describe, expect, it } from 'vitest';
import {
  addTab,
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  homeTab,
  type Tab,
  tabLabel,
  withCloseFlags,
} from './tabs';

const tab = (value: string): Tab => ({
  label: value,
  value,
  params: {},
  query: {},
  meta: {},
  group: [],
  close: true,
});

describe('tab rules', () => {
  it('a single tab is never closable', () => {
    expect(withCloseFlags([tab('/a/index')])[0]?.close).toBe(false);
    expect(withCloseFlags([homeTab])[0]?.close).toBe(false);
  });

  it('the home tab is fixed when the first page is not a normal tab', () => {
    const list = addTab([homeTab], tab('/a/index'));
    expect(list.map((t) => t.close)).toEqual([false, true]);
    expect(withCloseFlags(list, true).map((t) => t.close)).toEqual([true, true]);
  });

  it('adds each page once', () => {
    let list = addTab([homeTab], tab('/a/index'));
    list = addTab(list, { ...tab('/a/index'), label: 'A' });
    expect(list).toHaveLength(2);
    expect(list[1]?.label).toBe('A');
  });

  it('closing the active tab activates the previous one', () => {
    let list = addTab([homeTab], tab('/a/index'));
    list = addTab(list, tab('/b/index'));
    list = addTab(list, tab('/c/index'));
    const r = closeTab(list, '/c/index', '/c/index');
    expect(r.active).toBe('/b/index');
    expect(r.list.map((t) => t.value)).toEqual(['/wel/index', '/a/index', '/b/index']);
  });

  it('closing a tab that is not active keeps the active one', () => {
    let list = addTab([homeTab], tab('/a/index'));
    list = addTab(list, tab('/b/index'));
    const r = closeTab(list, '/a/index', '/b/index');
    expect(r.active).toBe('/b/index');
    expect(r.list).toHaveLength(2);
  });

  it('refuses to close a tab that is not closable', () => {
    const list = addTab([homeTab], tab('/a/index'));
    expect(closeTab(list, homeTab.value, homeTab.value).list).toHaveLength(2);
    const single = withCloseFlags([tab('/a/index')]);
    expect(closeTab(single, '/a/index', '/a/index').list).toHaveLength(1);
  });

  it('closing the second of two tabs leaves a fixed home tab', () => {
    const list = addTab([homeTab], tab('/a/index'));
    const r = closeTab(list, '/a/index', '/a/index');
    expect(r.active).toBe('/wel/index');
    expect(r.list).toEqual([{ ...homeTab, close: false }]);
  });

  it('close others keeps the active and the home tab; close all returns home', () => {
    let list = addTab([homeTab], tab('/a/index'));
    list = addTab(list, tab('/b/index'));
    expect(closeOtherTabs(list, '/a/index').map((t) => t.value)).toEqual(['/wel/index', '/a/index']);
    expect(closeAllTabs()).toEqual({ list: [{ ...homeTab, close: false }], active: '/wel/index' });
  });
});

describe('tabLabel', () => {
  const t = (key: string) => `t:${key}`;
  it('translates fixed routes and picks the alias of menu pages in English', () => {
    expect(tabLabel(homeTab, t, 'zh')).toBe('t:route.home');
    const page = { label: '用户管理', meta: { labelEn: 'Users' } };
    expect(tabLabel(page, t, 'zh')).toBe('用户管理');
    expect(tabLabel(page, t, 'en')).toBe('Users');
  });
});
