import { matchPath } from 'react-router';
import type { MessageKey } from '../i18n';
import { findMenu, type MenuItem } from './menu';

export interface RouteMeta {
  /** false: no sign-in needed. */
  isAuth?: boolean;
  /** false: never shown as a tab. */
  isTab?: boolean;
  keepAlive?: boolean;
  /** false: the sidebar is hidden on this page. */
  menu?: boolean;
}

interface StaticRoute {
  pattern: string;
  i18n?: MessageKey;
  meta: RouteMeta;
}

const open: RouteMeta = { isAuth: false, isTab: false };

/** Fixed routes of spec §2 (menu-driven routes come from the menu store). */
export const staticRoutes: StaticRoute[] = [
  { pattern: '/', meta: { isTab: false } },
  { pattern: '/wel', meta: { isTab: false } },
  { pattern: '/login', meta: open },
  { pattern: '/lock', meta: { isTab: false } },
  { pattern: '/404', meta: open },
  { pattern: '/403', meta: open },
  { pattern: '/500', meta: open },
  { pattern: '/sso', meta: open },
  { pattern: '/wel/index', i18n: 'route.home', meta: {} },
  { pattern: '/wel/dashboard', i18n: 'route.dashboard', meta: { menu: false } },
  { pattern: '/info/index', i18n: 'route.info', meta: {} },
  { pattern: '/test/index', i18n: 'route.test', meta: {} },
  { pattern: '/dict-horizontal/index', i18n: 'route.dictHorizontal', meta: {} },
  { pattern: '/dict-vertical/index', i18n: 'route.dictVertical', meta: {} },
  { pattern: '/work/process/leave/form/:processDefinitionId', i18n: 'route.leaveForm', meta: {} },
  {
    pattern: '/work/process/leave/handle/:taskId/:processInstanceId/:businessId',
    i18n: 'route.leaveHandle',
    meta: {},
  },
  {
    pattern: '/work/process/leave/detail/:processInstanceId/:businessId',
    i18n: 'route.leaveDetail',
    meta: {},
  },
  { pattern: '/myiframe/:routerPath', i18n: 'route.iframe', meta: {} },
];

export type ResolvedRoute =
  | { kind: 'static'; i18n?: MessageKey; meta: RouteMeta; params: Record<string, string> }
  | { kind: 'menu'; menu: MenuItem; meta: RouteMeta }
  | { kind: 'unknown'; meta: RouteMeta };

/** Which route a location is: a fixed route, a menu page or unknown. */
export function resolveRoute(pathname: string, search: string, menu: readonly MenuItem[]): ResolvedRoute {
  const item = findMenu(menu, pathname + search);
  if (item) {
    const { keepAlive, isTab, menu: showMenu } = item.meta;
    return { kind: 'menu', menu: item, meta: { keepAlive, isTab, menu: showMenu } };
  }
  for (const r of staticRoutes) {
    const m = matchPath({ path: r.pattern, end: true }, pathname);
    if (m) {
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(m.params)) if (v !== undefined) params[k] = v;
      return { kind: 'static', meta: r.meta, params, ...(r.i18n ? { i18n: r.i18n } : {}) };
    }
  }
  return { kind: 'unknown', meta: {} };
}

/**
 * The page of a menu path written without its /index (菜单管理 and the menu search show paths so),
 * when the menu holds that page.
 */
export function menuIndexPath(
  pathname: string,
  search: string,
  menu: readonly MenuItem[],
): string | undefined {
  if (pathname.endsWith('/index')) return undefined;
  const page = `${pathname.replace(/\/+$/, '')}/index`;
  return findMenu(menu, page + search) ? page + search : undefined;
}
