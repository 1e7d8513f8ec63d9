import type { ComponentType, LazyExoticComponent } from 'react';
import { lazyPage } from '../app/lazy';

type Page = LazyExoticComponent<ComponentType<object>>;

/** The generic page of a declared resource (`name` as in the registry), for areas with nothing of their own. */
const plain = (name: string): Page =>
  lazyPage(() => import('./ResourcePage').then((m) => ({ default: m.resourcePage(name) })));

/**
 * Menu paths (as in server/src/db/seed/menu-tree.ts) served by the generic page alone, with the
 * registry name of their resource. A new simple resource adds one line here, e.g. `'/mall/banner': 'banner'`.
 */
export const plainPages: Readonly<Record<string, string>> = {
  '/system/dept': 'dept',
  '/system/post': 'post',
  '/system/menu': 'menu',
  '/system/param': 'param',
  '/system/client': 'client',
  '/authority/datascope': 'dataScope',
  '/authority/apiscope': 'apiScope',
};

/** The real page of each menu path, each its own chunk. */
export const pages: Readonly<Record<string, Page>> = {
  ...Object.fromEntries(Object.entries(plainPages).map(([path, name]) => [path, plain(name)])),
  '/system/user': lazyPage(() => import('../pages/system/UserPage')),
  '/system/topmenu': lazyPage(() => import('../pages/system/TopMenuPage')),
  '/dict-horizontal': lazyPage(() => import('../pages/system/DictHorizontalPage')),
  '/dict-vertical': lazyPage(() => import('../pages/system/DictVerticalPage')),
  '/system/dictbiz': lazyPage(() => import('../pages/system/DictBizPage')),
  '/system/tenant': lazyPage(() => import('../pages/system/TenantPage')),
  '/system/tenantpackage': lazyPage(() => import('../pages/system/TenantPackagePage')),
  '/system/region': lazyPage(() => import('../pages/system/RegionPage')),
  '/authority/role': lazyPage(() => import('../pages/system/RolePage')),
};

/** The page of a menu path or route path: '/system/user', '/system/user/index' and '/dict-vertical/index' all match. */
export function pageFor(path: string): Page | undefined {
  const clean = `/${path.split('?')[0]?.replace(/^\/+|\/+$/g, '') ?? ''}`.replace(/\/index$/, '');
  return pages[clean];
}
