import { getRoutes } from '../api/menu';
import { setMenu, useSession } from '../store/session';
import type { ServerMenu } from './menu';
import { formatMenu, type MenuItem } from './menu';

/** This page load's menu fetch, shared by the route guard's wait and the shell's start. */
let shared: { topMenuId: string; tree: Promise<ServerMenu[]> } | undefined;

/**
 * The menu tree of a top menu, fetched once per page load when `reuse` (a direct load has the
 * guard and the shell both asking for it); user actions (top menu, switching role) fetch anew.
 */
function menuTree(topMenuId: string, reuse: boolean): Promise<ServerMenu[]> {
  if (reuse && shared?.topMenuId === topMenuId) return shared.tree;
  const tree = getRoutes(topMenuId);
  shared = { topMenuId, tree };
  tree.catch(() => {
    if (shared?.tree === tree) shared = undefined;
  });
  return tree;
}

/** Starts the menu fetch early (a signed-in direct load) so the shell finds it under way. */
export function prefetchMenu(topMenuId: string): void {
  void menuTree(topMenuId, true).catch(() => {});
}

/** Fetches the menu tree for a top menu ('' for all), applies the spec §2 rules and stores it. */
export async function loadMenu(topMenuId: string, options: { reuse?: boolean } = {}): Promise<MenuItem[]> {
  try {
    const tree = await menuTree(topMenuId, options.reuse === true);
    const menu = formatMenu(tree, useSession.getState().roles);
    setMenu(menu, topMenuId);
    return menu;
  } catch (e) {
    useSession.setState({ menuLoaded: true });
    throw e;
  }
}

/** Forgets this page load's menu fetch (signing out: the next user's shell fetches its own). */
export function forgetMenuFetch(): void {
  shared = undefined;
}
