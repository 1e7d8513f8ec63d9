import type { MenuNode } from '@blade/schema';

/**
 * The menu paths Saber 4.9 has a view for (`src/views` + path + `.vue`): Saber takes a page's
 * component from its menu path, and a path with no view throws in its router.
 */
export const SABER_VIEW_PATHS: ReadonlySet<string> = new Set([
  '/system/user',
  '/system/dept',
  '/system/post',
  '/system/menu',
  '/system/topmenu',
  '/system/dict',
  '/system/param',
  '/system/tenant',
  '/system/client',
  '/base/region',
  '/authority/role',
  '/authority/datascope',
  '/authority/apiscope',
  '/desk/notice',
  '/monitor/log/usual',
  '/monitor/log/api',
  '/monitor/log/error',
  '/report/reportlist',
  '/tool/code',
  '/tool/datasource',
]);

/** The address Saber's iframe opens for one of our pages (see saber-frame.ts). */
export const framePath = '/api/blade-saber/frame';

const isUrl = (path: string | null): boolean => /^https?:\/\//.test(path ?? '');

/**
 * A menu tree as Saber 4.9 can open it: a leaf with no Saber view gets an http(s) address as its
 * path, which Saber opens in its iframe view (`components/iframe/main`, path `<folder>/<code>`);
 * that address, on Saber's own origin (`saberOrigin`), loads our page signed in (saber-frame.ts).
 * Leaves with a Saber view, folders and addresses already external stay as they are.
 */
export function saberMenu(nodes: readonly MenuNode[], saberOrigin: string): MenuNode[] {
  return nodes.map((node) => {
    if (node.children?.length) return { ...node, children: saberMenu(node.children, saberOrigin) };
    if (SABER_VIEW_PATHS.has(node.path ?? '') || isUrl(node.path)) return node;
    const to = encodeURIComponent(node.path ?? '/');
    return { ...node, path: `${saberOrigin}${framePath}?to=${to}` };
  });
}
