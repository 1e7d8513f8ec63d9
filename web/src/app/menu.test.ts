import { describe, expect, it } from 'vitest';
import { findMenu, formatMenu, menuLeaves, parentKeys, type ServerMenu, searchMenu } from './menu';

const tree: ServerMenu[] = [
  {
    id: '1',
    name: '系统管理',
    alias: 'System',
    path: '/system',
    source: 'SettingOutlined',
    sort: 2,
    children: [
      { id: '11', name: '用户管理', alias: 'Users', path: '/system/user', sort: 1 },
      { id: '12', name: '菜单管理', alias: 'Menus', path: '/system/menu/index', sort: 2 },
      {
        id: '13',
        name: '租户管理',
        alias: 'Tenants',
        path: '/system/tenant',
        sort: 3,
        meta: { roles: ['administrator'] },
      },
    ],
  },
  { id: '2', name: '官网', alias: 'Site', path: 'https://example.com/a', sort: 1 },
  { id: '3', name: '报表', alias: 'Report', path: '/report/view.html', sort: 3 },
  { id: '4', name: '文档', alias: 'Docs', path: 'https://docs.example.com', sort: 4, isOpen: 1 },
  { id: '5', name: '隐藏', alias: 'Hidden', path: '/hidden', sort: 5, meta: '{"roles":["boss"]}' },
];

describe('menu to routes', () => {
  const menu = formatMenu(tree, ['admin']);

  it('sorts by sort and appends /index to leaves that lack it', () => {
    expect(menu.map((m) => m.id)).toEqual(['2', '1', '3', '4']);
    const system = menu[1];
    expect(system?.path).toBe('/system');
    expect(system?.children.map((c) => c.path)).toEqual(['/system/user/index', '/system/menu/index']);
  });

  it('sends external and html addresses to the iframe route with a query', () => {
    const site = menu[0];
    expect(site?.external).toBe(true);
    expect(site?.path).toBe('/myiframe/urlPath?src=https%3A%2F%2Fexample.com%2Fa&name=%E5%AE%98%E7%BD%91');
    expect(menu[2]?.path.startsWith('/myiframe/urlPath?src=%2Freport%2Fview.html')).toBe(true);
  });

  it('marks isOpen 1 (是) items as new-window items', () => {
    expect(menu[3]?.newWindow).toBe(true);
    expect(menu[0]?.newWindow).toBe(false);
  });

  it('filters items by meta roles', () => {
    expect(menu.find((m) => m.id === '5')).toBeUndefined();
    expect(menu[1]?.children.find((c) => c.id === '13')).toBeUndefined();
    const admin = formatMenu(tree, ['administrator', 'boss']);
    expect(admin.find((m) => m.id === '5')?.path).toBe('/hidden/index');
    expect(admin.find((m) => m.id === '1')?.children.map((c) => c.id)).toEqual(['11', '12', '13']);
  });

  it('uses a default icon when none is given', () => {
    expect(menu[1]?.icon).toBe('SettingOutlined');
    expect(menu[0]?.icon).toBe('AppstoreOutlined');
  });

  it('finds leaves by path and their parents', () => {
    expect(menuLeaves(menu).map((m) => m.id)).toEqual(['2', '11', '12', '3', '4']);
    expect(findMenu(menu, '/system/user/index')?.id).toBe('11');
    expect(findMenu(menu, '/system/user/index?x=1')?.id).toBe('11');
    expect(findMenu(menu, menu[0]?.path ?? '')?.id).toBe('2');
    expect(findMenu(menu, '/nope/index')).toBeUndefined();
    expect(parentKeys(menu, '12')).toEqual(['1']);
  });

  it('searches leaf names by prefix, case-insensitive, in both languages', () => {
    expect(searchMenu(menu, '用户').map((m) => m.id)).toEqual(['11']);
    expect(searchMenu(menu, 'me').map((m) => m.id)).toEqual(['12']);
    expect(searchMenu(menu, 'USE').map((m) => m.id)).toEqual(['11']);
    expect(searchMenu(menu, 'ystem')).toEqual([]);
    expect(searchMenu(menu, '系统')).toEqual([]);
    expect(searchMenu(menu, '  ')).toEqual([]);
  });
});

describe('a large menu', () => {
  it('formats and searches a 500-item tree quickly', () => {
    const big: ServerMenu[] = Array.from({ length: 25 }, (_, i) => ({
      id: `p${i}`,
      name: `目录${i}`,
      alias: `Group ${i}`,
      path: `/g${i}`,
      children: Array.from({ length: 19 }, (_, j) => ({
        id: `p${i}c${j}`,
        name: `页面${i}-${j}`,
        alias: `Page ${i}-${j}`,
        path: `/g${i}/p${j}`,
      })),
    }));
    const started = performance.now();
    const menu = formatMenu(big, []);
    const leaves = menuLeaves(menu);
    const hits = searchMenu(menu, 'page 2');
    const found = findMenu(menu, '/g24/p18/index');
    const elapsed = performance.now() - started;
    expect(leaves).toHaveLength(475);
    expect(menu.length + leaves.length).toBe(500);
    expect(hits.length).toBeGreaterThan(0);
    expect(found?.id).toBe('p24c18');
    expect(elapsed).toBeLessThan(100);
  });
});
