import { describe, expect, it } from 'vitest';
import { decide, type GuardInput } from './guard';
import { formatMenu } from './menu';
import { menuIndexPath, resolveRoute } from './routeTable';

const menu = formatMenu(
  [
    { id: '1', name: '用户管理', alias: 'Users', path: '/system/user' },
    { id: '2', name: '缓存页', alias: 'Cached', path: '/cached', meta: { keepAlive: true } },
    { id: '3', name: '官网', alias: 'Site', path: 'https://example.com' },
  ],
  [],
);

function input(path: string, over: Partial<GuardInput> = {}): GuardInput {
  const [pathname = '', query = ''] = path.split('?');
  const search = query ? `?${query}` : '';
  return {
    pathname,
    search,
    route: resolveRoute(pathname, search, menu),
    indexPath: menuIndexPath(pathname, search, menu),
    cookieToken: 'tok',
    storeToken: 'tok',
    isLocked: false,
    menuLoaded: true,
    menuScoped: false,
    ...over,
  };
}

const out = { cookieToken: '', storeToken: '' };

describe('route guard', () => {
  it('forces a locked user to /lock', () => {
    expect(decide(input('/wel/index', { isLocked: true }))).toEqual({ type: 'redirect', to: '/lock' });
    expect(decide(input('/lock', { isLocked: true })).type).toBe('allow');
  });

  it('sends a signed-in user away from /login', () => {
    expect(decide(input('/login'))).toEqual({ type: 'redirect', to: '/' });
    expect(decide(input('/login?redirect=%2Fmall%2Forder%2Findex'))).toEqual({
      type: 'redirect',
      to: '/mall/order/index',
    });
    expect(decide(input('/login?redirect=%2F%2Fevil.example'))).toEqual({ type: 'redirect', to: '/' });
  });

  it('logs out locally when the stored token is empty', () => {
    expect(decide(input('/wel/index', { storeToken: '' }))).toEqual({
      type: 'redirect',
      to: '/login',
      logout: true,
    });
  });

  it('adds a tab for fixed and menu pages', () => {
    const home = decide(input('/wel/index'));
    expect(home).toMatchObject({ type: 'allow', tab: { value: '/wel/index', label: 'route.home' } });
    const users = decide(input('/system/user/index'));
    expect(users).toMatchObject({ type: 'allow', tab: { label: '用户管理', meta: { labelEn: 'Users' } } });
    expect(decide(input('/cached/index'))).toMatchObject({ tab: { meta: { keepAlive: true } } });
  });

  it('adds no tab for non-tab routes or a route without a label', () => {
    expect(decide(input('/lock'))).toEqual({ type: 'allow', isMenu: true });
    expect(decide(input('/404'))).toEqual({ type: 'allow', isMenu: true });
  });

  it('labels an iframe page with its menu name', () => {
    const d = decide(input(menu[2]?.path ?? ''));
    expect(d).toMatchObject({ type: 'allow', tab: { label: '官网', query: { src: 'https://example.com' } } });
  });

  it('opens a query target in a new window instead of a tab', () => {
    expect(decide(input('/wel/index?target=_blank&src=https://x.test'))).toEqual({
      type: 'allow',
      isMenu: true,
      openWindow: 'https://x.test',
    });
  });

  it('hides the sidebar for pages flagged as not menu pages', () => {
    expect(decide(input('/wel/dashboard'))).toMatchObject({ isMenu: false });
    expect(decide(input('/wel/index?menu=false'))).toMatchObject({ isMenu: false });
  });

  it('sends a signed-out user to /login except on open routes', () => {
    expect(decide(input('/wel/index', out))).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Fwel%2Findex',
    });
    expect(decide(input('/', out))).toEqual({ type: 'redirect', to: '/login' });
    expect(decide(input('/login', out)).type).toBe('allow');
    expect(decide(input('/sso', out)).type).toBe('allow');
    expect(decide(input('/404', out)).type).toBe('allow');
  });

  it('sends a signed-out deep link to /login with the way back, since it may be a menu page', () => {
    expect(decide(input('/mall/order/index', out))).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Fmall%2Forder%2Findex',
    });
  });

  it('sends unknown paths to /404 when signed in, waiting for the menu first', () => {
    expect(decide(input('/nope'))).toEqual({ type: 'redirect', to: '/404' });
    expect(decide(input('/nope', { menuLoaded: false }))).toEqual({ type: 'wait', whole: false });
  });

  it("sends a menu page's path without /index (as 菜单管理 shows it) to its page", () => {
    expect(decide(input('/system/user'))).toEqual({ type: 'redirect', to: '/system/user/index' });
    expect(decide(input('/system/user/'))).toEqual({ type: 'redirect', to: '/system/user/index' });
    expect(decide(input('/system/user?x=1'))).toEqual({ type: 'redirect', to: '/system/user/index?x=1' });
    expect(decide(input('/system/nope'))).toEqual({ type: 'redirect', to: '/404' });
  });

  it('looks in the whole menu before calling a path outside the chosen top menu unknown', () => {
    expect(decide(input('/nope', { menuScoped: true }))).toEqual({ type: 'wait', whole: true });
  });
});
