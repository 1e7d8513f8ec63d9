import { website } from '../config';
import { isExternalUrl } from '../util/validate';

/** A menu node as the server sends it (GET /blade-system/menu/routes). */
export interface ServerMenu {
  id: string;
  parentId?: string;
  code?: string;
  name: string;
  alias?: string;
  path?: string;
  source?: string;
  sort?: number;
  category?: number;
  isOpen?: number;
  meta?: unknown;
  query?: unknown;
  group?: unknown;
  children?: ServerMenu[];
  hasChildren?: boolean;
}

export interface MenuMeta {
  roles: string[];
  keepAlive: boolean;
  isTab?: boolean;
  /** false hides the sidebar on this page (spec: "menu page" flag). */
  menu?: boolean;
}

/** A menu entry after the spec §2 rules: the route path to open and how. */
export interface MenuItem {
  id: string;
  name: string;
  alias: string;
  /** Route path inside the app (with /index suffix or the iframe route). */
  path: string;
  /** The path the server sent. */
  rawPath: string;
  /** The menu's code: a screen's is the permission prefix of the resource it lists. */
  code?: string;
  icon: string;
  /** isOpen 1 (是 in the yes_no dictionary): opened in a new window. */
  newWindow: boolean;
  /** An external page shown in the embedded-page route. */
  external: boolean;
  meta: MenuMeta;
  children: MenuItem[];
}

export const IFRAME_ROUTE = '/myiframe/urlPath';

function parseObject(value: unknown): Record<string, unknown> {
  if (typeof value === 'string' && value.trim().startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(value);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function toMeta(node: ServerMenu): MenuMeta {
  const meta = parseObject(node.meta);
  const query = parseObject(node.query);
  const roles = Array.isArray(meta.roles)
    ? meta.roles.filter((r): r is string => typeof r === 'string')
    : typeof meta.roles === 'string' && meta.roles !== ''
      ? meta.roles.split(',')
      : [];
  const menuFlag = query.menu ?? meta.menu;
  return {
    roles,
    keepAlive: meta.keepAlive === true || meta.keepAlive === 'true',
    ...(meta.isTab === false ? { isTab: false } : {}),
    ...(menuFlag === false || menuFlag === 'false' ? { menu: false } : {}),
  };
}

/** Shown when no role restriction exists or one of the user's roles matches. */
export function canSee(meta: MenuMeta, roles: readonly string[]): boolean {
  return meta.roles.length === 0 || meta.roles.some((r) => roles.includes(r));
}

const isEmbedded = (path: string): boolean => isExternalUrl(path) || path.includes('html');

export function iframePath(src: string, name: string): string {
  return `${IFRAME_ROUTE}?${new URLSearchParams({ src, name }).toString()}`;
}

/** Route path of a menu leaf: external and html addresses go to the iframe route, others get /index. */
export function leafPath(rawPath: string, name: string): string {
  if (isEmbedded(rawPath)) return iframePath(rawPath, name);
  const clean = `/${rawPath.replace(/^\/+/, '').replace(/\/+$/, '')}`;
  return clean.endsWith('/index') ? clean : `${clean === '/' ? '' : clean}/index`;
}

/** Turns the server menu tree into menu items, applying every spec §2 rule. */
export function formatMenu(tree: readonly ServerMenu[], roles: readonly string[]): MenuItem[] {
  const sorted = [...tree].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  const out: MenuItem[] = [];
  for (const node of sorted) {
    const meta = toMeta(node);
    if (!canSee(meta, roles)) continue;
    const rawPath = node.path ?? '';
    const children = formatMenu(node.children ?? [], roles);
    const isLeaf = (node.children ?? []).length === 0;
    out.push({
      id: String(node.id),
      name: node.name,
      alias: node.alias || node.name,
      rawPath,
      ...(node.code ? { code: node.code } : {}),
      path: isLeaf ? leafPath(rawPath, node.name) : rawPath || `/menu-${node.id}`,
      icon: node.source || website.menu.iconDefault,
      newWindow: node.isOpen === 1,
      external: isLeaf && isEmbedded(rawPath),
      meta,
      children,
    });
  }
  return out;
}

export function menuLeaves(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((m) => (m.children.length ? menuLeaves(m.children) : [m]));
}

/** Finds the menu leaf whose route path equals a location's path (pathname or pathname+search). */
export function findMenu(items: readonly MenuItem[], fullPath: string): MenuItem | undefined {
  const pathname = fullPath.split('?')[0] ?? fullPath;
  return menuLeaves(items).find((m) => m.path === fullPath || (!m.external && m.path === pathname));
}

/** Keys of the parents of an item (for opening the sidebar on the active page). */
export function parentKeys(items: readonly MenuItem[], id: string, trail: string[] = []): string[] | null {
  for (const m of items) {
    if (m.id === id) return trail;
    const hit = parentKeys(m.children, id, [...trail, m.id]);
    if (hit) return hit;
  }
  return null;
}

/** Menu search: leaf entries whose name (zh or en) starts with the text, case-insensitive. */
export function searchMenu(items: readonly MenuItem[], text: string): MenuItem[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  return menuLeaves(items).filter(
    (m) => m.name.toLowerCase().startsWith(q) || m.alias.toLowerCase().startsWith(q),
  );
}
